/** Every resource's server declaration: the shared definition, its table and its hooks. */
import { settingsHooks } from './settings/settings-hooks.ts';
import { RESOURCES, RESOURCE_NAMES, type ResourceName } from '@glazier/shared/resources/registry';
import { tableFor } from '../db/schema.ts';
import { installResources, type ServerResources } from '../engine/resources.ts';
import type { Hooks, ServerResource } from '../engine/server-resource.ts';
import { bomMaterialsHooks, bomsHooks, materialsHooks, materialTransactionsHooks } from './inventory/inventory-hooks.ts';
import { purchaseOrderMaterialsHooks, purchaseOrdersHooks, vendorMaterialsHooks, vendorsHooks } from './purchasing/purchasing-hooks.ts';
import { productsHooks, seriesHooks } from './catalogue/catalogue-hooks.ts';
import { jobProductsHooks } from './jobs/job-products-hooks.ts';
import { withShopFloor } from './shop-floor/job-product-lists.ts';
import { jobProductPiecesHooks } from './shop-floor/pieces.ts';
import { jobsHooks } from './jobs/jobs-hooks.ts';
import { jobChildHooks, onLiveJob } from './jobs/job-children.ts';
import { withScheduleRules } from './schedule/events-hooks.ts';
import { pickupItemsHooks } from './jobs/pickup-items-hooks.ts';
import { categoryTemplatesHooks, jobTemplatesHooks } from './jobs/job-templates-hooks.ts';
import { createdByHooks, withEstimateRecords } from '../platform/attachments/ownership.ts';
import { filesHooks, storedImagesHooks } from '../platform/attachments/files-images.ts';
import { takeoffOptionsHooks } from './estimating/takeoff-options-hooks.ts';
import { estimateContentHooks, estimateItemsHooks, estimatesHooks, takeoffContentHooks, takeoffHooks } from './estimating/estimates-hooks.ts';
import { timeEntriesHooks } from './time/time-entries-hooks.ts';
import { usersHooks } from './people/users-hooks.ts';
import { rolePermissionsHooks } from './settings/role-permissions-hooks.ts';

const HOOKS: { [N in ResourceName]?: Hooks<N> } = {
  users: usersHooks,
  time_entries: timeEntriesHooks,
  jobs: jobsHooks,
  job_templates: jobTemplatesHooks,
  category_templates: categoryTemplatesHooks,
  // a job in the trash keeps its records as they were (job-children.ts); a template's products are job products too
  // the shop floor's to-do lists and measure-to-cut (shop-floor/job-product-lists.ts)
  job_products: onLiveJob(withShopFloor(jobProductsHooks)),
  // made and marked by their product only (shop-floor/pieces.ts)
  job_product_pieces: jobProductPiecesHooks,
  pickup_items: pickupItemsHooks,
  // hidden with a job in the trash (job-children.ts); colours, supervisor and the job's label (schedule/events-hooks.ts)
  events: withScheduleRules(jobChildHooks),
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
  estimates: estimatesHooks,
  estimate_items: estimateItemsHooks,
  estimate_category_notes: estimateContentHooks,
  role_permissions: rolePermissionsHooks,
  takeoff_options: takeoffOptionsHooks,
  takeoffs: takeoffHooks,
  takeoff_units: takeoffContentHooks,
  takeoff_items: takeoffContentHooks,
  settings: settingsHooks,
};

export const SERVER_RESOURCES = Object.fromEntries(
  RESOURCE_NAMES.map((name): [ResourceName, ServerResource] => [name, { name, def: RESOURCES[name], table: tableFor(RESOURCES[name].table), ...HOOKS[name] }]),
) as ServerResources;

/** Gives the engine every resource's declaration: called once at start by each entry point (the app, the command line, the bench, the test setup). */
export function installServerResources(): void {
  installResources(SERVER_RESOURCES);
}
