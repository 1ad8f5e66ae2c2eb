/**
 * Material dialog (docs/domain/inventory.md, Materials): number, description, category (picker; a new category can be
 * added on the spot), reorder qty, economic order qty, starting qty and price, and the active
 * toggle when editing. A material still used by products, orders or boms is refused on delete;
 * the server's words say where (the kit shows them).
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { openMaterialCategoryDialog } from './material-category-dialog.tsx';

/** Opens Add/Edit Material on the stack (Material when read-only); resolves with the saved record (null otherwise). */
export const openMaterialDialog = plainDialog('materials', {
  testId: 'material-dialog',
  right: 'inventory',
  deleteConfirm: 'Delete this material?',
  values: ({ record, initial = {} }) =>
    formValues(record, {
      number: initial.number ?? '',
      description: initial.description ?? '',
      material_category_id: initial.material_category_id ?? null,
      reorder_qty: initial.reorder_qty ?? 0,
      economic_order_qty: initial.economic_order_qty ?? 0,
      starting_qty: initial.starting_qty ?? 0,
      starting_price: initial.starting_price ?? 0,
      active: initial.active ?? true,
    }),
  useFields: function useMaterialFields({ field, isNew }, { canEdit }) {
    const modals = useModals();
    return [
      'number',
      'description',
      <RecordPicker
        key="category"
        resource="material_categories"
        {...field('material_category_id')}
        onAddNew={canEdit ? (prefill) => openMaterialCategoryDialog(modals, { initial: { name: prefill.name } }) : undefined}
        data-testid="material-category-picker"
      />,
      { cols: 2, fields: ['reorder_qty', 'economic_order_qty', 'starting_qty', 'starting_price'] },
      !isNew && 'active',
    ];
  },
});
