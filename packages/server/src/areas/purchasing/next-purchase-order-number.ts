import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { sql } from 'drizzle-orm';

/** The next purchase order number: one past the highest used (numbers start at 1001). */
export async function nextPurchaseOrderNumber({ ctx }: { ctx: Ctx }): Promise<number> {
  const [row] = await sqlSelect(ctx.db, { max: 'num?' }, sql`SELECT max(number) AS max FROM purchase_orders`);
  return Math.max(Number(row?.max ?? 1000), 1000) + 1;
}
