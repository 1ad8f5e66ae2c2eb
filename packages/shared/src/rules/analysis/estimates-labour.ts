/**
 * Estimates' and labour's figures (issue 26): the win rate, days to win, overtime weeks, and the
 * calibration of labour estimates (B7). The server's SQL computes the same (areas/analysis).
 */
import { roundQty } from '../money.ts';

/** won ÷ (won + lost); null when none was decided (open estimates do not count). */
export const winRate = (won: number, lost: number): number | null => (won + lost === 0 ? null : won / (won + lost));

/** Whole days from an estimate's date ('YYYY-MM-DD') to when it was won (an ISO timestamp or date). */
export function daysToWin(date: string, wonAt: string): number {
  const from = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  const to = Date.UTC(Number(wonAt.slice(0, 4)), Number(wonAt.slice(5, 7)) - 1, Number(wonAt.slice(8, 10)));
  return Math.round((to - from) / 86_400_000);
}

/** The hours of a week beyond which they are overtime. */
export const OVERTIME_AFTER = 40;

/** The Sunday ('YYYY-MM-DD') that starts the week of a date ('YYYY-MM-DD'), as the time cards' weeks. */
export function sundayOf(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
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
    const week = sundayOf(e.date);
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
