import { defineResource } from './define.ts';
import { f } from './fields.ts';

import { DECISIONS, ESTIMATE_STATUSES } from '../rules/value-lists.ts';
export { DECISIONS, ESTIMATE_STATUSES };
export const ESTIMATE_TYPES = ['commercial', 'residential'] as const;
/** An estimate type as the screens name it. */
export const ESTIMATE_TYPE_OPTIONS = [
  { value: 'commercial', label: 'Commercial' },
  { value: 'residential', label: 'Residential' },
] as const satisfies readonly { value: (typeof ESTIMATE_TYPES)[number]; label: string }[];
export const TAKEOFFABLE_TYPES = ['product_category', 'series', 'product'] as const;

export const estimates = defineResource({
  name: 'estimates',
  label: 'Estimate',
  table: 'estimates',
  read: 'estimates',
  write: 'estimates',
  fields: {
    client_id: f.ref('clients', { label: 'Client', required: true, onDelete: 'restrict' }),
    name: f.text({ label: 'Name', required: true }),
    job_number: f.text({ label: 'Job number', max: 50 }),
    job_address: f.text({ label: 'Job address', widget: 'textarea', max: 500 }),
    contact_name: f.text({ label: 'Contact name' }),
    contact_email: f.email({ label: 'Contact email' }),
    details: f.longText({ label: 'Details' }),
    date: f.date({ label: 'Date', index: true }),
    job_id: f.ref('jobs', { onDelete: 'set null' }),
    job_start_date: f.date({ label: 'Job start date' }),
    job_end_date: f.date({ label: 'Job end date' }),
    status: f.enum(ESTIMATE_STATUSES, { default: 'draft', index: true, state: "Use Status to change the estimate's status." }),
    type: f.enum(ESTIMATE_TYPES, { label: 'Type', default: 'commercial' }),
    product_category_list: f.idList({ label: 'Scopes', ref: 'product_categories' }),
    /** The categories whose alternates the client chose (the totals switch to them), saved with the estimate. */
    alternate_categories: f.idList({ ref: 'product_categories' }),
    /** Revisions: 0 for the first; Revise copies an estimate as the next one. */
    revision: f.int({ default: 0, min: 0, readOnly: true }),
    /** The first estimate of the revisions (null on it). */
    revision_root_id: f.ref('estimates', { onDelete: 'set null', readOnly: true, index: true }),
    /** Set when a newer revision was made: the older one is kept as it was (read-only). */
    superseded_at: f.timestamp({ state: 'Use Revise to make a new revision; an older revision is kept as it was.' }),
    /**
     * The client's decision (the status action keeps it): won or lost, when, and who made it (a
     * user's name, or the signer's "Pat Client, by the approval link"). Set the first time the
     * estimate is marked that way; marking it open and back again keeps it (the history keeps each
     * change), marking it the other way is a new decision. The analysis's days to win.
     */
    decision: f.enum(DECISIONS, { readOnly: true }),
    decided_at: f.timestamp({ readOnly: true }),
    decided_by: f.text({ readOnly: true }),
    /**
     * When the estimate was last emailed to the client (Send to client, with its approval link and
     * PDF) and to whom ("pat@client.com, cc sam@client.com"): the page's Sent line; each send is in
     * the history and its message in the estimate's Email section.
     */
    sent_at: f.timestamp({ state: 'Use Send to client to email the estimate.' }),
    sent_to: f.text({ readOnly: true, max: 2000 }),
    /** What the list shows and searches (read live): the client's name. */
    client_name: f.text({ readOnly: true, computed: true }),
    /**
     * The total of the client's choice: each item's amount, or its alternate amount in a category
     * whose alternates were chosen (shared/rules/estimating/estimate-totals.ts, in SQL).
     */
    total: f.money({ readOnly: true, computed: true }),
  },
  search: ['name', 'job_number', 'job_address', 'contact_name', 'client_name'],
  filters: {
    client_id: { op: 'eq' },
    status: { op: 'eq', values: ESTIMATE_STATUSES },
    type: { op: 'eq', values: ESTIMATE_TYPES },
    job_id: { op: 'eq' },
    /** `revisions_of=ID`: every revision of that estimate's series, the first one included. */
    revisions_of: { op: 'custom' },
  },
  sortable: ['name', 'job_number', 'date', 'status', 'created_at', 'revision', 'client_name', 'total'],
  relations: {
    items: { kind: 'many', resource: 'estimate_items', foreignKey: 'estimate_id', writable: true, order: { sort_column: 'sort', sort_direction: 'asc' } },
    category_notes: { kind: 'many', resource: 'estimate_category_notes', foreignKey: 'estimate_id', writable: true },
    takeoff: { kind: 'one', resource: 'takeoffs', foreignKey: 'estimate_id' },
    /** The job made from it (Convert to Job). */
    job: { kind: 'belongsTo', resource: 'jobs', localKey: 'job_id' },
    // in the order the estimate's sections list them, as a job's (jobs.ts)
    notes: { kind: 'many', resource: 'notes', foreignKey: 'estimate_id', order: { sort_column: 'created_at', sort_direction: 'desc' } },
    files: { kind: 'many', resource: 'files', foreignKey: 'estimate_id', order: { sort_column: 'created_at', sort_direction: 'desc' } },
    images: { kind: 'many', resource: 'images', foreignKey: 'estimate_id', order: { sort_column: 'created_at', sort_direction: 'asc' } },
  },
  dateField: 'date',
  rules: [{ kind: 'notBefore', field: 'job_end_date', start: 'job_start_date', message: 'The end date cannot be before the start date.' }],
});

