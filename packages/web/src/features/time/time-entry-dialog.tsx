/**
 * Time Entry dialog (docs/domain/time.md, Time entries): who (defaults to oneself; others only with
 * `edit time_entries`), job, date, hours (default 0), note, and the Oregon flag.
 */
import { formatDate, formatHours, toIsoDate } from '@glazier/shared/rules/dates';
import { Group } from '@mantine/core';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { knownReference } from '../../resource-kit/pickers/known-reference.ts';
import { useCan, useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { QtyField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { type ModalStackApi } from '../../ui/modal-stack.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { TextAreaField } from '../../ui/text-field.tsx';

interface Props {
  record?: RecordOf<'time_entries'> | null;
  jobId?: number | null;
  /** A new entry's person and day (a time card's cell); none: oneself, today. */
  userId?: number | null;
  date?: string | null;
}

function TimeEntryForm({ record, jobId, userId, date }: Props) {
  const me = useCurrentUser();
  const canEditAll = useCan('edit', 'time_entries');
  const dialog = useRecordDialog('time_entries', {
    deleteConfirm: 'Delete this entry?',
    // entered in the field without a connection: kept on the device and sent later
    offline: { label: (e) => `Time Entry ${formatHours(Number(e.hours) || 0)} on ${formatDate(e.date ?? null)}` },
    initialValues: formValues(record, {
      user_id: userId ?? me?.id ?? null,
      job_id: jobId ?? null,
      date: date ?? toIsoDate(new Date()),
      hours: 0,
      note: '',
      oregon: false,
    }),
  });
  const { form, field } = dialog;
  const v = form.getValues();
  const own = v.user_id === me?.id;

  return (
    <RecordDialogForm dialog={dialog} canSave={canEditAll || own} canDelete={canEditAll || own} title="Time Entry">
      <RecordPicker resource="users" {...field('user_id')} readOnly={!canEditAll} clearable={false} data-testid="time-entry-user" />
      <RecordPicker resource="jobs" {...field('job_id')} known={knownReference('jobs', record, 'job_id')} data-testid="time-entry-job" />
      <Group grow align="flex-start">
        <DateField {...field('date')} />
        <QtyField {...field('hours')} onChange={(n) => form.setFieldValue('hours', n ?? 0)} />
      </Group>
      <TextAreaField {...field('note')} />
      <CheckField {...field('oregon')} />
    </RecordDialogForm>
  );
}

export function openTimeEntryDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'time_entries'> | null> {
  return modals.push<RecordOf<'time_entries'>>(() => <TimeEntryForm {...props} />, { title: 'Time Entry', testId: 'time-entry-dialog' });
}

/** The registry's shape (time-feature.ts): `initial.job_id` fills in the job. */
export function openTimeEntryRecordDialog(
  modals: ModalStackApi,
  { record, initial }: RecordDialogOptions<'time_entries'> = {},
): Promise<RecordOf<'time_entries'> | null> {
  return openTimeEntryDialog(modals, { record, jobId: initial?.job_id ?? null });
}
