/**
 * The purchase order as a PDF (docs/domain/purchasing.md, The order as a PDF):
 * `renderPurchaseOrderPdf(ctx, id)` reads the order and its lines as the caller may (404 for a
 * missing order, 403 without `view purchase_orders`) and has it rendered in the PDF worker
 * (platform/documents/pdf-render.ts). What the download action answers and what an email to the
 * vendor attaches; the ctx's db may be a transaction's.
 *
 * The vendor's name and contact are the order's address: a reader of the order sees whom it goes
 * to, as the order's screen names its vendor, without needing the vendor list's own right.
 */
import { sql } from 'drizzle-orm';
import { purchaseOrderStatus } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { get, list } from '../../engine/read.ts';
import { pdfFileName, readShopHeader, renderPdf } from '../../platform/documents/pdf-render.ts';
import type { PurchaseOrderPdfProps } from './purchase-order-pdf-document.tsx';

export const purchaseOrderTitle = (number: number | null | undefined) => `Purchase Order ${number ?? ''}`.trim();

/** `asSent`: the PDF an email attaches, made before the order is marked sent: it reads as the order will (sent today, not a draft). */
export async function renderPurchaseOrderPdf(ctx: Ctx, orderId: number, { asSent = false } = {}): Promise<{ bytes: Buffer; fileName: string }> {
  // with its computed total (the lines' prices)
  const read = await get(ctx, 'purchase_orders', orderId);
  const order = asSent && read.sent_at == null ? { ...read, sent_at: new Date().toISOString() } : read;
  const [lines, [vendor], shop] = await Promise.all([
    // in the line order (PO_LINE_ORDER), as the order's page and print list them
    list(ctx, 'purchase_order_materials', { purchase_order_id: String(orderId), sort_column: 'job_label' }),
    sqlSelect(
      ctx.db,
      { name: 'text?', contact_name: 'text?', phone: 'text?', email: 'text?' },
      sql`SELECT name, contact_name, phone, email FROM vendors WHERE id = ${order.vendor_id}`,
    ),
    readShopHeader(ctx.db),
  ]);
  const title = purchaseOrderTitle(order.number);
  const props: PurchaseOrderPdfProps = {
    title,
    shop,
    order: {
      number: order.number ?? null,
      date: order.sent_at ?? order.created_at ?? null,
      draft: purchaseOrderStatus(order) === 'draft',
      total: order.total ?? null,
      note: order.note ?? null,
    },
    vendor: vendor ?? { name: null, contact_name: null, phone: null, email: null },
    lines: lines.data,
  };
  const bytes = await renderPdf(new URL('./purchase-order-pdf-document.tsx', import.meta.url), 'PurchaseOrderPdfDocument', props);
  return { bytes, fileName: pdfFileName(title) };
}
