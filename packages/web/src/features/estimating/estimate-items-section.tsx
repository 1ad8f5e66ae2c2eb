/**
 * An estimate's items (docs/domain/estimating.md, Items): grouped by product category as the printed
 * estimate groups them (shared itemsByCategory; its scopes listed even without items), each
 * category with its note (Estimate Category Note dialog) and
 * its items (description, qty, unit price, amount, and the alternate's description and amount).
 * Where a category has alternates, the client's choice (Base / Alternate) switches the totals at
 * once and is saved with the estimate. Beneath: base, alternates and chosen totals, and, with
 * `edit estimates_admin`, the cost and margin of the choice. Unit price, amount and cost are
 * there only with `edit estimates_admin` (the server leaves them out otherwise).
 *
 * A qty that differs from what the takeoff calculates for the item's option is flagged in place
 * (the item dialog says the same).
 */
import { productLabel } from '@glazier/shared/rules/catalogue/product-label';
import type { RecordWithRelations, RecordOf } from '@glazier/shared/resources/records';
import { calculatedQtys } from '@glazier/shared/rules/estimating/takeoff';
import { estimateItemWarnings } from '@glazier/shared/rules/estimating/estimate-item';
import { alternatesChoosable, contentEditable } from '@glazier/shared/rules/estimating/estimate-status';
import { alternateTitle, itemTitle, itemsByCategory, type CategoryGroup } from '@glazier/shared/rules/estimating/estimate-document';
import { estimateTotals, hasAlternate } from '@glazier/shared/rules/estimating/estimate-totals';
import { unitAmount } from '@glazier/shared/rules/line-amount';
import { formatMoney, formatPercent, formatQty } from '@glazier/shared/rules/money';
import { ActionIcon, Anchor, Badge, Group, SegmentedControl, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconNote } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { relationQuery } from '../../resource-kit/records/embedded-relations.ts';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { saveRecord } from '../../resource-kit/writes/saves.ts';
import { storeRecords, useList } from '../../resource-kit/records/queries.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { FigureTiles, type Figure } from '../../ui/figure-tiles.tsx';
import { useModals } from '../../ui/modal-stack.tsx';

type Estimate = RecordOf<'estimates'>;
type Item = RecordOf<'estimate_items'>;
type CategoryNote = RecordOf<'estimate_category_notes'>;

export const ITEM_QTY_WARNING_LABEL = 'Qty differs from the takeoff';

/**
 * The takeoff's calculated qty of each option (empty without a takeoff): the takeoff with its
 * units and cells embedded, the takeoff screen's own query (one request, and the same cache).
 */
export function useCalculatedQtys(estimateId: number): Map<number, number> {
  const takeoff = useList('takeoffs', { estimate_id: estimateId, with_units: true, with_items: true }).data?.[0] as RecordWithRelations<'takeoffs'> | undefined;
  return useMemo(() => calculatedQtys(takeoff?.units ?? [], takeoff?.items ?? []), [takeoff]);
}

type Group_ = CategoryGroup<Item> & { note: CategoryNote | undefined };

/** `fn` as one function for the component's life (memoised rows keep it), calling `fn` as last rendered. */
function useLatestHandler<A extends unknown[]>(fn: (...args: A) => unknown): (...args: A) => void {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const [handler] = useState(
    () =>
      (...args: A) =>
        void latest.current(...args),
  );
  return handler;
}

/**
 * An item's row; drawn again only when its own props change: the estimate's later reads (its notes,
 * the takeoff's quantities) drew all 200 rows again each, in one task of 0.4–2.2 s on a phone.
 */
