import { isNotNull, isNull, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AnyTable } from '../../db/schema.ts';
import type { Hooks } from '../../engine/server-resource.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import { openOrderLinesSql } from './material-demand-sql.ts';
import { materialUses } from './material-uses.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

/**
 * Stock of one material up to a bound: the last `count` (absolute), else `starting_qty`, plus
 * receipts and adjustments minus pulls after it, in (date, id) order. `upTo(alias)` adds the bound
 * on a transaction alias (nothing: all of them). The last count is one entry of the partial index
 * of counts; the movements after it are a range of the (material_id, date, id) index, which carries
 * type and qty, so neither touches the table (0004_stock_indexes). Without a count, every movement
 * counts (a separate branch: a row comparison with NULL would match nothing).
 */
function stockSql(materialId: SQLWrapper, startingQty: SQLWrapper, upTo: (alias: string) => SQL): SQL {
  const moved = (after: SQL) => sql`(SELECT sum(CASE x.type WHEN 'pull' THEN -x.qty ELSE x.qty END) FROM material_transactions x
      WHERE x.material_id = ${materialId} AND x.type <> 'count'${upTo('x')}${after})`;
  return sql`(SELECT coalesce(lc.qty, ${startingQty}, 0) + coalesce(CASE WHEN lc.id IS NULL THEN ${moved(sql``)}
      ELSE ${moved(sql` AND (x.date, x.id) > (lc.date, lc.id)`)} END, 0)
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT c.qty, c.date, c.id FROM material_transactions c
      WHERE c.material_id = ${materialId} AND c.type = 'count'${upTo('c')}
      ORDER BY c.date DESC, c.id DESC LIMIT 1) lc ON true)`;
}

/** On hand (docs/domain/inventory.md, Stock) of the material row `m`, as of a date when given. */
export function onHandSql(m: AnyTable, asOf?: string): SQL {
  return stockSql(m.id, m.starting_qty, (alias) => (asOf ? sql` AND ${sql.identifier(alias)}.date <= ${asOf}` : sql``));
}

/**
 * A transaction's running balance: its material's on hand just after it, in (date, id) order, so
 * a page of the stock history shows the right numbers whatever the page (a client cannot add up
 * rows it has not fetched).
 */
export function balanceSql(t: AnyTable): SQL {
  return stockSql(
    t.material_id,
    sql`(SELECT bm.starting_qty FROM materials bm WHERE bm.id = ${t.material_id})`,
    (alias) => sql` AND (${sql.identifier(alias)}.date, ${sql.identifier(alias)}.id) <= (${t.date}, ${t.id})`,
  );
}

/** On order: qty of PO lines ordered or backordered on orders not yet received. */
export function onOrderSql(m: AnyTable): SQL {
  return sql`(SELECT coalesce(sum(l.qty), 0) FROM ${openOrderLinesSql()} AND l.material_id = ${m.id})`;
}

/** The unit price stock is valued at: the latest receipt's (as of a date), else the starting price. */
export function unitValueSql(m: AnyTable, asOf?: string): SQL {
  return sql`coalesce((SELECT r.price FROM material_transactions r
    WHERE r.material_id = ${m.id} AND r.type = 'receipt' AND r.price IS NOT NULL${asOf ? sql` AND r.date <= ${asOf}` : sql``}
    ORDER BY r.date DESC, r.id DESC LIMIT 1), ${m.starting_price}, 0)`;
}

const belowReorder = (m: AnyTable) => sql`${onHandSql(m)} + ${onOrderSql(m)} < coalesce(${m.reorder_qty}, 0)`;

/** Whether vendor `value` sells the material (an active, live vendor material of it); 422 on the filter for what is no id. */
function soldBy(filter: string, value: string, m: AnyTable): SQL {
  if (!/^\d{1,9}$/.test(value)) throw invalid({ [filter]: ['Must be a record id.'] });
  return sql`EXISTS (SELECT 1 FROM vendor_materials vm WHERE vm.material_id = ${m.id} AND vm.vendor_id = ${Number(value)} AND vm.active AND vm.deleted_at IS NULL)`;
}

