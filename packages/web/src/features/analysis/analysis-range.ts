/**
 * The analysis's state in the URL (a report one can bookmark and send): the range (`start`, `end`,
 * last 12 months unless given), the tab, the jobs' grouping, group, sort and page.
 */
import { JOB_GROUPINGS, JOB_SORTS, type JobGrouping, type JobSort } from '@glazier/shared/actions/analysis';
import { presetRange, type DateRange } from '@glazier/shared/rules/analysis/date-ranges';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export const TABS = ['jobs', 'estimates', 'labour'] as const;
export type AnalysisTab = (typeof TABS)[number];

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], v: string | null, fallback: T): T => (v != null && (values as readonly string[]).includes(v) ? (v as T) : fallback);

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

export function useAnalysisState(): [AnalysisState, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const today = toIsoDate(new Date());
  const state = useMemo((): AnalysisState => {
    const fallback = presetRange('last_12_months', today);
    const start = params.get('start');
    const end = params.get('end');
    const range = start && end && ISO.test(start) && ISO.test(end) && end >= start ? { start, end } : fallback;
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
    (changes: Record<string, string | null>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (!('page' in changes)) next.delete('page');
          for (const [k, v] of Object.entries(changes)) {
            if (v == null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [state, update];
}
