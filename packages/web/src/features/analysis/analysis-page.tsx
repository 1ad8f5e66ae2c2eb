/**
 * Analysis (`/analysis`, `view analysis`): which work makes money. A date range (presets
 * or any two days, kept in the URL) over its tabs: job profitability (jobs by end date), estimates
 * (win rate and value won), labour (hours, overtime, how the labour estimates hold up) and, for those
 * who see invoices, billed vs collected by month. Every
 * figure comes aggregated from the server (shared/actions/analysis.ts); each column says how it is computed.
 */
import { RANGE_PRESETS, RANGE_PRESET_LABELS, presetOf, presetRange, type RangePreset } from '@glazier/shared/rules/analysis/date-ranges';
import { Chip, Group, Stack, Tabs } from '@mantine/core';
import { DateField } from '../../ui/date-field.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { TABS, useAnalysisState, type AnalysisTab } from './analysis-range.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { BillingTab } from './billing-tab.tsx';
import { EstimatesTab } from './estimates-tab.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { LabourTab } from './labour-tab.tsx';

const TAB_LABELS: Record<AnalysisTab, string> = { jobs: 'Job profitability', estimates: 'Estimates', labour: 'Labour', billing: 'Billed vs collected' };

export function AnalysisPage() {
  const [state, update] = useAnalysisState();
  const { range, today } = state;
  // billed vs collected reads invoices: for those who see them
  const canInvoices = useCan('view', 'invoices');
  const tab = state.tab === 'billing' && !canInvoices ? 'jobs' : state.tab;
  const preset = presetOf(range, today);
  const setRange = (start: string, end: string) => update({ start, end, group: null });
  return (
    <Stack gap="md">
      <ScreenTitle>Analysis</ScreenTitle>
      <Group gap="sm" align="flex-end" wrap="wrap" data-testid="analysis-range">
        <Chip.Group
          multiple={false}
          value={preset ?? ''}
          onChange={(v) => {
            const r = presetRange(v as RangePreset, today);
            setRange(r.start, r.end);
          }}
        >
          <Group gap={6} wrap="wrap">
            {RANGE_PRESETS.map((p) => (
              <Chip key={p} value={p} size="sm" variant="outline">
                {RANGE_PRESET_LABELS[p]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="xs" wrap="nowrap">
          {/* each from the range as the address has it now, not as this render saw it: From then To typed quickly both count */}
          <DateField
            label="From"
            w={140}
            value={range.start}
            onChange={(v) => v && update((now) => ({ start: v, end: v > now.end ? v : now.end, group: null }))}
          />
          <DateField
            label="To"
            w={140}
            value={range.end}
            onChange={(v) => v && update((now) => ({ start: v < now.start ? v : now.start, end: v, group: null }))}
          />
        </Group>
      </Group>
      <Tabs value={tab} onChange={(v) => update({ tab: v === 'jobs' ? null : v })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.filter((t) => t !== 'billing' || canInvoices).map((t) => (
            <Tabs.Tab key={t} value={t}>
              {TAB_LABELS[t]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="jobs">
          <JobsTab state={state} update={update} />
        </Tabs.Panel>
        <Tabs.Panel value="estimates">
          <EstimatesTab range={range} />
        </Tabs.Panel>
        <Tabs.Panel value="labour">
          <LabourTab range={range} />
        </Tabs.Panel>
        {canInvoices && (
          <Tabs.Panel value="billing">
            <BillingTab range={range} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
