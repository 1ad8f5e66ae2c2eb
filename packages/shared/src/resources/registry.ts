/** The registry of every resource: one definition each, keyed by name. */
import type { ResourceDef } from './define.ts';
import { client_types, clients, users } from './people.ts';
import { role_permissions, settings } from './settings.ts';
import { time_entries } from './time.ts';
import { category_templates, files, images, job_images, job_products, job_templates, jobs, notes, pickup_items } from './jobs.ts';
import { events, schedule_notes } from './schedule.ts';
import { job_product_pieces } from './shop-floor.ts';
import { estimate_category_notes, estimate_items, estimates, takeoff_items, takeoff_options, takeoff_units, takeoffs } from './estimating.ts';
import { product_categories, product_materials, products, series } from './catalogue.ts';
import { bom_materials, boms, material_categories, material_snapshots, material_transactions, materials } from './inventory.ts';
import { purchase_order_materials, purchase_orders, vendor_materials, vendors } from './purchasing.ts';

export const RESOURCE_NAMES = [
  'bom_materials', 'boms', 'category_templates', 'clients', 'client_types', 'estimate_category_notes',
  'estimate_items', 'estimates', 'events', 'files', 'job_images', 'job_products', 'jobs',
  'material_categories', 'materials', 'material_snapshots', 'material_transactions', 'notes',
  'pickup_items', 'product_categories', 'product_materials', 'products', 'purchase_order_materials',
  'purchase_orders', 'schedule_notes', 'series', 'takeoff_items', 'takeoff_options', 'takeoffs',
  'takeoff_units', 'time_entries', 'users', 'vendor_materials', 'vendors', 'settings', 'job_templates',
  'images', 'role_permissions', 'job_product_pieces',
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

export const RESOURCES = {
  bom_materials, boms, category_templates, clients, client_types, estimate_category_notes,
  estimate_items, estimates, events, files, job_images, job_products, jobs, material_categories,
  materials, material_snapshots, material_transactions, notes, pickup_items, product_categories,
  product_materials, products, purchase_order_materials, purchase_orders, schedule_notes, series,
  takeoff_items, takeoff_options, takeoffs, takeoff_units, time_entries, users, vendor_materials,
  vendors, settings, job_templates, images, role_permissions, job_product_pieces,
} satisfies Record<ResourceName, ResourceDef>;

export function isResourceName(name: string): name is ResourceName {
  return Object.prototype.hasOwnProperty.call(RESOURCES, name);
}

/** Tables and the definition that owns each table's columns (shared tables: the widest). */
export function tableDefinitions(): Map<string, ResourceDef> {
  const out = new Map<string, ResourceDef>();
  for (const def of Object.values(RESOURCES) as ResourceDef[]) {
    const seen = out.get(def.table);
    if (!seen || Object.keys(def.fields).length > Object.keys(seen.fields).length) out.set(def.table, def);
  }
  return out;
}
