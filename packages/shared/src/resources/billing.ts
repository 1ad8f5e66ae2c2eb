/**
 * Billing (docs/domain/billing.md): a job's invoices and their lines, the client's payments and
 * where their money went, and the batches exported to the books. Statuses, voids and exports are
 * state: only their named actions move them. A payment, its allocations and an export batch move
 * money or the books across several invoices at once, so only named actions write them (`nobody`
 * for the generic calls).
 */
import { defineResource } from './define.ts';
import { f } from './fields.ts';
import { INVOICE_STATUSES, INVOICE_TERMS, PAYMENT_METHODS } from '../rules/value-lists.ts';

export { INVOICE_STATUSES, INVOICE_TERMS, PAYMENT_METHODS };

export const INVOICE_KINDS = ['deposit', 'progress', 'final'] as const;
export const INVOICE_KIND_LABELS: Record<(typeof INVOICE_KINDS)[number], string> = { deposit: 'Deposit', progress: 'Progress', final: 'Final' };
export const INVOICE_LINE_KINDS = ['product', 'trip_charge', 'additional', 'deposit', 'custom'] as const;
export const EXPORT_FORMATS = ['quickbooks', 'xero'] as const;

export const invoices = defineResource({
  name: 'invoices',
  label: 'Invoice',
  table: 'invoices',
  read: 'invoices',
  write: 'invoices',
  fields: {
    // from Settings' next invoice number on create (server billing-hooks.ts); kept when voided
    number: f.int({ unique: true, positive: true, readOnly: true }),
    // a job's, or a won estimate's deposit asked before its job was made (the job takes it when made)
    job_id: f.ref('jobs', { onDelete: 'restrict' }),
    estimate_id: f.ref('estimates', { onDelete: 'restrict' }),
    client_id: f.ref('clients', { required: true, onDelete: 'restrict' }),
    kind: f.enum(INVOICE_KINDS, { default: 'final' }),
    issue_date: f.date(),
    terms: f.enum(INVOICE_TERMS, { default: 'net_30' }),
    // read only with the `days` terms (rules/billing/terms.ts)
    terms_days: f.int({ min: 0, max: 365 }),
    // from the issue date and the terms, on every save (rules/billing/terms.ts)
    due_date: f.date({ readOnly: true }),
    bill_to: f.longText({ max: 1000 }),
    memo: f.longText({ max: 4000 }),
    status: f.enum(INVOICE_STATUSES, { default: 'draft', state: 'Use Send, Record payment or Void to change an invoice’s status.' }),
    sent_at: f.timestamp({ state: 'Use Send to send the invoice.' }),
    void_reason: f.text({ max: 500, state: 'Use Void to void the invoice (with its reason).' }),
    // the deposits paid that a final invoice subtracts, fixed when it is made from its job
    deposits_applied: f.money({ default: 0, min: 0, state: 'Deposits are applied when the final invoice is made from its job.' }),
    exported_batch_id: f.ref('invoice_exports', { onDelete: 'set null', state: 'Use Export to take invoices to the books.' }),
    // The tax as the invoice bills it, copied from Settings and the client while it is a draft, so
    // a later change of rate or exemption does not change an invoice already sent.
    tax_exempt: f.bool(false, { readOnly: true }),
    tax1_name: f.text({ max: 100, readOnly: true }),
    tax1_percent: f.qty({ min: 0, max: 100, readOnly: true }),
    tax2_name: f.text({ max: 100, readOnly: true }),
    tax2_percent: f.qty({ min: 0, max: 100, readOnly: true }),
    /** Read live (server billing-hooks.ts), by the rules of rules/billing/invoice-totals.ts. */
    client_name: f.text({ readOnly: true, computed: true }),
    job_number: f.text({ readOnly: true, computed: true }),
    subtotal: f.money({ readOnly: true, computed: true }),
    tax: f.money({ readOnly: true, computed: true }),
    total: f.money({ readOnly: true, computed: true }),
    paid: f.money({ readOnly: true, computed: true }),
    balance: f.money({ readOnly: true, computed: true }),
  },
  search: ['client_name', 'bill_to', 'memo'],
  filters: {
    job_id: { op: 'eq' },
    estimate_id: { op: 'eq' },
    client_id: { op: 'eq' },
    status: { op: 'eq', values: INVOICE_STATUSES },
    kind: { op: 'eq', values: INVOICE_KINDS },
    number: { op: 'eq' },
    /** `open`: sent or partly paid; `overdue`: open and past its due date. */
    due: { op: 'custom', values: ['open', 'overdue'] },
  },
  sortable: ['number', 'issue_date', 'due_date', 'status', 'created_at', 'client_name', 'total', 'balance'],
  relations: {
    invoice_lines: { kind: 'many', resource: 'invoice_lines', foreignKey: 'invoice_id', writable: true, order: { sort_column: 'position' } },
    payment_allocations: { kind: 'many', resource: 'payment_allocations', foreignKey: 'invoice_id' },
    client: { kind: 'belongsTo', resource: 'clients', localKey: 'client_id' },
    job: { kind: 'belongsTo', resource: 'jobs', localKey: 'job_id' },
  },
  rules: [{ kind: 'anyOf', fields: ['job_id', 'estimate_id'], message: 'Choose the job.' }],
  titleField: 'number',
  naming: { fields: ['number'], prefix: 'Invoice ' },
});

