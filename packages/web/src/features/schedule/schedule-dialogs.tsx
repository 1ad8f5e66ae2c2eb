/**
 * The schedule's dialogs (one chunk, which the job screen loads too).
 *
 * The Event dialog (docs/domain/schedule.md, Events): the job (the job picker; once chosen, a link
 * opens `/jobs/{id}`, docs/platform.md, Screens and navigation), the date, up to two colours, the supervisor (only active
 * supervisors or people who can be scheduled, as the server insists), "Delete this event?".
 * Adding, a last day puts the job on every day from the date through it (weekends left out unless
 * asked), as one bulk save.
 *
 * The Schedule Note dialog (docs/domain/schedule.md, Schedule notes): a date and a note, the server's errors under both;
 * "Delete this note?".
 */
import { toIsoDate } from '@glazier/shared/rules/dates';
import { MAX_SCHEDULE_DAYS, scheduleDays, scheduleDaysError } from '@glazier/shared/rules/schedule/schedule-days';
import { isSchedulable, supervisorSearchMiss } from '@glazier/shared/rules/schedule/supervisors';
import { Anchor, Group } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { errorsOfOneForm } from '../../resource-kit/forms/bulk-errors.ts';
import { formTarget, reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { noticeNavigate } from '../../resource-kit/detail/notice-navigation.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { EventColorsField } from './event-colors-field.tsx';
import { eventJobLabel } from './event-label.ts';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

type Props = RecordDialogOptions<'events'>;

const FIELDS = ['job_id', 'date', 'color', 'user_id'] as const;

function EventForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'jobs');
  const modals = useModals();
  const loader = useLoader();
  const users = useList('users');
  const saveMany = useSaveMany('events');
  const dialog = useRecordDialog('events', {
    deleteConfirm: 'Delete this event?',
    fields: FIELDS,
    initialValues: formValues(record, {
      job_id: initial?.job_id ?? null,
      date: initial?.date ?? toIsoDate(new Date()),
      color: initial?.color ?? null,
      user_id: initial?.user_id ?? null,
    }),
  });
  const { form, field, isNew } = dialog;
  const v = form.getValues();
  // the chosen job, as the picker shows it (its record is cached by then)
  const job = useRecord('jobs', v.job_id).data;
  const jobLabel = job ? job.number || job.name || 'Job' : record ? eventJobLabel(record) : null;
  const [through, setThrough] = useState<string | null>(null);
  const [throughError, setThroughError] = useState<string | null>(null);
  const [weekdaysOnly, setWeekdaysOnly] = useState(true);

  // Who may supervise (docs/domain/schedule.md, Events), and whoever the event already names.
  const supervisors = users.data?.filter((u) => isSchedulable(u) || u.id === record?.user_id);

  const jobPath = `/jobs/${v.job_id}`;
  // A real link (a middle click opens a tab); a plain click closes the dialogs and goes through the router.
  const openJob = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    await modals.closeAll();
    if (!noticeNavigate(jobPath)) window.location.assign(jobPath);
  };

  const saveDays = form.onSubmit(async (values) => {
    const problem = scheduleDaysError(values.date, through, weekdaysOnly);
    if (problem) return setThroughError(problem);
    const days = scheduleDays(values.date, through, weekdaysOnly);
    try {
      const saved = await loader.run(saveMany.mutateAsync(days.map((date) => ({ ...values, date }))));
      reportSuccess(`${jobLabel ?? 'The job'} scheduled on ${days.length} days.`);
      dialog.modal.close(saved[0] ?? null);
    } catch (e) {
      reportError(errorsOfOneForm(e), { form: formTarget(form, FIELDS) });
    }
  });
  const severalDays = isNew && through != null;

  return (
    <RecordDialogForm dialog={severalDays ? { ...dialog, onSubmit: saveDays } : dialog} canSave={canEdit} canDelete={canEdit}>
      <RecordPicker
        resource="jobs"
        {...field('job_id')}
        helper={
          v.job_id != null ? (
            <Anchor href={jobPath} size="sm" onClick={(e) => void openJob(e)}>
              Open job {jobLabel ?? ''}
            </Anchor>
          ) : undefined
        }
        data-testid="event-job"
      />
      <Group grow align="flex-start">
        <DateField {...field('date')} />
        {isNew && canEdit && (
          <DateField
            label="Through"
            helper={`Optional: the last day (at most ${MAX_SCHEDULE_DAYS} days).`}
            value={through}
            error={throughError}
            onChange={(d) => {
              setThrough(d);
              setThroughError(null);
            }}
          />
        )}
      </Group>
      {severalDays && <CheckField label="Weekdays only" checked={weekdaysOnly} onChange={(e) => setWeekdaysOnly(e.currentTarget.checked)} />}
      <EventColorsField value={v.color} onChange={(c) => form.setFieldValue('color', c)} error={form.errors.color} />
      <RefSelect
        placeholder="Choose a supervisor"
        records={supervisors}
        clearable
        searchable
        {...field('user_id')}
        nothingFound={(search) => supervisorSearchMiss(users.data ?? [], search)}
      />
    </RecordDialogForm>
  );
}

/** Opens the Event dialog (`initial: { job_id }` from a job, `{ date }` from a day); resolves with the saved event (the first, over several days), or null. */
export function openEventDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'events'> | null> {
  return modals.push<RecordOf<'events'>>(() => <EventForm {...props} />, { testId: 'event-dialog' });
}

type NoteProps = RecordDialogOptions<'schedule_notes'>;

function ScheduleNoteForm({ record, initial }: NoteProps) {
  const canEdit = useCan('edit', 'jobs');
  const dialog = useRecordDialog('schedule_notes', {
    deleteConfirm: 'Delete this note?',
    initialValues: formValues(record, { date: initial?.date ?? toIsoDate(new Date()), note: initial?.note ?? '' }),
  });
  const { field } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <DateField {...field('date')} />
      {/* the date is usually the day clicked: the note is what to write */}
      <TextAreaField autosize minRows={3} data-autofocus {...field('note')} />
    </RecordDialogForm>
  );
}

/** Opens the Schedule Note dialog (`initial: { date }` from a day of the calendar); resolves with the saved note, or null. */
export function openScheduleNoteDialog(modals: ModalStackApi, props: NoteProps = {}): Promise<RecordOf<'schedule_notes'> | null> {
  return modals.push<RecordOf<'schedule_notes'>>(() => <ScheduleNoteForm {...props} />, { testId: 'schedule-note-dialog', size: 'sm' });
}
