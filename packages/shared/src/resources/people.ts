import { AREAS, ROLES } from '../permissions.ts';
import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const users = defineResource({
  name: 'users',
  label: 'User',
  table: 'users',
  read: 'signed_in',
  write: 'users',
  fields: {
    name: f.text({ required: true }),
    email: f.email({ required: true, unique: true }),
    number: f.phone(),
    role: f.enum(ROLES, { required: true, default: 'employee' }),
    active: f.bool(true),
    password: f.password({ writeOnly: true }),
    password_confirmation: f.password({ writeOnly: true }),
    branch_id: f.int(),
    branch_access: f.idList(),
    can_be_scheduled: f.bool(false),
  },
  search: ['name', 'email'],
  filters: { role: { op: 'eq', values: ROLES }, can_be_scheduled: { op: 'bool' } },
  sortable: ['name', 'email', 'role', 'created_at'],
});

export const settings = defineResource({
  name: 'settings',
  label: 'Setting',
  table: 'settings',
  read: 'signed_in',
  write: 'settings',
  fields: {
    name: f.text({ required: true, unique: true, max: 100 }),
    value: f.longText({ max: 5000 }),
  },
  search: ['name'],
  sortable: ['name'],
});

/** The role × area matrix, editable by admins (DESIGN.md "Permissions"). */
export const role_permissions = defineResource({
  name: 'role_permissions',
  label: 'Role Permission',
  table: 'role_permissions',
  read: 'settings',
  write: 'settings',
  fields: {
    role: f.enum(ROLES, { required: true }),
    area: f.enum(AREAS, { required: true }),
    view: f.bool(false),
    edit: f.bool(false),
  },
  filters: { role: { op: 'eq', values: ROLES } },
  sortable: ['role', 'area'],
  uniqueTogether: [['role', 'area']],
  titleField: 'area',
});

export const time_entries = defineResource({
  name: 'time_entries',
  label: 'Time Entry',
  table: 'time_entries',
  read: 'time_entries',
  write: 'time_entries',
  fields: {
    // defaults to the current user on the server (domain.md 6)
    user_id: f.ref('users', { onDelete: 'restrict' }),
    user_name: f.text({ readOnly: true }),
    // every entry is for a job, and for some time (issue 6: no silent empty entries)
    job_id: f.ref('jobs', { required: true, onDelete: 'set null' }),
    hours: f.qty({ required: true, default: 0, positive: true }),
    note: f.longText(),
    date: f.date({ required: true, index: true }),
    oregon: f.bool(false),
  },
  search: ['note', 'user_name'],
  filters: { user_id: { op: 'eq' }, job_id: { op: 'eq' } },
  sortable: ['date', 'hours', 'user_name', 'created_at'],
  dateField: 'date',
  titleField: 'date',
});
