import { sql } from 'drizzle-orm';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import { lineUnitPrice, receiptCorrection } from '@glazier/shared/rules/purchasing/purchase-order-line';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Makes a PO line's receipts match its status (docs/domain/purchasing.md, Receiving): a received line has receipts
 * netting its qty at its unit price, any other line nets zero. Only the difference is written
 * (a receipt, or a negative receipt that reverses one, with a note saying so), so saving the same
 * line again writes nothing and the history always explains the number. Like every side effect
 * of a save, it has no audit row of its own: the line's audit row (and the receipt's link to the
 * line) explain it.
 */
export async function reconcileLineReceipts(ctx: Ctx, line: StoredRow<'purchase_order_materials'>): Promise<void> {
  const [have] = await sqlSelect(
    ctx.db,
    { qty: 'num?', price: 'num?' },
    sql`SELECT coalesce(sum(qty), 0) AS qty,
      (SELECT price FROM material_transactions p WHERE p.purchase_order_material_id = ${line.id} AND p.type = 'receipt' AND p.qty > 0
       ORDER BY p.id DESC LIMIT 1) AS price
      FROM material_transactions WHERE purchase_order_material_id = ${line.id} AND type = 'receipt'`,
  );
  const moves = receiptCorrection(
    { qty: Number(have?.qty ?? 0), unitPrice: have?.price == null ? null : Number(have.price) },
    { received: line.status === 'received', qty: Number(line.qty ?? 0), unitPrice: lineUnitPrice(Number(line.qty ?? 0), Number(line.price ?? 0)) },
  );
  const po = line.purchase_order_number ?? line.purchase_order_id;
  for (const m of moves) {
    const note = m.qty < 0 ? `PO ${po}: receipt reversed` : `PO ${po}: received`;
    await sqlRun(
      ctx.db,
      sql`INSERT INTO material_transactions (material_id, type, qty, price, date, purchase_order_material_id, note)
      VALUES (${line.material_id}, 'receipt', ${m.qty}, ${m.unitPrice}, ${today()}, ${line.id}, ${note})`,
    );
  }
}

/** The order is received when its last line is (received_at set), and open again when a line goes back. */
export async function syncOrderReceived(ctx: Ctx, orderId: number): Promise<void> {
  const [s] = await sqlSelect(
    ctx.db,
    { lines: 'num', open: 'num', received_at: 'timestamp?' },
    sql`SELECT (SELECT count(*)::int FROM purchase_order_materials WHERE purchase_order_id = o.id) AS lines,
      (SELECT count(*)::int FROM purchase_order_materials WHERE purchase_order_id = o.id AND status <> 'received') AS open,
      o.received_at FROM purchase_orders o WHERE o.id = ${orderId}`,
  );
  if (!s || s.lines === 0) return;
  const received = s.open === 0;
  if (received === (s.received_at != null)) return;
  await sqlRun(ctx.db, sql`UPDATE purchase_orders SET received_at = ${received ? new Date().toISOString() : null}, updated_at = now() WHERE id = ${orderId}`);
}
