/**
 * Time Entry dialog (domain.md 3, 5, 6, 9): who (defaults to oneself; others only with
 * `edit time_entries`), job, date, hours (default 0), note, and the Oregon flag.
 */
import { toIsoDate } from '@glazier/shared/rules/dates';
import { Checkbox, Group, Stack } from '@mantine/core';
import type { Rec } from '../../resource-kit/hooks.ts';
import { formValues } from '../../resource-kit/pick.ts';
import { RecordPicker } from '../../resource-kit/record-picker.tsx';
import { useCan, useCurrentUser } from '../../resource-kit/session-user.ts';
import { useRecordForm } from '../../resource-kit/use-record-form.ts';
import { DialogActions } from '../../ui/dialog-actions.tsx';
import { useDialogs } from '../../ui/dialogs.tsx';
import { DateField, QtyField } from '../../ui/fields.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

interface Props {
  record?: Rec | null;
  jobId?: number | null;
}

function TimeEntryForm({ record, jobId }: Props) {
  const modal = useModal<Rec>();
  const dialogs = useDialogs();
  const me = useCurrentUser();
  const canEditAll = useCan('edit', 'time_entries');
  const { form, submit, remove, isNew, busy } = useRecordForm('time_entries', {
    initialValues: formValues(record, {
      user_id: me?.id ?? null,
      job_id: jobId ?? null,
      date: toIsoDate(new Date()),
      hours: 0,
      note: '',
      oregon: false,
    }),
  });
  const v = form.getValues();
  const own = v.user_id === me?.id;

  const onDelete = async () => {
    if (!(await dialogs.confirm('Delete this entry?', { danger: true }))) return;
    if (await remove()) modal.close(null);
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        const saved = await submit();
        if (saved) modal.close(saved);
      })}
    >
      <Stack gap="sm">
        <RecordPicker
          resource="users"
          label="Employee"
          value={v.user_id as number | null}
          onChange={(id) => form.setFieldValue('user_id', id)}
          error={form.errors.user_id}
          disabled={!canEditAll}
          clearable={false}
          data-testid="time-entry-user"
        />
        <RecordPicker
          resource="jobs"
          label="Job"
          value={v.job_id as number | null}
          onChange={(id) => form.setFieldValue('job_id', id)}
          error={form.errors.job_id}
          display={(j) => String(j.number || j.name || '')}
          describe={(j) => [j.number ? j.name : '', j.client_name].filter(Boolean).join(' · ')}
          data-testid="time-entry-job"
        />
        <Group grow align="flex-start">
          <DateField label="Date" value={v.date as string} onChange={(d) => form.setFieldValue('date', d)} error={form.errors.date} />
          <QtyField label="Hours" value={v.hours as number} onChange={(n) => form.setFieldValue('hours', n ?? 0)} error={form.errors.hours} min={0} max={24} />
        </Group>
        <TextAreaField label="Note" {...form.getInputProps('note')} />
        <Checkbox label="Oregon" {...form.getInputProps('oregon', { type: 'checkbox' })} />
        <DialogActions
          onCancel={() => modal.close(null)}
          onDelete={!isNew && (canEditAll || own) ? () => void onDelete() : null}
          canSave={canEditAll || own}
          saving={busy}
        />
      </Stack>
    </form>
  );
}

export function openTimeEntryDialog(modals: ModalStackApi, props: Props = {}): Promise<Rec | null> {
  return modals.push<Rec>(() => <TimeEntryForm {...props} />, { title: 'Time Entry', testId: 'time-entry-dialog' });
}
