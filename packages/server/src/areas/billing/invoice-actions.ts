/**
 * An invoice made from its job (the final one, or a deposit), and Void (docs/domain/billing.md,
 * Lines from the job, Deposits, Status): each in one named write, the job locked so two invoices of
 * one job are made one at a time, and the job's `invoice_amount` following (invoice-money.ts).
 */
import { sql } from 'drizzle-orm';
import type { depositInvoice, invoiceFromJob } from '@glazier/shared/actions/billing';
import type { ActionParsedInput } from '@glazier/shared/actions/define';
import { voidInvoice } from '@glazier/shared/rules/billing/invoice-status';
import { depositLine, invoiceTotals, linesFromJob, type TaxRate } from '@glazier/shared/rules/billing/invoice-totals';
import { formatCents, fromCents, toCents } from '@glazier/shared/rules/money';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { changeRecord, namedWrite, type RecordWriter } from '../../engine/named-write.ts';
import { get, getRow } from '../../engine/read.ts';
import { create } from '../../engine/write.ts';
import { taxOf } from './billing-hooks.ts';
import { estimateLines, lockedEstimate } from './estimate-deposits.ts';
import { invoiceMoney, refreshInvoiceAmount } from './invoice-money.ts';

type Head = ActionParsedInput<typeof invoiceFromJob>;

/** The job, read as the caller may (404/403), then locked; 422 on `job_id` when it has no client to bill. */
async function lockedJob(w: RecordWriter, jobId: number) {
  await getRow(w.ctx, 'jobs', jobId);
  const [job] = await sqlSelect(
    w.ctx.db,
    { id: 'num', number: 'text?', client_id: 'num?', trip_charge: 'num?', additional_revenues: 'num?' },
    sql`SELECT id, number, client_id, trip_charge, additional_revenues FROM jobs WHERE id = ${jobId} AND deleted_at IS NULL FOR UPDATE`,
  );
  if (!job) throw invalid({ job_id: ['The selected job is invalid.'] });
  if (job.client_id == null) throw invalid({ job_id: ['The job has no client to bill: choose its client first.'] });
  return { ...job, client_id: job.client_id };
}

/** The job's lines as its final invoice bills them (rules' `linesFromJob`). */
async function jobLines(ctx: Ctx, job: { id: number; trip_charge: number | null; additional_revenues: number | null }) {
  const products = await sqlSelect(
    ctx.db,
    { id: 'num', description: 'text', qty: 'num?', revenue: 'num?', taxable: 'bool?' },
    sql`SELECT jp.id, coalesce(nullif(btrim(jp.name), ''), p.name, 'Product') AS description, jp.qty, jp.revenue, p.taxable
      FROM job_products jp LEFT JOIN products p ON p.id = jp.product_id
      WHERE jp.job_id = ${job.id} AND jp.deleted_at IS NULL ORDER BY jp.sort, jp.id`,
  );
  return linesFromJob({
    products: products.map((p) => ({
      id: p.id,
      description: p.description,
      qty: p.qty,
      revenue: p.revenue,
      taxable: p.taxable ?? true,
    })),
    trip_charge: job.trip_charge,
    additional_revenues: job.additional_revenues,
  });
}

const rates = (t: Awaited<ReturnType<typeof taxOf>>): TaxRate[] =>
  [
    { name: t.tax1_name ?? '', percent: t.tax1_percent },
    { name: t.tax2_name ?? '', percent: t.tax2_percent },
  ].filter((r): r is TaxRate => r.percent != null);

const head = (input: Omit<Head, 'job_id'>, ids: { job_id: number | null; estimate_id?: number | null; client_id: number }) => ({
  ...ids,
  ...(input.issue_date ? { issue_date: input.issue_date } : {}),
  ...(input.terms ? { terms: input.terms } : {}),
  ...(input.terms_days != null ? { terms_days: input.terms_days } : {}),
  ...(input.memo != null ? { memo: input.memo } : {}),
});

/**
 * The job's final invoice, a draft: its lines from the job, and the deposits its deposit invoices
 * (not void) were paid fixed as `deposits_applied`; refused if they are more than its total, and
 * while the job has a final invoice that is not void (one job is billed in full once).
 */
export async function makeFinalInvoice(ctx: Ctx, input: Head) {
  const id = await namedWrite(ctx, async (w) => {
    const job = await lockedJob(w, input.job_id);
    const invoices = await invoiceMoney(w.ctx.db, sql`job_id = ${job.id} AND deleted_at IS NULL AND status <> 'void'`);
    const final = invoices.find((i) => i.kind === 'final');
    if (final) throw new ApiError(409, `Job ${job.number ?? job.id} already has its final invoice (${final.number}): void it first to bill the job again.`);
    const lines = await jobLines(w.ctx, job);
    if (!lines.length) throw new ApiError(409, `Job ${job.number ?? job.id} has nothing to bill: no products, trip charge or additional revenues.`);
    const deposits = invoices.filter((i) => i.kind === 'deposit').reduce((s, i) => s + i.paid, 0);
    const made = await create(w.ctx, 'invoices', {
      ...head(input, { job_id: job.id, client_id: job.client_id }),
      kind: 'final',
      invoice_lines: lines.map((l, position) => ({ ...l, position })),
    });
    if (deposits > 0) {
      // checked against the total with its tax (rules' invoiceTotals: deposits never beyond the total)
      const [inv] = await invoiceMoney(w.ctx.db, sql`id = ${made.id}`);
      if (deposits > inv!.total) {
        throw new ApiError(409, `The deposits paid (${formatCents(deposits)}) are more than this invoice's total (${formatCents(inv!.total)}).`);
      }
      await w.update('invoices', made.id, { deposits_applied: fromCents(deposits).toFixed(2), updated_at: sql`now()` });
    }
    await refreshInvoiceAmount(w, job.id);
    return made.id;
  });
  return { data: await get(ctx, 'invoices', id) };
}

