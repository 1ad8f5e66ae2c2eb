/**
 * What billing brings (contract/feature.ts; docs/domain/billing.md): the Billing menu (invoices,
 * payments, aging, exports), the invoice page, the job page's billing section and the client's
 * public invoice page. Payments, their allocations and export batches are written by named actions
 * only: they open no record dialog.
 */
import type { Feature } from '../../contract/feature.ts';

// One chunk, one loader, for the area's dialogs (billing-dialogs.ts).
const dialogs = () => import('./billing-dialogs.ts');
// and one for its screens (billing-screens.ts)
const screens = () => import('./billing-screens.ts');
const VIEW = { action: 'view', area: 'invoices' } as const;

export const billingFeature: Feature<'billing'> = {
  area: 'billing',
  resources: {
    invoices: { dialog: () => dialogs().then((m) => m.openInvoiceDialog), page: (id) => `/invoices/${id}` },
    invoice_lines: { dialog: () => dialogs().then((m) => m.openInvoiceLineDialog) },
    payments: { dialog: null },
    payment_allocations: { dialog: null },
    invoice_exports: { dialog: null },
  },
  routes: [
    {
      path: '/invoices',
      requires: VIEW,
      screen: () => screens().then((m) => m.InvoicesPage),
      children: [{ path: ':invoice_id', screen: () => screens().then((m) => m.InvoicePage) }],
    },
    // apart from /invoices, so the menu marks only the screen shown
    { path: '/billing/aging', requires: VIEW, screen: () => screens().then((m) => m.AgingPage) },
    { path: '/billing/exports', requires: VIEW, screen: () => screens().then((m) => m.ExportsPage) },
    { path: '/billing/statement', requires: VIEW, screen: () => screens().then((m) => m.StatementPage) },
    { path: '/payments', requires: VIEW, screen: () => screens().then((m) => m.PaymentsPage) },
  ],
  sections: {
    // apart from the screens: a job page's first render loads its billing section, not the Billing menu's screens
    jobBilling: () => import('./job-billing-section.tsx').then((m) => m.JobBillingSection),
    estimateDeposits: () => import('./estimate-deposits-section.tsx').then((m) => m.EstimateDepositsSection),
  },
  // the path the client's link names (clientInvoicePath, shared/actions/billing.ts; not imported: it would bring zod into the entry)
  publicRoutes: [{ path: '/invoice-view/:token', screen: () => import('./public-invoice-page.tsx').then((m) => m.PublicInvoicePage) }],
  menuGroups: [{ key: 'billing', label: 'Billing', check: VIEW, order: 105 }],
  menu: [
    { to: '/invoices', label: 'Invoices', group: 'billing', order: 1 },
    { to: '/payments', label: 'Payments', group: 'billing', order: 2 },
    { to: '/billing/aging', label: 'Aging', group: 'billing', order: 3 },
    { to: '/billing/statement', label: 'Statements', group: 'billing', order: 4 },
    { to: '/billing/exports', label: 'Exports', group: 'billing', order: 5 },
  ],
};
