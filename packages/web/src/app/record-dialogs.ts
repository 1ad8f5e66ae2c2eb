/**
 * Which dialog opens each resource's records (resource-kit/record-dialogs.ts). One line per
 * resource: a lazy import of the area's `open<Thing>Dialog`, so no dialog code is in the entry.
 */
import type { RecordDialogRegistry } from '../resource-kit/record-dialogs.ts';

export const recordDialogs: RecordDialogRegistry = {
  clients: () => import('../features/people/client-dialog.tsx').then((m) => m.openClientDialog),
  client_types: () => import('../features/people/client-type-dialog.tsx').then((m) => m.openClientTypeDialog),
  product_categories: () => import('../features/catalogue/product-category-dialog.tsx').then((m) => m.openProductCategoryDialog),
  series: () => import('../features/catalogue/series-dialog.tsx').then((m) => m.openSeriesDialog),
  products: () => import('../features/catalogue/product-dialog.tsx').then((m) => m.openProductDialog),
  product_materials: () => import('../features/catalogue/product-material-dialog.tsx').then((m) => m.openProductMaterialDialog),
  vendors: () => import('../features/purchasing/vendor-dialog.tsx').then((m) => m.openVendorDialog),
  vendor_materials: () => import('../features/purchasing/vendor-material-dialog.tsx').then((m) => m.openVendorMaterialDialog),
  materials: () => import('../features/inventory/material-dialog.tsx').then((m) => m.openMaterialDialog),
  job_templates: () => import('../features/jobs/job-template-dialog.tsx').then((m) => m.openJobTemplateRecordDialog),
  category_templates: () => import('../features/jobs/category-template-dialog.tsx').then((m) => m.openCategoryTemplateDialog),
  pickup_items: () => import('../features/jobs/pickup-item-dialog.tsx').then((m) => m.openPickupItemDialog),
  material_categories: () => import('../features/inventory/material-category-dialog.tsx').then((m) => m.openMaterialCategoryDialog),
  jobs: () => import('../features/jobs/job-dialog.tsx').then((m) => m.openJobDialog),
  job_products: () => import('../features/jobs/job-product-dialog.tsx').then((m) => m.openJobProductDialog),
  time_entries: () => import('../features/time/time-entry-dialog.tsx').then((m) => m.openTimeEntryRecordDialog),
  notes: () => import('../resource-kit/attachments/note-dialog.tsx').then((m) => m.openNoteDialog),
  files: () => import('../resource-kit/attachments/file-dialog.tsx').then((m) => m.openFileDialog),
  images: () => import('../resource-kit/attachments/image-dialog.tsx').then((m) => m.openImageDialog),
  purchase_orders: () => import('../features/purchasing/purchase-order-dialog.tsx').then((m) => m.openPurchaseOrderDialog),
  purchase_order_materials: () => import('../features/purchasing/purchase-order-material-dialog.tsx').then((m) => m.openPurchaseOrderMaterialDialog),
  boms: () => import('../features/inventory/bom-dialog.tsx').then((m) => m.openBomDialog),
  bom_materials: () => import('../features/inventory/bom-material-dialog.tsx').then((m) => m.openBomMaterialDialog),
};
