/**
 * To the books (docs/domain/billing.md, To the books): an export batch takes every invoice no
 * batch took yet that was billed (sent, partly paid or paid: not a draft, not void), records which
 * it held and marks each exported (after which it can only be voided), in one named write; its
 * CSV (QuickBooks Online's or Xero's import, rules/billing/exports.ts, the names from Settings'
 * mapping) is made from those invoices whenever the batch is downloaded, as they cannot change.
 */
import { sql } from 'drizzle-orm';
import { parseExportMapping } from '@glazier/shared/rules/billing/export-mapping';
import { qboCsv, xeroCsv, type ExportInvoice } from '@glazier/shared/rules/billing/exports';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { INVOICE_LINE_KINDS } from '@glazier/shared/resources/billing';
import { SETTING } from '@glazier/shared/settings';
import type { Db } from '../../db/client.ts';
import { oneOf, sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { get, getRow } from '../../engine/read.ts';
import { readSetting } from '../../platform/settings.ts';
import { readInvoiceDocument } from './invoice-document.ts';
import { invoiceMoney } from './invoice-money.ts';

export const NOTHING_TO_EXPORT = 'Every billed invoice has been exported already: there is nothing new to take to the books.';

/** The invoices as the export reads them, in number order. */
async function exportInvoices(db: Db, ids: readonly number[]): Promise<ExportInvoice[]> {
  const out: ExportInvoice[] = [];
  for (const id of [...ids].sort((a, b) => a - b)) {
    const doc = await readInvoiceDocument(db, id);
    const lines = await sqlSelect(
      db,
      { description: 'text', qty: 'num', rate: 'num', amount: 'num', kind: oneOf(INVOICE_LINE_KINDS) },
      sql`SELECT description, qty, rate, amount, kind FROM invoice_lines WHERE invoice_id = ${id} AND deleted_at IS NULL ORDER BY position, id`,
    );
    const [client] = await sqlSelect(db, { email: 'text?' }, sql`SELECT c.email FROM invoices i JOIN clients c ON c.id = i.client_id WHERE i.id = ${id}`);
    const applied = toCents(doc.deposits_applied);
    const listed = doc.deposits.reduce((s, d) => s + toCents(d.amount), 0);
    out.push({
      number: doc.invoice.number,
      client_name: doc.invoice.client_name ?? doc.invoice.bill_to ?? '',
      client_email: client?.email || null,
      reference: [doc.invoice.job_number, doc.invoice.job_name].filter(Boolean).join(' ') || null,
      issue_date: doc.invoice.issue_date ?? '',
      due_date: doc.invoice.due_date ?? doc.invoice.issue_date ?? '',
      terms: doc.invoice.terms,
      memo: doc.invoice.memo,
      lines: lines.map((l) => ({ description: l.description, qty: l.qty, rate: l.rate, cents: toCents(l.amount), kind: l.kind })),
      taxByRate: doc.taxes.map((t) => ({ name: t.name, cents: toCents(t.amount) })),
      // the deposits as the invoice subtracted them (fixed when it was made), each deposit invoice on its line when they still add up
      deposits:
        applied === 0
          ? []
          : listed === applied
            ? doc.deposits.map((d) => ({ number: d.number, cents: toCents(d.amount) }))
            : [{ number: 'deposits', cents: applied }],
    });
  }
  return out;
}

export async function createExportBatch(ctx: Ctx, format: 'quickbooks' | 'xero') {
  const id = await namedWrite(ctx, async (w) => {
    const db = w.ctx.db;
    // one batch at a time takes an invoice: the invoices locked, so two exports never hold the same one
    const invoices = await invoiceMoney(db, sql`deleted_at IS NULL AND exported_batch_id IS NULL AND status IN ('sent', 'partly_paid', 'paid')`, true);
    if (!invoices.length) throw new ApiError(409, NOTHING_TO_EXPORT);
    const ids = invoices.map((i) => i.id).sort((a, b) => a - b);
    const batch = await w.insert('invoice_exports', {
      format,
      invoice_ids: ids,
      invoice_count: ids.length,
      total: fromCents(invoices.reduce((s, i) => s + i.amountDue, 0)).toFixed(2),
    });
    for (const inv of invoices) await w.update('invoices', inv.id, { exported_batch_id: batch.id, updated_at: sql`now()` }, { action: 'export' });
    return batch.id;
  });
  return { data: await get(ctx, 'invoice_exports', id) };
}

/** The batch's file, made again from the invoices it held: in its program's format, or in `as` (the other's). */
export async function exportBatchCsv(ctx: Ctx, id: number, as?: 'quickbooks' | 'xero'): Promise<{ bytes: Buffer; fileName: string }> {
  const batch = await getRow(ctx, 'invoice_exports', id);
  const mapping = parseExportMapping(await readSetting(ctx.db, SETTING.exportMapping));
  if (!mapping.ok) throw new ApiError(409, `${mapping.message} (Settings, export names)`);
  const invoices = await exportInvoices(ctx.db, (batch.invoice_ids as number[] | null) ?? []);
  const format = as ?? batch.format;
  const csv = format === 'xero' ? xeroCsv(invoices, mapping.value) : qboCsv(invoices, mapping.value);
  const day = new Date(String(batch.created_at)).toISOString().slice(0, 10);
  return { bytes: Buffer.from(csv, 'utf8'), fileName: `${format === 'xero' ? 'Xero' : 'QuickBooks'} invoices ${day} (batch ${id}).csv` };
}
