/** Estimates: win rate, value won and days to win over the range; win rate by month; by month, type and client. */
import { analysisEstimates, type WinGroup } from '@glazier/shared/actions/analysis';
import type { DateRange } from '@glazier/shared/rules/analysis/date-ranges';
import { FORMULAS } from '@glazier/shared/rules/analysis/job-profit';
import { formatMoney, formatPercent } from '@glazier/shared/rules/money';
import { BarChart } from '@mantine/charts';
import { Stack } from '@mantine/core';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { ChartCard } from '../../ui/chart-card.tsx';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { ReportState, useReport } from './report-query.tsx';

const days = (d: number | null) => {
  if (d == null) return '';
  const n = Math.round(d * 10) / 10;
  return `${n} ${n === 1 ? 'day' : 'days'}`;
};

// a phone shows the win rate and value won (the counts are in the tiles above)
const winColumns = (label: string, sortByKey = false): ReportColumn<WinGroup>[] => [
  { key: 'label', label, value: (g) => (sortByKey ? g.key : g.label), text: (g) => g.label },
  { key: 'estimates', label: 'Estimates', numeric: true, visibleFrom: 'sm', value: (g) => g.estimates, text: (g) => String(g.estimates) },
  { key: 'won', label: 'Won', numeric: true, visibleFrom: 'sm', value: (g) => g.won, text: (g) => String(g.won) },
  { key: 'lost', label: 'Lost', numeric: true, visibleFrom: 'sm', value: (g) => g.lost, text: (g) => String(g.lost) },
  { key: 'open', label: 'Open', numeric: true, visibleFrom: 'md', value: (g) => g.open, text: (g) => String(g.open) },
  { key: 'win_rate', label: 'Win rate', formula: FORMULAS.win_rate, numeric: true, value: (g) => g.win_rate, text: (g) => formatPercent(g.win_rate) },
  { key: 'value_won', label: 'Value won', formula: FORMULAS.value_won, numeric: true, value: (g) => g.value_won, text: (g) => formatMoney(g.value_won) },
  {
    key: 'days_to_win',
    label: 'Days to win',
    formula: FORMULAS.days_to_win,
    numeric: true,
    visibleFrom: 'md',
    value: (g) => g.days_to_win,
    text: (g) => days(g.days_to_win),
  },
];

export function EstimatesTab({ range }: { range: DateRange }) {
  const report = useReport(analysisEstimates, range);
  return (
    <ReportState result={report} what="estimates">
      {({ data }) => {
        const t = data.totals;
        const totals: WinGroup = { key: null, label: 'Total', ...t };
        return (
          <Stack gap="md" data-testid="estimates-report">
            <FigureTiles
              testId="estimates-totals"
              figures={[
                { label: 'Win rate', value: formatPercent(t.win_rate) || '—' },
                { label: 'Won', value: `${t.won} of ${t.won + t.lost}` },
                { label: 'Value won', value: formatMoney(t.value_won) },
                { label: 'Days to win', value: days(t.days_to_win) || '—' },
                { label: 'Still open', value: String(t.open) },
              ]}
            />
            <ChartCard title="Win rate by month" description="Estimates by their date; open ones are not counted." empty={data.months.length === 0}>
              <BarChart
                h={220}
                data={data.months.map((m) => ({ month: m.label, win_rate: m.win_rate == null ? 0 : Math.round(m.win_rate * 1000) / 10 }))}
                dataKey="month"
                series={[{ name: 'win_rate', label: 'Win rate', color: 'teal.6' }]}
                valueFormatter={(v) => `${v}%`}
                yAxisProps={{ domain: [0, 100] }}
                tickLine="none"
                gridAxis="y"
                aria-label="Win rate by month"
                role="img"
              />
            </ChartCard>
            <ReportTable
              title="By type"
              columns={winColumns('Type')}
              rows={data.types}
              rowKey={(g) => g.key ?? 'none'}
              totals={totals}
              csvName="estimates-by-type"
              testId="estimates-types"
            />
            <ReportTable
              title="By month"
              columns={winColumns('Month', true)}
              rows={data.months}
              rowKey={(g) => g.key ?? 'none'}
              totals={totals}
              csvName="estimates-by-month"
              defaultSort={{ column: 'label', direction: 'asc' }}
              testId="estimates-months"
              maxHeight={440}
            />
            <ReportTable
              title="By client"
              description={data.client_count > data.clients.length ? `The ${data.clients.length} clients most won from, of ${data.client_count}.` : undefined}
              columns={winColumns('Client')}
              rows={data.clients}
              rowKey={(g) => g.key ?? 'none'}
              csvName="estimates-by-client"
              defaultSort={{ column: 'value_won', direction: 'desc' }}
              testId="estimates-clients"
              maxHeight={440}
            />
          </Stack>
        );
      }}
    </ReportState>
  );
}
