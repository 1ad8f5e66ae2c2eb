/**
 * Email to vendor (docs/domain/purchasing.md, Emailing the order): the order marked sent by the
 * rule of Send (markPurchaseOrderSent: the same refusals), then its PDF, as the order now reads,
 * attached to the sender's message, in one transaction: a refused order sends nothing, and a sent
 * message always belongs to an order marked sent. Emailing an order sent before sends it again.
 */
import { sql } from 'drizzle-orm';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { enqueueRecordToParty } from '../../platform/mail/record-to-party-mail.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';
import { markPurchaseOrderSent } from './send-purchase-order.ts';

export async function emailPurchaseOrder({ ctx, id, mail }: { ctx: Ctx; id: number; mail: Required<ComposedMail> }) {
  const made = await changeRecord(ctx, { resource: 'purchase_orders', id, action: 'send' }, async (w, before) => {
    const tx = w.ctx;
    const db = tx.db;
    await markPurchaseOrderSent(tx, before);
    const pdf = await renderPurchaseOrderPdf(tx, id);
    const [order] = await sqlRows<{ number: number | null; contact_name: string | null }>(
      db,
      sql`SELECT o.number, v.contact_name FROM purchase_orders o LEFT JOIN vendors v ON v.id = o.vendor_id WHERE o.id = ${id}`,
    );
    const number = order?.number == null ? '' : ` ${order.number}`;
    const message = await enqueueRecordToParty(tx, {
      kind: 'purchase_order_to_vendor',
      record: { resource: 'purchase_orders', id },
      what: 'purchase order',
      title: `Purchase order${number}`,
      contactName: order?.contact_name,
      lead: `Please find our purchase order${number} attached.`,
      mail,
      pdf,
    });
    return { mailId: message.id, order: await get(tx, 'purchase_orders', id) };
  });
  return { data: made.order, mail: await readMailMessage(ctx, made.mailId) };
}
