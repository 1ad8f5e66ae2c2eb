/**
 * Estimating's record dialogs in one module: the feature declaration loads them with one dynamic
 * import (each import in the entry carries its list of chunks, and the first screen's budget is
 * tight), and the chunk is shared as they mostly open together.
 */
export { openEstimateDialog } from './estimate-dialog.tsx';
export { openEstimateItemDialog } from './estimate-item-dialog.tsx';
export { openEstimateCategoryNoteDialog } from './estimate-category-note-dialog.tsx';
export { openTakeoffOptionDialog } from './takeoff-option-dialog.tsx';
export { openTakeoffUnitDialog } from './takeoff-unit-dialog.tsx';