export const materialsHooks: Hooks<'materials'> = {
  computed: { on_hand: (m) => onHandSql(m), on_order: onOrderSql },
  customFilters: {
    below_reorder: (value, m) => (value === 'true' ? belowReorder(m) : value === 'false' ? not(belowReorder(m)) : undefined),
    sold_by: (value, m) => soldBy('sold_by', value, m),
    not_sold_by: (value, m) => not(soldBy('not_sold_by', value, m)),
    // the series' "Glass to order" picker: materials of a glass category
    glass: (value, m) => (value === 'true' ? sql`${m.material_category_id} IN (SELECT mc.id FROM material_categories mc WHERE mc.is_glass)` : undefined),
  },
  async beforeSave({ ctx, values, existing }) {
    if (changed(values, existing, 'material_category_id')) {
      values.material_category_name = (await rowById(ctx, 'material_categories', values.material_category_id))?.name ?? null;
    }
  },
  /** A material still named by products, orders or boms stays (409 in words), not broken links. */
  async beforeDelete({ ctx, existing }) {
    const uses = await materialUses(ctx, existing.id);
    if (uses) throw new ApiError(409, `This material is used by ${uses} and cannot be deleted.`);
  },
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Stock movements: the date defaults to today (stock is computed in date order); a count is an
 * absolute qty and cannot be negative; an adjustment is a signed correction and needs a note
 * saying why (the Adjust action of the inventory screen is a plain create with type adjustment).
 */
export const materialTransactionsHooks: Hooks<'material_transactions'> = {
  computed: { balance: balanceSql },
  beforeSave({ values, existing }) {
    if (values.date === null || (!existing && values.date === undefined)) values.date = existing?.date ?? today();
    const merged = { ...existing, ...values };
    const errors: Record<string, string[]> = {};
    if (merged.type === 'adjustment') {
      if (merged.qty === 0) errors.qty = ['An adjustment must change the quantity.'];
      if (typeof merged.note !== 'string' || !merged.note.trim()) errors.note = ['An adjustment needs a note saying why.'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
  },
};

/** Lines of orders and boms show their material's number and description (read-only copies). */
export const copyMaterial: NonNullable<Hooks['beforeSave']> = async ({ ctx, values, existing }) => {
  if (changed(values, existing, 'material_id')) {
    const m = await rowById(ctx, 'materials', values.material_id);
    values.material_number = m?.number ?? null;
    values.material_description = m?.description ?? null;
  }
};

const PULLED_MESSAGE = 'This bom has been pulled from stock and is read-only. Return it to stock to change it.';

async function refuseIfPulled(ctx: Parameters<NonNullable<Hooks['beforeDelete']>>[0]['ctx'], bomId: unknown): Promise<void> {
  if (typeof bomId !== 'number') return;
  const [row] = await sqlSelect(ctx.db, { pulled_at: 'timestamp?' }, sql`SELECT pulled_at FROM boms WHERE id = ${bomId} FOR SHARE`);
  if (row?.pulled_at != null) throw new ApiError(409, PULLED_MESSAGE);
}

/** A pulled bom's lines are read-only (its pulls would no longer explain the stock). */
export const bomMaterialsHooks: Hooks<'bom_materials'> = {
  async beforeSave(args) {
    await refuseIfPulled(args.ctx, args.existing?.bom_id);
    if (args.values.bom_id !== undefined && args.values.bom_id !== args.existing?.bom_id) await refuseIfPulled(args.ctx, args.values.bom_id);
    await copyMaterial(args);
  },
  async beforeDelete({ ctx, existing }) {
    await refuseIfPulled(ctx, existing.bom_id);
  },
};

/**
 * Boms: pulled_at (read-only to the generic save) moves only through Pull and Return to stock
 * (pull-bom.ts), which write the stock transactions; a pulled bom is read-only and stays.
 */
export const bomsHooks: Hooks<'boms'> = {
  computed: {
    // a job in the trash is not shown as the bom's job
    job_number: (t) => sql`(SELECT j.number FROM jobs j WHERE j.id = ${t.job_id} AND j.deleted_at IS NULL)`,
    job_name: (t) => sql`(SELECT j.name FROM jobs j WHERE j.id = ${t.job_id} AND j.deleted_at IS NULL)`,
    line_count: (t) => sql`(SELECT count(*)::int FROM bom_materials l WHERE l.bom_id = ${t.id} AND l.deleted_at IS NULL)`,
  },
  customFilters: {
    status: (value, t) => (value === 'pulled' ? isNotNull(t.pulled_at) : value === 'open' ? isNull(t.pulled_at) : undefined),
  },
  beforeSave({ existing }) {
    if (existing?.pulled_at != null) throw new ApiError(409, PULLED_MESSAGE);
  },
  beforeDelete({ existing }) {
    if (existing.pulled_at != null) throw new ApiError(409, PULLED_MESSAGE);
  },
};
