/**
 * The invoice as printed (docs/domain/billing.md, The invoice as a PDF): what the PDF shows and
 * what the client's link answers, and nothing else of the company's data. Its money from the
 * stored lines by the rules (invoiceTotals: the tax once, shared per rate) and its paid and
 * balance as the list reads them (invoice-money.ts). Read by SQL on the given db (the caller has
 * checked who may read it: a right, or the link's token).
 */
import { sql } from 'drizzle-orm';
import type { InvoiceDocument } from '@glazier/shared/actions/billing';
import { INVOICE_KINDS, INVOICE_STATUSES, INVOICE_TERMS } from '@glazier/shared/resources/billing';
import { invoiceTotals, type TaxRate } from '@glazier/shared/rules/billing/invoice-totals';
import { termsText } from '@glazier/shared/rules/billing/terms';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import type { Db } from '../../db/client.ts';
import { oneOf, sqlSelect } from '../../db/typed-sql.ts';
import { notFound } from '../../engine/errors.ts';
import { readShopHeader } from '../../platform/documents/pdf-render.ts';
import { invoiceMoney } from './invoice-money.ts';

const HEAD = {
  id: 'num',
  number: 'num',
  kind: oneOf(INVOICE_KINDS),
  status: oneOf(INVOICE_STATUSES),
  issue_date: 'text?',
  due_date: 'text?',
  terms: oneOf(INVOICE_TERMS),
  terms_days: 'num?',
  bill_to: 'text?',
  memo: 'text?',
  client_name: 'text?',
  job_number: 'text?',
  job_name: 'text?',
  job_id: 'num?',
  tax_exempt: 'bool',
  tax1_name: 'text?',
  tax1_percent: 'num?',
  tax2_name: 'text?',
  tax2_percent: 'num?',
  deposits_applied: 'num?',
} as const;

export async function readInvoiceDocument(db: Db, id: number): Promise<InvoiceDocument> {
  const [head] = await sqlSelect(
    db,
    HEAD,
    sql`SELECT i.id, i.number, i.kind, i.status, to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
        i.terms, i.terms_days, i.bill_to, i.memo, c.name AS client_name, coalesce(j.number, e.job_number) AS job_number, coalesce(j.name, e.name) AS job_name, i.job_id,
        i.tax_exempt, i.tax1_name, i.tax1_percent, i.tax2_name, i.tax2_percent, i.deposits_applied
      FROM invoices i LEFT JOIN clients c ON c.id = i.client_id LEFT JOIN jobs j ON j.id = i.job_id
        LEFT JOIN estimates e ON e.id = i.estimate_id
      WHERE i.id = ${id} AND i.deleted_at IS NULL`,
  );
  if (!head) throw notFound('Invoice');
  const lines = await sqlSelect(
    db,
    { description: 'text', qty: 'num', rate: 'num', amount: 'num', taxable: 'bool' },
    sql`SELECT description, qty, rate, amount, taxable FROM invoice_lines WHERE invoice_id = ${id} AND deleted_at IS NULL ORDER BY position, id`,
  );
  const rates: TaxRate[] = [
    { name: head.tax1_name ?? 'Sales tax', percent: head.tax1_percent },
    { name: head.tax2_name ?? 'Sales tax 2', percent: head.tax2_percent },
  ]
    .filter((r) => r.percent != null && Number(r.percent) > 0)
    .map((r) => ({ name: r.name, percent: Number(r.percent) }));
  const deposits = toCents(head.deposits_applied ?? 0);
  const totals = invoiceTotals(
    lines.map((l) => ({ amount: l.amount, taxable: l.taxable })),
    { rates, exempt: head.tax_exempt, deposits: 0 },
  );
  const [money] = await invoiceMoney(db, sql`id = ${id}`);
  const depositRows =
    head.kind === 'final' && deposits > 0
      ? await sqlSelect(
          db,
          { number: 'num', paid: 'num' },
          sql`SELECT d.number, (SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
              WHERE a.invoice_id = d.id AND a.deleted_at IS NULL AND p.deleted_at IS NULL AND NOT p.voided) AS paid
            FROM invoices d WHERE d.job_id = ${head.job_id} AND d.kind = 'deposit' AND d.status <> 'void' AND d.deleted_at IS NULL ORDER BY d.number`,
        )
      : [];
  const shop = await readShopHeader(db);
  const t = totals.ok ? totals.value : null;
  return {
    // an invoice's terms are its own (invoice.terms), not the estimate's printed terms
    company: { ...shop, terms: '' },
    invoice: {
      number: head.number,
      kind: head.kind,
      status: head.status,
      issue_date: head.issue_date,
      due_date: head.due_date,
      terms: termsText(head.terms, head.terms_days),
      bill_to: head.bill_to,
      client_name: head.client_name,
      job_number: head.job_number,
      job_name: head.job_name,
      memo: head.memo,
    },
    lines: lines.map((l) => ({ description: l.description, qty: l.qty, rate: l.rate, amount: l.amount, taxable: l.taxable })),
    subtotal: fromCents(money!.subtotal),
    taxes: (t?.taxByRate ?? []).filter((s) => s.cents !== 0).map((s) => ({ name: s.name, percent: s.percent, amount: fromCents(s.cents) })),
    tax: fromCents(money!.tax),
    total: fromCents(money!.total),
    deposits: depositRows.filter((d) => d.paid > 0).map((d) => ({ number: d.number, amount: d.paid })),
    deposits_applied: fromCents(deposits),
    paid: fromCents(money!.paid),
    balance: fromCents(money!.balance),
  };
}
