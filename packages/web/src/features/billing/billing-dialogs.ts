/**
 * Billing's record dialogs in one module: the feature declaration loads them with one dynamic
 * import (each import in the entry carries its list of chunks; the first screen's budget is tight).
 */
export { openInvoiceDialog } from './invoice-dialog.tsx';
export { openInvoiceLineDialog } from './invoice-line-dialog.tsx';
