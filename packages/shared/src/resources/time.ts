import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const time_entries = defineResource({
  name: 'time_entries',
  label: 'Time Entry',
  table: 'time_entries',
  read: 'time_entries',
  write: 'time_entries',
  fields: {
    // defaults to the current user on the server (docs/domain/time.md, Time entries)
    user_id: f.ref('users', { label: 'Employee', onDelete: 'restrict' }),
    user_name: f.text({ readOnly: true }),
    // every entry is for a job, and for some time (no silent empty entries)
    job_id: f.ref('jobs', { label: 'Job', required: true, onDelete: 'set null' }),
    // more than 0 and at most a day; a person's entries of one day add up to at most 24 (server rule)
    hours: f.qty({ label: 'Hours', required: true, default: 0, positive: true, max: 24 }),
    note: f.longText({ label: 'Note' }),
    date: f.date({ label: 'Date', required: true, index: true }),
    oregon: f.bool(false, { label: 'Oregon', widget: 'checkbox' }),
    /** Its job as a time card and a payroll export show it (read live, kept for a job in the trash: the hours were worked). */
    job_number: f.text({ readOnly: true, computed: true }),
    job_name: f.text({ readOnly: true, computed: true }),
    client_name: f.text({ readOnly: true, computed: true }),
  },
  search: ['note', 'user_name'],
  filters: { user_id: { op: 'eq' }, job_id: { op: 'eq' } },
  sortable: ['date', 'hours', 'user_name', 'created_at'],
  dateField: 'date',
  titleField: 'date',
});
