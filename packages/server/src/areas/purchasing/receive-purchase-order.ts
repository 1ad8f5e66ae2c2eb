import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { update } from '../../engine/write.ts';

/**
 * `POST /api/purchase_orders/{id}/receive` (Receive all) → the order: every line not yet received
 * becomes received through the line's own save (so each writes its receipt once, with its audit
 * row), then the order is received (`received_at`, also for an order without lines). One
 * transaction; right first (403), then the order (404).
 */
export async function receivePurchaseOrder({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'purchase_orders'>> {
  return changeRecord(ctx, { resource: 'purchase_orders', id, action: 'receive' }, async (w) => {
    const tx = w.ctx;
    const db = tx.db;
    const open = await sqlSelect(
      db,
      { id: 'num' },
      sql`SELECT id FROM purchase_order_materials WHERE purchase_order_id = ${id} AND status <> 'received' ORDER BY id`,
    );
    for (const line of open) await update(tx, 'purchase_order_materials', line.id, { status: 'received' });
    const [now] = await sqlSelect(db, { received_at: 'timestamp?' }, sql`SELECT received_at FROM purchase_orders WHERE id = ${id}`);
    if (now?.received_at == null) await sqlRun(db, sql`UPDATE purchase_orders SET received_at = now(), updated_at = now() WHERE id = ${id}`);
    return get(tx, 'purchase_orders', id);
  });
}
