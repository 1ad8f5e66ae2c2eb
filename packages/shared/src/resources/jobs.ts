import { defineResource, type RelationDef } from './define.ts';
import { f, type FieldDef } from './fields.ts';
import { TO_DO_FIELDS } from '../rules/shop-floor/to-do-lists.ts';

export { SCOPES } from '../rules/value-lists.ts';
import { SCOPES } from '../rules/value-lists.ts';

// Not annotated: the literal field kinds type RecordOf<'jobs'> (docs/platform.md, Records).
const jobFields = {
  // names the resource (a job template, table jobs), so every reference to it is named as one
  job_template_id: f.ref('job_templates', { label: 'Job template', onDelete: 'set null' }),
  client_id: f.ref('clients', { label: 'Client', onDelete: 'restrict' }),
  client_name: f.text({ label: 'Client', readOnly: true }),
  number: f.text({ label: 'Number', max: 50 }),
  name: f.text({ label: 'Name' }),
  address: f.text({ label: 'Address', widget: 'textarea', max: 500 }),
  start_date: f.date({ label: 'Start date', index: true }),
  // the analysis takes jobs by their end date
  end_date: f.date({ label: 'End date', index: true }),
  active: f.bool(true, { label: 'Active' }),
  // the job's money has no sign: a discount is a lower invoice, not a negative charge
  burden_rate: f.money({ label: 'Burden rate', guard: 'jobs_admin', min: 0 }),
  foreman_id: f.ref('users', { label: 'Foreman', onDelete: 'set null' }),
  trip_charge: f.money({ label: 'Trip charge', min: 0 }),
  additional_costs: f.money({ label: 'Additional costs', guard: 'jobs_admin', min: 0 }),
  additional_revenues: f.money({ label: 'Additional revenues', guard: 'jobs_admin', min: 0 }),
  invoice_amount: f.money({ label: 'Invoice amount', guard: 'jobs_admin', min: 0 }),
  category_template_id: f.ref('category_templates', { label: 'Category template', onDelete: 'set null' }),
  scope_array: f.json({ label: 'Scope', default: [], schema: 'job_scope' }),
  hardware_complete: f.bool(false, { widget: 'checkbox' }),
  shelving_complete: f.bool(false, { widget: 'checkbox' }),
  mirrors_complete: f.bool(false, { widget: 'checkbox' }),
  window_coverings_complete: f.bool(false, { widget: 'checkbox' }),
  shower_glass_complete: f.bool(false, { widget: 'checkbox' }),
  is_complete: f.bool(false, { readOnly: true }),
  is_template: f.bool(false, { readOnly: true }),
};

const jobRelations = {
  products: { kind: 'many', resource: 'job_products', foreignKey: 'job_id', writable: true, order: { sort_column: 'sort' } },
  // with the Show on Job ones of the job's estimate (docs/domain/jobs.md, Notes, files and images)
  notes: { kind: 'many', resource: 'notes', foreignKey: 'job_id', via: 'on_job', order: { sort_column: 'created_at', sort_direction: 'desc' } },
  pickup_items: { kind: 'many', resource: 'pickup_items', foreignKey: 'job_id' },
  events: { kind: 'many', resource: 'events', foreignKey: 'job_id', order: { sort_column: 'date', sort_direction: 'asc' } },
  files: { kind: 'many', resource: 'files', foreignKey: 'job_id', via: 'on_job', order: { sort_column: 'created_at', sort_direction: 'desc' } },
  images: { kind: 'many', resource: 'images', foreignKey: 'job_id', order: { sort_column: 'created_at', sort_direction: 'asc' } },
  estimate: { kind: 'one', resource: 'estimates', foreignKey: 'job_id' },
  job_template: { kind: 'belongsTo', resource: 'job_templates', localKey: 'job_template_id' },
  category_template: { kind: 'belongsTo', resource: 'category_templates', localKey: 'category_template_id' },
  bom: { kind: 'one', resource: 'boms', foreignKey: 'job_id' },
} as const satisfies Record<string, RelationDef>;

