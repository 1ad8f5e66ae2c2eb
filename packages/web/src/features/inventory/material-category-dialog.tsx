/** Material Category dialog (docs/domain/inventory.md, Materials): a name. */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
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
    initialValues: formValues(record, { name: initial?.name ?? '' }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField label="Name" autoFocusDelayed {...dialog.form.getInputProps('name')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Material Category on the stack; resolves with the saved record (null otherwise). */
export function openMaterialCategoryDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'material_categories'> | null> {
  return modals.push<RecordOf<'material_categories'>>(() => <MaterialCategoryForm {...props} />, { testId: 'material-category-dialog' });
}
