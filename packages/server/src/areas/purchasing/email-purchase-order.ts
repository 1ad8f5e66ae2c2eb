/**
 * Email to vendor (docs/domain/purchasing.md, Emailing the order): the order marked sent by the
 * rule of Send (markPurchaseOrderSent: the same refusals), then its PDF, as the order now reads,
 * attached to the sender's message, in one transaction: a refused order sends nothing, and a sent
 * message always belongs to an order marked sent. Emailing an order sent before sends it again.
 */
import { sql } from 'drizzle-orm';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { createElement } from 'react';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { get } from '../../engine/read.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { RecordToParty } from '../../platform/mail/templates/record-to-party.tsx';
import { renderMail, shopName } from '../../platform/mail/templates/render.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';
import { markPurchaseOrderSent } from './send-purchase-order.ts';

export async function emailPurchaseOrder({ ctx, id, mail }: { ctx: Ctx; id: number; mail: Required<ComposedMail> }) {
  const made = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await get(tx, 'purchase_orders', id); // 404 / 403 as its read
    await markPurchaseOrderSent(tx, id);
    const pdf = await renderPurchaseOrderPdf(tx, id);
    const [order] = await sqlRows<{ number: number | null; contact_name: string | null }>(
      db,
      sql`SELECT o.number, v.contact_name FROM purchase_orders o LEFT JOIN vendors v ON v.id = o.vendor_id WHERE o.id = ${id}`,
    );
    const shop = await shopName(db);
    const sender = ctx.user!;
    const number = order?.number == null ? '' : ` ${order.number}`;
    const body = await renderMail(
      createElement(RecordToParty, {
        shop,
        greeting: order?.contact_name ? `Dear ${order.contact_name},` : 'Hello,',
        message: mail.message,
        lead: `Please find our purchase order${number} attached.`,
        attachment: pdf.fileName,
        sender: sender.name,
        footer: `${shop} sent you this purchase order. Reply to this message to reach ${sender.name}.`,
      }),
    );
    const message = await enqueueMail(tx, {
      kind: 'purchase_order_to_vendor',
      to: mail.to,
      cc: mail.cc,
      replyTo: sender.email || undefined,
      subject: `Purchase order${number} from ${shop}`,
      ...body,
      record: { resource: 'purchase_orders', id },
      attachments: [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.bytes }],
    });
    return { mailId: message.id, order: await get(tx, 'purchase_orders', id) };
  });
  return { data: made.order, mail: await readMailMessage(ctx, made.mailId) };
}
