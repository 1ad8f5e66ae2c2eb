/**
 * Billing's screens in one module: the feature declaration loads them with one dynamic import (each
 * import in the entry carries its chunk's name and its list of chunks; the first screen's budget is
 * tight). The client's public page stays apart: it is all a client loads; so does the job page's
 * billing section (billing-feature.ts), which a job page loads with its first render.
 */
export { InvoicesPage } from './invoices-page.tsx';
export { InvoicePage } from './invoice-page.tsx';
export { PaymentsPage } from './payments-page.tsx';
export { AgingPage } from './aging-page.tsx';
export { ExportsPage } from './exports-page.tsx';
export { StatementPage } from './statement-page.tsx';
