/**
 * Forecasting (`/forecasting`, `view forecasting`): the weeks ahead from this one (12
 * unless chosen, kept in the URL): crew hours the schedule needs against the crew's capacity,
 * revenue scheduled, open estimates weighted by their type's win rate by month, and the materials
 * that run short, each linking to the suggested orders. Every figure comes from the server
 * (shared/actions/analysis.ts `forecast`); each column says how it is computed.
 */
import { forecast, type ForecastEstimates, type ForecastShortage, type ForecastWeek } from '@glazier/shared/actions/analysis';
import { monthLabel } from '@glazier/shared/rules/analysis/date-ranges';
import { FORECAST_FORMULAS, FORECAST_WEEKS, crewLoad, weeksTotal } from '@glazier/shared/rules/analysis/forecast';
import { formatDate, formatMonthDay, formatWeek, toIsoDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatMoneyCompact, formatPercent, formatQty } from '@glazier/shared/rules/money';
import { BarChart } from '@mantine/charts';
import { Anchor, Chip, Group, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { ChartCard } from '../../ui/chart-card.tsx';
import { niceTicks } from '../../ui/chart-scale.ts';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { ReportState, useReport } from './report-query.tsx';

const WEEK_CHOICES = [4, 8, 12, 26] as const;

const load = (w: Pick<ForecastWeek, 'hours' | 'capacity'>) => crewLoad(w.hours, w.capacity);
const TYPE_LABELS: Record<string, string> = { commercial: 'Commercial', residential: 'Residential' };

/** A week by its Sunday ('11/22'; the CSV file says the whole week). */
const weekColumn = <R extends { week: string }>(): ReportColumn<R> => ({
  key: 'week',
  label: 'Week of',
  value: (r) => r.week,
  text: (r) => (r.week ? formatWeek(r.week) : ''),
  render: (r) => formatMonthDay(r.week),
});

const loadColumns: ReportColumn<ForecastWeek>[] = [
  weekColumn(),
  {
    key: 'install_days',
    label: 'Install days',
    formula: FORECAST_FORMULAS.install_days,
    numeric: true,
    visibleFrom: 'sm',
    value: (w) => w.install_days,
    text: (w) => String(w.install_days),
  },
  { key: 'jobs', label: 'Jobs', formula: FORECAST_FORMULAS.jobs, numeric: true, visibleFrom: 'sm', value: (w) => w.jobs, text: (w) => String(w.jobs) },
  {
    key: 'hours',
    label: 'Hours',
    formula: FORECAST_FORMULAS.hours,
    numeric: true,
    value: (w) => w.hours,
    text: (w) => formatQty(Math.round(w.hours * 10) / 10),
  },
  {
    key: 'capacity',
    label: 'Capacity',
    formula: FORECAST_FORMULAS.capacity,
    numeric: true,
    visibleFrom: 'sm',
    value: (w) => w.capacity,
    text: (w) => formatQty(w.capacity),
  },
  {
    key: 'load',
    label: 'Load',
    formula: FORECAST_FORMULAS.load,
    numeric: true,
    value: load,
    text: (w) => formatPercent(load(w)),
    render: (w) => (
      <Text span fz="sm" c={(load(w) ?? 0) > 1 ? 'red' : undefined} fw={(load(w) ?? 0) > 1 ? 600 : undefined}>
        {formatPercent(load(w))}
      </Text>
    ),
  },
];

const revenueColumns: ReportColumn<ForecastWeek>[] = [
  weekColumn(),
  // the totals row leaves jobs out (a job of several weeks would count in each)
  {
    key: 'jobs',
    label: 'Jobs',
    formula: FORECAST_FORMULAS.jobs,
    numeric: true,
    visibleFrom: 'sm',
    value: (w) => w.jobs,
    text: (w) => (w.week ? String(w.jobs) : ''),
  },
  { key: 'revenue', label: 'Revenue', formula: FORECAST_FORMULAS.revenue, numeric: true, value: (w) => w.revenue, text: (w) => formatMoney(w.revenue) },
];

const typeLabel = (e: ForecastEstimates) => TYPE_LABELS[e.type] ?? e.type;
const estimateColumns: ReportColumn<ForecastEstimates>[] = [
  {
    key: 'month',
    label: 'Job starts',
    value: (e) => e.month,
    text: (e) => (e.month ? monthLabel(e.month) : ''),
    // a phone has no room for the type's own column
    render: (e) => (
      <Stack gap={0}>
        {monthLabel(e.month)}
        <Text fz="xs" c="dimmed" hiddenFrom="sm">
          {typeLabel(e)}
        </Text>
      </Stack>
    ),
  },
  { key: 'type', label: 'Type', visibleFrom: 'sm', text: typeLabel },
  { key: 'estimates', label: 'Estimates', numeric: true, visibleFrom: 'sm', value: (e) => e.estimates, text: (e) => String(e.estimates) },
  // a phone shows what they are worth weighted (the value is a column further on a wider screen)
  {
    key: 'value',
    label: 'Value',
    formula: FORECAST_FORMULAS.estimate_value,
    numeric: true,
    visibleFrom: 'sm',
    value: (e) => e.value,
    text: (e) => formatMoney(e.value),
  },
  {
    key: 'win_rate',
    label: 'Win rate',
    formula: FORECAST_FORMULAS.win_rate,
    numeric: true,
    visibleFrom: 'sm',
    value: (e) => e.win_rate,
    text: (e) => (e.type ? formatPercent(e.win_rate) || 'None decided' : ''),
  },
  { key: 'weighted', label: 'Weighted', formula: FORECAST_FORMULAS.weighted, numeric: true, value: (e) => e.weighted, text: (e) => formatMoney(e.weighted) },
];

/** The suggested orders, the material's line marked (purchasing's suggested-orders.tsx reads `material`). */
const suggestionsLink = (s: ForecastShortage) => `/purchase_orders?view=suggestions&material=${s.material_id}`;

const shortageColumns: ReportColumn<ForecastShortage>[] = [
  {
    key: 'material',
    label: 'Material',
    value: (s) => s.material_number,
    text: (s) => [s.material_number, s.description].filter(Boolean).join(' · '),
    render: (s) => (
      <Stack gap={0}>
        <Anchor
          component={Link}
          to={suggestionsLink(s)}
          fz="sm"
          fw={500}
          aria-label={`Order ${s.material_number ?? s.description ?? 'the material'}: suggested orders`}
        >
          {s.material_number ?? s.description}
        </Anchor>
        {s.material_number && s.description && (
          <Text fz="xs" c="dimmed">
            {s.description}
          </Text>
        )}
        {/* a phone has no room for the week's own column */}
        <Text fz="xs" hiddenFrom="sm">{`Short from ${formatMonthDay(s.week)}`}</Text>
      </Stack>
    ),
  },
  { ...weekColumn<ForecastShortage>(), label: 'Short from', visibleFrom: 'sm' },
  {
    key: 'available',
    label: 'On hand + on order',
    formula: FORECAST_FORMULAS.available,
    numeric: true,
    visibleFrom: 'sm',
    value: (s) => s.on_hand + s.on_order,
    text: (s) => formatQty(s.on_hand + s.on_order),
  },
  {
    key: 'demand',
    label: 'Demand',
    formula: FORECAST_FORMULAS.demand,
    numeric: true,
    visibleFrom: 'sm',
    value: (s) => s.demand,
    text: (s) => formatQty(s.demand),
  },
  { key: 'short_by', label: 'Short by', formula: FORECAST_FORMULAS.short_by, numeric: true, value: (s) => s.short_by, text: (s) => formatQty(s.short_by) },
  {
    key: 'short_by_end',
    label: 'By the last week',
    formula: FORECAST_FORMULAS.short_by_end,
    numeric: true,
    visibleFrom: 'md',
    value: (s) => s.short_by_end,
    text: (s) => formatQty(s.short_by_end),
  },
];

function useWeeks(): [number, (weeks: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('weeks'));
  const weeks = Number.isInteger(asked) && asked >= FORECAST_WEEKS.min && asked <= FORECAST_WEEKS.max ? asked : FORECAST_WEEKS.default;
  const set = (n: number) => setParams(n === FORECAST_WEEKS.default ? {} : { weeks: String(n) }, { replace: true });
  return [weeks, set];
}

export function ForecastingPage() {
  const [weeks, setWeeks] = useWeeks();
  // from this week as the shop's clock has it (the browser's day; the server's is UTC, a day ahead on a Pacific evening)
  const report = useReport(forecast, { weeks, start: toIsoDate(new Date()) });
  return (
    <Stack gap="md">
      <ScreenTitle>Forecasting</ScreenTitle>
      <Chip.Group multiple={false} value={String(weeks)} onChange={(v) => setWeeks(Number(v))}>
        <Group gap={6} wrap="wrap" data-testid="forecast-weeks" role="group" aria-label="Weeks ahead">
          {(WEEK_CHOICES as readonly number[]).includes(weeks) ? null : (
            <Chip value={String(weeks)} size="sm" variant="outline">
              {`${weeks} weeks`}
            </Chip>
          )}
          {WEEK_CHOICES.map((n) => (
            <Chip key={n} value={String(n)} size="sm" variant="outline">
              {`${n} weeks`}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <ReportState result={report} what="forecast">
        {({ data }) => {
          const total = weeksTotal(data.weeks);
          const estimates = data.estimates.reduce(
            (t, e) => ({ ...t, estimates: t.estimates + e.estimates, value: t.value + e.value, weighted: t.weighted + e.weighted }),
            { month: '', type: '', estimates: 0, value: 0, win_rate: null, weighted: 0 } as ForecastEstimates,
          );
          const perWeek = data.weeks[0]?.capacity ?? 0;
          const { calibration } = data;
          const nothingScheduled = data.weeks.every((w) => w.install_days === 0);
          const chartWeeks = data.weeks.map((w) => ({ week: formatMonthDay(w.week), hours: Math.round(w.hours * 10) / 10, revenue: w.revenue }));
          // Room above the highest bar or the capacity line for its label, in round steps.
          const loadTicks = niceTicks(Math.max(perWeek, ...chartWeeks.map((w) => w.hours)) * 1.1);
          return (
            <Stack gap="md" data-testid="forecast-report">
              <Text size="sm" c="dimmed">
                {`${formatDate(data.start)} – ${formatDate(data.end)}, Sunday to Saturday weeks.`}
              </Text>
              <FigureTiles
                testId="forecast-totals"
                figures={[
                  { label: 'Crew hours', value: formatQty(Math.round(total.hours)) },
                  { label: 'Capacity', value: formatQty(total.capacity) },
                  { label: 'Load', value: formatPercent(total.load) || '—' },
                  { label: 'Revenue', value: formatMoney(total.revenue) },
                  { label: 'Weighted estimates', value: formatMoney(estimates.weighted) },
                  { label: 'Materials short', value: String(data.shortages.length) },
                ]}
              />
              <Stack gap="md">
                <ChartCard
                  title="Crew load vs capacity"
                  testId="forecast-load-chart"
                  description={
                    <>
                      {`Capacity: ${data.schedulable_users} ${data.schedulable_users === 1 ? 'person' : 'people'} who can be scheduled × 40 h = ${formatQty(perWeek)} h a week. `}
                      {calibration.jobs > 0
                        ? `Labour estimates × ${formatPercent(calibration.ratio)}: hours logged ÷ estimated on ${calibration.jobs} ${calibration.jobs === 1 ? 'job' : 'jobs'} completed since ${formatDate(calibration.since)}.`
                        : `Labour estimates as they are: no job completed since ${formatDate(calibration.since)} had one.`}
                    </>
                  }
                  empty={nothingScheduled}
                  emptyText="Nothing on the schedule in these weeks."
                >
                  <BarChart
                    h={220}
                    data={chartWeeks}
                    dataKey="week"
                    series={[{ name: 'hours', label: 'Crew hours', color: 'blue.6' }]}
                    getBarColor={(v) => (v > perWeek ? 'red.6' : 'blue.6')}
                    referenceLines={[{ y: perWeek, label: `Capacity ${formatQty(perWeek)} h`, color: 'orange.6', labelPosition: 'insideTopRight' }]}
                    yAxisProps={{ domain: [0, loadTicks.at(-1)!], ticks: loadTicks }}
                    valueFormatter={(v) => `${formatQty(v)} h`}
                    tickLine="none"
                    gridAxis="y"
                    aria-label="Crew load vs capacity"
                    role="img"
                  />
                </ChartCard>
                <ReportTable
                  title="Crew load by week"
                  columns={loadColumns}
                  rows={data.weeks}
                  rowKey={(w) => w.week}
                  csvName="crew-load"
                  testId="forecast-load"
                  emptyText="No weeks."
                />
              </Stack>
              <Stack gap="md">
                <ChartCard
                  title="Revenue per week"
                  testId="forecast-revenue-chart"
                  description="Each scheduled job’s revenue, spread evenly over its days on the schedule."
                  empty={nothingScheduled}
                  emptyText="Nothing on the schedule in these weeks."
                >
                  <BarChart
                    h={220}
                    data={chartWeeks}
                    dataKey="week"
                    series={[{ name: 'revenue', label: 'Revenue', color: 'teal.6' }]}
                    valueFormatter={formatMoneyCompact}
                    tickLine="none"
                    gridAxis="y"
                    aria-label="Revenue per week"
                    role="img"
                  />
                </ChartCard>
                <ReportTable
                  title="Revenue by week"
                  columns={revenueColumns}
                  rows={data.weeks}
                  rowKey={(w) => w.week}
                  totals={{ week: '', install_days: 0, jobs: 0, hours: 0, capacity: 0, revenue: total.revenue }}
                  csvName="revenue-scheduled"
                  testId="forecast-revenue"
                />
              </Stack>
              <ReportTable
                title="Material shortages"
                description="Scheduled jobs’ products not ordered yet, at each job’s first day in these weeks, against on hand + on order; each material at the first week it runs short. Choose one to order it."
                columns={shortageColumns}
                rows={data.shortages}
                rowKey={(s) => s.material_id}
                csvName="material-shortages"
                emptyText="No material runs short in these weeks."
                testId="forecast-shortages"
                maxHeight={440}
              />
              <ReportTable
                title="Open estimates, weighted"
                description={`Open estimates by the month their job starts (${data.months.map(monthLabel).join(', ')}), each month’s total × its type’s win rate over the 12 months before.`}
                columns={estimateColumns}
                rows={data.estimates}
                rowKey={(e) => `${e.month}-${e.type}`}
                totals={estimates}
                csvName="weighted-estimates"
                emptyText="No open estimate has its job starting in these months."
                testId="forecast-estimates"
              />
            </Stack>
          );
        }}
      </ReportState>
    </Stack>
  );
}
