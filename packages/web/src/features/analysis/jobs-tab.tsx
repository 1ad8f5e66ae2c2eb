/**
 * Job profitability: the range's totals, revenue against cost by month, margin by scope, the jobs
 * grouped as chosen (a group's row shows its jobs), and the jobs themselves, sorted and paged by
 * the server; a job's row opens it.
 */
import {
  JOB_GROUPINGS,
  JOB_GROUPING_LABELS,
  analysisJobs,
  type JobGroup,
  type JobGrouping,
  type JobProfitRow,
  type JobSort,
} from '@glazier/shared/actions/analysis';
import { FORMULAS } from '@glazier/shared/rules/analysis/job-profit';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatMoneyCompact, formatPercent, formatQty } from '@glazier/shared/rules/money';
import { BarChart } from '@mantine/charts';
import { Badge, CloseButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { callAction } from '../../resource-kit/http/actions.ts';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { ChartCard } from '../../ui/chart-card.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { Pager } from '../../ui/pager.tsx';
import type { AnalysisState } from './analysis-range.ts';
import { ReportState, useReport } from './report-query.tsx';

const PER_PAGE = 50;
type Money = Pick<JobGroup, 'revenue' | 'product_cost' | 'hours' | 'labour_cost' | 'additional_costs' | 'cost' | 'profit' | 'margin'>;

/** The money columns every table of jobs shares. */
function moneyColumns<R extends Money>(): ReportColumn<R>[] {
  const money = (key: keyof Money & string, label: string, formula: string, visibleFrom?: 'sm' | 'md'): ReportColumn<R> => ({
    key,
    label,
    formula,
    numeric: true,
    visibleFrom,
    value: (r) => r[key],
    text: (r) => formatMoney(r[key] as number),
  });
  // What an owner reads first (revenue, cost, profit, margin), then what made up the cost.
  return [
    // a phone shows profit and margin (revenue and cost are in the tiles above)
    money('revenue', 'Revenue', FORMULAS.revenue, 'sm'),
    money('cost', 'Cost', FORMULAS.cost, 'sm'),
    money('profit', 'Profit', FORMULAS.profit),
    {
      key: 'margin',
      label: 'Margin',
      formula: FORMULAS.margin,
      numeric: true,
      value: (r) => r.margin,
      text: (r) => formatPercent(r.margin),
      render: (r) => (
        <Text span fz="sm" c={r.margin != null && r.margin < 0 ? 'red' : undefined}>
          {formatPercent(r.margin)}
        </Text>
      ),
    },
    money('product_cost', 'Products', FORMULAS.product_cost, 'md'),
    { key: 'hours', label: 'Hours', formula: FORMULAS.hours, numeric: true, visibleFrom: 'md', value: (r) => r.hours, text: (r) => formatQty(r.hours) },
    money('labour_cost', 'Labour', FORMULAS.labour_cost, 'md'),
    money('additional_costs', 'Other costs', FORMULAS.additional_costs, 'md'),
  ];
}

const groupColumns = (by: JobGrouping): ReportColumn<JobGroup>[] => [
  { key: 'label', label: JOB_GROUPING_LABELS[by], value: (g) => (by === 'month' ? g.key : g.label), text: (g) => g.label },
  { key: 'job_count', label: 'Jobs', numeric: true, visibleFrom: 'sm', value: (g) => g.job_count, text: (g) => String(g.job_count) },
  ...moneyColumns<JobGroup>(),
];

const jobColumns: ReportColumn<JobProfitRow>[] = [
  { key: 'number', label: 'Job', value: (j) => j.number, text: (j) => [j.number, j.name].filter(Boolean).join(' · ') },
  { key: 'client_name', label: 'Client', visibleFrom: 'sm', text: (j) => j.client_name ?? '' },
  { key: 'end_date', label: 'Ended', visibleFrom: 'sm', text: (j) => formatDate(j.end_date) },
  ...moneyColumns<JobProfitRow>(),
];
const SERVER_SORTS = new Set<string>(['end_date', 'number', 'client_name', 'revenue', 'cost', 'profit', 'margin', 'hours']);

export function JobsTab({ state, update }: { state: AnalysisState; update: (changes: Record<string, string | null>) => void }) {
  const navigate = useNavigate();
  const { range, groupBy, group, sort, direction, page } = state;
  const query = { ...range, group_by: groupBy, ...(group != null && { group }), sort, direction, page, per_page: PER_PAGE };
  const report = useReport(analysisJobs, query);
  return (
    <ReportState result={report} what="job profitability">
      {({ data }) => {
        const { totals } = data;
        const chosen = group == null ? null : data.groups.find((g) => (g.key ?? 'none') === group);
        const allJobs = async () => {
          const rows: JobProfitRow[] = [];
          for (let p = 1, last = 1; p <= last; p++) {
            const { data: d } = await callAction(analysisJobs, { query: { ...query, page: p, per_page: 1000 } });
            rows.push(...d.jobs.rows);
            last = d.jobs.last_page;
          }
          return rows;
        };
        return (
          <Stack gap="md" data-testid="jobs-report">
            <FigureTiles
              testId="jobs-totals"
              figures={[
                { label: 'Revenue', value: formatMoney(totals.revenue) },
                { label: 'Cost', value: formatMoney(totals.cost) },
                { label: 'Profit', value: formatMoney(totals.profit) },
                { label: 'Margin', value: formatPercent(totals.margin) || '—' },
                { label: 'Jobs', value: totals.job_count.toLocaleString('en-US') },
              ]}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ChartCard title="Revenue and cost by month" description="Jobs by the month they ended." empty={data.months.length === 0}>
                <BarChart
                  h={220}
                  data={data.months.map((m) => ({ month: m.label, revenue: m.revenue, cost: m.cost }))}
                  dataKey="month"
                  series={[
                    { name: 'revenue', label: 'Revenue', color: 'teal.6' },
                    { name: 'cost', label: 'Cost', color: 'orange.6' },
                  ]}
                  valueFormatter={formatMoneyCompact}
                  withLegend
                  tickLine="none"
                  gridAxis="y"
                  aria-label="Revenue and cost by month"
                  role="img"
                />
              </ChartCard>
              <ChartCard title="Margin by scope" description="A job of several scopes counts in each." empty={data.scopes.length === 0}>
                <BarChart
                  h={220}
                  data={data.scopes.map((s) => ({ scope: s.label, margin: s.margin == null ? 0 : Math.round(s.margin * 1000) / 10 }))}
                  dataKey="scope"
                  // bars across, so every scope's name has room on a phone
                  orientation="vertical"
                  yAxisProps={{ width: 110 }}
                  series={[{ name: 'margin', label: 'Margin', color: 'blue.6' }]}
                  valueFormatter={(v) => `${v}%`}
                  tickLine="none"
                  gridAxis="x"
                  aria-label="Margin by scope"
                  role="img"
                />
              </ChartCard>
            </SimpleGrid>
            <ReportTable
              testId="jobs-groups"
              maxHeight={440}
              title={`By ${JOB_GROUPING_LABELS[groupBy].toLowerCase()}`}
              description={groupBy === 'scope' ? 'A job of several scopes counts in each; choose a row to list its jobs.' : 'Choose a row to list its jobs.'}
              columns={groupColumns(groupBy)}
              rows={data.groups}
              rowKey={(g) => g.key ?? 'none'}
              totals={{ key: null, label: 'Total', ...totals }}
              csvName={`profit-by-${groupBy.replace('_', '-')}`}
              defaultSort={groupBy === 'month' ? { column: 'label', direction: 'asc' } : { column: 'revenue', direction: 'desc' }}
              onRowClick={(g) => update({ group: g.key ?? 'none' })}
              rowLabel={(g) => `Show the jobs of ${g.label}`}
              footer={
                <SelectField
                  label="Group by"
                  w={200}
                  data={JOB_GROUPINGS.map((g) => ({ value: g, label: JOB_GROUPING_LABELS[g] }))}
                  value={groupBy}
                  allowDeselect={false}
                  onChange={(v) => v && update({ group_by: v === 'client' ? null : v, group: null })}
                  data-testid="group-by"
                />
              }
            />
            <ReportTable
              testId="jobs-table"
              maxHeight={440}
              title="Jobs"
              description={
                <Group gap={6} component="span">
                  {`${data.jobs.total.toLocaleString('en-US')} jobs ended in the range${chosen ? ':' : '.'}`}
                  {chosen && (
                    <Badge
                      variant="light"
                      size="sm"
                      rightSection={<CloseButton size="xs" aria-label="Show all jobs" onClick={() => update({ group: null })} />}
                    >
                      {chosen.label}
                    </Badge>
                  )}
                </Group>
              }
              columns={jobColumns.map((c) => ({ ...c, sortable: SERVER_SORTS.has(c.key) }))}
              rows={data.jobs.rows}
              rowKey={(j) => j.id}
              csvName="job-profitability"
              exportRows={allJobs}
              sort={{ column: sort, direction }}
              onSort={(s) => update({ sort: s.column === 'end_date' ? null : (s.column as JobSort), dir: s.direction === 'desc' ? null : 'asc' })}
              onRowClick={(j) => void navigate(`/jobs/${j.id}`)}
              rowLabel={(j) => `Open job ${j.number ?? j.name ?? j.id}`}
              emptyText="No job ended in this range."
              footer={
                data.jobs.last_page > 1 && <Pager total={data.jobs.last_page} value={page} onChange={(p) => update({ page: p === 1 ? null : String(p) })} />
              }
            />
          </Stack>
        );
      }}
    </ReportState>
  );
}
