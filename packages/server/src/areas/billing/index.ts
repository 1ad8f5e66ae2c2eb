/** Billing on the server: invoices, their lines, payments and exports; the palette finds invoices by number. */
import type { ServerArea } from '../../engine/server-area.ts';
import { hitLine } from '../../platform/search-everything.ts';
import { billingHandlers } from './billing-actions.ts';
import { invoiceLinesHooks, invoicesHooks, jobsWithInvoices, paymentAllocationsHooks, paymentsHooks } from './billing-hooks.ts';

export const billingArea = {
  hooks: {
    invoices: invoicesHooks,
    invoice_lines: invoiceLinesHooks,
    payments: paymentsHooks,
    payment_allocations: paymentAllocationsHooks,
  },
  // a job's invoice amount is its invoices' once it has one
  extends: { jobs: jobsWithInvoices },
  handlers: billingHandlers,
  palette: {
    // an invoice has a number only: a query of digits looks it up
    invoices: {
      order: 62,
      query: (q) => (/^\d{1,9}$/.test(q) ? { number: q } : null),
      subtitle: (r) => hitLine(r.client_name as string | null | undefined),
    },
  },
} satisfies ServerArea<'billing'>;
