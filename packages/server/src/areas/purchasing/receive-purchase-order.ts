import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlRows } from '../../db/client.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { recordAudit } from '../../engine/audit.ts';
import type { Ctx } from '../../engine/context.ts';
import { get } from '../../engine/read.ts';
import { update } from '../../engine/write.ts';
import { notFound } from '../../engine/errors.ts';

/**
 * `POST /api/purchase_orders/{id}/receive` (Receive all) → the order: every line not yet received
 * becomes received through the line's own save (so each writes its receipt once, with its audit
 * row), then the order is received (`received_at`, also for an order without lines). One
 * transaction; right first (403), then the order (404).
 */
export async function receivePurchaseOrder({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'purchase_orders'>> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [order] = await sqlRows<StoredRow<'purchase_orders'>>(db, sql`SELECT * FROM purchase_orders WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
    if (!order) throw notFound('Purchase Order');
    const open = await sqlRows<{ id: number }>(
      db,
      sql`SELECT id FROM purchase_order_materials WHERE purchase_order_id = ${id} AND status <> 'received' ORDER BY id`,
    );
    for (const line of open) await update(tx, 'purchase_order_materials', line.id, { status: 'received' });
    const [now] = await sqlRows<{ received_at: string | null }>(db, sql`SELECT received_at FROM purchase_orders WHERE id = ${id}`);
    if (now?.received_at == null) {
      const [after] = await sqlRows<StoredRow<'purchase_orders'>>(
        db,
        sql`UPDATE purchase_orders SET received_at = now(), updated_at = now() WHERE id = ${id} RETURNING *`,
      );
      await recordAudit(tx, 'purchase_orders', 'receive', id, order, after!);
    }
    return get(tx, 'purchase_orders', id);
  });
}
