import type { Suggestion } from '@glazier/shared/actions/purchasing';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sql } from 'drizzle-orm';
import type { Row } from '../../db/client.ts';
import { sqlSelect } from '../../db/typed-sql.ts';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { create } from '../../engine/write.ts';
import { invalid } from '../../engine/errors.ts';
import { linePrice, suggestedOrderQty } from '@glazier/shared/rules/purchasing/purchase-order-line';
import { onHandSql } from '../inventory/inventory-hooks.ts';
import { onOrderByMaterialSql, openJobMaterialDemandSql } from '../inventory/material-demand-sql.ts';

/**
 * One statement over every active material: open demand (product materials × job product qty on
 * active, incomplete jobs whose products are not ordered yet, plus lines of boms not pulled) and
 * on order are aggregated once each, on hand is the inventory screen's SQL computed once per
 * material (a materialised step, so the shortfall test and the answer's columns do not compute it
 * again), the preferred vendor one lateral row for the short ones only; only materials short of
 * stock come back.
 */
export function purchaseOrderSuggestionsSql() {
  const m = tableFor('materials');
  return sql`WITH demand AS (
      SELECT d.material_id, sum(d.qty) AS qty FROM (
        SELECT material_id, qty FROM (${openJobMaterialDemandSql()}) jd
        UNION ALL
        SELECT bm.material_id, coalesce(bm.qty, 0) FROM bom_materials bm JOIN boms b ON b.id = bm.bom_id
         WHERE b.pulled_at IS NULL AND b.deleted_at IS NULL AND bm.deleted_at IS NULL
      ) d GROUP BY d.material_id
    ), ordered AS (${onOrderByMaterialSql()}
    ), stock AS MATERIALIZED (
      SELECT ${m.id} AS material_id, ${m.number} AS material_number, ${m.description} AS description,
        coalesce(${m.reorder_qty}, 0) AS reorder_qty, coalesce(${m.economic_order_qty}, 0) AS economic_order_qty,
        ${onHandSql(m)} AS on_hand
      FROM ${m} WHERE ${m.active} AND ${m.deleted_at} IS NULL
    ), short AS MATERIALIZED (
      SELECT st.*, coalesce(ord.qty, 0) AS on_order, coalesce(dem.qty, 0) AS open_demand,
        st.reorder_qty + coalesce(dem.qty, 0) - (st.on_hand + coalesce(ord.qty, 0)) AS shortfall
      FROM stock st
      LEFT JOIN demand dem ON dem.material_id = st.material_id
      LEFT JOIN ordered ord ON ord.material_id = st.material_id
      WHERE st.reorder_qty + coalesce(dem.qty, 0) - (st.on_hand + coalesce(ord.qty, 0)) > 0
    )
    SELECT s.material_id, s.material_number, s.description, s.reorder_qty, s.economic_order_qty, s.on_hand, s.on_order, s.open_demand,
      pv.vendor_id, pv.vendor_name, coalesce(pv.minimum_order_qty, 0) AS min_order_qty, coalesce(pv.unit_price, 0) AS unit_price, s.shortfall
    FROM short s
    LEFT JOIN LATERAL (
      SELECT vm.vendor_id, v.name AS vendor_name, vm.minimum_order_qty, vm.unit_price FROM vendor_materials vm
        JOIN vendors v ON v.id = vm.vendor_id
       WHERE vm.material_id = s.material_id AND vm.is_preferred AND vm.active AND vm.deleted_at IS NULL
       ORDER BY vm.id LIMIT 1) pv ON true
    ORDER BY pv.vendor_name NULLS LAST, pv.vendor_id, s.material_number, s.material_id`;
}

const NUMERIC = ['on_hand', 'on_order', 'reorder_qty', 'open_demand', 'shortfall', 'economic_order_qty', 'min_order_qty', 'unit_price'] as const;
type NumericColumn = (typeof NUMERIC)[number];
/** A row of the statement. */
const SUGGESTION_COLUMNS = {
  material_id: 'num',
  material_number: 'text?',
  description: 'text?',
  vendor_name: 'text?',
  vendor_id: 'num?',
  ...(Object.fromEntries(NUMERIC.map((k) => [k, 'num?'])) as Record<NumericColumn, 'num?'>),
} as const;

/** `GET /api/purchase_orders/suggestions` → `{data: Suggestion[]}` (docs/domain/purchasing.md, Suggested orders), grouped by preferred vendor. */
export async function purchaseOrderSuggestions({ ctx }: { ctx: Ctx }): Promise<{ data: Suggestion[] }> {
  const rows = await ctx.db.largeRead((db) => sqlSelect(db, SUGGESTION_COLUMNS, purchaseOrderSuggestionsSql()));
  return {
    data: rows.map((r): Suggestion => {
      const n = Object.fromEntries(NUMERIC.map((k) => [k, Number(r[k] ?? 0)])) as Record<NumericColumn, number>;
      return {
        ...n,
        material_id: Number(r.material_id),
        material_number: r.material_number ?? null,
        description: r.description ?? null,
        vendor_id: r.vendor_id == null ? null : Number(r.vendor_id),
        vendor_name: r.vendor_name ?? null,
        suggested_qty: suggestedOrderQty(n.shortfall, n.economic_order_qty, n.min_order_qty),
      };
    }),
  };
}

