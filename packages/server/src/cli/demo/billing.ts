/**
 * The billing area of the demo: the latest completed jobs invoiced (some with a deposit paid first),
 * and their payments: most paid, some partly paid or overdue, a few void, a few payments voided (a
 * returned check) and paid again, the latest still drafts. Written straight to the tables, as the
 * named actions would leave them (each invoiced job's invoice amount its invoices'), and each past
 * month's invoices exported to the books; the money by the rules of shared rules/billing (whole cents).
 * Oregon has no sales tax, so the demo company has no rates and its invoices no tax.
 */
import { depositLine, invoiceTotals, linesFromJob, type DraftLine } from '@glazier/shared/rules/billing/invoice-totals';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { nextInvoiceNumber } from '@glazier/shared/rules/billing/numbering';
import type { InvoiceStatus } from '@glazier/shared/rules/billing/invoice-status';
import type { PaymentMethod } from '@glazier/shared/rules/billing/payments';
import type { Row } from '../../db/client.ts';
import { isoDate, DAY, type SeedContext } from './seed-context.ts';
import { loadRows } from './load.ts';
import type { DemoJobs } from './jobs.ts';

export interface DemoBilling {
  counts: { invoices: number; invoice_lines: number; payments: number; payment_allocations: number; invoice_exports: number };
}

interface Draft {
  jobId: number;
  clientId: number;
  clientName: string;
  kind: 'deposit' | 'final';
  issueMs: number;
  lines: (Omit<DraftLine, 'kind' | 'source_job_product_id'> & { kind: DraftLine['kind'] | 'deposit'; source_job_product_id?: number | null })[];
  /** Cents due (total − deposits). */
  due: number;
  deposits: number;
  status: InvoiceStatus;
  voidReason?: string;
  /** Payments: cents, day, voided. */
  payments: { cents: number; ms: number; voided?: string }[];
}

/**
 * However the dice fell, the demo shows each state a shop meets: an invoice void, one partly paid
 * and one overdue (sent, unpaid, past its due date 30 days after issue), each taken from the final
 * invoices sent long enough ago and not yet paid by a deposit's rules.
 */
function ensureEveryStatus(drafts: Draft[], todayMs: number): void {
  const finals = drafts.filter((d) => d.kind === 'final' && d.deposits === 0);
  const old = (d: Draft) => (todayMs - d.issueMs) / DAY > 45;
  const take = (pick: (d: Draft) => boolean) => finals.find((d) => pick(d) && d.status !== 'draft' && old(d));
  if (!drafts.some((d) => d.status === 'void')) {
    const d = take((x) => x.status === 'paid' || x.status === 'sent');
    if (d) Object.assign(d, { status: 'void', voidReason: 'Billed twice', payments: [] });
  }
  if (!drafts.some((d) => d.status === 'partly_paid')) {
    const d = take((x) => x.status === 'paid' && x.payments.length === 1 && x.due > 1);
    if (d) Object.assign(d, { status: 'partly_paid', payments: [{ cents: Math.round(d.due / 2), ms: d.payments[0]!.ms }] });
  }
  if (!drafts.some((d) => (d.status === 'sent' || d.status === 'partly_paid') && todayMs - d.issueMs > 30 * DAY)) {
    const d = take((x) => x.status === 'paid' && x.payments.every((p) => !p.voided));
    if (d) Object.assign(d, { status: 'sent', payments: [] });
  }
}

const METHODS: PaymentMethod[] = ['check', 'check', 'check', 'ach', 'card', 'card', 'cash', 'other'];

