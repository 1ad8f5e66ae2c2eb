/** The list of material categories, reachable from the inventory screen; each opens its dialog on top. */
import { RecordListDialog } from '../../resource-kit/forms/record-list-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { openMaterialCategoryDialog } from './material-category-dialog.tsx';

function MaterialCategoriesList() {
  const modals = useModals();
  return (
    <RecordListDialog
      resource="material_categories"
      label="Material categories"
      onOpen={(c) => void openMaterialCategoryDialog(modals, { record: c })}
      onAdd={() => void openMaterialCategoryDialog(modals)}
      canAdd={useCan('edit', 'inventory')}
      addLabel="Add Category"
      emptyText="No material categories yet."
      rowTestId="material-category-row"
    />
  );
}

export function openMaterialCategoriesDialog(modals: ModalStackApi): Promise<unknown> {
  return modals.push(() => <MaterialCategoriesList />, { title: 'Material Categories', testId: 'material-categories-dialog' });
}
