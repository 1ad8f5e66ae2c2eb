/**
 * Billing's rules around the generic calls (docs/domain/billing.md): an invoice's number, due date
 * and tax (copied while it is a draft), its money read live (invoice-sql.ts), and the one rule of
 * change: only a draft that no export took is edited or deleted, its lines alike. Statuses, voids,
 * payments and exports move by their named actions only (state fields; `nobody` writes).
 */
import { sql } from 'drizzle-orm';
import { SETTING } from '@glazier/shared/settings';
import { editable, type InvoiceStatus } from '@glazier/shared/rules/billing/invoice-status';
import { lineAmountCents } from '@glazier/shared/rules/billing/invoice-totals';
import { nextInvoiceNumber } from '@glazier/shared/rules/billing/numbering';
import { dueDate } from '@glazier/shared/rules/billing/terms';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { RESOURCES } from '@glazier/shared/resources/registry';
import type { FieldDef } from '@glazier/shared/resources/fields';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import type { Hooks, StoredRow } from '../../engine/server-resource.ts';
import { recordedWrites } from '../../engine/named-write.ts';
import { readSetting } from '../../platform/settings.ts';
import { refreshInvoiceAmount } from './invoice-money.ts';
import { balanceSql, paidSql, subtotalSql, taxSql, totalSql } from './invoice-sql.ts';

/** Fields a generic write never changes (state, or the server's own): changing only these is no edit of the invoice. */
const SERVER_OWNED = new Set(
  Object.entries(RESOURCES.invoices.fields as Record<string, FieldDef>)
    .filter(([, fd]) => fd.state !== undefined || fd.readOnly)
    .map(([name]) => name),
);

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a ?? '') === String(b ?? '');

/** 409 in words when the invoice may not change (rules/billing/invoice-status.ts `editable`). */
function refuseUnlessEditable(inv: Pick<StoredRow<'invoices'>, 'number' | 'status' | 'exported_batch_id'>): void {
  const ok = editable({ number: inv.number, status: inv.status as InvoiceStatus, exported: inv.exported_batch_id != null });
  if (!ok.ok) throw new ApiError(409, ok.message);
}

