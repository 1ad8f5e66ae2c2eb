/**
 * Material Category dialog (docs/domain/inventory.md, Materials): a name, and whether its materials
 * are glass cut to size (what a series may order as its glass).
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';

/** Opens Add/Edit Material Category on the stack; resolves with the saved record (null otherwise). */
export const openMaterialCategoryDialog = plainDialog('material_categories', {
  testId: 'material-category-dialog',
  right: 'inventory',
  deleteConfirm: 'Delete this category?',
  values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', is_glass: initial?.is_glass ?? false }),
  useFields: () => ['name', ['is_glass', { description: 'A series orders its glass from these materials (Glass to order)' }]],
});
