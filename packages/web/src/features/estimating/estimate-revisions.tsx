/**
 * An estimate's revisions: every revision of its series, each with its status and
 * total, and what changed between any two (items added, removed and changed, and the totals),
 * by shared/rules/estimating/estimate-totals.ts' `estimateDiff`.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { estimateDiff, type DiffItem } from '@glazier/shared/rules/estimating/estimate-totals';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { Anchor, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { EstimateStatusBadge } from './estimate-status-badge.tsx';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

type Estimate = RecordOf<'estimates'>;

const FIELD_LABELS: Record<string, string> = {
  product_id: 'product',
  description: 'description',
  qty: 'qty',
  amount: 'amount',
  cost: 'cost',
  alternate_product_id: 'alternate product',
  alternate_amount: 'alternate amount',
  alternate_cost: 'alternate cost',
};
const MONEY = new Set(['amount', 'cost', 'alternate_amount', 'alternate_cost']);

const itemName = (i: DiffItem & { product_name?: string | null }) => i.description || i.product_name || 'Item';
const revisionLabel = (e: Estimate) => `Revision ${e.revision ?? 0}${e.date ? ` · ${formatDate(e.date)}` : ''}`;

function show(field: string, value: unknown): string {
  if (value == null || value === '') return '—';
  if (MONEY.has(field)) return formatMoney(Number(value));
  if (field === 'qty') return formatQty(Number(value));
  return String(value);
}

/** Items added or removed by a revision: each with its qty (and amount, with estimates_admin). */
function ItemsBlock({ title, color, items, canAdmin }: { title: string; color: string; items: DiffItem[]; canAdmin: boolean }) {
  if (!items.length) return null;
  return (
    <div>
      <Text fw={600} c={color}>
        {title}
      </Text>
      <List size="sm">
        {items.map((i) => (
          <List.Item key={i.id}>
            {itemName(i)} × {formatQty(i.qty)}
            {canAdmin && ` · ${formatMoney(i.amount)}`}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function Diff({ before, after }: { before: Estimate; after: Estimate }) {
  const canAdmin = useCan('edit', 'estimates_admin');
  const a = useList('estimate_items', { estimate_id: before.id }).data;
  const b = useList('estimate_items', { estimate_id: after.id }).data;
  if (!a || !b) return null;
  const diff = estimateDiff(a, b);
  const nothing = !diff.added.length && !diff.removed.length && !diff.changed.length;
  return (
    <Stack gap="sm" data-testid="revision-diff">
      {nothing && <Text c="dimmed">The items are the same.</Text>}
      <ItemsBlock title="Added" color="green.8" items={diff.added} canAdmin={canAdmin} />
      <ItemsBlock title="Removed" color="red.8" items={diff.removed} canAdmin={canAdmin} />
      {diff.changed.length > 0 && (
        <div>
          <Text fw={600} c="orange.8">
            Changed
          </Text>
          <List size="sm">
            {diff.changed.map((c) => (
              <List.Item key={c.after.id}>
                {itemName(c.after)}:{' '}
                {c.fields.map((f) => `${FIELD_LABELS[f] ?? f} ${show(f, c.before[f as keyof DiffItem])} → ${show(f, c.after[f as keyof DiffItem])}`).join('; ')}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {canAdmin && (
        <FigureTiles
          figures={[
            { label: 'Base total', value: `${formatMoney(diff.totals.before.base)} → ${formatMoney(diff.totals.after.base)}` },
            { label: 'Total with all alternates', value: `${formatMoney(diff.totals.before.allAlternates)} → ${formatMoney(diff.totals.after.allAlternates)}` },
          ]}
        />
      )}
    </Stack>
  );
}

export function EstimateRevisions({ estimate }: { estimate: Estimate }) {
  const revisions = useList('estimates', { revisions_of: estimate.id, sort_column: 'revision', sort_direction: 'asc' }).data ?? [];
  const here = revisions.findIndex((r) => r.id === estimate.id);
  const [fromId, setFromId] = useState<string | null>(null);
  const [toId, setToId] = useState<string | null>(null);
  const to = revisions.find((r) => String(r.id) === toId) ?? estimate;
  const from = revisions.find((r) => String(r.id) === fromId) ?? revisions[here > 0 ? here - 1 : -1] ?? null;

  if (revisions.length < 2) {
    return (
      <Text c="dimmed" data-testid="revisions-empty">
        This is the only revision. Revise makes the next one and keeps this one as it is.
      </Text>
    );
  }
  return (
    <Stack gap="md" data-testid="estimate-revisions">
      <Table.ScrollContainer minWidth={0}>
        <Table verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Revision</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {revisions.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {r.id === estimate.id ? (
                    <Group gap={6}>
                      <Text fz="sm" fw={600}>
                        Revision {r.revision ?? 0}
                      </Text>
                      <Badge size="xs" variant="outline">
                        This one
                      </Badge>
                    </Group>
                  ) : (
                    <Anchor component={Link} to={`/estimates/${r.id}`} fz="sm">
                      Revision {r.revision ?? 0}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{formatDate(r.date)}</Table.Td>
                <Table.Td>
                  <EstimateStatusBadge estimate={r} />
                </Table.Td>
                <Table.Td ta="right">{formatMoney(r.total)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} size="h5">
        Compare
      </Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <RefSelect
          label="From"
          w={220}
          records={revisions}
          optionLabel={revisionLabel}
          value={from?.id}
          onChange={(_, v) => setFromId(v)}
          data-testid="diff-from"
        />
        <RefSelect label="To" w={220} records={revisions} optionLabel={revisionLabel} value={to.id} onChange={(_, v) => setToId(v)} data-testid="diff-to" />
      </Group>
      {from && from.id !== to.id ? <Diff before={from} after={to} /> : <Text c="dimmed">Choose two different revisions.</Text>}
    </Stack>
  );
}
