/** Purchasing on the server: vendors and orders, their actions; the palette finds orders by number. */
import type { ServerArea } from '../../engine/server-area.ts';
import type { Row } from '../../db/client.ts';
import { hitLine } from '../../platform/search-everything.ts';
import { purchaseOrderMaterialsHooks, purchaseOrdersHooks, vendorMaterialsHooks, vendorsHooks } from './purchasing-hooks.ts';
import { purchasingHandlers } from './purchasing-actions.ts';

export const purchasingArea = {
  hooks: {
    vendor_materials: vendorMaterialsHooks,
    vendors: vendorsHooks,
    purchase_orders: purchaseOrdersHooks,
    purchase_order_materials: purchaseOrderMaterialsHooks,
  },
  handlers: purchasingHandlers,
  palette: {
    // purchase orders have a number only: a query of digits looks it up
    purchase_orders: {
      order: 60,
      query: (q) => (/^\d{1,9}$/.test(q) ? { number: q, with_vendor: 'true' } : null),
      subtitle: (r) => hitLine((r.vendor as Row | null)?.name),
    },
  },
} satisfies ServerArea<'purchasing'>;
