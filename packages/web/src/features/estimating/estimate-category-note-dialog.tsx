/**
 * Estimate Category Note dialog (docs/domain/estimating.md, Items): the note an estimate prints under one product
 * category. Only a draft estimate's notes change: otherwise the dialog is read-only.
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

type Note = RecordOf<'estimate_category_notes'>;

interface Props extends RecordDialogOptions<'estimate_category_notes'> {
  readOnly?: boolean;
  /** The category's name, to say whose note it is. */
  categoryName?: string;
}

function CategoryNoteForm({ record, initial, readOnly, categoryName }: Props) {
  const canEdit = useCan('edit', 'estimates') && !readOnly;
  const dialog = useRecordDialog('estimate_category_notes', {
    deleteConfirm: 'Delete this note?',
    initialValues: formValues(record, {
      estimate_id: initial?.estimate_id ?? null,
      product_category_id: initial?.product_category_id ?? null,
      note: initial?.note ?? '',
    }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextAreaField
        label={categoryName ? `Note for ${categoryName}` : 'Note'}
        autosize
        minRows={3}
        maxRows={10}
        autoFocus
        {...dialog.form.getInputProps('note')}
      />
    </RecordDialogForm>
  );
}

export function openEstimateCategoryNoteDialog(modals: ModalStackApi, props: Props = {}): Promise<Note | null> {
  return modals.push<Note>(() => <CategoryNoteForm {...props} />, { testId: 'estimate-category-note-dialog' });
}
