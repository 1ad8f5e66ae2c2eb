/**
 * Inventory's record dialogs in one module: the feature declaration loads them with one dynamic
 * import (each import in the entry carries its list of chunks; the first screen's budget is tight).
 */
export { openMaterialDialog } from './material-dialog.tsx';
export { openMaterialCategoryDialog } from './material-category-dialog.tsx';
export { openBomDialog } from './bom-dialog.tsx';
export { openBomMaterialDialog } from './bom-material-dialog.tsx';
