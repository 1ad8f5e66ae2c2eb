/**
 * Email to vendor (docs/domain/purchasing.md, Emailing the order): the order marked sent by the
 * rule of Send (markPurchaseOrderSent: the same refusals), then its PDF, as the order now reads,
 * attached to the sender's message, in one transaction: a refused order sends nothing, and a sent
 * message always belongs to an order marked sent. Emailing an order sent before sends it again.
 * The PDF is made before the transaction, as the order reads once sent, and made again if the
 * order changed meanwhile (platform/documents/render-then-write.ts).
 */
import { sql } from 'drizzle-orm';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { renderThenWrite } from '../../platform/documents/render-then-write.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { enqueueRecordToParty } from '../../platform/mail/record-to-party-mail.ts';
import { renderPurchaseOrderPdf } from './purchase-order-pdf.ts';
import { markPurchaseOrderSent } from './send-purchase-order.ts';

export async function emailPurchaseOrder({ ctx, id, mail }: { ctx: Ctx; id: number; mail: Required<ComposedMail> }) {
  await get(ctx, 'purchase_orders', id); // 404 / 403 as its read, before any PDF is made
  const made = await renderThenWrite(ctx.db, {
    stamp: async (db) =>
      (await sqlSelect(db, { stamp: 'text' }, sql`SELECT updated_at::text AS stamp FROM purchase_orders WHERE id = ${id} FOR UPDATE`))[0]?.stamp ?? null,
    render: () => renderPurchaseOrderPdf(ctx, id, { asSent: true }),
    write: (db, pdf) =>
      changeRecord({ ...ctx, db }, { resource: 'purchase_orders', id, action: 'send' }, async (w, before) => {
        const { ctx: tx } = w;
        await markPurchaseOrderSent(tx, before);
        const [order] = await sqlSelect(
          db,
          { number: 'num?', contact_name: 'text?' },
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
      }),
  });
  return { data: made.order, mail: await readMailMessage(ctx, made.mailId) };
}