export const jobs = defineResource({
  name: 'jobs',
  label: 'Job',
  table: 'jobs',
  read: 'jobs',
  write: 'jobs',
  fields: {
    ...jobFields,
    // every job is for a client; its number, when it has one, names one live job (restore checks it too)
    client_id: f.ref('clients', { label: 'Client', required: true, onDelete: 'restrict' }),
    number: f.text({ label: 'Number', max: 50, unique: true }),
  },
  fixed: { is_template: false },
  search: ['number', 'name', 'client_name', 'address'],
  filters: {
    client_id: { op: 'eq' },
    id_list: { op: 'in', column: 'id' },
    foreman_id: { op: 'eq' },
    /** `deleted=true`: the trash (jobs deleted in the last 30 days), for `edit jobs_admin` only. */
    deleted: { op: 'custom', includesDeleted: true },
  },
  sortable: ['number', 'name', 'client_name', 'start_date', 'end_date', 'created_at', 'deleted_at'],
  relations: jobRelations,
  dateField: 'start_date',
  titleField: 'number',
  // its number, or its name without one (docs/platform.md, Dialogs)
  naming: { fields: ['number', 'name'] },
  rules: [{ kind: 'notBefore', field: 'end_date', start: 'start_date', message: 'The end date cannot be before the start date.' }],
  // A deleted job waits in the trash for 30 days; job templates are deleted for good.
  softDelete: true,
  trash: { area: 'jobs_admin', days: 30 },
});

/** A job template is a job with is_template true (docs/domain/jobs.md, Templates). */
export const job_templates = defineResource({
  name: 'job_templates',
  label: 'Job Template',
  table: 'jobs',
  read: 'jobs',
  write: 'jobs_admin',
  fields: { ...jobFields, name: f.text({ label: 'Name', required: true }) },
  fixed: { is_template: true },
  rules: [
    { kind: 'notBefore', field: 'end_date', start: 'start_date', message: 'The end date cannot be before the start date.' },
    // docs/domain/jobs.md, Templates: a template belongs to a client or is a category template's subtemplate, not both
    { kind: 'notBoth', fields: ['client_id', 'category_template_id'], message: 'A job template belongs to a client or to a category template, not both.' },
  ],
  // the same columns as jobs: one table, one search index
  search: ['number', 'name', 'client_name', 'address'],
  filters: { client_id: { op: 'eq' }, category_template_id: { op: 'eq' } },
  sortable: ['name', 'created_at'],
  relations: { products: jobRelations.products },
});