export const estimate_category_notes = defineResource({
  name: 'estimate_category_notes',
  label: 'Estimate Category Note',
  table: 'estimate_category_notes',
  read: 'estimates',
  write: 'estimates',
  fields: {
    estimate_id: f.ref('estimates', { required: true, onDelete: 'cascade' }),
    product_category_id: f.ref('product_categories', { required: true, onDelete: 'cascade' }),
    note: f.longText({ label: 'Note' }),
  },
  filters: { estimate_id: { op: 'eq' } },
  sortable: ['created_at'],
  titleField: 'note',
});

export const estimate_items = defineResource({
  name: 'estimate_items',
  label: 'Estimate Item',
  table: 'estimate_items',
  read: 'estimates',
  write: 'estimates',
  fields: {
    estimate_id: f.ref('estimates', { required: true, onDelete: 'cascade' }),
    takeoff_option_id: f.ref('takeoff_options', { onDelete: 'set null' }),
    product_id: f.ref('products', { label: 'Product', onDelete: 'restrict' }),
    alternate_product_id: f.ref('products', { label: 'Alternate product', onDelete: 'set null' }),
    // an alternate is another product's price, not a deduct: no amount here has a sign
    qty: f.qty({ label: 'Qty', default: 1, min: 0 }),
    amount: f.money({ label: 'Amount', guard: 'estimates_admin', min: 0 }),
    alternate_amount: f.money({ label: 'Alternate amount', guard: 'estimates_admin', min: 0 }),
    cost: f.money({ label: 'Cost', guard: 'estimates_admin', min: 0 }),
    alternate_cost: f.money({ label: 'Alternate cost', guard: 'estimates_admin', min: 0 }),
    notes: f.longText({
      label: 'Internal notes',
      help: 'For your team only: never printed, on the PDF or shown to the client. What the client should read goes in the description.',
    }),
    description: f.text({ label: 'Description', max: 1000 }),
    alternate_description: f.text({ label: 'Alternate description', max: 1000 }),
    sort: f.int({ default: 0, min: 0 }),
    /** The item of the previous revision this one was copied from (a revision's diff pairs them). */
    revised_from_id: f.ref('estimate_items', { onDelete: 'set null', readOnly: true }),
    /** Read live: the category the item is grouped under (its product's, else its takeoff option's). */
    product_category_id: f.int({ readOnly: true, computed: true }),
    product_number: f.text({ readOnly: true, computed: true }),
    product_name: f.text({ readOnly: true, computed: true }),
    alternate_product_name: f.text({ readOnly: true, computed: true }),
    /** The product's standard unit price and cost, for the item's warnings (docs/domain/estimating.md, Items). */
    standard_price: f.money({ readOnly: true, computed: true, guard: 'estimates_admin' }),
    standard_cost: f.money({ readOnly: true, computed: true, guard: 'estimates_admin' }),
    /** The alternate product's, which its amount and cost follow as the base's do (shared/rules/line-amount.ts). */
    alternate_standard_price: f.money({ readOnly: true, computed: true, guard: 'estimates_admin' }),
    alternate_standard_cost: f.money({ readOnly: true, computed: true, guard: 'estimates_admin' }),
  },
  search: ['description', 'notes'],
  filters: { estimate_id: { op: 'eq' }, product_id: { op: 'eq' } },
  sortable: ['created_at', 'sort'],
  titleField: 'description',
});

