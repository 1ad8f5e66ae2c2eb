/** Purchasing's named actions (docs/domain/purchasing.md): numbering, send, receive, split, suggested orders. */
import { z } from 'zod';
import { recordRead } from '../resources/read-schema.ts';
import { SPLIT_NEGATIVE_MESSAGE } from '../rules/purchasing/purchase-order-line.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';
import { composedMailBody, mailMessageSchema } from './mail.ts';

const VIEW = { action: 'view', area: 'purchase_orders' } as const;
const EDIT = { action: 'edit', area: 'purchase_orders' } as const;
const byId = z.object({ id: ID_PARAM });
const order = () => recordRead('purchase_orders');

export const nextPurchaseOrderNumber = defineAction({
  name: 'purchase_orders.next_number',
  summary: 'The next purchase order number (one past the highest used; the server assigns it on save).',
  method: 'GET',
  path: '/api/purchase_orders/next_number',
  answer: z.object({ data: z.object({ number: z.number().int() }) }),
  permission: VIEW,
});

export const sendPurchaseOrder = defineAction({
  name: 'purchase_orders.send',
  summary: 'Marks an order sent (kept when it already was).',
  method: 'POST',
  path: '/api/purchase_orders/:id/send',
  params: byId,
  answer: z.object({ data: order() }),
  permission: EDIT,
});

export const emailPurchaseOrder = defineAction({
  name: 'purchase_orders.email',
  summary:
    'Emails the order to the vendor with its PDF attached and the sender’s message, and marks it sent by the rule of Send (422 for an unpriced line the vendor does not sell).',
  method: 'POST',
  path: '/api/purchase_orders/:id/email',
  params: byId,
  body: composedMailBody,
  answer: z.object({ data: order(), mail: mailMessageSchema }),
  permission: EDIT,
});

export const receivePurchaseOrder = defineAction({
  name: 'purchase_orders.receive',
  summary: 'Receive all: every open line received (with its receipt), then the order.',
  method: 'POST',
  path: '/api/purchase_orders/:id/receive',
  params: byId,
  answer: z.object({ data: order() }),
  permission: EDIT,
});

const amount = z.number({ error: 'Must be a number.' }).min(0, SPLIT_NEGATIVE_MESSAGE).optional();

export const splitPurchaseOrderLine = defineAction({
  name: 'purchase_order_materials.split',
  summary: "Splits a line's qty between ordered, received and backordered (the amounts add up to its qty).",
  method: 'POST',
  path: '/api/purchase_order_materials/:id/split',
  params: byId,
  body: z.object({ ordered: amount, received: amount, backordered: amount }),
  answer: z.object({ data: z.array(recordRead('purchase_order_materials')) }),
  permission: EDIT,
});

/** One suggested line: a material short of stock, why, and what to order from its preferred vendor. */
export const suggestionSchema = z.object({
  material_id: z.number().int(),
  material_number: z.string().nullable(),
  description: z.string().nullable(),
  /** The preferred vendor; null when the material has none. */
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().nullable(),
  on_hand: z.number(),
  on_order: z.number(),
  reorder_qty: z.number(),
  open_demand: z.number(),
  shortfall: z.number(),
  economic_order_qty: z.number(),
  min_order_qty: z.number(),
  suggested_qty: z.number(),
  /** The preferred vendor's unit price; 0 without one. */
  unit_price: z.number(),
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const purchaseOrderSuggestions = defineAction({
  name: 'purchase_orders.suggestions',
  summary: 'Materials short of stock (reorder qty and open demand against on hand and on order), by preferred vendor.',
  method: 'GET',
  path: '/api/purchase_orders/suggestions',
  answer: z.object({ data: z.array(suggestionSchema) }),
  permission: VIEW,
});

const MATERIAL_MESSAGE = 'Choose a material.';
const QTY_MESSAGE = 'The qty must be more than 0.';

export const purchaseOrdersFromSuggestions = defineAction({
  name: 'purchase_orders.from_suggestions',
  summary: 'One draft order per preferred vendor from suggested lines (or materials, each at its suggested qty).',
  method: 'POST',
  path: '/api/purchase_orders/from_suggestions',
  body: z.object({
    lines: z
      .array(
        z.object({
          material_id: z.number({ error: MATERIAL_MESSAGE }).int(MATERIAL_MESSAGE).positive(MATERIAL_MESSAGE),
          qty: z.number({ error: QTY_MESSAGE }).positive(QTY_MESSAGE).max(1e9, QTY_MESSAGE),
        }),
      )
      .optional(),
    material_ids: z.array(z.number({ error: MATERIAL_MESSAGE }).int(MATERIAL_MESSAGE).positive(MATERIAL_MESSAGE)).optional(),
  }),
  answer: z.object({ data: z.array(order()) }),
  permission: EDIT,
  status: 201,
});

const PIECE_MESSAGE = 'Choose a measured piece.';

/**
 * Measured glass to the vendor (docs/domain/purchasing.md, Glass cut to size): the chosen
 * job products of the To Order list, each measured to cut, become one draft order for the vendor,
 * a line per piece with its cut size and thickness, grouped by job; each is marked ordered.
 */
export const orderGlass = defineAction({
  name: 'purchase_orders.order_glass',
  summary: 'One draft order for the vendor: a line per measured job product (its glass size, thickness and qty, by job); each marked ordered.',
  method: 'POST',
  path: '/api/purchase_orders/order_glass',
  body: z.object({
    vendor_id: z.number({ error: 'Choose a vendor.' }).int('Choose a vendor.').positive('Choose a vendor.'),
    job_product_ids: z
      .array(z.number({ error: PIECE_MESSAGE }).int(PIECE_MESSAGE).positive(PIECE_MESSAGE))
      .min(1, 'Choose at least one measured piece.')
      .max(500, 'At most 500 pieces on one order.'),
  }),
  answer: z.object({ data: order() }),
  permission: EDIT,
  status: 201,
});

/** The order as a PDF made on the server (the print page's content, with page numbers): what goes to the vendor. */
export const purchaseOrderPdf = defineAction({
  name: 'purchase_orders.pdf',
  summary: 'The purchase order as a PDF document.',
  method: 'GET',
  path: '/api/purchase_orders/:id/pdf',
  params: byId,
  answer: z.string(),
  permission: VIEW,
  download: 'application/pdf',
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const PURCHASING_ACTIONS = actionMap({
  'purchase_orders.next_number': nextPurchaseOrderNumber,
  'purchase_orders.send': sendPurchaseOrder,
  'purchase_orders.email': emailPurchaseOrder,
  'purchase_orders.receive': receivePurchaseOrder,
  'purchase_order_materials.split': splitPurchaseOrderLine,
  'purchase_orders.suggestions': purchaseOrderSuggestions,
  'purchase_orders.from_suggestions': purchaseOrdersFromSuggestions,
  'purchase_orders.order_glass': orderGlass,
  'purchase_orders.pdf': purchaseOrderPdf,
});
