/**
 * Which dialog opens each resource's records (resource-kit/record-dialogs.ts). One line per
 * resource: a lazy import of the area's `open<Thing>Dialog`, so no dialog code is in the entry.
 */
import type { RecordDialogRegistry } from '../resource-kit/record-dialogs.ts';

export const recordDialogs: RecordDialogRegistry = {
  clients: () => import('../features/clients/client-dialog.tsx').then((m) => m.openClientDialog),
  client_types: () => import('../features/clients/client-type-dialog.tsx').then((m) => m.openClientTypeDialog),
  product_categories: () => import('../features/products/product-category-dialog.tsx').then((m) => m.openProductCategoryDialog),
  series: () => import('../features/products/series-dialog.tsx').then((m) => m.openSeriesDialog),
  products: () => import('../features/products/product-dialog.tsx').then((m) => m.openProductDialog),
  product_materials: () => import('../features/products/product-material-dialog.tsx').then((m) => m.openProductMaterialDialog),
  vendors: () => import('../features/vendors/vendor-dialog.tsx').then((m) => m.openVendorDialog),
  vendor_materials: () => import('../features/vendors/vendor-material-dialog.tsx').then((m) => m.openVendorMaterialDialog),
  materials: () => import('../features/inventory/material-dialog.tsx').then((m) => m.openMaterialDialog),
  material_categories: () => import('../features/inventory/material-category-dialog.tsx').then((m) => m.openMaterialCategoryDialog),
  purchase_orders: () => import('../features/purchasing/purchase-order-dialog.tsx').then((m) => m.openPurchaseOrderDialog),
  purchase_order_materials: () => import('../features/purchasing/purchase-order-material-dialog.tsx').then((m) => m.openPurchaseOrderMaterialDialog),
  boms: () => import('../features/boms/bom-dialog.tsx').then((m) => m.openBomDialog),
  bom_materials: () => import('../features/boms/bom-material-dialog.tsx').then((m) => m.openBomMaterialDialog),
};
