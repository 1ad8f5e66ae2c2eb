/**
 * Material Category dialog (docs/domain/inventory.md, Materials): a name, and whether its materials
 * are glass cut to size (what a series may order as its glass, issue 53).
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { CheckField } from '../../ui/check-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface Props {
  record?: RecordOf<'material_categories'> | null;
  initial?: Partial<InputOf<'material_categories'>>;
}

function MaterialCategoryForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'inventory');
  const dialog = useRecordDialog('material_categories', {
    deleteConfirm: 'Delete this category?',
    initialValues: formValues(record, { name: initial?.name ?? '', is_glass: initial?.is_glass ?? false }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...dialog.field('name')} />
      <CheckField description="A series orders its glass from these materials (Glass to order)" {...dialog.field('is_glass')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Material Category on the stack; resolves with the saved record (null otherwise). */
export function openMaterialCategoryDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'material_categories'> | null> {
  return modals.push<RecordOf<'material_categories'>>(() => <MaterialCategoryForm {...props} />, { testId: 'material-category-dialog' });
}
