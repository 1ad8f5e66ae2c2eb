/**
 * Accounts-receivable aging (docs/domain/billing.md, Receivables): each open balance by how many
 * days past its due date it is on a given day: current (not yet past due), 1–30, 31–60, 61–90 and
 * over 90 days; per client, with the totals of each bucket. Money in cents.
 */
import { addDays } from '../dates.ts';

export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  d1_30: '1–30 days',
  d31_60: '31–60 days',
  d61_90: '61–90 days',
  over_90: 'Over 90 days',
};

/** Whole days from one ISO date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to.slice(0, 10)}T00:00:00Z`) - Date.parse(`${from.slice(0, 10)}T00:00:00Z`)) / 86_400_000);
}

/** The bucket of a balance due on `dueDate`, on `asOf`; an invoice with no due date is due when issued (the caller passes its issue date). */
export function agingBucket(dueDate: string, asOf: string): AgingBucket {
  const late = daysBetween(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'd1_30';
  if (late <= 60) return 'd31_60';
  if (late <= 90) return 'd61_90';
  return 'over_90';
}

export interface AgingInvoice {
  client_id: number;
  client_name: string;
  due_date: string;
  /** The open balance in cents; 0 or less is not receivable and is left out. */
  balance: number;
}

export type BucketTotals = Record<AgingBucket, number> & { total: number };

export interface AgingRow extends BucketTotals {
  client_id: number;
  client_name: string;
}

const emptyTotals = (): BucketTotals => ({ current: 0, d1_30: 0, d31_60: 0, d61_90: 0, over_90: 0, total: 0 });

/** One row per client with an open balance (by name), and the totals of all. */
export function agingReport(invoices: readonly AgingInvoice[], asOf: string): { rows: AgingRow[]; totals: BucketTotals } {
  const rows = new Map<number, AgingRow>();
  const totals = emptyTotals();
  for (const inv of invoices) {
    if (inv.balance <= 0) continue;
    const bucket = agingBucket(inv.due_date, asOf);
    let row = rows.get(inv.client_id);
    if (!row) rows.set(inv.client_id, (row = { client_id: inv.client_id, client_name: inv.client_name, ...emptyTotals() }));
    row[bucket] += inv.balance;
    row.total += inv.balance;
    totals[bucket] += inv.balance;
    totals.total += inv.balance;
  }
  return { rows: [...rows.values()].sort((a, b) => a.client_name.localeCompare(b.client_name) || a.client_id - b.client_id), totals };
}

/** The first day a balance due on `dueDate` is in a bucket (for a filter's SQL: due on or before this day). */
export function bucketStarts(bucket: AgingBucket, asOf: string): string {
  const lateBy = { current: 0, d1_30: 1, d31_60: 31, d61_90: 61, over_90: 91 }[bucket];
  return addDays(asOf, -lateBy);
}
