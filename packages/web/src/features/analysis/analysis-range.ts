/**
 * The analysis's state in the URL (a report one can bookmark and send): the range (`start`, `end`,
 * last 12 months unless given), the tab, the jobs' grouping, group, sort and page.
 */
import { JOB_GROUPINGS, JOB_SORTS, type JobGrouping, type JobSort } from '@glazier/shared/actions/analysis';
import { presetRange, type DateRange } from '@glazier/shared/rules/analysis/date-ranges';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { useCallback, useMemo } from 'react';
import { applyChanges, useAddressParams, type AddressChanges } from '../../resource-kit/lists/address-params.ts';

export const TABS = ['jobs', 'estimates', 'labour', 'billing'] as const;
export type AnalysisTab = (typeof TABS)[number];

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T =>
  v != null && (values as readonly string[]).includes(v) ? (v as T) : fallback;

export interface AnalysisState {
  today: string;
  range: DateRange;
  tab: AnalysisTab;
  groupBy: JobGrouping;
  group: string | null;
  sort: JobSort;
  direction: 'asc' | 'desc';
  page: number;
}

/** The range the address gives, or the last 12 months. */
function rangeOf(params: URLSearchParams, today: string): DateRange {
  const start = params.get('start');
  const end = params.get('end');
  return start && end && ISO.test(start) && ISO.test(end) && end >= start ? { start, end } : presetRange('last_12_months', today);
}

/** Parameters to set or clear (null); or made from the range as it stands at that moment (after any change not yet rendered). */
export type AnalysisChanges = AddressChanges | ((range: DateRange) => AddressChanges);

export function useAnalysisState(): [AnalysisState, (changes: AnalysisChanges) => void] {
  const [params, write] = useAddressParams();
  const today = toIsoDate(new Date());
  const state = useMemo((): AnalysisState => {
    const range = rangeOf(params, today);
    return {
      today,
      range,
      tab: oneOf(TABS, params.get('tab'), 'jobs'),
      groupBy: oneOf(JOB_GROUPINGS, params.get('group_by'), 'client'),
      group: params.get('group'),
      sort: oneOf(JOB_SORTS, params.get('sort'), 'end_date'),
      direction: params.get('dir') === 'asc' ? 'asc' : 'desc',
      page: Math.max(1, Number(params.get('page')) || 1),
    };
  }, [params, today]);
  /** Sets or clears (null) parameters; the jobs' page goes back to 1 unless it is one of them. */
  const update = useCallback(
    (asked: AnalysisChanges) =>
      write(
        (current) => {
          const changes = typeof asked === 'function' ? asked(rangeOf(current, today)) : asked;
          return applyChanges(current, changes);
        },
        { replace: true },
      ),
    [write, today],
  );
  return [state, update];
}
