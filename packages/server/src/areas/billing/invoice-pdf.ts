/**
 * The invoice as a PDF (docs/domain/billing.md, The invoice as a PDF): read as printed
 * (invoice-document.ts) and rendered in the PDF worker (platform/documents/pdf-render.ts); what the
 * download answers and what Send attaches. The ctx's db may be a transaction's.
 */
import type { Ctx } from '../../engine/context.ts';
import { getRow } from '../../engine/read.ts';
import { pdfFileName, renderPdf } from '../../platform/documents/pdf-render.ts';
import type { InvoicePdfProps } from './invoice-pdf-document.tsx';
import { readInvoiceDocument } from './invoice-document.ts';

export const invoiceTitle = (number: number | string) => `Invoice ${number}`;

/**
 * The PDF of invoice `id` (404/403 as a get of it, unless `checked`: the caller read it already).
 * `sending`: the file Send attaches, made before the send: a draft shows as the sent invoice it becomes.
 */
export async function renderInvoicePdf(ctx: Ctx, id: number, { checked = false, sending = false } = {}): Promise<{ bytes: Buffer; fileName: string }> {
  if (!checked) await getRow(ctx, 'invoices', id);
  const doc = await readInvoiceDocument(ctx.db, id);
  if (sending && doc.invoice.status === 'draft') doc.invoice.status = 'sent';
  const title = invoiceTitle(doc.invoice.number);
  const props: InvoicePdfProps = { doc, title };
  const bytes = await renderPdf(new URL('./invoice-pdf-document.tsx', import.meta.url), 'InvoicePdfDocument', props);
  return { bytes, fileName: pdfFileName(title) };
}
