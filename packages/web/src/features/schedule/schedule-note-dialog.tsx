/** Schedule Note dialog (domain.md 2, 3, 5): a date and a note, the server's errors under both; "Delete this note?". */
import { toIsoDate } from '@glazier/shared/rules/dates';
import type { RecordOf } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/record-dialogs.ts';
import { useCan } from '../../resource-kit/session-user.ts';
import { DateField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

type Props = RecordDialogOptions<'schedule_notes'>;

function ScheduleNoteForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'jobs');
  const dialog = useRecordDialog('schedule_notes', {
    deleteConfirm: 'Delete this note?',
    initialValues: formValues(record, { date: initial?.date ?? toIsoDate(new Date()), note: initial?.note ?? '' }),
  });
  const { form } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <DateField label="Date" {...form.getInputProps('date')} />
      <TextAreaField label="Note" autosize minRows={3} {...form.getInputProps('note')} />
    </RecordDialogForm>
  );
}

/** Opens the Schedule Note dialog (`initial: { date }` from a day of the calendar); resolves with the saved note, or null. */
export function openScheduleNoteDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'schedule_notes'> | null> {
  return modals.push<RecordOf<'schedule_notes'>>(() => <ScheduleNoteForm {...props} />, { testId: 'schedule-note-dialog', size: 'sm' });
}
