import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlRows } from '../../db/client.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { recordAudit } from '../../engine/audit.ts';
import type { Ctx } from '../../engine/context.ts';
import { get } from '../../engine/read.ts';
import { invalid, notFound } from '../../engine/errors.ts';

/**
 * `POST /api/purchase_orders/{id}/send` → the order with `sent_at` set (kept when it was already
 * sent, so a second click changes nothing). Right first (403), then the order (404); audit `send`.
 * An order is not sent with a line the vendor does not sell and that has no price (issue 22: it
 * went out as "$0.00"): 422 on the line's price, naming the material.
 */
export async function sendPurchaseOrder({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'purchase_orders'>> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    await markPurchaseOrderSent(tx, id);
    return get(tx, 'purchase_orders', id);
  });
}

/**
 * The rule of Send, in the caller's transaction (Send, and Email to vendor): the order locked, 404
 * when gone, 422 for an unpriced line the vendor does not sell; `sent_at` set once, with its audit.
 */
export async function markPurchaseOrderSent(tx: Ctx, id: number): Promise<void> {
  const db = tx.db;
  const [before] = await sqlRows<StoredRow<'purchase_orders'>>(db, sql`SELECT * FROM purchase_orders WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
  if (!before) throw notFound('Purchase Order');
  if (before.sent_at == null) {
    const unpriced = await sqlRows<{ index: number; number: string | null }>(
      db,
      sql`SELECT l.index - 1 AS index, m.number FROM (SELECT *, row_number() OVER (ORDER BY id) AS index FROM purchase_order_materials WHERE purchase_order_id = ${id}) l
            JOIN materials m ON m.id = l.material_id
           WHERE coalesce(l.price, 0) = 0
             AND NOT EXISTS (SELECT 1 FROM vendor_materials v WHERE v.material_id = l.material_id AND v.vendor_id = ${before.vendor_id} AND v.active)
           ORDER BY l.index`,
    );
    if (unpriced.length) {
      throw invalid(
        Object.fromEntries(
          unpriced.map((l) => [
            `purchase_order_materials.${Number(l.index)}.price`,
            [`${l.number ?? 'This material'} is not sold by this vendor and has no price: enter its price, or remove the line, before sending.`],
          ]),
        ),
      );
    }
    const [after] = await sqlRows<StoredRow<'purchase_orders'>>(
      db,
      sql`UPDATE purchase_orders SET sent_at = now(), updated_at = now() WHERE id = ${id} RETURNING *`,
    );
    await recordAudit(tx, 'purchase_orders', 'send', id, before, after!);
  }
}
