/** What inventory brings: materials and their stock, and boms (contract/feature.ts). */
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';
import { headingText } from '../../resource-kit/records/record-heading-orders.ts';

// One chunk, one loader, for the area's dialogs (inventory-dialogs.ts).
const dialogs = () => import('./inventory-dialogs.ts');

export const inventoryFeature: Feature<'inventory'> = {
  area: 'inventory',
  resources: {
    materials: {
      dialog: () => dialogs().then((m) => m.openMaterialDialog),
      heading: { secondary: (r) => headingText(r.description), sort: { column: 'number', direction: 'desc' } },
      page: (id) => `/inventory/${id}`,
    },
    material_categories: { dialog: () => dialogs().then((m) => m.openMaterialCategoryDialog) },
    // Written by stock moves and snapshots, never edited by hand.
    material_transactions: { dialog: null },
    material_snapshots: { dialog: null },
    boms: { dialog: () => dialogs().then((m) => m.openBomDialog) },
    bom_materials: { dialog: () => dialogs().then((m) => m.openBomMaterialDialog) },
  },
  routes: [
    {
      path: '/inventory',
      requires: { action: 'view', area: 'inventory' },
      screen: () => import('./inventory-page.tsx').then((m) => m.InventoryPage),
      children: [{ path: ':material_id', screen: () => import('./material-page.tsx').then((m) => m.MaterialPage) }],
    },
    {
      path: '/boms',
      requires: { action: 'view', area: 'boms' },
      screen: () => import('./boms-page.tsx').then((m) => m.BomsPage),
      children: [{ path: ':bom_id', screen: () => import('./bom-page.tsx').then((m) => m.BomPage) }],
    },
  ],
  // The group and the card gather catalogue's and purchasing's entries too.
  menuGroups: [{ key: 'products-inventory', label: 'Products & Inventory', check: { action: 'view', area: 'inventory' }, order: 80 }],
  menu: [
    { to: '/inventory', label: 'Inventory', group: 'products-inventory', order: 2 },
    { to: '/boms', label: 'Boms', check: { action: 'edit', area: 'boms' }, group: 'products-inventory', order: 4 },
  ],
  dashboard: [
    {
      key: 'inventory',
      title: 'Inventory',
      description: 'Products, stock, bills of materials and orders.',
      icon: IconBuildingWarehouse,
      check: { action: 'view', area: 'inventory' },
      order: 6,
      actions: [
        { label: 'Inventory', to: '/inventory', order: 2 },
        { label: 'Boms', to: '/boms', check: { action: 'edit', area: 'boms' }, order: 3 },
      ],
    },
  ],
};