const percent = (v: string | null) => (v != null && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** The shop's rates and the client's exemption, as a draft invoice bills them. */
export async function taxOf(ctx: Ctx, clientId: number | null | undefined) {
  const [t1Name, t1, t2Name, t2] = await Promise.all(
    [SETTING.tax1Name, SETTING.tax1Percent, SETTING.tax2Name, SETTING.tax2Percent].map((n) => readSetting(ctx.db, n)),
  );
  const client = await rowById(ctx, 'clients', clientId);
  const p1 = percent(t1 ?? null);
  const p2 = percent(t2 ?? null);
  return {
    tax_exempt: client?.tax_exempt === true,
    tax1_name: p1 == null ? null : t1Name?.trim() || 'Sales tax',
    tax1_percent: p1,
    tax2_name: p2 == null ? null : t2Name?.trim() || 'Sales tax 2',
    tax2_percent: p2,
  };
}

export const invoicesHooks: Hooks<'invoices'> = {
  computed: {
    client_name: (t) => sql`(SELECT c.name FROM clients c WHERE c.id = ${t.client_id})`,
    job_number: (t) => sql`(SELECT j.number FROM jobs j WHERE j.id = ${t.job_id})`,
    subtotal: subtotalSql,
    tax: taxSql,
    total: totalSql,
    paid: paidSql,
    balance: balanceSql,
  },
  customFilters: {
    due: (value, t) =>
      value === 'open'
        ? sql`${t.status} IN ('sent', 'partly_paid')`
        : value === 'overdue'
          ? sql`${t.status} IN ('sent', 'partly_paid') AND ${t.due_date} < current_date`
          : undefined,
  },
  async beforeSave({ ctx, values, existing }) {
    if (existing) {
      const edits = Object.keys(values).filter((k) => !SERVER_OWNED.has(k) && !same(values[k as keyof typeof values], existing[k as keyof typeof existing]));
      if (edits.length) refuseUnlessEditable(existing);
    } else {
      // Numbers never collide: concurrent creates take the next number one at a time (the lock
      // lasts until the creating transaction commits, so the next one sees its number).
      await ctx.db.query('SELECT pg_advisory_xact_lock(72650055)', [], { deferred: true });
      const [row] = await sqlRows<{ max: number | null }>(ctx.db, sql`SELECT max(number) AS max FROM invoices`);
      values.number = nextInvoiceNumber(row?.max == null ? null : Number(row.max), await readSetting(ctx.db, SETTING.nextInvoiceNumber));
      values.issue_date ??= toIsoDate(new Date());
    }
    const status = existing?.status ?? 'draft';
    if (status !== 'draft') return;
    const clientId = values.client_id ?? existing?.client_id;
    if (!existing && !values.bill_to) values.bill_to = (await rowById(ctx, 'clients', clientId))?.name ?? null;
    Object.assign(values, await taxOf(ctx, clientId));
    const issue = values.issue_date ?? existing?.issue_date;
    if (issue) {
      const due = dueDate(issue, values.terms ?? existing?.terms ?? 'net_30', values.terms_days !== undefined ? values.terms_days : existing?.terms_days);
      if (!due.ok) throw invalid({ [due.code]: [due.message] });
      values.due_date = due.value;
    }
  },
  beforeDelete({ existing }) {
    refuseUnlessEditable(existing);
  },
  // the job's invoice amount follows its invoices (invoice-money.ts); a job moved keeps both right
  async afterSave({ ctx, record, existing }) {
    await refreshInvoiceAmount(recordedWrites(ctx), record.job_id);
    if (existing && existing.job_id !== record.job_id) await refreshInvoiceAmount(recordedWrites(ctx), existing.job_id);
  },
  async afterDelete({ ctx, existing }) {
    await refreshInvoiceAmount(recordedWrites(ctx), existing.job_id);
  },
};

/** A line's save or delete moves its invoice's subtotal, and so its job's invoice amount. */
async function lineMoved(ctx: Ctx, invoiceId: number | null | undefined) {
  const invoice = await rowById(ctx, 'invoices', invoiceId);
  if (invoice) await refreshInvoiceAmount(recordedWrites(ctx), invoice.job_id);
}

/**
 * A job's `invoice_amount` is its invoices' once it has one (docs/domain/billing.md, Invoice amount):
 * a generic write that would change it is refused, naming why.
 */
export function jobsWithInvoices(hooks: Hooks<'jobs'>): Hooks<'jobs'> {
  return {
    ...hooks,
    async beforeSave(args) {
      await hooks.beforeSave?.(args);
      const { ctx, values, existing } = args;
      if (!existing || !('invoice_amount' in values) || same(values.invoice_amount, existing.invoice_amount)) return;
      if (
        values.invoice_amount != null &&
        existing.invoice_amount != null &&
        toCents(Number(values.invoice_amount)) === toCents(Number(existing.invoice_amount))
      )
        return;
      const [has] = await sqlRows<{ number: number }>(ctx.db, sql`SELECT number FROM invoices WHERE job_id = ${existing.id} AND deleted_at IS NULL LIMIT 1`);
      if (has) throw invalid({ invoice_amount: ['The invoice amount is the sum of the job’s invoices (not void): change or void its invoices instead.'] });
    },
  };
}

/** A line's invoice must be editable; its amount is qty × rate rounded once unless one is typed, and follows them while it is that. */
export const invoiceLinesHooks: Hooks<'invoice_lines'> = {
  async beforeSave({ ctx, values, input, existing }) {
    const invoiceId = values.invoice_id ?? existing?.invoice_id;
    const invoice = await rowById(ctx, 'invoices', invoiceId);
    if (invoice) refuseUnlessEditable(invoice);
    if (existing && changed(values, existing, 'invoice_id')) {
      const before = await rowById(ctx, 'invoices', existing.invoice_id);
      if (before) refuseUnlessEditable(before);
    }
    const qty = Number(values.qty ?? existing?.qty ?? 1);
    const rate = Number(values.rate ?? existing?.rate ?? 0);
    const typed = 'amount' in (input as object) && (input as { amount?: unknown }).amount != null;
    const wasDefault =
      !existing || existing.amount == null || toCents(existing.amount) === lineAmountCents(Number(existing.qty ?? 1), Number(existing.rate ?? 0));
    if (!typed && wasDefault) values.amount = fromCents(lineAmountCents(qty, rate));
    // a line from a job product is taxable as its product says, unless the body says
    if (!existing && values.source_job_product_id != null && !('taxable' in (input as object))) {
      const [p] = await sqlRows<{ taxable: boolean | null }>(
        ctx.db,
        sql`SELECT p.taxable FROM job_products jp LEFT JOIN products p ON p.id = jp.product_id WHERE jp.id = ${values.source_job_product_id}`,
      );
      if (p?.taxable != null) values.taxable = p.taxable;
    }
  },
  async beforeDelete({ ctx, existing }) {
    const invoice = await rowById(ctx, 'invoices', existing.invoice_id);
    if (invoice) refuseUnlessEditable(invoice);
  },
  async afterSave({ ctx, record, existing }) {
    await lineMoved(ctx, record.invoice_id);
    if (existing && existing.invoice_id !== record.invoice_id) await lineMoved(ctx, existing.invoice_id);
  },
  async afterDelete({ ctx, existing }) {
    await lineMoved(ctx, existing.invoice_id);
  },
};

export const paymentsHooks: Hooks<'payments'> = {
  computed: {
    client_name: (t) => sql`(SELECT c.name FROM clients c WHERE c.id = ${t.client_id})`,
    allocated: (t) => sql`(SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a WHERE a.payment_id = ${t.id} AND a.deleted_at IS NULL)`,
  },
};

export const paymentAllocationsHooks: Hooks<'payment_allocations'> = {
  computed: {
    invoice_number: (t) => sql`(SELECT i.number FROM invoices i WHERE i.id = ${t.invoice_id})`,
  },
};