export const invoice_lines = defineResource({
  name: 'invoice_lines',
  label: 'Invoice Line',
  table: 'invoice_lines',
  read: 'invoices',
  write: 'invoices',
  fields: {
    invoice_id: f.ref('invoices', { required: true, onDelete: 'cascade' }),
    position: f.int({ default: 0, min: 0 }),
    kind: f.enum(INVOICE_LINE_KINDS, { default: 'custom' }),
    description: f.text({ required: true, max: 1000 }),
    qty: f.qty({ default: 1, min: 0 }),
    // a discount or credit is a line of its own with a negative rate; the invoice's total is never below 0
    rate: f.money({ default: 0 }),
    // qty × rate rounded once (follows them while it is that default; a typed amount stays)
    amount: f.money(),
    // the product's default when taken from a job product and not given
    taxable: f.bool(true),
    source_job_product_id: f.ref('job_products', { onDelete: 'set null' }),
  },
  filters: { invoice_id: { op: 'eq' }, source_job_product_id: { op: 'eq' } },
  sortable: ['position', 'created_at', 'amount'],
  titleField: 'description',
});

export const payments = defineResource({
  name: 'payments',
  label: 'Payment',
  table: 'payments',
  read: 'invoices',
  // Record payment and Void payment only (actions): every payment moves invoices' balances.
  write: 'nobody',
  fields: {
    client_id: f.ref('clients', { required: true, onDelete: 'restrict' }),
    payment_date: f.date({ required: true }),
    amount: f.money({ required: true, positive: true }),
    method: f.enum(PAYMENT_METHODS, { default: 'check' }),
    check_number: f.text({ max: 50 }),
    reference: f.text({ max: 255 }),
    note: f.longText({ max: 2000 }),
    voided: f.bool(false, { state: 'Use Void payment to void a payment (with its reason).' }),
    void_reason: f.text({ max: 500, state: 'Use Void payment to void a payment (with its reason).' }),
    client_name: f.text({ readOnly: true, computed: true }),
    /** What of it went to invoices (all of it, as a payment is never more than what was open). */
    allocated: f.money({ readOnly: true, computed: true }),
  },
  search: ['client_name', 'check_number', 'reference'],
  filters: { client_id: { op: 'eq' }, method: { op: 'eq', values: PAYMENT_METHODS }, voided: { op: 'bool' } },
  sortable: ['payment_date', 'amount', 'created_at', 'client_name'],
  relations: {
    payment_allocations: { kind: 'many', resource: 'payment_allocations', foreignKey: 'payment_id' },
    client: { kind: 'belongsTo', resource: 'clients', localKey: 'client_id' },
  },
  titleField: 'payment_date',
});

export const payment_allocations = defineResource({
  name: 'payment_allocations',
  label: 'Payment Allocation',
  table: 'payment_allocations',
  read: 'invoices',
  write: 'nobody',
  fields: {
    payment_id: f.ref('payments', { required: true, onDelete: 'cascade' }),
    invoice_id: f.ref('invoices', { required: true, onDelete: 'restrict', shownOnTarget: true }),
    amount: f.money({ required: true, positive: true }),
    invoice_number: f.int({ readOnly: true, computed: true }),
  },
  filters: { payment_id: { op: 'eq' }, invoice_id: { op: 'eq' } },
  sortable: ['created_at', 'amount'],
  uniqueTogether: [['payment_id', 'invoice_id']],
});

export const invoice_exports = defineResource({
  name: 'invoice_exports',
  label: 'Invoice Export',
  table: 'invoice_exports',
  read: 'invoices',
  // Export only (an action): a batch records what it took, and takes each invoice once.
  write: 'nobody',
  fields: {
    format: f.enum(EXPORT_FORMATS, { required: true }),
    // the invoices it held (their exported_batch_id names it too), so it can be downloaded again
    invoice_ids: f.idList({ ref: 'invoices', readOnly: true }),
    invoice_count: f.int({ readOnly: true, min: 0 }),
    total: f.money({ readOnly: true }),
  },
  filters: { format: { op: 'eq', values: EXPORT_FORMATS } },
  sortable: ['created_at'],
  titleField: 'created_at',
});
