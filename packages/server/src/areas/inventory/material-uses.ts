import { sql } from 'drizzle-orm';
import type { Ctx } from '../../engine/context.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Where a material is still named, in words a user reads ("2 purchase order lines"), or null when
 * nowhere: products (their single material or their material list, discontinued ones included,
 * since they can be restored), purchase order lines and bom lines.
 */
export async function materialUses(ctx: Ctx, materialId: number): Promise<string | null> {
  const [row] = await sqlSelect(
    ctx.db,
    { products: 'num', po_lines: 'num', bom_lines: 'num' },
    sql`SELECT
      (SELECT count(*) FROM (SELECT id FROM products WHERE material_id = ${materialId}
         UNION SELECT product_id FROM product_materials WHERE material_id = ${materialId}) u)::int AS products,
      (SELECT count(*) FROM purchase_order_materials WHERE material_id = ${materialId})::int AS po_lines,
      (SELECT count(*) FROM bom_materials WHERE material_id = ${materialId})::int AS bom_lines`,
  );
  const parts: string[] = [];
  if (Number(row?.products)) parts.push(plural(Number(row!.products), 'product', 'products'));
  if (Number(row?.po_lines)) parts.push(plural(Number(row!.po_lines), 'purchase order line', 'purchase order lines'));
  if (Number(row?.bom_lines)) parts.push(plural(Number(row!.bom_lines), 'bom line', 'bom lines'));
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
