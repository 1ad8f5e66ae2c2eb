/**
 * Receivables aging (`/billing/aging`; docs/domain/billing.md, Receivables): each client's open
 * balances by days past due on a day (current, 1–30, 31–60, 61–90, over 90) with the totals; the
 * day and a client's name filter are kept in the address; Export CSV of what it shows. A client's
 * row opens its open invoices.
 */
import type { invoiceAging } from '@glazier/shared/actions/billing';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { AGING_BUCKETS, AGING_BUCKET_LABELS } from '@glazier/shared/rules/billing/aging';
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Alert, Center, Group, Loader, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useListFilters } from '../../resource-kit/lists/list-state.tsx';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';

type Answer = Awaited<ReturnType<typeof callAction<typeof invoiceAging>>>['data'];
type Row = Answer['rows'][number];

export const agingKey = (asOf: string) => ['invoices', 'aging', asOf] as const;

const COLUMNS: ReportColumn<Row>[] = [
  { key: 'client_name', label: 'Client', text: (r) => r.client_name },
  ...AGING_BUCKETS.map((b): ReportColumn<Row> => ({
    key: b,
    label: AGING_BUCKET_LABELS[b],
    numeric: true,
    value: (r) => r[b],
    text: (r) => formatMoney(r[b]),
    visibleFrom: b === 'current' || b === 'over_90' ? undefined : 'sm',
  })),
  { key: 'total', label: 'Total', numeric: true, value: (r) => r.total, text: (r) => formatMoney(r.total) },
];

/** The rows whose client's name holds the text (any case). */
export function filterAging(rows: readonly Row[], text: string): Row[] {
  const t = text.trim().toLowerCase();
  return t ? rows.filter((r) => r.client_name.toLowerCase().includes(t)) : [...rows];
}

/** The totals of the rows shown (all of them: the server's totals). */
export function agingTotals(rows: readonly Row[]): Row {
  const sum = (k: (typeof AGING_BUCKETS)[number] | 'total') => Math.round(rows.reduce((s, r) => s + r[k] * 100, 0)) / 100;
  return {
    client_id: 0,
    client_name: 'Total',
    ...(Object.fromEntries([...AGING_BUCKETS, 'total'].map((k) => [k, sum(k as 'total')])) as Record<(typeof AGING_BUCKETS)[number] | 'total', number>),
  };
}

export function AgingPage() {
  const navigate = useNavigate();
  const today = toIsoDate(new Date());
  const [filters, setFilter] = useListFilters({ as_of: null, client: null });
  const asOf = filters.as_of ?? today;
  const aging = useQuery({
    queryKey: agingKey(asOf),
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['invoices.aging'], { query: { as_of: asOf }, signal }),
    placeholderData: keepPreviousData,
    // a payment, a void or a send moves the aging (live/apply-live-changes.ts)
    meta: { liveOn: ['invoices', 'payments', 'payment_allocations'] },
  });
  const rows = filterAging(aging.data?.data.rows ?? [], filters.client ?? '');
  const totals = filters.client ? agingTotals(rows) : aging.data?.data.totals && { client_id: 0, client_name: 'Total', ...aging.data.data.totals };
  return (
    <Stack gap="md">
      <ScreenTitle>Aging</ScreenTitle>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <DateField label="As of" value={asOf} onChange={(d) => setFilter('as_of', d === today ? null : d)} w={180} data-testid="aging-as-of" />
        <TextInput
          label="Client"
          placeholder="Any client"
          w={240}
          value={filters.client ?? ''}
          onChange={(e) => setFilter('client', e.currentTarget.value || null)}
          data-testid="aging-client"
        />
      </Group>
      {aging.isError && !aging.data ? (
        <Alert color="red" role="alert">
          Could not load the aging.
        </Alert>
      ) : !aging.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the aging" />
        </Center>
      ) : (
        <ReportTable
          title="Open balances by days past due"
          description={`On ${formatDate(asOf)}: invoices sent or partly paid, at their balances.`}
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => r.client_id}
          totals={totals}
          csvName={`aging-${asOf}`}
          onRowClick={(r) => void navigate(`/invoices?due=open&client_id=${r.client_id}`)}
          rowLabel={(r) => `Open invoices of ${r.client_name}`}
          emptyText="No open balances on this day."
          testId="aging-table"
        />
      )}
    </Stack>
  );
}
