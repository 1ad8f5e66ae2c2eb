/** Billing's named actions (shared/actions/billing.ts), each to its rule in this folder. */
import type { BILLING_ACTIONS } from '@glazier/shared/actions/billing';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { invoiceAgingReport } from './aging.ts';

export const billingHandlers: ActionHandlers<typeof BILLING_ACTIONS> = {
  'invoices.aging': ({ ctx, input }) => invoiceAgingReport({ ctx, input }),
};
