/**
 * The analysis figures computed the plain way, in TypeScript, as the test oracles of the server's
 * SQL (areas/analysis): the API tests load a hand-computed set and check the reports against these,
 * and unit/analysis-oracles.test.ts checks these against the hand computation. Nothing in the app
 * runs them: the reports are one statement each. The formulas are worded in
 * shared/rules/analysis/job-profit.ts (FORMULAS) and forecast.ts (FORECAST_FORMULAS).
 */
import { weekStartDate } from '@glazier/shared/rules/dates';
import { jobRevenue, type JobMoney } from '@glazier/shared/rules/analysis/job-profit';
import { OVERTIME_AFTER } from '@glazier/shared/rules/analysis/estimates-labour';
import { roundMoney, roundQty } from '@glazier/shared/rules/money';

export interface JobProfit {
  revenue: number;
  labour_cost: number;
  cost: number;
  profit: number;
  margin: number | null;
}

/** The rate a job's hours cost: its own burden rate, else the setting's (0 without either). */
export const burdenRateOf = (jobRate: number | null, settingRate: number | null): number => jobRate ?? settingRate ?? 0;

const labourCost = (hours: number, rate: number): number => roundMoney(hours * rate);

/** profit ÷ revenue; null when there was no revenue (a margin of nothing is not 0 %). */
export const marginOf = (profit: number, revenue: number): number | null => (revenue === 0 ? null : profit / revenue);

export function jobProfit(j: JobMoney, settingRate: number | null): JobProfit {
  const revenue = jobRevenue(j);
  const labour_cost = labourCost(j.hours, burdenRateOf(j.burden_rate, settingRate));
  const cost = roundMoney(j.product_cost + labour_cost + (j.additional_costs ?? 0));
  const profit = roundMoney(revenue - cost);
  return { revenue, labour_cost, cost, profit, margin: marginOf(profit, revenue) };
}

/** Several jobs together: sums, and the margin of the sums (not the mean of the margins). */
export function sumProfit(rows: readonly Pick<JobProfit, 'revenue' | 'cost'>[]): Pick<JobProfit, 'revenue' | 'cost' | 'profit' | 'margin'> {
  const revenue = roundMoney(rows.reduce((s, r) => s + r.revenue, 0));
  const cost = roundMoney(rows.reduce((s, r) => s + r.cost, 0));
  const profit = roundMoney(revenue - cost);
  return { revenue, cost, profit, margin: marginOf(profit, revenue) };
}

/** Whole days from an estimate's date ('YYYY-MM-DD') to when it was won (an ISO timestamp or date). */
export function daysToWin(date: string, wonAt: string): number {
  const from = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const to = Date.UTC(Number(wonAt.slice(0, 4)), Number(wonAt.slice(5, 7)) - 1, Number(wonAt.slice(8, 10)));
  return Math.round((to - from) / 86_400_000);
}

export interface HoursEntry {
  user_id: number;
  date: string;
  hours: number;
}

export interface OvertimeWeek {
  user_id: number;
  /** The Sunday that starts it. */
  week: string;
  hours: number;
  overtime: number;
}

/** Each person's weeks of more than 40 hours, by week then person. */
export function overtimeWeeks(entries: readonly HoursEntry[]): OvertimeWeek[] {
  const weeks = new Map<string, OvertimeWeek>();
  for (const e of entries) {
    const week = weekStartDate(e.date.slice(0, 10));
    const key = `${week}|${e.user_id}`;
    const w = weeks.get(key) ?? { user_id: e.user_id, week, hours: 0, overtime: 0 };
    w.hours = roundQty(w.hours + e.hours);
    weeks.set(key, w);
  }
  return [...weeks.values()]
    .filter((w) => w.hours > OVERTIME_AFTER)
    .map((w) => ({ ...w, overtime: roundQty(w.hours - OVERTIME_AFTER) }))
    .sort((a, b) => a.week.localeCompare(b.week) || a.user_id - b.user_id);
}

export interface ScheduledJob {
  /** Σ qty × hours per unit of its products (estimatedHours). */
  estimated_hours: number;
  /** shared/rules/analysis/job-profit.ts jobRevenue. */
  revenue: number;
  /** Every day it is on the schedule ('YYYY-MM-DD', each once), in the weeks or not. */
  days: readonly string[];
}

