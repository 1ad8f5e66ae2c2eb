import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { formatCutPiece } from '@glazier/shared/rules/shop-floor/measure-to-cut';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import { purchase_order_materials } from '../../db/schema.ts';
import type { StoredRow } from '../../engine/server-resource.ts';
import type { Ctx } from '../../engine/context.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { invalid } from '../../engine/errors.ts';
import { PO_LINE_ORDER } from './purchasing-hooks.ts';
import type { RowOf } from '../../db/typed-sql.ts';

/**
 * `POST /api/purchase_orders/{id}/send` → the order with `sent_at` set (kept when it was already
 * sent, so a second click changes nothing). Right first (403), then the order (404); audit `send`.
 * An order is not sent with a line the vendor does not sell and that has no price (it
 * went out as "$0.00"): 422 on the line's price, naming the line (unpricedMessage).
 */
export async function sendPurchaseOrder({ ctx, id }: { ctx: Ctx; id: number }): Promise<RecordWithRelations<'purchase_orders'>> {
  return changeRecord(ctx, { resource: 'purchase_orders', id, action: 'send' }, async (w, before) => {
    await markPurchaseOrderSent(w.ctx, before);
    return get(w.ctx, 'purchase_orders', id);
  });
}

const UNPRICED_LINE = {
  position: 'num',
  material_number: 'text?',
  glass_width: 'num?',
  glass_height: 'num?',
  glass_thickness: 'num?',
  job_label: 'text?',
} as const;
type UnpricedLine = RowOf<typeof UNPRICED_LINE>;

/**
 * Why Send refuses a line, naming it as the order's page shows it ("GL-38 is not sold…"
 * named no line on an order of several GL-38 pieces): its place in the order, its material and,
 * for glass cut for a job, its size and job.
 */
const unpricedMessage = (l: UnpricedLine) =>
  `Line ${Number(l.position)} (${[l.material_number ?? 'no material', formatCutPiece(l), l.job_label].filter(Boolean).join(' · ')}): no price, and this vendor does not sell it. Enter its price or remove the line, then send.`;

/**
 * The rule of Send, in the named write of the order (Send, and Email to vendor), which locked it and
 * writes its `send` history: 422 for an unpriced line the vendor does not sell; `sent_at` set once.
 */
export async function markPurchaseOrderSent(tx: Ctx, before: StoredRow<'purchase_orders'>): Promise<void> {
  const db = tx.db;
  const id = before.id;
  if (before.sent_at == null) {
    // numbered as the order's page, print and PDF list them (PO_LINE_ORDER), so "Line 3" is the third there
    const t = purchase_order_materials;
    const unpriced = await sqlSelect(
      db,
      UNPRICED_LINE,
      sql`SELECT l.position, l.material_number, l.glass_width, l.glass_height, l.glass_thickness, l.job_label
            FROM (SELECT ${t}.*, row_number() OVER (ORDER BY ${sql.join(PO_LINE_ORDER(t), sql`, `)}) AS position
                    FROM ${t} WHERE ${t.purchase_order_id} = ${id} AND ${t.deleted_at} IS NULL) l
           WHERE coalesce(l.price, 0) = 0
             AND NOT EXISTS (SELECT 1 FROM vendor_materials v WHERE v.material_id = l.material_id AND v.vendor_id = ${before.vendor_id} AND v.active)
           ORDER BY l.position`,
    );
    if (unpriced.length) {
      throw invalid(Object.fromEntries(unpriced.map((l) => [`purchase_order_materials.${Number(l.position) - 1}.price`, [unpricedMessage(l)]])));
    }
    await sqlRun(db, sql`UPDATE purchase_orders SET sent_at = now(), updated_at = now() WHERE id = ${id}`);
  }
}
