/**
 * Bom dialog (the record-dialog registry's opener, and Add/Edit on the bom screens): a name and
 * the job it is for (a job links to its bom and the bom to its job).
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';

interface Props {
  record?: RecordOf<'boms'> | null;
  initial?: Partial<InputOf<'boms'>>;
  onDeleted?: () => void;
}

function BomForm({ record, initial, onDeleted }: Props) {
  // A pulled bom is read-only (Return to stock first).
  const canEdit = useCan('edit', 'boms') && !record?.pulled_at;
  const dialog = useRecordDialog('boms', {
    deleteConfirm: 'Delete this bom?',
    onDeleted,
    initialValues: formValues(record, { name: initial?.name ?? '', job_id: initial?.job_id ?? null }),
  });
  const { field } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <RecordPicker resource="jobs" {...field('job_id')} data-testid="job-picker" />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Bom; resolves with the saved bom, or null. */
export function openBomDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'boms'> | null> {
  return modals.push<RecordOf<'boms'>>(() => <BomForm {...props} />, { testId: 'bom-dialog' });
}
