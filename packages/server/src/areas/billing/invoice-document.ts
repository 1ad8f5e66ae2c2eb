/**
 * The invoice as printed (docs/domain/billing.md, The invoice as a PDF): what the PDF shows and
 * what the client's link answers, and nothing else of the company's data. Its money from the
 * stored lines by the rules (invoiceTotals: the tax once, shared per rate) and its paid and
 * balance as the list reads them (invoice-money.ts). Read by SQL on the given db (the caller has
 * checked who may read it: a right, or the link's token).
 */
import { sql } from 'drizzle-orm';
import type { InvoiceDocument } from '@glazier/shared/actions/billing';
import { invoiceTotals, type TaxRate } from '@glazier/shared/rules/billing/invoice-totals';
import { termsText, type InvoiceTerms } from '@glazier/shared/rules/billing/terms';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { sqlRows, type Db } from '../../db/client.ts';
import { notFound } from '../../engine/errors.ts';
import { readShopHeader } from '../../platform/documents/pdf-render.ts';
import { invoiceMoney } from './invoice-money.ts';

type HeadRow = {
  id: number;
  number: number;
  kind: string;
  status: InvoiceDocument['invoice']['status'];
  issue_date: string | null;
  due_date: string | null;
  terms: InvoiceTerms;
  terms_days: number | null;
  bill_to: string | null;
  memo: string | null;
  client_name: string | null;
  job_number: string | null;
  job_name: string | null;
  job_id: number;
  tax_exempt: boolean;
  tax1_name: string | null;
  tax1_percent: string | null;
  tax2_name: string | null;
  tax2_percent: string | null;
  deposits_applied: string | null;
};

export async function readInvoiceDocument(db: Db, id: number): Promise<InvoiceDocument> {
  const [head] = await sqlRows<HeadRow>(
    db,
    sql`SELECT i.id, i.number, i.kind, i.status, to_char(i.issue_date, 'YYYY-MM-DD') AS issue_date, to_char(i.due_date, 'YYYY-MM-DD') AS due_date,
        i.terms, i.terms_days, i.bill_to, i.memo, c.name AS client_name, j.number AS job_number, j.name AS job_name, i.job_id,
        i.tax_exempt, i.tax1_name, i.tax1_percent, i.tax2_name, i.tax2_percent, i.deposits_applied
      FROM invoices i LEFT JOIN clients c ON c.id = i.client_id LEFT JOIN jobs j ON j.id = i.job_id
      WHERE i.id = ${id} AND i.deleted_at IS NULL`,
  );
  if (!head) throw notFound('Invoice');
  const lines = await sqlRows<{ description: string; qty: string; rate: string; amount: string; taxable: boolean }>(
    db,
    sql`SELECT description, qty, rate, amount, taxable FROM invoice_lines WHERE invoice_id = ${id} AND deleted_at IS NULL ORDER BY position, id`,
  );
  const rates: TaxRate[] = [
    { name: head.tax1_name ?? 'Sales tax', percent: head.tax1_percent },
    { name: head.tax2_name ?? 'Sales tax 2', percent: head.tax2_percent },
  ]
    .filter((r) => r.percent != null && Number(r.percent) > 0)
    .map((r) => ({ name: r.name, percent: Number(r.percent) }));
  const deposits = toCents(Number(head.deposits_applied ?? 0));
  const totals = invoiceTotals(
    lines.map((l) => ({ amount: Number(l.amount), taxable: l.taxable })),
    { rates, exempt: head.tax_exempt, deposits: 0 },
  );
  const [money] = await invoiceMoney(db, sql`id = ${id}`);
  const depositRows =
    head.kind === 'final' && deposits > 0
      ? await sqlRows<{ number: number; paid: string }>(
          db,
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
      number: Number(head.number),
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
    lines: lines.map((l) => ({ description: l.description, qty: Number(l.qty), rate: Number(l.rate), amount: Number(l.amount), taxable: l.taxable })),
    subtotal: fromCents(money!.subtotal),
    taxes: (t?.taxByRate ?? []).filter((s) => s.cents !== 0).map((s) => ({ name: s.name, percent: s.percent, amount: fromCents(s.cents) })),
    tax: fromCents(money!.tax),
    total: fromCents(money!.total),
    deposits: depositRows.filter((d) => Number(d.paid) > 0).map((d) => ({ number: Number(d.number), amount: Number(d.paid) })),
    deposits_applied: fromCents(deposits),
    paid: fromCents(money!.paid),
    balance: fromCents(money!.balance),
  };
}
