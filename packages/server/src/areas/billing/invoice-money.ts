/**
 * What billing's named writes share: an invoice's money read locked in cents (invoice-sql.ts), its
 * status as its payments give it (rules/billing/invoice-status.ts `statusFromPayments`), and its
 * job's `invoice_amount`, which follows the invoices that are not void
 * (docs/domain/billing.md, Invoice amount).
 */
import { sql } from 'drizzle-orm';
import { statusFromPayments, type InvoiceStatus } from '@glazier/shared/rules/billing/invoice-status';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { INVOICE_KINDS, INVOICE_STATUSES } from '@glazier/shared/resources/billing';
import type { Db } from '../../db/client.ts';
import { tableFor } from '../../db/schema.ts';
import { oneOf, sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { RecordWriter } from '../../engine/named-write.ts';
import { paidSql, subtotalSql, taxSql, totalSql } from './invoice-sql.ts';

export interface InvoiceMoney {
  id: number;
  number: number;
  job_id: number | null;
  client_id: number;
  kind: string;
  status: InvoiceStatus;
  due_date: string | null;
  exported_batch_id: number | null;
  /** Cents. */
  subtotal: number;
  tax: number;
  total: number;
  deposits: number;
  /** total − deposits: what the client owes before payments. */
  amountDue: number;
  paid: number;
  balance: number;
}

/** The invoices `where` picks (over `invoices i`), with their money in cents; `lock` locks them (FOR UPDATE) first. */
export async function invoiceMoney(db: Db, where: ReturnType<typeof sql>, lock = false): Promise<InvoiceMoney[]> {
  const t = tableFor('invoices');
  if (lock) await sqlRun(db, sql`SELECT ${t.id} FROM ${t} WHERE ${where} ORDER BY ${t.id} FOR UPDATE`);
  const rows = await sqlSelect(
    db,
    {
      id: 'num',
      number: 'num',
      job_id: 'num?',
      client_id: 'num',
      kind: oneOf(INVOICE_KINDS),
      status: oneOf(INVOICE_STATUSES),
      due_date: 'text?',
      exported_batch_id: 'num?',
      subtotal: 'num',
      tax: 'num',
      total: 'num',
      deposits: 'num',
      paid: 'num',
    },
    sql`SELECT ${t.id} AS id, ${t.number} AS number, ${t.job_id} AS job_id, ${t.client_id} AS client_id, ${t.kind} AS kind, ${t.status} AS status,
        to_char(${t.due_date}, 'YYYY-MM-DD') AS due_date, ${t.exported_batch_id} AS exported_batch_id,
        ${subtotalSql(t)} AS subtotal, ${taxSql(t)} AS tax, ${totalSql(t)} AS total, coalesce(${t.deposits_applied}, 0) AS deposits, ${paidSql(t)} AS paid
      FROM ${t} WHERE ${where} ORDER BY ${t.due_date} NULLS LAST, ${t.number}`,
  );
  return rows.map((r) => {
    const total = toCents(r.total);
    const deposits = toCents(r.deposits);
    const paid = toCents(r.paid);
    const status = r.status;
    return {
      id: r.id,
      number: r.number,
      job_id: r.job_id,
      client_id: r.client_id,
      kind: r.kind,
      status,
      due_date: r.due_date,
      exported_batch_id: r.exported_batch_id,
      subtotal: toCents(r.subtotal),
      tax: toCents(r.tax),
      total,
      deposits,
      amountDue: total - deposits,
      paid,
      balance: status === 'void' ? 0 : total - deposits - paid,
    };
  });
}

/** Each invoice's status as its payments now give it, written where it moved (with its history). */
export async function settleStatuses(w: RecordWriter, invoiceIds: readonly number[]): Promise<void> {
  if (!invoiceIds.length) return;
  const ids = `{${[...new Set(invoiceIds)].join(',')}}`;
  for (const inv of await invoiceMoney(w.ctx.db, sql`id = ANY(${ids}::int[])`, true)) {
    const next = statusFromPayments(inv.status, inv.amountDue, inv.paid);
    if (next !== inv.status) await w.update('invoices', inv.id, { status: next, updated_at: sql`now()` });
  }
}

/**
 * The job's `invoice_amount` once it has an invoice: what its invoices that are not void bill for
 * its products and custom lines, before tax, each less the deposits it subtracts (so a deposit and
 * the final invoice that subtracts it count once). Analysis reads a job's revenue as its invoice
 * amount + its trip charge + its additional revenues (rules/analysis/job-profit.ts), so the lines
 * that bill those two are left out here, and sales tax is no revenue.
 */
export async function refreshInvoiceAmount(w: RecordWriter, jobId: number | null | undefined): Promise<void> {
  if (jobId == null) return;
  const [row] = await sqlSelect(
    w.ctx.db,
    { n: 'num', billed: 'num?' },
    sql`SELECT count(*) AS n, sum(CASE WHEN i.status <> 'void' THEN
          (SELECT coalesce(sum(l.amount), 0) FROM invoice_lines l
            WHERE l.invoice_id = i.id AND l.deleted_at IS NULL AND l.kind NOT IN ('trip_charge', 'additional')) - coalesce(i.deposits_applied, 0)
        ELSE 0 END) AS billed
      FROM invoices i WHERE i.job_id = ${jobId} AND i.deleted_at IS NULL`,
  );
  if (!row || row.n === 0) return;
  const billed = fromCents(toCents(row.billed ?? 0));
  const [job] = await sqlSelect(w.ctx.db, { invoice_amount: 'num?' }, sql`SELECT invoice_amount FROM jobs WHERE id = ${jobId} FOR UPDATE`);
  if (!job || (job.invoice_amount != null && toCents(job.invoice_amount) === toCents(billed))) return;
  await sqlRun(w.ctx.db, sql`UPDATE jobs SET invoice_amount = ${billed.toFixed(2)}, updated_at = now() WHERE id = ${jobId}`);
  // the job's history shows the figure from what to what, by whoever made the invoice change that moved it
  await w.summary('jobs', 'invoiced', jobId, { invoice_amount: billed }, { invoice_amount: job.invoice_amount });
}
