/**
 * Time Entry dialog (docs/domain/time.md, Time entries): who (defaults to oneself; others only with
 * `edit time_entries`), job, date, hours (default 0), note, and the Oregon flag.
 */
import { formatDate, formatHours, toIsoDate } from '@glazier/shared/rules/dates';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { knownReference } from '../../resource-kit/pickers/known-reference.ts';
import { useCurrentUser } from '../../resource-kit/http/session-user.ts';

interface Props extends PlainDialogProps<'time_entries'> {
  jobId?: number | null;
  /** A new entry's person and day (a time card's cell); none: oneself, today. */
  userId?: number | null;
  date?: string | null;
}

export const openTimeEntryDialog = plainDialog('time_entries', {
  testId: 'time-entry-dialog',
  title: 'Time Entry',
  right: 'time_entries',
  deleteConfirm: 'Delete this entry?',
  // entered in the field without a connection: kept on the device and sent later
  offline: { label: (e) => `Time Entry ${formatHours(Number(e.hours) || 0)} on ${formatDate(e.date ?? null)}` },
  values: function useEntryValues({ record, initial, jobId, userId, date }: Props) {
    const me = useCurrentUser();
    return formValues(record, {
      user_id: userId ?? me?.id ?? null,
      job_id: jobId ?? initial?.job_id ?? null,
      date: date ?? toIsoDate(new Date()),
      hours: 0,
      note: '',
      oregon: false,
    });
  },
  // one's own entries, or everyone's with `edit time_entries`
  useAccess: function useEntryAccess({ form }, { hasRight }) {
    const own = form.getValues().user_id === useCurrentUser()?.id;
    return { canSave: hasRight || own, canDelete: hasRight || own };
  },
  useFields: ({ form }, { record, hasRight }) => [
    ['user_id', { readOnly: !hasRight, clearable: false, autoFocus: false, 'data-testid': 'time-entry-user' }],
    ['job_id', { known: knownReference('jobs', record, 'job_id'), 'data-testid': 'time-entry-job' }],
    { row: ['date', ['hours', { onChange: (n: number | null) => form.setFieldValue('hours', n ?? 0) }]] },
    'note',
    'oregon',
  ],
});

/** The registry's shape (time-feature.ts): `initial.job_id` fills in the job. */
export const openTimeEntryRecordDialog = openTimeEntryDialog;
