/** Billing's named actions (shared/actions/billing.ts), each to its rule in this folder. */
import type { BILLING_ACTIONS } from '@glazier/shared/actions/billing';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { ApiError } from '../../engine/errors.ts';
import { invoiceAgingReport } from './aging.ts';
import { makeDepositInvoice, makeFinalInvoice, voidInvoiceAction } from './invoice-actions.ts';
import { recordPaymentAction, voidPaymentAction } from './payment-actions.ts';

// The declarations are published first so the screens can be built on them; each handler below
// answers 501 until its change lands on this branch.
const notYet = (): never => {
  throw new ApiError(501, 'Not built yet.');
};

export const billingHandlers: ActionHandlers<typeof BILLING_ACTIONS> = {
  'invoices.aging': ({ ctx, input }) => invoiceAgingReport({ ctx, input }),
  'invoices.from_job': ({ ctx, input }) => makeFinalInvoice(ctx, input),
  'invoices.deposit': ({ ctx, input }) => makeDepositInvoice(ctx, input),
  'invoices.send': notYet,
  'invoices.pdf': notYet,
  'invoices.void': ({ ctx, params, input }) => voidInvoiceAction(ctx, params.id, input.reason),
  'invoices.links': notYet,
  'invoices.create_link': notYet,
  'invoice_links.revoke': notYet,
  'client_invoices.show': notYet,
  'payments.record': ({ ctx, input }) => recordPaymentAction(ctx, input),
  'payments.void': ({ ctx, params, input }) => voidPaymentAction(ctx, params.id, input.reason),
  'invoice_exports.create': notYet,
  'invoice_exports.csv': notYet,
  'clients.statement': notYet,
  'invoices.billed_collected': notYet,
};