export const job_products = defineResource({
  name: 'job_products',
  label: 'Job Product',
  table: 'job_products',
  read: 'jobs',
  write: 'jobs',
  fields: {
    job_id: f.ref('jobs', { required: true, onDelete: 'cascade' }),
    product_id: f.ref('products', { label: 'Product', onDelete: 'restrict' }),
    series_id: f.ref('series', { label: 'Series', onDelete: 'set null' }),
    name: f.text(),
    note: f.longText({ label: 'Note' }),
    // 0 is a product still to be counted; never negative, and its money has no sign either
    qty: f.qty({ label: 'Qty', default: 1, min: 0 }),
    cost: f.money({ label: 'Cost', guard: 'jobs_admin', min: 0 }),
    revenue: f.money({ label: 'Revenue', guard: 'jobs_admin', min: 0 }),
    default_cost_per_unit: f.money({ guard: 'jobs_admin', min: 0 }),
    default_revenue_per_unit: f.money({ guard: 'jobs_admin', min: 0 }),
    glass_width: f.length({ label: 'Glass width' }),
    glass_height: f.length({ label: 'Glass height' }),
    // the site opening: entering it fills the glass size, less the series' deductions
    opening_width: f.length({ label: 'Opening width' }),
    opening_height: f.length({ label: 'Opening height' }),
    measure_date: f.date({ label: 'Measure date' }),
    cut_list_json: f.json({ default: [], schema: 'cut_list' }),
    cut_list: f.longText(),
    is_fabricated: f.bool(false, { label: 'Fabricated', widget: 'checkbox' }),
    is_measured: f.bool(false, { label: 'Measured', widget: 'checkbox' }),
    is_ordered: f.bool(false, { label: 'Ordered', widget: 'checkbox' }),
    sort: f.int({ default: 0, min: 0 }),
  },
  search: ['name', 'note'],
  filters: {
    job_id: { op: 'eq' },
    product_id: { op: 'eq' },
    series_id: { op: 'eq' },
    is_measured: { op: 'bool' },
    is_ordered: { op: 'bool' },
    is_fabricated: { op: 'bool' },
    /**
     * The to-do lists (`/lists/products/{field}`): `needs=is_fabricated` is the products
     * of live jobs still to be fabricated whose series (or its category) has that step.
     */
    needs: { op: 'custom', values: TO_DO_FIELDS },
    /** Products of series of this category (the to-do lists' filter). */
    category_id: { op: 'custom' },
  },
  // job_start_date: by the job's start date, a job's products together (server/areas/shop-floor)
  sortable: ['name', 'qty', 'created_at', 'sort', 'job_start_date'],
  // Its pieces marked apart: none while every piece is as the product is (rules/shop-floor/pieces.ts).
  // Its save answers them as the save left them (savedWith).
  relations: { pieces: { kind: 'many', resource: 'job_product_pieces', foreignKey: 'job_product_id', order: { sort_column: 'position' }, savedWith: true } },
  rules: [{ kind: 'anyOf', fields: ['product_id', 'name'], message: 'Choose a product or give the line a name.' }],
});

export const PICKUP_STATUSES = ['ready', 'job_not_ready', 'needs_fabricated', 'fabricated', 'waiting_on_product', 'scheduled'] as const;
export const PICKUP_STATUS_LABELS: Record<(typeof PICKUP_STATUSES)[number], string> = {
  ready: 'Ready',
  job_not_ready: 'Job not Ready',
  needs_fabricated: 'Needs Fabricated',
  fabricated: 'Fabricated',
  waiting_on_product: 'Waiting on Product',
  scheduled: 'Scheduled',
};
export const PICKUP_REASONS = [
  'Job not ready',
  'Measurement',
  'Shop work',
  'On site work',
  'Out of stock',
  'Deficient glass',
  'Provided info wrong',
  'Job data entry mistake',
  'Loading Mistake',
] as const;

export const pickup_items = defineResource({
  name: 'pickup_items',
  label: 'Pickup Item',
  table: 'pickup_items',
  read: 'pickup_items',
  write: 'pickup_items',
  fields: {
    job_id: f.ref('jobs', { label: 'Job', required: true, onDelete: 'cascade' }),
    user_id: f.ref('users', { onDelete: 'set null' }),
    category_name: f.enum(SCOPES, { label: 'Category' }),
    category_id: f.ref('product_categories', { onDelete: 'set null' }),
    complete: f.bool(false, { label: 'Complete', widget: 'checkbox' }),
    reason: f.enum(PICKUP_REASONS, { label: 'Reason' }),
    note: f.longText({ label: 'Note' }),
    status: f.enum(PICKUP_STATUSES, { label: 'Status', default: 'ready' }),
  },
  search: ['note', 'category_name', 'reason'],
  filters: {
    job_id: { op: 'eq' },
    status: { op: 'eq', values: PICKUP_STATUSES },
    complete: { op: 'bool' },
    category_id: { op: 'eq' },
    category_name: { op: 'eq', values: SCOPES },
  },
  sortable: ['status', 'created_at'],
  titleField: 'note',
});

