import { sql } from 'drizzle-orm';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { glassOrderRefusal, listingFor, type VendorListing } from '@glazier/shared/rules/purchasing/glass-order';
import { linePrice } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { sqlSelect } from '../../db/typed-sql.ts';
import { namedWrite } from '../../engine/named-write.ts';
import type { Ctx } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';
import { create, update } from '../../engine/write.ts';

const PIECE = {
  id: 'num',
  job_id: 'num',
  qty: 'num?',
  glass_width: 'num?',
  glass_height: 'num?',
  is_ordered: 'bool',
  series_name: 'text?',
  glass_material_id: 'num?',
  glass_thickness: 'num?',
  job_number: 'text?',
} as const;

const num = (v: string | number | null) => (v == null ? null : Number(v));

/**
 * `POST /api/purchase_orders/order_glass` (docs/domain/purchasing.md, Glass cut to size):
 * one draft order for the vendor with a line per chosen job product, in the series' glass material,
 * at the piece's glass size and the series' thickness, the product's qty and the vendor's price,
 * lines by job number; each product is marked ordered by the same save as the To Order tick (its
 * hooks and history). One transaction; a piece that cannot be ordered refuses the whole call, 422
 * under `job_product_ids.{i}`, saying why.
 */
export async function orderGlass({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { vendor_id: number; job_product_ids: number[] };
}): Promise<RecordWithRelations<'purchase_orders'>> {
  const ids = input.job_product_ids;
  return namedWrite(ctx, async (w) => {
    const tx = w.ctx;
    const db = tx.db;
    const [vendor] = await sqlSelect(db, { id: 'num' }, sql`SELECT id FROM vendors WHERE id = ${input.vendor_id} AND deleted_at IS NULL`);
    if (!vendor) throw invalid({ vendor_id: ['Vendor not found.'] });
    const pieces = await sqlSelect(
      db,
      PIECE,
      sql`SELECT jp.id, jp.job_id, jp.qty, jp.glass_width, jp.glass_height, jp.is_ordered,
            s.name AS series_name, s.glass_material_id, s.glass_thickness, j.number AS job_number
          FROM job_products jp
          JOIN jobs j ON j.id = jp.job_id AND j.deleted_at IS NULL
          LEFT JOIN series s ON s.id = jp.series_id AND s.deleted_at IS NULL
         WHERE jp.id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )}) AND jp.deleted_at IS NULL
         FOR UPDATE OF jp`,
    );
    const byId = new Map(pieces.map((p) => [Number(p.id), p]));
    const errors: Record<string, string[]> = {};
    ids.forEach((id, i) => {
      const p = byId.get(id);
      const why = !p
        ? 'No such job product.'
        : ids.indexOf(id) !== i
          ? 'Chosen twice.'
          : glassOrderRefusal(
              { glass_width: num(p.glass_width), glass_height: num(p.glass_height), is_ordered: p.is_ordered },
              { name: p.series_name, glass_material_id: p.glass_material_id },
            );
      if (why) errors[`job_product_ids.${i}`] = [why];
    });
    if (Object.keys(errors).length) throw invalid(errors);

    const materialIds = [...new Set(pieces.map((p) => Number(p.glass_material_id)))];
    const listings: VendorListing[] = await sqlSelect(
      db,
      { id: 'num', material_id: 'num', unit_price: 'num?', is_preferred: 'bool', active: 'bool' },
      sql`SELECT id, material_id, unit_price::float8 AS unit_price, is_preferred, active FROM vendor_materials
           WHERE vendor_id = ${input.vendor_id} AND active AND deleted_at IS NULL AND material_id IN (${sql.join(
             materialIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    );
    const ordered = ids
      .map((id) => byId.get(id)!)
      .sort((a, b) => (a.job_number ?? '').localeCompare(b.job_number ?? '', undefined, { numeric: true }) || a.job_id - b.job_id || a.id - b.id);
    const purchase_order_materials = ordered.map((p) => {
      const listed = listingFor(listings, Number(p.glass_material_id));
      const qty = Number(p.qty);
      return {
        material_id: Number(p.glass_material_id),
        vendor_material_id: listed ? Number(listed.id) : null,
        qty,
        price: linePrice(qty, listed ? Number(listed.unit_price) : 0),
        job_product_id: Number(p.id),
        glass_width: num(p.glass_width),
        glass_height: num(p.glass_height),
        glass_thickness: num(p.glass_thickness),
      };
    });
    const order = await create(tx, 'purchase_orders', { vendor_id: input.vendor_id, purchase_order_materials });
    await w.summary('purchase_orders', 'order_glass', order.id, { lines: purchase_order_materials.length });
    for (const p of ordered) await update(tx, 'job_products', p.id, { is_ordered: true });
    return order;
  });
}
