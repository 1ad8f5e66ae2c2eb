import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const vendors = defineResource({
  name: 'vendors',
  label: 'Vendor',
  table: 'vendors',
  read: 'inventory',
  write: 'inventory',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    contact_name: f.text({ label: 'Contact' }),
    email: f.email({ label: 'Email' }),
    phone: f.phone({ label: 'Phone' }),
    active: f.bool(true, { label: 'Active' }),
  },
  search: ['name', 'contact_name', 'email'],
  sortable: ['name', 'created_at'],
  relations: { vendor_materials: { kind: 'many', resource: 'vendor_materials', foreignKey: 'vendor_id' } },
});

export const vendor_materials = defineResource({
  name: 'vendor_materials',
  label: 'Vendor Material',
  table: 'vendor_materials',
  read: 'inventory',
  write: 'inventory',
  fields: {
    material_id: f.ref('materials', { label: 'Material', required: true, onDelete: 'cascade' }),
    vendor_id: f.ref('vendors', { label: 'Vendor', required: true, onDelete: 'cascade' }),
    vendor_part_number: f.text({ label: 'Part number', max: 100 }),
    minimum_order_qty: f.qty({ label: 'Minimum order qty', default: 1, min: 0 }),
    unit_price: f.money({ label: 'Unit price', default: 0, min: 0 }),
    is_preferred: f.bool(false, { label: 'Preferred' }),
    active: f.bool(true, { label: 'Active' }),
    /** The material and vendor as lists show them (a material by its number with the description beneath), read live. */
    material_number: f.text({ readOnly: true, computed: true }),
    material_description: f.text({ readOnly: true, computed: true, max: 1000 }),
    vendor_name: f.text({ readOnly: true, computed: true }),
  },
  search: ['vendor_part_number'],
  // `material_id_list=3,8,12`: a vendor's part numbers and prices for the materials a picker shows.
  filters: { material_id: { op: 'eq' }, material_id_list: { op: 'in', column: 'material_id' }, vendor_id: { op: 'eq' }, is_preferred: { op: 'bool' } },
  sortable: ['vendor_part_number', 'unit_price', 'created_at', 'material_number', 'vendor_name'],
  titleField: 'vendor_part_number',
});

export const PURCHASE_ORDER_STATUSES = ['draft', 'open', 'received'] as const;
export const PURCHASE_ORDER_STATUS_LABELS: Record<(typeof PURCHASE_ORDER_STATUSES)[number], string> = { draft: 'Draft', open: 'Open', received: 'Received' };

export const purchase_orders = defineResource({
  name: 'purchase_orders',
  label: 'Purchase Order',
  table: 'purchase_orders',
  read: 'purchase_orders',
  write: 'purchase_orders',
  fields: {
    number: f.int({ unique: true, positive: true }),
    vendor_id: f.ref('vendors', { label: 'Vendor', required: true, onDelete: 'restrict' }),
    sent_at: f.timestamp({ state: 'Use Send to mark the order sent.' }),
    received_at: f.timestamp({ state: 'Use Receive (or receive its lines) to mark the order received.' }),
    note: f.longText({ label: 'Note' }),
    /** What the list shows and searches (read live): the vendor's name, how many lines, their total price. */
    vendor_name: f.text({ readOnly: true, computed: true }),
    line_count: f.int({ readOnly: true, computed: true }),
    total: f.money({ readOnly: true, computed: true }),
  },
  // The vendor's name (computed); a number typed whole also finds the order by its number.
  search: ['vendor_name'],
  filters: { vendor_id: { op: 'eq' }, status: { op: 'custom', values: PURCHASE_ORDER_STATUSES }, number: { op: 'eq' } },
  sortable: ['number', 'sent_at', 'received_at', 'created_at', 'vendor_name', 'total'],
  relations: {
    purchase_order_materials: { kind: 'many', resource: 'purchase_order_materials', foreignKey: 'purchase_order_id', writable: true },
    vendor: { kind: 'belongsTo', resource: 'vendors', localKey: 'vendor_id' },
  },
  titleField: 'number',
  naming: { fields: ['number'], prefix: 'PO ' },
});

import { PO_LINE_STATUSES } from '../rules/value-lists.ts';
export { PO_LINE_STATUSES, PO_LINE_STATUS_LABELS } from '../rules/value-lists.ts';

export const purchase_order_materials = defineResource({
  name: 'purchase_order_materials',
  label: 'PO Material',
  table: 'purchase_order_materials',
  read: 'purchase_orders',
  write: 'purchase_orders',
  fields: {
    purchase_order_id: f.ref('purchase_orders', { required: true, onDelete: 'cascade' }),
    material_id: f.ref('materials', { label: 'Material', required: true, onDelete: 'restrict', shownOnTarget: true }),
    vendor_material_id: f.ref('vendor_materials', { onDelete: 'set null' }),
    // never negative (a −4 line was mailed and received); 0 is the spec's case of a line
    // whose qty is not known yet (docs/domain/purchasing.md, Lines: its price per unit treats qty 0 as 1)
    qty: f.qty({ label: 'Qty', default: 0, min: 0 }),
    price: f.money({ label: 'Price', default: 0, min: 0 }),
    status: f.enum(PO_LINE_STATUSES, { default: 'ordered' }),
    material_number: f.text({ readOnly: true }),
    material_description: f.text({ readOnly: true, max: 1000 }),
    purchase_order_number: f.int({ readOnly: true }),
    vendor_part_number: f.text({ readOnly: true }),
    // A piece of glass cut to size for a job (measured to cut): the piece, its cut size
    // and thickness as ordered, and its job as the order groups it ("24-0012 Smith"). None on a stock line.
    job_product_id: f.ref('job_products', { onDelete: 'set null' }),
    glass_width: f.length(),
    glass_height: f.length(),
    glass_thickness: f.length(),
    job_label: f.text({ readOnly: true }),
  },
  filters: {
    purchase_order_id: { op: 'eq' },
    job_product_id: { op: 'eq' },
    material_id: { op: 'eq' },
    status: { op: 'eq', values: PO_LINE_STATUSES },
  },
  // `job_label` is the order's line order (the page sorted by material, the print and PDF
  // by job): stock lines first by material, then each job's cut glass together, by job number, each
  // job's by material, ties as entered (server purchasing-hooks.ts, PO_LINE_ORDER); the order's page,
  // print, PDF and Send's refusals all take it from the server
  sortable: ['created_at', 'status', 'material_number', 'job_label'],
  titleField: 'material_number',
});