export const takeoff_options = defineResource({
  name: 'takeoff_options',
  label: 'Takeoff Option',
  table: 'takeoff_options',
  read: 'estimates',
  write: 'estimates_admin',
  fields: {
    takeoffable_type: f.enum(TAKEOFFABLE_TYPES, { label: 'Takes off', required: true }),
    takeoffable_id: f.int({ required: true, positive: true }),
    product_category_id: f.ref('product_categories', { label: 'Category', widget: 'select', onDelete: 'cascade' }),
    description: f.text({ label: 'Description', required: true, max: 1000 }),
    active: f.bool(true, { label: 'Active' }),
    sort: f.int({ default: 0, min: 0 }),
  },
  search: ['description'],
  filters: { product_category_id: { op: 'eq' }, takeoffable_type: { op: 'eq', values: TAKEOFFABLE_TYPES } },
  sortable: ['description', 'sort', 'created_at'],
  titleField: 'description',
});

export const takeoffs = defineResource({
  name: 'takeoffs',
  label: 'Takeoff',
  table: 'takeoffs',
  read: 'estimates',
  write: 'estimates',
  fields: {
    estimate_id: f.ref('estimates', { required: true, onDelete: 'cascade', unique: true }),
  },
  filters: { estimate_id: { op: 'eq' } },
  sortable: ['created_at'],
  relations: {
    items: { kind: 'many', resource: 'takeoff_items', foreignKey: 'takeoff_id' },
    units: { kind: 'many', resource: 'takeoff_units', foreignKey: 'takeoff_id' },
  },
});

export const takeoff_units = defineResource({
  name: 'takeoff_units',
  label: 'Takeoff Unit',
  table: 'takeoff_units',
  read: 'estimates',
  write: 'estimates',
  fields: {
    takeoff_id: f.ref('takeoffs', { required: true, onDelete: 'cascade' }),
    description: f.text({ label: 'Description', required: true }),
    notes: f.longText({ label: 'Notes' }),
    qty: f.qty({ label: 'Qty', help: 'How many of this unit', default: 1, min: 0 }),
    sort: f.int({ default: 0, min: 0 }),
  },
  search: ['description'],
  filters: { takeoff_id: { op: 'eq' } },
  sortable: ['description', 'sort', 'created_at'],
  relations: { items: { kind: 'many', resource: 'takeoff_items', foreignKey: 'takeoff_unit_id' } },
  titleField: 'description',
});

export const takeoff_items = defineResource({
  name: 'takeoff_items',
  label: 'Takeoff Item',
  table: 'takeoff_items',
  read: 'estimates',
  write: 'estimates',
  fields: {
    takeoff_unit_id: f.ref('takeoff_units', { required: true, onDelete: 'cascade' }),
    takeoff_id: f.ref('takeoffs', { required: true, onDelete: 'cascade' }),
    takeoff_option_id: f.ref('takeoff_options', { required: true, onDelete: 'cascade' }),
    qty: f.qty({ default: 0, min: 0 }),
    notes: f.longText(),
  },
  filters: { takeoff_id: { op: 'eq' }, takeoff_unit_id: { op: 'eq' }, takeoff_option_id: { op: 'eq' } },
  sortable: ['created_at'],
  relations: {
    items: { kind: 'belongsTo', resource: 'takeoff_options', localKey: 'takeoff_option_id' },
    units: { kind: 'belongsTo', resource: 'takeoff_units', localKey: 'takeoff_unit_id' },
  },
});
