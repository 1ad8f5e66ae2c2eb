/**
 * Labour: hours logged in the range by employee, scope and job; the weeks someone worked over 40
 * hours; and how the labour estimates (products' hours per unit) compare with the hours logged on
 * completed jobs, by product category and by foreman.
 */
import { analysisCalibration, analysisLabour, type CalibrationGroup, type HoursGroup, type OvertimeWeekRow } from '@glazier/shared/actions/analysis';
import type { DateRange } from '@glazier/shared/rules/analysis/date-ranges';
import { FORMULAS } from '@glazier/shared/rules/analysis/job-profit';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatPercent, formatQty } from '@glazier/shared/rules/money';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { ReportTable, type ReportColumn } from '../../resource-kit/lists/report-table.tsx';
import { FigureTiles } from '../../ui/figure-tiles.tsx';
import { ReportState, useReport } from './report-query.tsx';

const hoursColumns = (label: string): ReportColumn<HoursGroup>[] => [
  { key: 'label', label, text: (g) => g.label },
  { key: 'entries', label: 'Entries', numeric: true, visibleFrom: 'sm', value: (g) => g.entries, text: (g) => String(g.entries) },
  { key: 'hours', label: 'Hours', formula: FORMULAS.hours, numeric: true, value: (g) => g.hours, text: (g) => formatQty(g.hours) },
];

const overtimeColumns: ReportColumn<OvertimeWeekRow>[] = [
  { key: 'week', label: 'Week of', value: (w) => w.week, text: (w) => formatDate(w.week) },
  { key: 'user_name', label: 'Employee', text: (w) => w.user_name },
  { key: 'hours', label: 'Hours', numeric: true, visibleFrom: 'sm', value: (w) => w.hours, text: (w) => formatQty(w.hours) },
  { key: 'overtime', label: 'Overtime', formula: FORMULAS.overtime, numeric: true, value: (w) => w.overtime, text: (w) => formatQty(w.overtime) },
];

const calibrationColumns = (label: string): ReportColumn<CalibrationGroup>[] => [
  { key: 'label', label, text: (g) => g.label },
  {
    key: 'ratio',
    label: 'Logged ÷ estimated',
    formula: FORMULAS.calibration,
    numeric: true,
    value: (g) => g.ratio,
    text: (g) => formatPercent(g.ratio),
    render: (g) => (
      <Text span fz="sm" c={g.ratio == null ? undefined : g.ratio > 1.1 ? 'red' : g.ratio < 0.9 ? 'teal' : undefined}>
        {formatPercent(g.ratio)}
      </Text>
    ),
  },
  { key: 'jobs', label: 'Jobs', numeric: true, visibleFrom: 'sm', value: (g) => g.jobs, text: (g) => String(g.jobs) },
  {
    key: 'estimated_hours',
    label: 'Estimated',
    formula: FORMULAS.estimated_hours,
    numeric: true,
    value: (g) => g.estimated_hours,
    text: (g) => formatQty(g.estimated_hours),
  },
  { key: 'logged_hours', label: 'Logged', formula: FORMULAS.hours, numeric: true, value: (g) => g.logged_hours, text: (g) => formatQty(g.logged_hours) },
];

export function LabourTab({ range }: { range: DateRange }) {
  const report = useReport(analysisLabour, range);
  const calibration = useReport(analysisCalibration, range);
  return (
    <Stack gap="md" data-testid="labour-report">
      <ReportState result={report} what="labour">
        {({ data }) => (
          <Stack gap="md">
            <FigureTiles
              testId="labour-totals"
              figures={[
                { label: 'Hours', value: formatQty(data.total_hours) },
                { label: 'Employees', value: String(data.employees.length) },
                { label: 'Overtime weeks', value: String(data.overtime.length) },
                { label: 'Overtime hours', value: formatQty(data.overtime.reduce((s, w) => s + w.overtime, 0)) },
              ]}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <ReportTable
                title="By employee"
                columns={hoursColumns('Employee')}
                rows={data.employees}
                rowKey={(g) => g.key ?? 'none'}
                csvName="hours-by-employee"
                defaultSort={{ column: 'hours', direction: 'desc' }}
                testId="labour-employees"
                maxHeight={440}
              />
              <ReportTable
                title="By scope"
                description="A job of several scopes counts in each."
                columns={hoursColumns('Scope')}
                rows={data.scopes}
                rowKey={(g) => g.key ?? 'none'}
                csvName="hours-by-scope"
                defaultSort={{ column: 'hours', direction: 'desc' }}
                testId="labour-scopes"
              />
            </SimpleGrid>
            <ReportTable
              title="Overtime weeks"
              description="Weeks of more than 40 hours, Sunday to Saturday."
              columns={overtimeColumns}
              rows={data.overtime}
              rowKey={(w) => `${w.week}-${w.user_id ?? 'none'}`}
              csvName="overtime-weeks"
              emptyText="No one worked over 40 hours in a week of this range."
              testId="labour-overtime"
              maxHeight={440}
            />
            <ReportTable
              title="By job"
              description={data.job_count > data.jobs.length ? `The ${data.jobs.length} jobs with the most hours, of ${data.job_count}.` : undefined}
              columns={hoursColumns('Job')}
              rows={data.jobs}
              rowKey={(g) => g.key ?? 'none'}
              csvName="hours-by-job"
              defaultSort={{ column: 'hours', direction: 'desc' }}
              testId="labour-jobs"
              maxHeight={440}
            />
          </Stack>
        )}
      </ReportState>
      <ReportState result={calibration} what="labour estimates">
        {({ data }) => (
          <Stack gap="md">
            <ReportTable
              title="Labour estimates by product category"
              description="Completed jobs ending in the range. A job’s hours are shared among its categories by their estimated hours."
              columns={calibrationColumns('Category')}
              rows={data.categories}
              rowKey={(g) => g.key ?? 'none'}
              csvName="labour-estimates-by-category"
              emptyText="No completed job with a labour estimate (products’ hours per unit) in this range."
              testId="calibration-categories"
            />
            <ReportTable
              title="Labour estimates by foreman"
              description="Completed jobs ending in the range with a labour estimate."
              columns={calibrationColumns('Foreman')}
              rows={data.foremen}
              rowKey={(g) => g.key ?? 'none'}
              csvName="labour-estimates-by-foreman"
              emptyText="No completed job with a labour estimate (products’ hours per unit) in this range."
              testId="calibration-foremen"
            />
          </Stack>
        )}
      </ReportState>
    </Stack>
  );
}
