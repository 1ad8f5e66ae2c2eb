import { defineResource } from './define.ts';
import { f } from './fields.ts';

export const PRODUCT_SELECTION_METHODS = ['series', 'product'] as const;

// Not annotated: the literal keys keep the flags in RecordOf<'series'> / RecordOf<'product_categories'>.
const featureFlags = {
  enable_cutlist: f.bool(false),
  enable_dimensions: f.bool(false),
  enable_measured: f.bool(false),
  enable_ordered: f.bool(false),
  enable_fabricated: f.bool(false),
  enable_units: f.bool(false),
};

export const product_categories = defineResource({
  name: 'product_categories',
  label: 'Product Category',
  table: 'product_categories',
  read: 'signed_in',
  write: 'products',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    ...featureFlags,
    product_selection_method: f.enum(PRODUCT_SELECTION_METHODS, { label: 'Product selection', default: 'series' }),
    sort: f.int({ default: 0, min: 0 }),
  },
  search: ['name'],
  sortable: ['name', 'sort', 'created_at'],
  relations: { series: { kind: 'many', resource: 'series', foreignKey: 'category_id' } },
});

export const series = defineResource({
  name: 'series',
  label: 'Series',
  table: 'series',
  read: 'signed_in',
  write: 'products',
  fields: {
    name: f.text({ label: 'Name', required: true }),
    category_id: f.ref('product_categories', { label: 'Category', onDelete: 'restrict' }),
    use_category_settings: f.bool(true, { label: 'Use category settings' }),
    ...featureFlags,
    special_order: f.bool(false),
    sort: f.int({ default: 0, min: 0 }),
    // Measure-to-cut: the glass is the site opening less these (shared/rules/shop-floor/measure-to-cut.ts); none is 0.
    glass_width_deduction: f.length({ label: 'Glass width deduction', help: 'Opening width less this', min: 0 }),
    glass_height_deduction: f.length({ label: 'Glass height deduction', help: 'Opening height less this', min: 0 }),
    // The glass its pieces are cut from, and its thickness: what a glass order from the To Order list puts on each line.
    glass_material_id: f.ref('materials', { label: 'Glass to order', help: 'A material of a glass category', onDelete: 'set null' }),
    glass_thickness: f.length({ label: 'Glass thickness' }),
  },
  search: ['name'],
  filters: {
    category_id: { op: 'eq' },
    product_category_id: { op: 'eq', column: 'category_id' },
    type: { op: 'custom', values: ['stocked', 'special_order'] },
  },
  sortable: ['name', 'sort', 'created_at'],
  relations: { products: { kind: 'many', resource: 'products', foreignKey: 'series_id' } },
});

export const products = defineResource({
  name: 'products',
  label: 'Product',
  table: 'products',
  read: 'products',
  write: 'products',
  fields: {
    number: f.text({ label: 'Number', max: 100 }),
    name: f.text({ label: 'Name', required: true }),
    description: f.longText({ label: 'Description' }),
    unit: f.text({ label: 'Unit', max: 50 }),
    series_id: f.ref('series', { label: 'Series', onDelete: 'set null' }),
    category_id: f.ref('product_categories', { label: 'Category', widget: 'select', onDelete: 'set null' }),
    series_name: f.text({ readOnly: true }),
    // prices have no sign in this trade: a credit is a separate line, not a negative product
    cost_per_unit: f.money({ label: 'Cost', guard: 'products_admin', default: 0, min: 0 }),
    revenue_per_unit: f.money({ label: 'Sale price', guard: 'products_admin', default: 0, min: 0 }),
    // the labour estimate: hours to install one unit; guarded as cost is
    hours_per_unit: f.qty({ label: 'Labour hours per unit', guard: 'products_admin', min: 0, max: 1000 }),
    non_inventory: f.bool(false, { label: 'Non-Inventory' }),
    is_assembly: f.bool(false, { label: 'Assembly' }),
    material_id: f.ref('materials', { onDelete: 'set null' }),
    // an invoice line of this product is taxable unless it says otherwise (docs/domain/billing.md, Tax)
    taxable: f.bool(true),
  },
  search: ['name', 'number', 'description'],
  filters: {
    series_id: { op: 'eq' },
    product_category_id: { op: 'eq', column: 'category_id' },
    category_id: { op: 'eq' },
    discontinued: { op: 'custom', includesDeleted: true },
    /** Products that use a material: as their single material or in their material list. */
    uses_material_id: { op: 'custom' },
  },
  sortable: ['number', 'name', 'created_at'],
  // by its number, as the catalogue reads it; a product without one by its name
  naming: { fields: ['number', 'name'] },
  relations: {
    material: { kind: 'belongsTo', resource: 'materials', localKey: 'material_id' },
    product_materials: { kind: 'many', resource: 'product_materials', foreignKey: 'product_id', writable: true },
  },
  softDelete: true,
});

export const product_materials = defineResource({
  name: 'product_materials',
  label: 'Product Material',
  table: 'product_materials',
  read: 'products',
  write: 'products',
  fields: {
    product_id: f.ref('products', { required: true, onDelete: 'cascade' }),
    material_id: f.ref('materials', { required: true, onDelete: 'cascade' }),
    // how much of the material one unit of the product uses: some, or it would not be listed
    qty: f.qty({ label: 'Qty', default: 1, positive: true }),
  },
  filters: { product_id: { op: 'eq' }, material_id: { op: 'eq' } },
  sortable: ['created_at'],
  relations: { material: { kind: 'belongsTo', resource: 'materials', localKey: 'material_id' } },
});
