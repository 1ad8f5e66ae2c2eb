/**
 * A time card: one person's week, Sunday to Saturday, as a grid of jobs × days of
 * hours, with the totals per day, per job and for the week; and the week's overtime (over 40 h).
 * Pure, so the screen, the export and the tests read the same numbers.
 */
import { weekDates } from '../dates.ts';

/** Hours in a week beyond which the week is overtime (FLSA's 40). */
export const OVERTIME_WEEK_HOURS = 40;

/** The hours of a week beyond the overtime line (0 when within). */
export function overtimeHours(weekHours: number): number {
  return Math.max(0, roundHours(weekHours - OVERTIME_WEEK_HOURS));
}

/** Sums of quarter hours and the like add up in binary fractions: kept to the second. */
export function roundHours(hours: number): number {
  return Math.round(hours * 3600) / 3600;
}

/** What the grid needs of an entry (the time entry record has all of it). */
export interface TimeCardEntry {
  id: number;
  job_id: number | null;
  date: string;
  hours: number;
  oregon: boolean;
  job_number?: string | null;
  job_name?: string | null;
  client_name?: string | null;
}

export interface TimeCardCell<E extends TimeCardEntry = TimeCardEntry> {
  date: string;
  /** The cell's entries, in the order given (a cell may hold several: two visits in a day). */
  entries: E[];
  hours: number;
  /** Hours worked in Oregon, of `hours`. */
  oregonHours: number;
}

export interface TimeCardRow<E extends TimeCardEntry = TimeCardEntry> {
  job_id: number | null;
  job_number: string | null;
  job_name: string | null;
  client_name: string | null;
  /** Seven cells, Sunday to Saturday. */
  cells: TimeCardCell<E>[];
  total: number;
}

export interface TimeCard<E extends TimeCardEntry = TimeCardEntry> {
  /** The seven dates, Sunday to Saturday. */
  days: string[];
  rows: TimeCardRow<E>[];
  dayTotals: number[];
  total: number;
  oregonHours: number;
  overtime: number;
}

/** A row's job as a label: '1042 · Hillside Remodel', or what there is of it. */
export function jobLabel(row: Pick<TimeCardRow, 'job_id' | 'job_number' | 'job_name'>): string {
  const parts = [row.job_number, row.job_name].filter((p): p is string => Boolean(p));
  if (parts.length) return parts.join(' · ');
  return row.job_id == null ? 'No job' : `Job ${row.job_id}`;
}

/**
 * The card of the week starting `start` (a Sunday): a row per job of the week's entries (entries
 * outside the week are left out), ordered by job number then name, plus a row for each of
 * `extraJobs` not already there (a job added to the card before any time is entered on it).
 */
export function timeCard<E extends TimeCardEntry>(
  start: string,
  entries: readonly E[],
  extraJobs: readonly Omit<TimeCardRow, 'cells' | 'total'>[] = [],
): TimeCard<E> {
  const days = weekDates(start);
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const rows = new Map<number | null, TimeCardRow<E>>();
  const rowOf = (job: Omit<TimeCardRow, 'cells' | 'total'>) => {
    let row = rows.get(job.job_id);
    if (!row) {
      row = {
        job_id: job.job_id,
        job_number: job.job_number ?? null,
        job_name: job.job_name ?? null,
        client_name: job.client_name ?? null,
        cells: days.map((date) => ({ date, entries: [], hours: 0, oregonHours: 0 })),
        total: 0,
      };
      rows.set(job.job_id, row);
    }
    return row;
  };
  const dayTotals = days.map(() => 0);
  let total = 0;
  let oregon = 0;
  for (const e of entries) {
    const i = dayIndex.get(e.date.slice(0, 10));
    if (i === undefined) continue;
    const hours = Number(e.hours) || 0;
    const row = rowOf({ job_id: e.job_id, job_number: e.job_number ?? null, job_name: e.job_name ?? null, client_name: e.client_name ?? null });
    const cell = row.cells[i]!;
    cell.entries.push(e);
    cell.hours += hours;
    row.total += hours;
    dayTotals[i]! += hours;
    total += hours;
    if (e.oregon) {
      cell.oregonHours += hours;
      oregon += hours;
    }
  }
  for (const job of extraJobs) rowOf(job);
  const sorted = [...rows.values()].sort(
    (a, b) =>
      (a.job_number ?? '\uffff').localeCompare(b.job_number ?? '\uffff', undefined, { numeric: true }) ||
      (a.job_name ?? '').localeCompare(b.job_name ?? '') ||
      (a.job_id ?? 0) - (b.job_id ?? 0),
  );
  for (const row of sorted) {
    row.total = roundHours(row.total);
    for (const c of row.cells) {
      c.hours = roundHours(c.hours);
      c.oregonHours = roundHours(c.oregonHours);
    }
  }
  const weekTotal = roundHours(total);
  return { days, rows: sorted, dayTotals: dayTotals.map(roundHours), total: weekTotal, oregonHours: roundHours(oregon), overtime: overtimeHours(weekTotal) };
}