/** What a deposit is asked against: a job's lines, or a won estimate's before its job is made, and the deposits already asked of it. */
async function depositBasis(w: RecordWriter, input: ActionParsedInput<typeof depositInvoice>) {
  const estimate = input.estimate_id != null ? await lockedEstimate(w, input.estimate_id) : null;
  const jobId = estimate ? estimate.job_id : input.job_id!;
  if (jobId != null) {
    const job = await lockedJob(w, jobId);
    return {
      ids: { job_id: job.id, estimate_id: estimate?.id ?? null, client_id: job.client_id },
      lines: await jobLines(w.ctx, job),
      askedOf: sql`job_id = ${job.id}`,
    };
  }
  const e = estimate!;
  return {
    ids: { job_id: null, estimate_id: e.id, client_id: e.client_id },
    lines: await estimateLines(w.ctx, e.id),
    askedOf: sql`estimate_id = ${e.id} AND job_id IS NULL`,
  };
}

/**
 * A deposit invoice, a draft: one untaxed line for a percent of the job's total or an amount
 * (`depositLine`). A won estimate whose job is not made yet takes one against its own total, as the
 * job would bill it; the job takes it when it is made (estimate-deposits.ts).
 */
export async function makeDepositInvoice(ctx: Ctx, input: ActionParsedInput<typeof depositInvoice>) {
  const id = await namedWrite(ctx, async (w) => {
    const basis = await depositBasis(w, input);
    const tax = await taxOf(w.ctx, basis.ids.client_id);
    const totals = invoiceTotals(basis.lines, { rates: rates(tax), exempt: tax.tax_exempt });
    if (!totals.ok) throw new ApiError(409, totals.message);
    const asked = (await invoiceMoney(w.ctx.db, sql`${basis.askedOf} AND deleted_at IS NULL AND status <> 'void' AND kind = 'deposit'`)).reduce(
      (s, i) => s + i.total,
      0,
    );
    const kind = input.percent != null ? { kind: 'percent' as const, percent: input.percent } : { kind: 'amount' as const, cents: toCents(input.amount) };
    const line = depositLine(kind, totals.value.total, asked);
    if (!line.ok) throw invalid({ [input.percent != null ? 'percent' : 'amount']: [line.message] });
    const amount = fromCents(line.value.cents);
    const made = await create(w.ctx, 'invoices', {
      ...head(input, basis.ids),
      kind: 'deposit',
      invoice_lines: [{ kind: 'deposit', description: line.value.description, qty: 1, rate: amount, amount, taxable: false, position: 0 }],
    });
    await refreshInvoiceAmount(w, basis.ids.job_id);
    return made.id;
  });
  return { data: await get(ctx, 'invoices', id) };
}

/**
 * Void, with a reason (`voidInvoice`: not paid). An invoice that holds payments not voided is
 * refused, naming them, until they are voided: the app keeps no credit on account, so their money
 * must go somewhere a person chose (docs/domain/billing.md, Status).
 */
export async function voidInvoiceAction(ctx: Ctx, id: number, reason: string) {
  await changeRecord(ctx, { resource: 'invoices', id, action: 'void' }, async (w, before) => {
    const ok = voidInvoice({ number: before.number, status: before.status ?? 'draft' }, reason);
    if (!ok.ok) throw ok.code === 'reason' ? invalid({ reason: [ok.message] }) : new ApiError(409, ok.message);
    const payments = await sqlSelect(
      w.ctx.db,
      { id: 'num', payment_date: 'text', amount: 'num' },
      sql`SELECT p.id, to_char(p.payment_date, 'YYYY-MM-DD') AS payment_date, a.amount FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
        WHERE a.invoice_id = ${id} AND a.deleted_at IS NULL AND p.deleted_at IS NULL AND NOT p.voided ORDER BY p.payment_date, p.id`,
    );
    if (payments.length) {
      const named = payments.map((p) => `${formatCents(toCents(p.amount))} of ${p.payment_date} (payment ${p.id})`).join(', ');
      throw new ApiError(409, `Invoice ${before.number} holds payments: ${named}. Void them first; the app keeps no credit on account.`);
    }
    await w.update('invoices', id, { status: 'void', void_reason: ok.value.reason, updated_at: sql`now()` }, { before, action: 'void' });
    await refreshInvoiceAmount(w, before.job_id);
  });
  return { data: await get(ctx, 'invoices', id) };
}
