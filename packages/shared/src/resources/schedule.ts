import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const events = defineResource({
  name: 'events',
  label: 'Event',
  table: 'events',
  read: 'jobs',
  write: 'jobs',
  fields: {
    job_id: f.ref('jobs', { label: 'Job', required: true, onDelete: 'cascade' }),
    date: f.date({ label: 'Date', required: true, index: true }),
    /** None, one or two of the twelve client colours, comma-separated (rules/schedule/event-colors.ts). */
    color: f.text({ max: 100 }),
    /** The supervisor: an active supervisor or someone who can be scheduled (rules/schedule/supervisors.ts). */
    user_id: f.ref('users', { label: 'Supervisor', onDelete: 'set null' }),
    /** What the calendar shows of the job (read live): its number, name and client. */
    job_number: f.text({ readOnly: true, computed: true }),
    job_name: f.text({ readOnly: true, computed: true }),
    client_name: f.text({ readOnly: true, computed: true }),
  },
  filters: { job_id: { op: 'eq' }, user_id: { op: 'eq' } },
  sortable: ['date', 'created_at'],
  dateField: 'date',
  titleField: 'date',
});

export const schedule_notes = defineResource({
  name: 'schedule_notes',
  label: 'Schedule Note',
  table: 'schedule_notes',
  read: 'jobs',
  write: 'jobs',
  fields: {
    date: f.date({ label: 'Date', required: true, index: true }),
    note: f.longText({ label: 'Note', required: true }),
  },
  search: ['note'],
  sortable: ['date', 'created_at'],
  dateField: 'date',
  titleField: 'note',
});
