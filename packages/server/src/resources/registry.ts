/** Every resource's server declaration: the shared definition, its table and its hooks. */
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '@glazier/shared/resources/registry';
import { tableFor } from '../db/schema.ts';
import type { Hooks, ServerResource } from '../engine/server-resource.ts';
import {
  bomMaterialsHooks, bomsHooks, materialsHooks, materialTransactionsHooks, purchaseOrderMaterialsHooks, purchaseOrdersHooks,
  vendorMaterialsHooks, vendorsHooks,
} from './inventory.ts';
import { productsHooks, seriesHooks } from './catalog.ts';
import { jobProductsHooks } from './job-products.ts';
import { jobsHooks } from './jobs.ts';
import { jobChildHooks, onLiveJob } from './job-children.ts';
import { pickupItemsHooks } from './pickup-items.ts';
import { categoryTemplatesHooks, jobTemplatesHooks } from './job-templates.ts';
import { createdByHooks, withEstimateRecords } from './ownership.ts';
import { filesHooks, storedImagesHooks, sweepBlobsAfterDelete } from './files-images.ts';
import { takeoffOptionsHooks } from './takeoff-options.ts';
import { timeEntriesHooks } from './time-entries.ts';
import { usersHooks } from './users.ts';
import { rolePermissionsHooks } from './role-permissions.ts';

const HOOKS: Partial<Record<ResourceName, Hooks>> = {
  users: usersHooks,
  time_entries: timeEntriesHooks,
  jobs: jobsHooks,
  job_templates: jobTemplatesHooks,
  category_templates: categoryTemplatesHooks,
  // a job in the trash keeps its records as they were (job-children.ts); a template's products are job products too
  job_products: onLiveJob(jobProductsHooks),
  pickup_items: pickupItemsHooks,
  events: jobChildHooks,
  products: productsHooks,
  series: seriesHooks,
  materials: materialsHooks,
  material_transactions: materialTransactionsHooks,
  vendor_materials: vendorMaterialsHooks,
  vendors: vendorsHooks,
  purchase_orders: purchaseOrdersHooks,
  purchase_order_materials: purchaseOrderMaterialsHooks,
  bom_materials: bomMaterialsHooks,
  boms: bomsHooks,
  // an estimate's notes, files and images are the estimates area's (ownership.ts)
  notes: onLiveJob(withEstimateRecords(createdByHooks, 'jobs', { showOnJob: true })),
  files: onLiveJob(withEstimateRecords(filesHooks, 'jobs', { showOnJob: true })),
  images: onLiveJob(withEstimateRecords(storedImagesHooks, 'images', { showOnJob: false })),
  job_images: onLiveJob(withEstimateRecords(storedImagesHooks, 'images', { showOnJob: false })),
  // deleting these takes their files and images along (database cascades): their blobs follow
  estimates: sweepBlobsAfterDelete,
  role_permissions: rolePermissionsHooks,
  takeoff_options: takeoffOptionsHooks,
  settings: { upsertBy: 'name' },
};

export const SERVER_RESOURCES = Object.fromEntries(
  RESOURCE_NAMES.map((name): [ResourceName, ServerResource] => [name, { name, def: RESOURCES[name], table: tableFor(RESOURCES[name].table), ...HOOKS[name] }]),
) as Record<ResourceName, ServerResource>;
