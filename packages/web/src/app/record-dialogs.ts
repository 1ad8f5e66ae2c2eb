/**
 * Which dialog opens each resource's records (resource-kit/record-dialogs.ts). One line per
 * resource: a lazy import of the area's `open<Thing>Dialog`, so no dialog code is in the entry.
 */
import type { RecordDialogRegistry } from '../resource-kit/record-dialogs.ts';

export const recordDialogs: RecordDialogRegistry = {
  clients: () => import('../features/clients/client-dialog.tsx').then((m) => m.openClientDialog),
  client_types: () => import('../features/clients/client-type-dialog.tsx').then((m) => m.openClientTypeDialog),
  materials: () => import('../features/inventory/material-dialog.tsx').then((m) => m.openMaterialDialog),
  material_categories: () => import('../features/inventory/material-category-dialog.tsx').then((m) => m.openMaterialCategoryDialog),
};
