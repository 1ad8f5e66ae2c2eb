/**
 * Suggested orders: every material short of stock (the
 * `purchase_orders.suggestions` action), grouped by preferred vendor, each line showing why — on hand,
 * on order, reorder qty, open demand, shortfall — and the suggested qty (the shortfall rounded up to
 * the economic order qty and the vendor's minimum). Tick lines, adjust their qty, and Create Orders
 * makes one draft order per vendor in one transaction (`purchase_orders.from_suggestions`);
 * the orders made are listed with links. `?material=<id>` (the forecast's shortages link here) marks
 * that material's line and scrolls to it.
 */
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AppQueryMeta } from '../../resource-kit/records/records.ts';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useQueryOffline } from '../../resource-kit/offline/offline.ts';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { QtyField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { linePrice } from '@glazier/shared/rules/purchasing/purchase-order-line';
import type { Suggestion } from '@glazier/shared/actions/purchasing';
import { SUGGESTIONS_KEY, fetchSuggestions, ordersFromSuggestions } from './order-actions.ts';

interface Group {
  vendorId: number | null;
  vendorName: string;
  lines: Suggestion[];
}

function groupByVendor(rows: Suggestion[]): Group[] {
  const groups = new Map<number | null, Group>();
  for (const r of rows) {
    const g = groups.get(r.vendor_id) ?? { vendorId: r.vendor_id, vendorName: r.vendor_name ?? 'No preferred vendor', lines: [] };
    g.lines.push(r);
    groups.set(r.vendor_id, g);
  }
  // Vendors by name; materials without a vendor (nothing to order from) last.
  return [...groups.values()].sort((a, b) => (a.vendorId == null ? 1 : b.vendorId == null ? -1 : a.vendorName.localeCompare(b.vendorName)));
}

/** The draft orders just made, each a link to its order. */
function CreatedOrders({ orders, onClose }: { orders: RecordOf<'purchase_orders'>[]; onClose: () => void }) {
  return (
    <Alert color="teal" title="Draft orders created" data-testid="created-orders" withCloseButton onClose={onClose} closeButtonLabel="Close">
      <Stack gap={2}>
        {orders.map((o) => (
          <Anchor key={o.id} component={Link} to={`/purchase_orders/${o.id}`}>
            PO {o.number} · {o.vendor_name ?? ''} · {formatMoney(o.total)}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}

interface SuggestionRowProps {
  line: Suggestion;
  /** It has a vendor to order from, and the person may: it has a tick box. */
  orderable: boolean;
  /** The qty to order when ticked (undefined: not ticked). */
  qty: number | undefined;
  phone: boolean;
  /** The material the address names (marked, and scrolled to). */
  marked: boolean;
  rowRef: Ref<HTMLTableRowElement> | undefined;
  onToggle: (on: boolean) => void;
  onQty: (qty: number | null) => void;
}

/** A material to order: why (on hand, on order, reorder, demand, shortfall), the qty and its price. */
function SuggestionRow({ line: s, orderable, qty: pickedQty, phone, marked, rowRef, onToggle, onQty }: SuggestionRowProps) {
  const on = pickedQty !== undefined;
  const qty = pickedQty ?? s.suggested_qty;
  return (
    <Table.Tr
      data-testid="suggestion-row"
      ref={rowRef}
      aria-current={marked ? 'true' : undefined}
      bg={marked ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      {orderable && (
        <Table.Td>
          <CheckField aria-label={`Order ${s.material_number}`} checked={on} onChange={(e) => onToggle(e.currentTarget.checked)} />
        </Table.Td>
      )}
      <Table.Td>
        <Text size="sm" fw={500}>
          {s.material_number}
        </Text>
        {s.description && (
          <Text size="xs" c="dimmed">
            {s.description}
          </Text>
        )}
        {phone && (
          <Text size="xs" data-testid="suggestion-why">
            On hand {formatQty(s.on_hand)} · on order {formatQty(s.on_order)} · reorder {formatQty(s.reorder_qty)} · demand {formatQty(s.open_demand)} · short{' '}
            <b>{formatQty(s.shortfall)}</b> → {formatQty(s.suggested_qty)}
          </Text>
        )}
      </Table.Td>
      {!phone && (
        <>
          <Table.Td>{formatQty(s.on_hand)}</Table.Td>
          <Table.Td>{formatQty(s.on_order)}</Table.Td>
          <Table.Td>{formatQty(s.reorder_qty)}</Table.Td>
          <Table.Td>{formatQty(s.open_demand)}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={600}>
              {formatQty(s.shortfall)}
            </Text>
            <Text size="xs" c="dimmed">
              → {formatQty(s.suggested_qty)}
            </Text>
          </Table.Td>
        </>
      )}
      <Table.Td>
        {on ? (
          <QtyField aria-label={`Qty of ${s.material_number}`} size="xs" value={qty} onChange={onQty} bounds={fieldBounds('purchase_order_materials', 'qty')} />
        ) : (
          formatQty(s.suggested_qty)
        )}
      </Table.Td>
      <Table.Td>{s.unit_price == null ? '' : formatMoney(linePrice(qty, s.unit_price))}</Table.Td>
    </Table.Tr>
  );
}

// What the action reads (server/areas/purchasing/purchase-order-suggestions.ts): live notices of these refetch it.
const SUGGESTIONS_META = {
  liveOn: [
    'materials',
    'material_transactions',
    'jobs',
    'job_products',
    'boms',
    'bom_materials',
    'purchase_orders',
    'purchase_order_materials',
    'vendor_materials',
  ],
} satisfies AppQueryMeta;

export function SuggestedOrders({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const loader = useLoader();
  const suggestions = useQuery({
    queryKey: SUGGESTIONS_KEY,
    queryFn: ({ signal }) => fetchSuggestions(signal),
    staleTime: 0,
    meta: SUGGESTIONS_META,
  });
  const groups = useMemo(() => groupByVendor(suggestions.data ?? []), [suggestions.data]);
  const offline = useQueryOffline(suggestions);
  // Ticked lines and their qty (the suggested one until edited).
  const [picked, setPicked] = useState<Map<number, number>>(new Map());
  const [created, setCreated] = useState<RecordOf<'purchase_orders'>[] | null>(null);
  // On a phone the why (on hand, on order, reorder, demand, shortfall) is one line under the
  // material, so the qty and price stay in view instead of a table scrolled sideways.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const marked = Number(useSearchParams()[0].get('material')) || null;
  const markedRow = useRef<HTMLTableRowElement>(null);
  const loaded = suggestions.data !== undefined;
  useEffect(() => {
    if (loaded) markedRow.current?.scrollIntoView({ block: 'center' });
  }, [loaded, marked]);

  const toggle = (s: Suggestion, on: boolean) =>
    setPicked((p) => {
      const next = new Map(p);
      if (on) next.set(s.material_id, s.suggested_qty);
      else next.delete(s.material_id);
      return next;
    });
  const setQty = (s: Suggestion, qty: number | null) => setPicked((p) => new Map(p).set(s.material_id, qty ?? 0));
  const toggleGroup = (g: Group, on: boolean) =>
    setPicked((p) => {
      const next = new Map(p);
      for (const s of g.lines) {
        if (on) next.set(s.material_id, next.get(s.material_id) ?? s.suggested_qty);
        else next.delete(s.material_id);
      }
      return next;
    });

  const pickedVendors = new Set((suggestions.data ?? []).filter((s) => picked.has(s.material_id)).map((s) => s.vendor_id));
  const create = async () => {
    try {
      const orders = await loader.run(
        ordersFromSuggestions(
          queryClient,
          [...picked].map(([material_id, qty]) => ({ material_id, qty })),
        ),
      );
      setCreated(orders);
      setPicked(new Map());
      reportSuccess(orders.length === 1 ? 'One draft order created.' : `${orders.length} draft orders created.`);
    } catch (e) {
      reportError(e);
    }
  };

  if (suggestions.isLoading) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading suggestions" />
      </Center>
    );
  }
  // Offline, a cached copy shows (noted), or the line saying it is offline: not a failure.
  if (suggestions.isError && suggestions.data === undefined && !offline)
    return (
      <Alert color="red" role="alert">
        Could not load the suggestions.
      </Alert>
    );

  return (
    <Stack gap="md" data-testid="suggested-orders">
      {created && created.length > 0 && <CreatedOrders orders={created} onClose={() => setCreated(null)} />}
      <OfflineAsOf query={suggestions} />
      {groups.length === 0 && (
        <NoRows query={suggestions} ta="center" py="xl" empty="Nothing to order: every material has enough on hand and on order." what="The suggestions" />
      )}
      {groups.map((g) => {
        const orderable = canEdit && g.vendorId != null;
        const allPicked = g.lines.every((s) => picked.has(s.material_id));
        return (
          <Card key={g.vendorId ?? 'none'} withBorder radius="md" padding="sm" data-testid="suggestion-group">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4">
                  {g.vendorName}
                </Title>
                {orderable && (
                  <CheckField label="All" checked={allPicked} onChange={(e) => toggleGroup(g, e.currentTarget.checked)} aria-label={`All of ${g.vendorName}`} />
                )}
              </Group>
              {g.vendorId == null && (
                <Text size="sm" c="dimmed">
                  Give these materials a preferred vendor to order them here.
                </Text>
              )}
              <Table.ScrollContainer minWidth={phone ? 0 : 640}>
                <Table verticalSpacing={4} striped="even">
                  <Table.Thead>
                    <Table.Tr>
                      {orderable && (
                        <Table.Th w={36}>
                          <VisuallyHidden>Order</VisuallyHidden>
                        </Table.Th>
                      )}
                      <Table.Th>Material</Table.Th>
                      {!phone && (
                        <>
                          <Table.Th>On hand</Table.Th>
                          <Table.Th>On order</Table.Th>
                          <Table.Th>Reorder</Table.Th>
                          <Table.Th>Open demand</Table.Th>
                          <Table.Th>Shortfall</Table.Th>
                        </>
                      )}
                      <Table.Th w={phone ? 96 : 130}>Qty</Table.Th>
                      <Table.Th>Price</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.lines.map((s) => (
                      <SuggestionRow
                        key={s.material_id}
                        line={s}
                        orderable={orderable}
                        qty={picked.get(s.material_id)}
                        phone={phone}
                        marked={s.material_id === marked}
                        rowRef={s.material_id === marked ? markedRow : undefined}
                        onToggle={(on) => toggle(s, on)}
                        onQty={(v) => setQty(s, v)}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Card>
        );
      })}
      {canEdit && groups.length > 0 && (
        <Group justify="flex-end" gap="sm">
          <Text size="sm" c="dimmed">
            {picked.size} {picked.size === 1 ? 'line' : 'lines'}, {pickedVendors.size} {pickedVendors.size === 1 ? 'order' : 'orders'}
          </Text>
          <Button onClick={() => void create()} disabled={picked.size === 0}>
            Create Orders
          </Button>
        </Group>
      )}
    </Stack>
  );
}
