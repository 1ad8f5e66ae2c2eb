/** What purchasing brings: vendors and purchase orders (contract/feature.ts). */
import type { Feature } from '../../contract/feature.ts';

// One chunk, one loader, for the area's dialogs (purchasing-dialogs.ts).
const dialogs = () => import('./purchasing-dialogs.ts');

export const purchasingFeature: Feature<'purchasing'> = {
  area: 'purchasing',
  resources: {
    vendors: { dialog: () => dialogs().then((m) => m.openVendorDialog) },
    vendor_materials: { dialog: () => dialogs().then((m) => m.openVendorMaterialDialog) },
    purchase_orders: {
      dialog: () => dialogs().then((m) => m.openPurchaseOrderDialog),
      page: (id) => `/purchase_orders/${id}`,
    },
    purchase_order_materials: { dialog: () => dialogs().then((m) => m.openPurchaseOrderMaterialDialog) },
  },
  routes: [
    {
      path: '/lists/vendors',
      requires: { action: 'edit', area: 'inventory' },
      screen: () => import('./vendors-page.tsx').then((m) => m.VendorsPage),
      children: [{ path: ':vendor_id', screen: () => import('./vendor-page.tsx').then((m) => m.VendorPage) }],
    },
    {
      // The menu offers purchasing with edit purchase_orders (docs/platform.md, Screens and navigation); a supervisor
      // (view) can still open an order read-only.
      path: '/purchase_orders',
      requires: { action: 'view', area: 'purchase_orders' },
      screen: () => import('./purchase-orders-page.tsx').then((m) => m.PurchaseOrdersPage),
      children: [
        {
          path: 'create',
          requires: { action: 'edit', area: 'purchase_orders' },
          screen: () => import('./purchase-order-create-page.tsx').then((m) => m.PurchaseOrderCreatePage),
        },
        { path: ':purchase_order_id', screen: () => import('./purchase-order-page.tsx').then((m) => m.PurchaseOrderPage) },
      ],
    },
  ],
  menu: [
    { to: '/purchase_orders', label: 'Purchase Orders', check: { action: 'edit', area: 'purchase_orders' }, group: 'products-inventory', order: 3 },
    { to: '/lists/vendors', label: 'Vendors', check: { action: 'edit', area: 'inventory' }, group: 'lists', order: 6 },
  ],
  cardActions: [{ card: 'inventory', label: 'Purchase Orders', to: '/purchase_orders', check: { action: 'edit', area: 'purchase_orders' }, order: 4 }],
};
