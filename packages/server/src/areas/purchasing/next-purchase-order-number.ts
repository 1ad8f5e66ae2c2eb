import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { sql } from 'drizzle-orm';

/** The next purchase order number: one past the highest used (numbers start at 1001). */
export async function nextPurchaseOrderNumber({ ctx }: { ctx: Ctx }): Promise<number> {
  const t = tableFor('purchase_orders');
  const [row] = await ctx.db.orm.select({ max: sql<number | null>`max(${t.number})` }).from(t);
  return Math.max(Number(row?.max ?? 1000), 1000) + 1;
}