export async function seedInvoices(ctx: SeedContext, given: { jobs: DemoJobs }): Promise<DemoBilling> {
  const { rng, scale, todayMs } = ctx;
  const { jobs } = given;
  // the latest jobs that ended: the ones a shop is still collecting on, and a year or so behind them
  const done = jobs.infos.map((info, j) => ({ info, id: jobs.ids[j]! })).filter((x) => x.info.end < todayMs);
  const chosen = done.slice(-scale.invoices);
  if (!chosen.length) return { counts: { invoices: 0, invoice_lines: 0, payments: 0, payment_allocations: 0, invoice_exports: 0 } };
  const ids = chosen.map((c) => c.id);
  const products = await ctx.db.query<{ job_id: number; id: number; name: string | null; qty: number | null; revenue: number | null }>(
    `SELECT job_id, id, name, qty::float AS qty, revenue::float AS revenue FROM job_products WHERE job_id = ANY($1::int[]) AND deleted_at IS NULL ORDER BY job_id, sort, id`,
    [`{${ids.join(',')}}`],
  );
  const jobRows = await ctx.db.query<{ id: number; client_id: number; trip_charge: number | null; client_name: string }>(
    `SELECT j.id, j.client_id, j.trip_charge::float AS trip_charge, c.name AS client_name FROM jobs j JOIN clients c ON c.id = j.client_id WHERE j.id = ANY($1::int[])`,
    [`{${ids.join(',')}}`],
  );
  const byJob = new Map<number, typeof products>();
  for (const p of products) (byJob.get(p.job_id) ?? byJob.set(p.job_id, []).get(p.job_id)!).push(p);
  const jobById = new Map(jobRows.map((r) => [r.id, r]));

  const drafts: Draft[] = [];
  for (const { info, id } of chosen) {
    const job = jobById.get(id);
    if (!job) continue;
    const lines = linesFromJob({
      products: (byJob.get(id) ?? []).map((p) => ({ id: p.id, description: p.name ?? 'Product', qty: p.qty, revenue: p.revenue, taxable: true })),
      trip_charge: job.trip_charge,
    });
    const totals = invoiceTotals(lines, { rates: [] });
    if (!totals.ok || totals.value.total === 0) continue;
    const base = { jobId: id, clientId: job.client_id, clientName: job.client_name };
    const finalMs = info.end + rng.int(0, 5) * DAY;
    const age = (todayMs - finalMs) / DAY;
    let deposits = 0;
    if (rng.chance(0.25)) {
      const dep = depositLine({ kind: 'percent', percent: rng.pick([25, 30, 50]) }, totals.value.total);
      if (dep.ok) {
        deposits = dep.value.cents;
        const depMs = info.start - rng.int(3, 20) * DAY;
        drafts.push({
          ...base,
          kind: 'deposit',
          issueMs: depMs,
          lines: [{ kind: 'deposit', description: dep.value.description, qty: 1, rate: fromCents(deposits), amount: fromCents(deposits), taxable: false }],
          due: deposits,
          deposits: 0,
          status: 'paid',
          payments: [{ cents: deposits, ms: depMs + rng.int(0, 7) * DAY }],
        });
      }
    }
    const due = totals.value.total - deposits;
    const draft: Draft = { ...base, kind: 'final', issueMs: finalMs, lines, due, deposits, status: 'sent', payments: [] };
    const roll = rng.next();
    if (age < 3 && roll < 0.5) draft.status = 'draft';
    else if (roll < 0.04) {
      draft.status = 'void';
      draft.voidReason = rng.pick(['Billed to the wrong client', 'Billed twice', 'Job cancelled after billing']);
    } else if (age > 20 && roll < (age > 60 ? 0.9 : 0.6)) {
      // paid in full, now and then after a returned check
      const paidMs = Math.min(todayMs, finalMs + rng.int(5, 45) * DAY);
      if (rng.chance(0.06)) draft.payments.push({ cents: due, ms: paidMs - 3 * DAY, voided: 'Check returned (NSF)' });
      draft.payments.push({ cents: due, ms: paidMs });
      draft.status = 'paid';
    } else if (age > 10 && roll < 0.8) {
      const part = Math.max(1, Math.round(due * rng.pick([0.3, 0.5, 0.7])));
      draft.payments.push({ cents: part, ms: Math.min(todayMs, finalMs + rng.int(3, Math.max(3, Math.floor(age))) * DAY) });
      draft.status = 'partly_paid';
    }
    // the rest stay sent: current or overdue by their due date (30 days after issue)
    drafts.push(draft);
  }
  ensureEveryStatus(drafts, todayMs);
  drafts.sort((a, b) => a.issueMs - b.issueMs);

  const [max] = await ctx.db.query<{ n: number | null }>('SELECT max(number) AS n FROM invoices');
  let number = nextInvoiceNumber(max?.n == null ? null : Number(max.n), null);
  const invoiceRows = drafts.map((d) => {
    const issue = isoDate(d.issueMs);
    const terms = d.kind === 'deposit' ? 'due_on_receipt' : 'net_30';
    return {
      number: number++,
      job_id: d.jobId,
      client_id: d.clientId,
      kind: d.kind,
      issue_date: issue,
      terms,
      due_date: isoDate(d.issueMs + (d.kind === 'deposit' ? 0 : 30 * DAY)),
      bill_to: d.clientName,
      status: d.status,
      sent_at: d.status === 'draft' ? null : new Date(d.issueMs + 10 * 3_600_000).toISOString(),
      void_reason: d.voidReason ?? null,
      deposits_applied: fromCents(d.deposits),
    };
  });
  const invoiceIds = await loadRows(ctx, 'invoices', 12, invoiceRows);

  const lineRows = drafts.flatMap((d, i) =>
    d.lines.map((l, k) => ({
      invoice_id: invoiceIds[i],
      position: k,
      kind: l.kind,
      description: l.description,
      qty: l.qty,
      rate: l.rate,
      amount: l.amount,
      taxable: l.taxable,
      source_job_product_id: l.source_job_product_id ?? null,
    })),
  );
  await loadRows(ctx, 'invoice_lines', 9, lineRows);

  const paymentRows: Row[] = [];
  const allocations: { invoice: number; cents: number }[] = [];
  drafts.forEach((d, i) => {
    for (const p of d.payments) {
      const method = rng.pick(METHODS);
      paymentRows.push({
        client_id: d.clientId,
        payment_date: isoDate(p.ms),
        amount: fromCents(p.cents),
        method,
        check_number: method === 'check' ? String(rng.int(1001, 9999)) : null,
        reference: method === 'ach' || method === 'card' ? `TX${rng.int(100000, 999999)}` : null,
        voided: p.voided != null,
        void_reason: p.voided ?? null,
      });
      allocations.push({ invoice: invoiceIds[i]!, cents: p.cents });
    }
  });
  const paymentIds = await loadRows(ctx, 'payments', 8, paymentRows);
  await loadRows(
    ctx,
    'payment_allocations',
    3,
    allocations.map((a, k) => ({ payment_id: paymentIds[k], invoice_id: a.invoice, amount: fromCents(a.cents) })),
  );

  // Each invoiced job's invoice amount is its invoices', as the named actions leave it (server
  // billing/invoice-money.ts): what those not void bill for its products and custom lines, each
  // less the deposits it subtracts; the trip charge and additional revenues are read beside it.
  const billed = new Map<number, number>();
  for (const d of drafts) {
    const cents =
      d.status === 'void'
        ? 0
        : d.lines.filter((l) => l.kind !== 'trip_charge' && l.kind !== 'additional').reduce((sum, l) => sum + toCents(l.amount), 0) - d.deposits;
    billed.set(d.jobId, (billed.get(d.jobId) ?? 0) + cents);
  }
  if (billed.size) {
    await ctx.db.query(`UPDATE jobs SET invoice_amount = v.amount FROM unnest($1::int[], $2::numeric[]) AS v(id, amount) WHERE jobs.id = v.id`, [
      `{${[...billed.keys()].join(',')}}`,
      `{${[...billed.values()].map((c) => fromCents(c).toFixed(2)).join(',')}}`,
    ]);
  }

  // The books: each month's sent invoices exported once, at the start of the next month; this
  // month's are not exported yet.
  const thisMonth = isoDate(todayMs).slice(0, 7);
  const months = new Map<string, number[]>();
  drafts.forEach((d, i) => {
    const month = isoDate(d.issueMs).slice(0, 7);
    if (d.status === 'draft' || d.status === 'void' || month >= thisMonth) return;
    (months.get(month) ?? months.set(month, []).get(month)!).push(i);
  });
  const batches = [...months].map(([month, members]) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    return {
      row: {
        format: 'quickbooks',
        invoice_ids: members.map((i) => invoiceIds[i]!),
        invoice_count: members.length,
        total: fromCents(members.reduce((sum, i) => sum + drafts[i]!.due, 0)),
        created_at: new Date(Date.UTC(y, m, 1, 9)).toISOString(),
      },
      members,
    };
  });
  const batchIds = await loadRows(
    ctx,
    'invoice_exports',
    5,
    batches.map((b) => b.row),
  );
  for (const [k, b] of batches.entries()) {
    await ctx.db.query('UPDATE invoices SET exported_batch_id = $1 WHERE id = ANY($2::int[])', [batchIds[k], `{${b.row.invoice_ids.join(',')}}`]);
  }
  return {
    counts: {
      invoices: invoiceIds.length,
      invoice_lines: lineRows.length,
      payments: paymentIds.length,
      payment_allocations: allocations.length,
      invoice_exports: batchIds.length,
    },
  };
}
