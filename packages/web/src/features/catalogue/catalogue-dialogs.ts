/**
 * Catalogue's record dialogs in one module: the feature declaration loads them with one dynamic
 * import (each import in the entry carries its list of chunks; the first screen's budget is tight).
 */
export { openProductCategoryDialog } from './product-category-dialog.tsx';
export { openSeriesDialog } from './series-dialog.tsx';
export { openProductDialog } from './product-dialog.tsx';
export { openProductMaterialDialog } from './product-material-dialog.tsx';