const ItemRow = memo(function ItemRow({
  item,
  canAdmin,
  qtyWarning,
  onOpen,
}: {
  item: Item;
  canAdmin: boolean;
  qtyWarning: boolean;
  onOpen: (item: Item) => void;
}) {
  const title = itemTitle(item) || 'Item';
  return (
    <Table.Tr onClick={() => onOpen(item)} style={{ cursor: 'pointer' }} data-testid="estimate-item-row">
      <Table.Td>
        <Anchor component="button" type="button" fz="sm" fw={500} ta="left" onClick={(e) => (e.stopPropagation(), onOpen(item))}>
          {title}
        </Anchor>
        {item.takeoff_option_id != null && (
          // made from the takeoff (or a line by hand the takeoff took over): its qty is the takeoff's
          <Badge size="xs" variant="light" color="gray" ml={6} style={{ verticalAlign: 'middle' }} data-testid="item-from-takeoff">
            Takeoff
          </Badge>
        )}
        {item.product_name && (
          <Text fz="xs" c="dimmed">
            {/* the product, when the description does not already name it */}
            {item.product_name === title ? (item.product_number ?? '') : productLabel({ number: item.product_number, name: item.product_name })}
          </Text>
        )}
        {hasAlternate(item) && (
          <Text fz="xs" hiddenFrom="sm">
            {/* the alternate column is left out on phones: the alternate goes beneath */}
            Alternate: {alternateTitle(item) || '—'}
            {canAdmin && ` · ${formatMoney(item.alternate_amount)}`}
          </Text>
        )}
        {item.notes && (
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }} lineClamp={2}>
            {item.notes}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {qtyWarning && (
            <Tooltip label="It looks like qty does not match the calculated qty.">
              <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-label={ITEM_QTY_WARNING_LABEL} role="img" />
            </Tooltip>
          )}
          {formatQty(item.qty)}
        </Group>
      </Table.Td>
      {canAdmin && (
        <>
          <Table.Td ta="right" visibleFrom="sm">
            {formatMoney(unitAmount(item.amount, item.qty))}
          </Table.Td>
          <Table.Td ta="right">{formatMoney(item.amount)}</Table.Td>
        </>
      )}
      <Table.Td visibleFrom="sm">
        {hasAlternate(item) ? (
          <Stack gap={0}>
            <Text fz="sm">{alternateTitle(item) || 'Alternate'}</Text>
            {canAdmin && (
              <Text fz="xs" c="dimmed">
                {formatMoney(item.alternate_amount)}
              </Text>
            )}
          </Stack>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
});

function Totals({ estimate, items, chosenAlternates, canAdmin }: { estimate: Estimate; items: Item[]; chosenAlternates: number[]; canAdmin: boolean }) {
  const totals = estimateTotals(items, chosenAlternates);
  const anyAlternate = items.some(hasAlternate);
  // Without the amounts (no estimates_admin) only the server's total of the choice is known.
  const figures: Figure[] = canAdmin
    ? [
        { label: 'Base total', value: formatMoney(totals.base) },
        ...(anyAlternate ? [{ label: 'Total with all alternates', value: formatMoney(totals.allAlternates) }] : []),
        { label: 'Total', value: formatMoney(totals.chosen) },
        { label: 'Cost', value: formatMoney(totals.chosenCost) },
        { label: 'Margin', value: formatPercent(totals.margin) || '—' },
      ]
    : [{ label: 'Total', value: formatMoney(estimate.total) }];
  return <FigureTiles figures={figures} testId="estimate-totals" />;
}

/**
 * The rows drawn with the page: more than a phone's screenful. The rest follow at once in a render
 * React splits into short slices (useDeferredValue), so a 200-item estimate does not block the page
 * while it is drawn (0.5–2.2 s in one task on a phone, 4× slower CPU), and what is below them is
 * already off screen when they come (no visible layout shift).
 */
const FIRST_ROWS = 30;

function useRowsShown(rows: number): number {
  const firstRows = Math.min(rows, FIRST_ROWS);
  return Math.max(useDeferredValue(rows, firstRows), firstRows);
}

export function EstimateItemsSection({ estimate }: { estimate: Estimate }) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'estimates');
  const canAdmin = useCan('edit', 'estimates_admin');
  const items = useList('estimate_items', relationQuery('estimates', 'items', estimate.id) ?? {}).data ?? [];
  const notes = useList('estimate_category_notes', relationQuery('estimates', 'category_notes', estimate.id) ?? {}).data ?? [];
  const categories = useList('product_categories').data ?? [];
  const calculated = useCalculatedQtys(estimate.id);
  const editable = canEdit && contentEditable(estimate);
  // The choice shows at once; the saved estimate follows (its total is the server's too).
  const [choice, setChoice] = useState<number[] | null>(null);
  const chosen = choice ?? estimate.alternate_categories ?? [];
  // in the printed estimate's order; the scopes listed even before they have items (for their notes)
  const groups: Group_[] = itemsByCategory(items, categories, estimate.product_category_list ?? []).map((g) => ({
    ...g,
    note: g.categoryId == null ? undefined : notes.find((n) => n.product_category_id === g.categoryId),
  }));
  const shownRows = useRowsShown(items.length);
  // the items before each group, to draw the groups up to the rows shown
  const before = groups.map((_, i) => groups.slice(0, i).reduce((n, g) => n + g.items.length, 0));

  const choose = async (categoryId: number, alternate: boolean) => {
    const next = alternate ? [...new Set([...chosen, categoryId])].sort((a, b) => a - b) : chosen.filter((c) => c !== categoryId);
    setChoice(next);
    try {
      const saved = await saveRecord('estimates', { id: estimate.id, updated_at: estimate.updated_at, alternate_categories: next });
      storeRecords(queryClient, 'estimates', [saved]);
    } catch (e) {
      reportError(e);
    } finally {
      setChoice(null);
    }
  };
  // The dialogs are fetched when opened, not with the estimate (docs/platform.md, Budgets).
  const openItem = async (item: Item) =>
    (await import('./estimating-dialogs.ts')).openEstimateItemDialog(modals, {
      record: item,
      readOnly: !editable,
      calculatedQty: item.takeoff_option_id != null ? calculated.get(item.takeoff_option_id) : undefined,
    });
  const onOpenItem = useLatestHandler(openItem);
  const openNote = async (g: Group_) =>
    (await import('./estimating-dialogs.ts')).openEstimateCategoryNoteDialog(modals, {
      record: g.note ?? null,
      initial: { estimate_id: estimate.id, product_category_id: g.categoryId ?? undefined },
      readOnly: !editable,
      categoryName: g.name,
    });

  if (!items.length && !groups.length) {
    return (
      <Text c="dimmed" data-testid="estimate-items-empty">
        {editable ? 'No items yet. Add one, or make them from the takeoff.' : 'No items.'}
      </Text>
    );
  }
  return (
    <Stack gap="lg" data-testid="estimate-items">
      {groups.map((g, gi) => {
        if (before[gi]! >= shownRows && shownRows < items.length) return null;
        const alternates = g.categoryId != null && g.items.some(hasAlternate);
        const useAlt = g.categoryId != null && chosen.includes(g.categoryId);
        return (
          <Stack key={g.categoryId ?? 'other'} gap="xs" data-testid="estimate-category">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={3} size="h5">
                {g.name}
              </Title>
              <Group gap="xs">
                {alternates && (
                  <SegmentedControl
                    size="xs"
                    aria-label={`Client's choice for ${g.name}`}
                    data={[
                      { value: 'base', label: 'Base' },
                      { value: 'alternate', label: 'Alternate' },
                    ]}
                    value={useAlt ? 'alternate' : 'base'}
                    onChange={(v) => void choose(g.categoryId!, v === 'alternate')}
                    readOnly={!canEdit || !alternatesChoosable(estimate)}
                    data-testid="alternate-choice"
                  />
                )}
                {g.categoryId != null && (editable || g.note) && (
                  <Tooltip label={g.note ? 'Category note' : 'Add a category note'}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${g.note ? 'Category note' : 'Add a category note'} for ${g.name}`}
                      onClick={() => void openNote(g)}
                    >
                      <IconNote size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Group>
            {g.note?.note && (
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }} data-testid="category-note">
                {g.note.note}
              </Text>
            )}
            {g.items.length ? (
              <Table.ScrollContainer minWidth={0}>
                {/* fixed columns: the categories' tables line up one under another */}
                <Table verticalSpacing={6} highlightOnHover layout="fixed">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Item</Table.Th>
                      <Table.Th ta="right" w={90}>
                        Qty
                      </Table.Th>
                      {canAdmin && (
                        <>
                          <Table.Th ta="right" visibleFrom="sm" w={110}>
                            Unit price
                          </Table.Th>
                          <Table.Th ta="right" w={120}>
                            Amount
                          </Table.Th>
                        </>
                      )}
                      <Table.Th visibleFrom="sm" w="28%">
                        Alternate
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.items.slice(0, shownRows - before[gi]!).map((item) => {
                      const calc = item.takeoff_option_id != null ? calculated.get(item.takeoff_option_id) : undefined;
                      return (
                        <ItemRow
                          key={item.id}
                          item={item}
                          canAdmin={canAdmin}
                          qtyWarning={estimateItemWarnings(item, {}, calc).qty != null}
                          onOpen={onOpenItem}
                        />
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : (
              <Text fz="sm" c="dimmed">
                No items in this category.
              </Text>
            )}
          </Stack>
        );
      })}
      <Totals estimate={estimate} items={items} chosenAlternates={chosen} canAdmin={canAdmin} />
    </Stack>
  );
}
