/**
 * Billed vs collected by month (docs/domain/billing.md, Receivables), for those who see invoices:
 * billed is what each invoice sent asks of the client (its total less the deposits it subtracts) in
 * its issue month; collected, the payments not voided in their month. Every month of the range.
 */
import { billedCollected } from '@glazier/shared/actions/billing';
import { monthLabel, type DateRange } from '@glazier/shared/rules/analysis/date-ranges';
import { formatMoney, formatMoneyCompact } from '@glazier/shared/rules/money';
import { BarChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { ChartCard } from '../../ui/chart-card.tsx';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { ReportState, useReport } from './report-query.tsx';

type Month = { month: string; billed: number; collected: number };

/** Collected less billed, to the cent (negative: more billed than came in). */
export const difference = (m: Pick<Month, 'billed' | 'collected'>) => Math.round((m.collected - m.billed) * 100) / 100;

const COLUMNS: ReportColumn<Month>[] = [
  { key: 'month', label: 'Month', value: (m) => m.month, text: (m) => (m.month === 'total' ? 'Total' : monthLabel(m.month)) },
  {
    key: 'billed',
    label: 'Billed',
    formula: 'Invoices sent in the month: total less the deposits each subtracts.',
    numeric: true,
    value: (m) => m.billed,
    text: (m) => formatMoney(m.billed),
  },
  {
    key: 'collected',
    label: 'Collected',
    formula: 'Payments received in the month, not voided.',
    numeric: true,
    value: (m) => m.collected,
    text: (m) => formatMoney(m.collected),
  },
  {
    key: 'difference',
    label: 'Collected − billed',
    numeric: true,
    visibleFrom: 'sm',
    value: (m) => difference(m),
    text: (m) => formatMoney(difference(m)),
  },
];

export function BillingTab({ range }: { range: DateRange }) {
  const report = useReport(billedCollected, range);
  return (
    <ReportState result={report} what="billing">
      {({ data }) => (
        <Stack gap="md" data-testid="billing-report">
          <FigureTiles
            testId="billing-totals"
            figures={[
              { label: 'Billed', value: formatMoney(data.totals.billed) },
              { label: 'Collected', value: formatMoney(data.totals.collected) },
              { label: 'Collected − billed', value: formatMoney(difference(data.totals)) },
            ]}
          />
          <ChartCard title="Billed and collected by month" description="Invoices by their issue date; payments by theirs." empty={data.months.length === 0}>
            <BarChart
              h={220}
              data={data.months.map((m) => ({ month: monthLabel(m.month), billed: m.billed, collected: m.collected }))}
              dataKey="month"
              series={[
                { name: 'billed', label: 'Billed', color: 'blue.6' },
                { name: 'collected', label: 'Collected', color: 'teal.6' },
              ]}
              valueFormatter={formatMoneyCompact}
              withLegend
              tickLine="none"
              gridAxis="y"
              aria-label="Billed and collected by month"
              role="img"
            />
          </ChartCard>
          <ReportTable
            title="By month"
            columns={COLUMNS}
            rows={data.months}
            rowKey={(m) => m.month}
            totals={{ month: 'total', ...data.totals }}
            csvName={`billed-collected-${range.start}-${range.end}`}
            defaultSort={{ column: 'month', direction: 'asc' }}
            testId="billing-months"
            maxHeight={440}
          />
        </Stack>
      )}
    </ReportState>
  );
}
