/**
 * Note dialog (docs/domain/jobs.md, Notes, files and images): the note and Internal Only; on an estimate's note, Show on Job for
 * users with `edit estimates`.
 */
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../forms/record-dialogs.ts';
import { useCan } from '../http/session-user.ts';
import { parentFields, useCanEditAttachment, type AttachmentParent } from './parent.ts';

function NoteForm({ record, initial }: RecordDialogOptions<'notes'>) {
  const canEditAttachment = useCanEditAttachment('notes');
  const canEditEstimates = useCan('edit', 'estimates');
  const dialog = useRecordDialog('notes', {
    deleteConfirm: 'Delete this note?',
    initialValues: formValues(record, {
      job_id: initial?.job_id ?? null,
      estimate_id: initial?.estimate_id ?? null,
      note: initial?.note ?? '',
      internal_only: initial?.internal_only ?? false,
      show_on_job: initial?.show_on_job ?? false,
    }),
  });
  const { form } = dialog;
  const onEstimate = form.getValues().estimate_id != null;
  // an estimate's note (on the estimate, or shown on its job) is the estimates area's (docs/domain/jobs.md, Notes, files and images)
  const canEdit = canEditAttachment(form.getValues());
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextAreaField label="Note" autosize minRows={3} autoFocusDelayed {...form.getInputProps('note')} />
      <CheckField label="Internal Only" {...form.getInputProps('internal_only', { type: 'checkbox' })} />
      {onEstimate && <CheckField kind="switch" label="Show on Job" readOnly={!canEditEstimates} {...form.getInputProps('show_on_job', { type: 'checkbox' })} />}
    </RecordDialogForm>
  );
}

export function openNoteDialog(modals: ModalStackApi, options: RecordDialogOptions<'notes'> = {}): Promise<RecordOf<'notes'> | null> {
  return modals.push<RecordOf<'notes'>>(() => <NoteForm {...options} />, { testId: 'note-dialog' });
}

/** The Add button of a job's or an estimate's Notes. */
export function addNote(modals: ModalStackApi, parent: AttachmentParent): Promise<RecordOf<'notes'> | null> {
  return openNoteDialog(modals, { initial: parentFields(parent) });
}
