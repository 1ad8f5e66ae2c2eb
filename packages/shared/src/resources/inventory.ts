import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const material_categories = defineResource({
  name: 'material_categories',
  label: 'Material Category',
  table: 'material_categories',
  read: 'inventory',
  write: 'inventory',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    /** Its materials are glass (or mirror) cut to size: what a series may name as its "Glass to order". */
    is_glass: f.bool(false, { label: 'Glass cut to size' }),
  },
  search: ['name'],
  sortable: ['name', 'created_at'],
});

export const materials = defineResource({
  name: 'materials',
  label: 'Material',
  table: 'materials',
  read: 'inventory',
  write: 'inventory',
  fields: {
    material_category_id: f.ref('material_categories', { label: 'Category', onDelete: 'set null' }),
    material_category_name: f.text({ readOnly: true }),
    // the shop's part number: one live material per number (imports and lookups find it by it)
    number: f.text({ label: 'Number', required: true, max: 100, unique: true }),
    description: f.text({ label: 'Description', widget: 'textarea', max: 1000 }),
    reorder_qty: f.qty({ label: 'Reorder qty', help: 'Reorder below this', default: 0, min: 0 }),
    economic_order_qty: f.qty({ label: 'Economic order qty', default: 0, min: 0 }),
    starting_qty: f.qty({ label: 'Starting qty', help: 'On hand before any count', default: 0, min: 0 }),
    starting_price: f.money({ label: 'Starting price', help: 'Per unit', default: 0, min: 0 }),
    active: f.bool(true, { label: 'Active' }),
    /** docs/domain/inventory.md, Stock: the last count (or starting qty) + receipts + adjustments − pulls since. */
    on_hand: f.qty({ readOnly: true, computed: true }),
    /** Qty of PO lines ordered or backordered on orders not received. */
    on_order: f.qty({ readOnly: true, computed: true }),
  },
  search: ['number', 'description'],
  filters: {
    material_category_id: { op: 'eq' },
    /** on hand + on order < reorder qty. */
    below_reorder: { op: 'custom', values: ['true', 'false'] },
    /**
     * Materials a vendor sells (an active vendor material of that vendor id), and those it does
     * not: the PO material picker lists the order's vendor's first, the others below.
     */
    sold_by: { op: 'custom' },
    not_sold_by: { op: 'custom' },
    /** `glass=true`: materials of a glass category (the series' "Glass to order" picker). */
    glass: { op: 'custom', values: ['true'] },
  },
  sortable: ['number', 'description', 'created_at', 'on_hand', 'on_order', 'reorder_qty'],
  relations: { vendor_materials: { kind: 'many', resource: 'vendor_materials', foreignKey: 'material_id' } },
  titleField: 'number',
});

export const MATERIAL_TRANSACTION_TYPES = ['receipt', 'pull', 'count', 'adjustment'] as const;

export const material_transactions = defineResource({
  name: 'material_transactions',
  label: 'Material Transaction',
  table: 'material_transactions',
  read: 'inventory',
  write: 'inventory',
  fields: {
    material_id: f.ref('materials', { required: true, onDelete: 'cascade', shownOnTarget: true }),
    type: f.enum(MATERIAL_TRANSACTION_TYPES, { required: true }),
    /**
     * A count is the absolute qty (never negative: the rule below). Receipts add and pulls subtract,
     * both signed: setting a received line back writes the reverse receipt, Return to stock the
     * reverse pull. Adjustments are signed by design.
     */
    qty: f.qty({ required: true }),
    /** Unit price (a receipt's price per unit; snapshots value stock at the latest one). */
    price: f.money({ min: 0 }),
    /** Defaults to today; stock is computed in (date, id) order. */
    date: f.date({ index: true }),
    purchase_order_material_id: f.ref('purchase_order_materials', { onDelete: 'set null' }),
    bom_id: f.ref('boms', { onDelete: 'set null' }),
    note: f.longText(),
    /** The material's on hand just after this transaction, in (date, id) order (the running balance). */
    balance: f.qty({ readOnly: true, computed: true }),
  },
  filters: { material_id: { op: 'eq' }, type: { op: 'eq', values: MATERIAL_TRANSACTION_TYPES } },
  sortable: ['date', 'created_at'],
  dateField: 'date',
  rules: [{ kind: 'minWhen', field: 'qty', min: 0, when: { field: 'type', values: ['count'] }, message: 'A count cannot be negative.' }],
  // On hand reads a material's transactions in (date, id) order: the last count, then the rest.
  indexes: [['material_id', 'date', 'id']],
});

export const material_snapshots = defineResource({
  name: 'material_snapshots',
  label: 'Material Snapshot',
  table: 'material_snapshots',
  read: 'inventory',
  write: 'inventory',
  fields: {
    material_id: f.ref('materials', { required: true, onDelete: 'cascade' }),
    date: f.date({ required: true, index: true }),
    // on hand as of the date, and its value: signed, as on hand is (a pull past the last count)
    qty: f.qty({ default: 0 }),
    value: f.money({ default: 0 }),
  },
  filters: { material_id: { op: 'eq' } },
  sortable: ['date', 'created_at'],
  dateField: 'date',
  // One snapshot per material and date (taking a date again replaces it); read by date.
  uniqueTogether: [['date', 'material_id']],
});

export const boms = defineResource({
  name: 'boms',
  label: 'Bom',
  table: 'boms',
  read: 'boms',
  write: 'boms',
  fields: {
    name: f.text({ label: 'Name' }),
    job_id: f.ref('jobs', { label: 'Job', onDelete: 'set null' }),
    /** Set and cleared only by Pull and Return to stock, which write the stock transactions. */
    pulled_at: f.timestamp({ state: 'Use Pull to take the bom from stock, or Return to stock to give it back.' }),
    /** Its job as lists show it, and how many lines it has (read live). */
    job_number: f.text({ readOnly: true, computed: true }),
    job_name: f.text({ readOnly: true, computed: true }),
    line_count: f.int({ readOnly: true, computed: true }),
  },
  search: ['name'],
  filters: { job_id: { op: 'eq' }, status: { op: 'custom', values: ['open', 'pulled'] } },
  sortable: ['name', 'pulled_at', 'created_at'],
  relations: { bom_materials: { kind: 'many', resource: 'bom_materials', foreignKey: 'bom_id', writable: true } },
});

export const bom_materials = defineResource({
  name: 'bom_materials',
  label: 'Bom Material',
  table: 'bom_materials',
  read: 'boms',
  write: 'boms',
  fields: {
    bom_id: f.ref('boms', { required: true, onDelete: 'cascade' }),
    material_id: f.ref('materials', { label: 'Material', required: true, onDelete: 'restrict' }),
    material_number: f.text({ readOnly: true }),
    material_description: f.text({ readOnly: true, max: 1000 }),
    qty: f.qty({ label: 'Qty', default: 1, min: 0 }),
  },
  filters: { bom_id: { op: 'eq' }, material_id: { op: 'eq' } },
  sortable: ['created_at', 'material_number'],
  titleField: 'material_number',
});