export interface WeekLoad {
  week: string;
  /** Job-days on the schedule (a job on a day counts once however many events it has). */
  install_days: number;
  jobs: number;
  hours: number;
  revenue: number;
}

/** Each week's install days, jobs, crew hours and revenue: a job's hours and revenue spread evenly over its days. */
export function weeklyLoad(jobs: readonly ScheduledJob[], ratio: number, weeks: readonly string[]): WeekLoad[] {
  const out = new Map(weeks.map((week) => [week, { week, install_days: 0, jobs: 0, hours: 0, revenue: 0 }]));
  for (const job of jobs) {
    const days = [...new Set(job.days)];
    const seen = new Set<string>();
    for (const day of days) {
      const w = out.get(weekStartDate(day));
      if (!w) continue;
      w.install_days += 1;
      if (!seen.has(w.week)) w.jobs += 1;
      seen.add(w.week);
      w.hours += (job.estimated_hours * ratio) / days.length;
      w.revenue += job.revenue / days.length;
    }
  }
  return [...out.values()].map((w) => ({ ...w, hours: roundQty(w.hours), revenue: roundMoney(w.revenue) }));
}

export interface MaterialDemand {
  material_id: number;
  /** The Sunday of the week it falls in (the job's first day on the schedule in the weeks). */
  week: string;
  qty: number;
}

export interface Shortage {
  material_id: number;
  /** The first week the cumulative demand exceeds what there is. */
  week: string;
  /** Cumulative demand up to that week. */
  demand: number;
  /** On hand + on order. */
  available: number;
  short_by: number;
  /** Short by at the end of the weeks (all their demand). */
  short_by_end: number;
}

/** A running balance per material: each material short in the weeks once, at the first week it runs out. */
export function firstShortages(demand: readonly MaterialDemand[], available: ReadonlyMap<number, number>): Shortage[] {
  const byMaterial = new Map<number, MaterialDemand[]>();
  for (const d of demand) byMaterial.set(d.material_id, [...(byMaterial.get(d.material_id) ?? []), d]);
  const out: Shortage[] = [];
  for (const [material_id, rows] of byMaterial) {
    const have = available.get(material_id) ?? 0;
    const total = rows.reduce((s, r) => s + r.qty, 0);
    let cumulative = 0;
    for (const r of [...rows].sort((a, b) => a.week.localeCompare(b.week))) {
      cumulative += r.qty;
      if (cumulative > have) {
        out.push({
          material_id,
          week: r.week,
          demand: roundQty(cumulative),
          available: have,
          short_by: roundQty(cumulative - have),
          short_by_end: roundQty(total - have),
        });
        break;
      }
    }
  }
  return out.sort((a, b) => a.week.localeCompare(b.week) || a.material_id - b.material_id);
}

/** A job's estimated labour: Σ qty × the product's hours per unit (a product without one adds nothing). */
export const estimatedHours = (lines: readonly { qty: number | null; hours_per_unit: number | null }[]): number =>
  roundQty(lines.reduce((s, l) => s + (l.qty ?? 0) * (l.hours_per_unit ?? 0), 0));

/** Hours logged ÷ estimated; null without an estimate. Over 1: the work ran long. */
export const calibrationRatio = (logged: number, estimated: number): number | null => (estimated > 0 ? logged / estimated : null);

export interface CalibrationJob {
  /** Estimated hours by product category id (or foreman, or any key). */
  estimated: ReadonlyMap<number | null, number>;
  logged: number;
}

/**
 * Estimated and logged hours by category over completed jobs: a job's logged hours are shared
 * among its categories in proportion to their estimated hours (time entries name no category).
 * Jobs without an estimate are left out.
 */
export function calibrationByKey(jobs: readonly CalibrationJob[]): Map<number | null, { estimated: number; logged: number; ratio: number | null }> {
  const out = new Map<number | null, { estimated: number; logged: number; ratio: number | null }>();
  for (const j of jobs) {
    const total = [...j.estimated.values()].reduce((s, h) => s + h, 0);
    if (total <= 0) continue;
    for (const [key, est] of j.estimated) {
      const r = out.get(key) ?? { estimated: 0, logged: 0, ratio: null };
      r.estimated += est;
      r.logged += (j.logged * est) / total;
      out.set(key, r);
    }
  }
  for (const r of out.values()) {
    r.estimated = roundQty(r.estimated);
    r.logged = roundQty(r.logged);
    r.ratio = calibrationRatio(r.logged, r.estimated);
  }
  return out;
}
