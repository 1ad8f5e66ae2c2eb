import { ROLES } from '../permissions.ts';
import { defineResource } from './define.ts';
import type { ESTIMATE_TYPES } from './estimating.ts';
import { f } from './fields.ts';

export const users = defineResource({
  name: 'users',
  label: 'User',
  table: 'users',
  read: 'signed_in',
  write: 'users',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    email: f.email({ label: 'Email', required: true, unique: true }),
    number: f.phone({ label: 'Phone' }),
    role: f.enum(ROLES, { label: 'Role', required: true, default: 'employee' }),
    active: f.bool(true, { label: 'Active' }),
    password: f.password({ label: 'Password', help: 'At least 8 characters.', writeOnly: true }),
    password_confirmation: f.password({ label: 'Confirm password', writeOnly: true }),
    branch_id: f.int({ positive: true }),
    branch_access: f.idList(),
    can_be_scheduled: f.bool(false, { label: 'Can be scheduled', widget: 'checkbox' }),
  },
  search: ['name', 'email'],
  filters: { role: { op: 'eq', values: ROLES }, can_be_scheduled: { op: 'bool' } },
  sortable: ['name', 'email', 'role', 'created_at'],
});

import { CLIENT_COLORS } from '../rules/value-lists.ts';
export { CLIENT_COLORS };

export const clients = defineResource({
  name: 'clients',
  label: 'Client',
  table: 'clients',
  read: 'signed_in',
  write: 'clients',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    client_type_id: f.ref('client_types', { label: 'Client type', onDelete: 'set null' }),
    note: f.longText({ label: 'Note' }),
    color: f.enum(CLIENT_COLORS, { label: 'Colour', default: CLIENT_COLORS[0] }),
    active: f.bool(true, { label: 'Active' }),
    // billing: where an invoice or a statement goes unless the sender types another (and Xero's EmailAddress)
    email: f.email({ label: 'Email' }),
    // billing (docs/domain/billing.md, Tax): an exempt client's invoices carry no sales tax
    tax_exempt: f.bool(false, { label: 'Tax exempt' }),
    tax_exemption_number: f.text({ label: 'Tax exemption number', max: 100 }),
    // no reminder emails for this client's overdue invoices
    no_reminders: f.bool(false, { label: 'No payment reminders' }),
  },
  search: ['name', 'note', 'email'],
  filters: { client_type_id: { op: 'eq' } },
  sortable: ['name', 'created_at', 'active'],
});

export const client_types = defineResource({
  name: 'client_types',
  label: 'Client Type',
  table: 'client_types',
  read: 'signed_in',
  write: 'clients',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    product_category_list: f.idList({ label: 'Product categories', ref: 'product_categories' }),
    // What a new estimate for a client of this type starts as (a homeowner's: residential); none: commercial.
    // The estimate types written out (checked against ESTIMATE_TYPES): a value import of estimating.ts
    // here put the estimates' definitions into the people chunk, and a time card opened offline hung.
    estimate_type: f.enum(['commercial', 'residential'] as const satisfies readonly (typeof ESTIMATE_TYPES)[number][], {
      label: 'New estimates are',
      help: 'What a new estimate for a client of this type starts as.',
    }),
  },
  search: ['name'],
  sortable: ['name', 'created_at'],
});
