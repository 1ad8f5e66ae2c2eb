/** What billing brings to the app (contract/feature.ts): its screens and dialogs are still to come, so none of its records opens a dialog yet. */
import type { Feature } from '../../contract/feature.ts';

export const billingFeature: Feature<'billing'> = {
  area: 'billing',
  resources: {
    invoices: { dialog: null },
    invoice_lines: { dialog: null },
    payments: { dialog: null },
    payment_allocations: { dialog: null },
    invoice_exports: { dialog: null },
  },
};
