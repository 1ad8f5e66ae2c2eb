/** Purchasing's named actions (shared/actions/purchasing.ts), each to its rule in this folder. */
import type { PURCHASING_ACTIONS } from '@glazier/shared/actions/purchasing';
import { savedFile, type ActionHandlers } from '../../engine/action-handler.ts';
import { emailPurchaseOrder } from './email-purchase-order.ts';
import { nextPurchaseOrderNumber } from './next-purchase-order-number.ts';
import { orderGlass } from './order-glass.ts';
import { purchaseOrderSuggestions, purchaseOrdersFromSuggestions } from './purchase-order-suggestions.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';
import { PDF_MEDIA_TYPE } from '../../platform/documents/pdf-render.ts';
import { receivePurchaseOrder } from './receive-purchase-order.ts';
import { sendPurchaseOrder } from './send-purchase-order.ts';
import { splitPurchaseOrderLine } from './split-purchase-order-line.ts';

export const purchasingHandlers: ActionHandlers<typeof PURCHASING_ACTIONS> = {
  'purchase_orders.next_number': async ({ ctx }) => ({ data: { number: await nextPurchaseOrderNumber({ ctx }) } }),
  'purchase_orders.send': async ({ ctx, params }) => ({ data: await sendPurchaseOrder({ ctx, id: params.id }) }),
  'purchase_orders.email': ({ ctx, params, input }) => emailPurchaseOrder({ ctx, id: params.id, mail: input }),
  'purchase_orders.receive': async ({ ctx, params }) => ({ data: await receivePurchaseOrder({ ctx, id: params.id }) }),
  'purchase_order_materials.split': ({ ctx, params, input }) => splitPurchaseOrderLine({ ctx, id: params.id, input }),
  'purchase_orders.suggestions': ({ ctx }) => purchaseOrderSuggestions({ ctx }),
  'purchase_orders.from_suggestions': ({ ctx, input }) => purchaseOrdersFromSuggestions({ ctx, input }),
  'purchase_orders.order_glass': async ({ ctx, input }) => ({ data: await orderGlass({ ctx, input }) }),
  'purchase_orders.pdf': async ({ ctx, params }) => {
    const pdf = await renderPurchaseOrderPdf(ctx, params.id);
    return savedFile(pdf.bytes, PDF_MEDIA_TYPE, pdf.fileName);
  },
};
