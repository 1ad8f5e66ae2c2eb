/** Billing's named actions (shared/actions/billing.ts), each to its rule in this folder. */
import type { BILLING_ACTIONS } from '@glazier/shared/actions/billing';
import { savedFile, type ActionHandlers } from '../../engine/action-handler.ts';
import { PDF_MEDIA_TYPE } from '../../platform/documents/pdf-render.ts';
import { invoiceAgingReport } from './aging.ts';
import { makeDepositInvoice, makeFinalInvoice, voidInvoiceAction } from './invoice-actions.ts';
import { createExportBatch, exportBatchCsv } from './export-actions.ts';
import { createInvoiceLink, listInvoiceLinks, revokeInvoiceLink, showClientInvoice } from './invoice-links.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { sendInvoice } from './send-invoice.ts';
import { sendClientStatement } from './send-statement.ts';
import { billedCollectedByMonth, clientStatementPdf } from './statement.ts';
import { recordPaymentAction, voidPaymentAction } from './payment-actions.ts';

export const billingHandlers: ActionHandlers<typeof BILLING_ACTIONS> = {
  'invoices.aging': ({ ctx, input }) => invoiceAgingReport({ ctx, input }),
  'invoices.from_job': ({ ctx, input }) => makeFinalInvoice(ctx, input),
  'invoices.deposit': ({ ctx, input }) => makeDepositInvoice(ctx, input),
  'invoices.send': ({ ctx, params, input }) => sendInvoice(ctx, params.id, input),
  'invoices.pdf': async ({ ctx, params }) => {
    const pdf = await renderInvoicePdf(ctx, params.id);
    return savedFile(pdf.bytes, PDF_MEDIA_TYPE, pdf.fileName);
  },
  'invoices.void': ({ ctx, params, input }) => voidInvoiceAction(ctx, params.id, input.reason),
  'invoices.links': async ({ ctx, params }) => ({ data: await listInvoiceLinks(ctx, params.id) }),
  'invoices.create_link': ({ ctx, params, input, caller }) => createInvoiceLink(ctx, params.id, input.days, caller.origin),
  'invoice_links.revoke': async ({ ctx, params }) => ({ data: await revokeInvoiceLink(ctx, params.id) }),
  'client_invoices.show': ({ ctx, params }) => showClientInvoice(ctx.db, params.token),
  'payments.record': ({ ctx, input }) => recordPaymentAction(ctx, input),
  'payments.void': ({ ctx, params, input }) => voidPaymentAction(ctx, params.id, input.reason),
  'invoice_exports.create': ({ ctx, input }) => createExportBatch(ctx, input.format),
  'invoice_exports.csv': async ({ ctx, params, input }) => {
    const file = await exportBatchCsv(ctx, params.id, input.format);
    return savedFile(file.bytes, 'text/csv', file.fileName);
  },
  'clients.statement': async ({ ctx, params, input }) => {
    const pdf = await clientStatementPdf(ctx, params.id, input);
    const file = savedFile(pdf.bytes, PDF_MEDIA_TYPE, pdf.fileName);
    return input.inline ? { ...file, disposition: 'inline' as const } : file;
  },
  'clients.send_statement': ({ ctx, params, input }) => sendClientStatement(ctx, params.id, input),
  'invoices.billed_collected': ({ ctx, input }) => billedCollectedByMonth(ctx, input),
};