/**
 * The `{material_ids}` form (docs/domain/purchasing.md, Suggested orders): each material at its suggested qty now. A
 * material with nothing to order (not short, inactive, unknown) is a 422 on `material_ids.{i}`.
 */
async function suggestedLines(ctx: Ctx, ids: unknown): Promise<{ material_id: unknown; qty: number }[]> {
  if (!Array.isArray(ids) || ids.length === 0) throw invalid({ material_ids: ['Choose at least one suggested material.'] });
  if (ids.length > 1000) throw invalid({ material_ids: ['At most 1000 materials at once.'] });
  const suggested = new Map((await purchaseOrderSuggestions({ ctx })).data.map((s) => [s.material_id, s.suggested_qty]));
  const errors: Record<string, string[]> = {};
  const lines = ids.map((id, i) => {
    const qty = typeof id === 'number' ? suggested.get(id) : undefined;
    if (qty === undefined) errors[`material_ids.${i}`] = ['Nothing to order for this material: it is not short of stock.'];
    return { material_id: id, qty: qty ?? 0 };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return lines;
}

/**
 * `POST /api/purchase_orders/from_suggestions {lines: [{material_id, qty}]}` (or `{material_ids}`,
 * each at its suggested qty) → `{data: orders}`: one draft order per preferred vendor, its lines
 * priced at the vendor's unit price, all in one transaction (each order numbered as any new order
 * is). A material without a preferred vendor, an unknown material or a qty ≤ 0 is a 422 on that line.
 */
export async function purchaseOrdersFromSuggestions({ ctx, input }: { ctx: Ctx; input: unknown }): Promise<{ data: RecordWithRelations<'purchase_orders'>[] }> {
  const body = input as { lines?: unknown; material_ids?: unknown } | null;
  const lines = body?.lines === undefined && body?.material_ids !== undefined ? await suggestedLines(ctx, body.material_ids) : body?.lines;
  if (!Array.isArray(lines) || lines.length === 0) throw invalid({ lines: ['Choose at least one suggested line.'] });
  if (lines.length > 1000) throw invalid({ lines: ['At most 1000 lines at once.'] });
  const errors: Record<string, string[]> = {};
  const wanted: { material_id: number; qty: number }[] = [];
  for (const [i, l] of lines.entries()) {
    const { material_id, qty } = (typeof l === 'object' && l !== null ? l : {}) as Row;
    const isMaterial = typeof material_id === 'number' && Number.isSafeInteger(material_id) && material_id > 0;
    const isQty = typeof qty === 'number' && Number.isFinite(qty) && qty > 0 && qty <= 1e9;
    if (!isMaterial) errors[`lines.${i}.material_id`] = ['Choose a material.'];
    if (!isQty) errors[`lines.${i}.qty`] = ['The qty must be more than 0.'];
    // a line refused leaves `wanted` short, but then nothing below runs (422)
    if (isMaterial && isQty) wanted.push({ material_id, qty });
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return namedWrite(ctx, async (w) => {
    const tx = w.ctx;
    const db = tx.db;
    const ids = [...new Set(wanted.map((w) => w.material_id))];
    const found = await sqlSelect(
      db,
      { material_id: 'num', vendor_material_id: 'num?', vendor_id: 'num?', unit_price: 'num?' },
      sql`SELECT m.id AS material_id, pv.id AS vendor_material_id, pv.vendor_id, pv.unit_price
      FROM materials m LEFT JOIN LATERAL (
        SELECT vm.id, vm.vendor_id, vm.unit_price FROM vendor_materials vm
         WHERE vm.material_id = m.id AND vm.is_preferred AND vm.active AND vm.deleted_at IS NULL ORDER BY vm.id LIMIT 1) pv ON true
      WHERE m.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND m.deleted_at IS NULL`,
    );
    const byMaterial = new Map(found.map((r) => [Number(r.material_id), r]));
    const byVendor = new Map<number, { material_id: number; vendor_material_id: number; qty: number; price: number }[]>();
    for (const [i, w] of wanted.entries()) {
      const f = byMaterial.get(w.material_id);
      if (!f) errors[`lines.${i}.material_id`] = ['Material not found.'];
      else if (f.vendor_id == null) errors[`lines.${i}.material_id`] = ['This material has no preferred vendor; order it on a purchase order of your choice.'];
      else {
        const vendorId = Number(f.vendor_id);
        const list = byVendor.get(vendorId) ?? [];
        list.push({
          material_id: w.material_id,
          vendor_material_id: Number(f.vendor_material_id),
          qty: w.qty,
          price: linePrice(w.qty, Number(f.unit_price ?? 0)),
        });
        byVendor.set(vendorId, list);
      }
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const orders: RecordWithRelations<'purchase_orders'>[] = [];
    for (const [vendor_id, purchase_order_materials] of byVendor) {
      const order = await create(tx, 'purchase_orders', { vendor_id, purchase_order_materials });
      await w.summary('purchase_orders', 'from_suggestions', order.id, { lines: purchase_order_materials.length });
      orders.push(order);
    }
    return { data: orders };
  });
}
