/**
 * Purchasing's record dialogs in one module: the feature declaration loads them with one dynamic
 * import (each import in the entry carries its list of chunks; the first screen's budget is tight).
 */
export { openVendorDialog } from './vendor-dialog.tsx';
export { openVendorMaterialDialog } from './vendor-material-dialog.tsx';
export { openPurchaseOrderDialog } from './purchase-order-dialog.tsx';
export { openPurchaseOrderMaterialDialog } from './purchase-order-material-dialog.tsx';
