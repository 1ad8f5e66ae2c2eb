/**
 * The forecast's figures (`/forecasting`): the next weeks' crew load against capacity,
 * revenue scheduled, open estimates weighted by their type's win rate, and material shortages. The
 * server's SQL (areas/analysis/forecast.ts) computes them (its API test checks it on one
 * hand-computed set against server/test/analysis-oracles.ts), and the screen's tooltips quote
 * FORECAST_FORMULAS.
 *
 *   a job's share of a day = 1 ÷ its event days (all of them, in the window or not)
 *   crew hours  = Σ over a week's job-days of the job's estimated labour × calibration ÷ its event days
 *   calibration = hours logged ÷ estimated over the completed jobs of the 12 months before (1 without any)
 *   capacity    = schedulable users × 40 h
 *   revenue     = Σ over a week's job-days of the job's revenue (job-profit.ts) ÷ its event days
 *   weighted    = an open estimate's total × its type's win rate over the 12 months before
 *   short       = the first week a material's cumulative demand exceeds on hand + on order
 */
import { addDays, weekStartDate } from '../dates.ts';
import { roundMoney, roundQty } from '../money.ts';

/** Weeks the forecast may look ahead, and how many it does unless asked. */
export const FORECAST_WEEKS = { min: 1, max: 26, default: 12 } as const;
/** The hours a schedulable person works in a week (capacity). */
export const HOURS_PER_WEEK = 40;
/** The history the calibration and the win rates are taken over, in months before the first week. */
export const HISTORY_MONTHS = 12;

/** The Sundays ('YYYY-MM-DD') that start the forecast's weeks: the week holding `today`, then the next. */
export function forecastWeeks(today: string, weeks: number): string[] {
  const first = weekStartDate(today);
  return Array.from({ length: weeks }, (_, i) => addDays(first, 7 * i));
}

/** The months ('YYYY-MM') the weeks touch, first day of the first week to the last day of the last. */
export function forecastMonths(weeks: readonly string[]): string[] {
  if (weeks.length === 0) return [];
  const last = addDays(weeks[weeks.length - 1]!, 6).slice(0, 7);
  const months: string[] = [];
  for (let m = weeks[0]!.slice(0, 7); m <= last;) {
    months.push(m);
    const y = Number(m.slice(0, 4));
    const n = Number(m.slice(5, 7));
    m = n === 12 ? `${y + 1}-01` : `${y}-${String(n + 1).padStart(2, '0')}`;
  }
  return months;
}

/** The first day of the history: `HISTORY_MONTHS` months before the first week's Sunday. */
export function historyStart(firstWeek: string): string {
  const d = new Date(`${firstWeek}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - HISTORY_MONTHS);
  return d.toISOString().slice(0, 10);
}

/** Hours logged ÷ estimated over the history's completed jobs; 1 (the estimates as they are) without an estimate. */
export const calibratedRatio = (logged: number, estimated: number): number => (estimated > 0 ? logged / estimated : 1);

/** The crew's hours in a week: every schedulable user full time. */
export const crewCapacity = (schedulableUsers: number): number => schedulableUsers * HOURS_PER_WEEK;

/** Crew hours ÷ capacity; null without capacity (nobody to schedule). */
export const crewLoad = (hours: number, capacity: number): number | null => (capacity > 0 ? hours / capacity : null);

/** The weeks' sums: crew hours, capacity, their load, and revenue. */
export function weeksTotal(weeks: readonly { hours: number; capacity: number; revenue: number }[]): {
  hours: number;
  capacity: number;
  load: number | null;
  revenue: number;
} {
  const hours = weeks.reduce((s, w) => s + w.hours, 0);
  const capacity = weeks.reduce((s, w) => s + w.capacity, 0);
  return { hours: roundQty(hours), capacity, load: crewLoad(hours, capacity), revenue: roundMoney(weeks.reduce((s, w) => s + w.revenue, 0)) };
}

/** An open estimate's worth: its total × its type's win rate (none decided: 0, nothing to go by). */
export const weightedValue = (value: number, winRate: number | null): number => roundMoney(value * (winRate ?? 0));

/** The formulas as the screen words them (column tooltips). */
export const FORECAST_FORMULAS = {
  install_days: 'Days on the schedule of each job, counted once per job and day',
  jobs: 'Jobs with at least one day on the schedule in the week',
  hours: 'For each job-day: the job’s labour estimate (qty × labour hours per unit of its products) × the calibration, ÷ the job’s days on the schedule',
  calibration: 'Hours logged ÷ estimated hours over the jobs completed in the 12 months before (100 % without any)',
  capacity: 'Active users who can be scheduled (supervisors always) × 40 h',
  load: 'Crew hours ÷ capacity',
  revenue:
    'For each job-day: the job’s revenue (invoice amount, or the sum of its products’ revenue; + additional revenues + trip charge) ÷ the job’s days on the schedule',
  estimate_value: 'Sum of the open estimates’ totals (the client’s choice of alternates)',
  win_rate: 'Won ÷ (won + lost) of the estimates of this type dated in the 12 months before',
  weighted: 'Value × the type’s win rate (0 when none of the type was decided)',
  demand: 'Qty × the product’s material qty, of scheduled jobs’ products not ordered yet, at the job’s first day in the weeks; summed to this week',
  available: 'On hand + on order (open purchase order lines)',
  short_by: 'Demand to this week − (on hand + on order)',
  short_by_end: 'All the weeks’ demand − (on hand + on order)',
} as const;
