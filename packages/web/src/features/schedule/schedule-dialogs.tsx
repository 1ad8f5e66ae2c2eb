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
import { Anchor } from '@mantine/core';
import { useState, type MouseEvent } from 'react';
import { errorsOfOneForm } from '../../resource-kit/forms/bulk-errors.ts';
import { formTarget, reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import { useSaveMany } from '../../resource-kit/writes/saves.ts';
import { noticeNavigate } from '../../resource-kit/detail/notice-navigation.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { DateField } from '../../ui/date-field.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { EventColorsField } from './event-colors-field.tsx';
import { eventJobLabel } from './event-label.ts';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

const FIELDS = ['job_id', 'date', 'color', 'user_id'] as const;

/** Opens the Event dialog (`initial: { job_id }` from a job, `{ date }` from a day); resolves with the saved event (the first, over several days), or null. */
export const openEventDialog = plainDialog('events', {
  testId: 'event-dialog',
  right: 'jobs',
  deleteConfirm: 'Delete this event?',
  fields: FIELDS,
  values: ({ record, initial }) =>
    formValues(record, {
      job_id: initial?.job_id ?? null,
      date: initial?.date ?? toIsoDate(new Date()),
      color: initial?.color ?? null,
      user_id: initial?.user_id ?? null,
    }),
  useLocal: function useEventDays({ form }, { record }) {
    const [through, setThrough] = useState<string | null>(null);
    const [throughError, setThroughError] = useState<string | null>(null);
    const [weekdaysOnly, setWeekdaysOnly] = useState(true);
    // the chosen job, as the picker shows it (its record is cached by then)
    const job = useRecord('jobs', form.getValues().job_id).data;
    const jobLabel = job ? job.number || job.name || 'Job' : record ? eventJobLabel(record) : null;
    return { through, setThrough, throughError, setThroughError, weekdaysOnly, setWeekdaysOnly, jobLabel };
  },
  useSubmit: function useSeveralDays(dialog, { local }) {
    const loader = useLoader();
    const saveMany = useSaveMany('events');
    const { through, weekdaysOnly, setThroughError, jobLabel } = local;
    if (!(dialog.isNew && through != null)) return null;
    return dialog.form.onSubmit(async (values) => {
      const problem = scheduleDaysError(values.date, through, weekdaysOnly);
      if (problem) return setThroughError(problem);
      const days = scheduleDays(values.date, through, weekdaysOnly);
      try {
        const saved = await loader.run(saveMany.mutateAsync(days.map((date) => ({ ...values, date }))));
        reportSuccess(`${jobLabel ?? 'The job'} scheduled on ${days.length} days.`);
        dialog.modal.close(saved[0] ?? null);
      } catch (e) {
        reportError(errorsOfOneForm(e), { form: formTarget(dialog.form, FIELDS) });
      }
    });
  },
  useFields: function useEventFields(dialog, { record, canEdit, local }) {
    const { form, field, isNew } = dialog;
    const modals = useModals();
    const users = useList('users');
    const v = form.getValues();
    const { through, setThrough, throughError, setThroughError, weekdaysOnly, setWeekdaysOnly, jobLabel } = local;
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
    const jobLink = v.job_id != null && (
      <Anchor href={jobPath} size="sm" onClick={(e) => void openJob(e)}>
        Open job {jobLabel ?? ''}
      </Anchor>
    );
    return [
      ['job_id', { helper: jobLink || undefined, autoFocus: false, 'data-testid': 'event-job' }],
      {
        row: [
          'date',
          isNew && canEdit && (
            <DateField
              key="through"
              label="Through"
              helper={`Optional: the last day (at most ${MAX_SCHEDULE_DAYS} days).`}
              value={through}
              error={throughError}
              onChange={(d) => {
                setThrough(d);
                setThroughError(null);
              }}
            />
          ),
        ],
        gap: 'md',
      },
      isNew && through != null && (
        <CheckField key="weekdays" label="Weekdays only" checked={weekdaysOnly} onChange={(e) => setWeekdaysOnly(e.currentTarget.checked)} />
      ),
      <EventColorsField key="colors" value={v.color} onChange={(c) => form.setFieldValue('color', c)} error={form.errors.color} />,
      <RefSelect
        key="supervisor"
        placeholder="Choose a supervisor"
        records={supervisors}
        clearable
        searchable
        {...field('user_id')}
        nothingFound={(search) => supervisorSearchMiss(users.data ?? [], search)}
      />,
    ];
  },
});

/** Opens the Schedule Note dialog (`initial: { date }` from a day of the calendar); resolves with the saved note, or null. */
export const openScheduleNoteDialog = plainDialog('schedule_notes', {
  testId: 'schedule-note-dialog',
  size: 'sm',
  right: 'jobs',
  deleteConfirm: 'Delete this note?',
  values: ({ record, initial }) => formValues(record, { date: initial?.date ?? toIsoDate(new Date()), note: initial?.note ?? '' }),
  // the date is usually the day clicked: the note is what to write
  useFields: () => ['date', ['note', { minRows: 3, 'data-autofocus': true }]],
});