export const notes = defineResource({
  name: 'notes',
  label: 'Note',
  table: 'notes',
  read: 'jobs',
  write: 'jobs',
  fields: {
    job_id: f.ref('jobs', { onDelete: 'cascade' }),
    estimate_id: f.ref('estimates', { onDelete: 'cascade' }),
    user_id: f.ref('users', { readOnly: true, onDelete: 'cascade' }),
    internal_only: f.bool(false),
    /** A note of an estimate shown on the job it becomes (docs/domain/jobs.md, Notes, files and images: `edit estimates`). */
    show_on_job: f.bool(false),
    note: f.longText({ required: true }),
    date: f.date(),
  },
  search: ['note'],
  /** on_job: a job's notes and its estimate's Show on Job ones (the job page's list). */
  filters: { job_id: { op: 'eq' }, estimate_id: { op: 'eq' }, on_job: { op: 'custom' } },
  sortable: ['created_at'],
  dateField: 'date',
  titleField: 'note',
});

export const files = defineResource({
  name: 'files',
  label: 'File',
  table: 'files',
  read: 'jobs',
  write: 'jobs',
  // Created by a multipart upload (`POST /api/files`: file, description, job_id, estimate_id);
  // the PDF itself is a blob (docs/platform.md, Files and images), `url` is its download route.
  fields: {
    description: f.text({ required: true }),
    /** The uploaded file's name, as sent (shown and used as the download's file name). */
    path: f.text({ max: 500, readOnly: true }),
    url: f.text({ max: 1000, readOnly: true }),
    job_id: f.ref('jobs', { onDelete: 'cascade' }),
    estimate_id: f.ref('estimates', { onDelete: 'cascade' }),
    user_id: f.ref('users', { readOnly: true, onDelete: 'cascade' }),
    /** A file of an estimate shown on the job it becomes (docs/domain/jobs.md, Notes, files and images: `edit estimates`). */
    show_on_job: f.bool(false),
    /** Bytes of the PDF. */
    size: f.int({ readOnly: true }),
    sha256: f.text({ max: 64, readOnly: true, index: true }),
  },
  search: ['description'],
  /** on_job: a job's files and its estimate's Show on Job ones (the job page's list). */
  filters: { job_id: { op: 'eq' }, estimate_id: { op: 'eq' }, on_job: { op: 'custom' } },
  sortable: ['description', 'created_at'],
  titleField: 'description',
});

// An image arrives as a multipart upload (`POST /api/images`, `/api/images/store_many`) or, as the
// spec's clients send it, a data URL in `url`; either way the server re-encodes it into a blob and
// the record answers URLs of its routes (`url`, `thumb_url`), never the data.
const imageFields = {
  url: f.longText({ max: 10_000_000 }),
  thumb_url: f.text({ max: 1000, readOnly: true, computed: true }),
  description: f.text(),
  job_id: f.ref('jobs', { onDelete: 'cascade' }),
  estimate_id: f.ref('estimates', { onDelete: 'cascade' }),
  user_id: f.ref('users', { readOnly: true, onDelete: 'cascade' }),
  /** Bytes of the re-encoded image. */
  size: f.int({ readOnly: true }),
  sha256: f.text({ max: 64, readOnly: true, index: true }),
  thumb_sha256: f.text({ max: 64, readOnly: true, index: true }),
} satisfies Record<string, FieldDef>;

export const images = defineResource({
  name: 'images',
  label: 'Image',
  table: 'images',
  read: 'images',
  write: 'images',
  fields: imageFields,
  search: ['description'],
  filters: { job_id: { op: 'eq' }, estimate_id: { op: 'eq' }, user_id: { op: 'eq' } },
  sortable: ['created_at'],
  titleField: 'description',
});

export const job_images = defineResource({ ...images, name: 'job_images', label: 'Job Image' });

export const category_templates = defineResource({
  name: 'category_templates',
  label: 'Category Template',
  table: 'category_templates',
  read: 'jobs',
  write: 'jobs_admin',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    client_id: f.ref('clients', { label: 'Client', required: true, onDelete: 'cascade' }),
    /** The client's name (server-computed), shown and searched in the combined template list as jobs' client_name is. */
    client_name: f.text({ readOnly: true, computed: true }),
  },
  search: ['name', 'client_name'],
  filters: { client_id: { op: 'eq' } },
  sortable: ['name', 'created_at'],
});
