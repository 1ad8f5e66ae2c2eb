import { AREAS, ROLES } from '../permissions.ts';
import { defineResource } from './define.ts';
import { f } from './fields.ts';

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

/** The role × area matrix, editable by admins (docs/domain/settings.md, Role matrix). */
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
