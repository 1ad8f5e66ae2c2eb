import { sql } from 'drizzle-orm';
import { type Row, sqlRows } from '../../db/client.ts';
import { recordAudit } from '../../engine/audit.ts';
import { authorize, type Ctx } from '../../engine/context.ts';
import { get, parseId } from '../../engine/read.ts';
import { notFound } from '../../engine/errors.ts';

/**
 * `POST /api/purchase_orders/{id}/send` → the order with `sent_at` set (kept when it was already
 * sent, so a second click changes nothing). Right first (403), then the order (404); audit `send`.
 */
export async function sendPurchaseOrder({ ctx, id: idRaw }: { ctx: Ctx; id: unknown }): Promise<Row> {
  authorize(ctx, 'edit', 'purchase_orders');
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [before] = await sqlRows(db, sql`SELECT * FROM purchase_orders WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
    if (!before) throw notFound('Purchase Order');
    if (before.sent_at == null) {
      const [after] = await sqlRows(db, sql`UPDATE purchase_orders SET sent_at = now(), updated_at = now() WHERE id = ${id} RETURNING *`);
      await recordAudit(tx, 'purchase_orders', 'send', id, before, after!);
    }
    return get(tx, 'purchase_orders', id);
  });
}
