import { sql } from 'drizzle-orm';
import { ONLY_DRAFTS_MESSAGE } from '@glazier/shared/rules/estimating/estimate-status';
import { calculatedQtys } from '@glazier/shared/rules/estimating/takeoff';
import { defaultAmount, nextAmount } from '@glazier/shared/rules/line-amount';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlSelect } from '../../db/typed-sql.ts';
import { storedRows } from '../../engine/lookup.ts';
import { touchParents } from '../../engine/aggregates.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { resource } from '../../engine/resources.ts';
import type { StoredRow } from '../../engine/server-resource.ts';

const num = (v: unknown): number | null => (v == null ? null : Number(v));
type Item = StoredRow<'estimate_items'>;

/**
 * `POST /api/estimates/{id}/items_from_takeoff`: each takeoff option with a calculated qty (Σ unit
 * qty × qty per unit, shared/rules/estimating/takeoff.ts) gets one estimate item. A new one takes
 * the option's product (when it takes off a product), its description, and the standard price and
 * cost × qty; an existing one takes the new qty, and its amount and cost follow it only while they
 * are still the standard × qty (an amount typed over is kept, shared/rules/line-amount.ts). The
 * amounts are the server's to set, with or without `edit estimates_admin`. A product already on the
 * estimate by hand is not doubled: its first such line becomes the option's (marked by its
 * `takeoff_option_id`, as every line from the takeoff is), keeping its description, and takes the
 * qty as above (`matched`). Only a draft (409).
 */
export async function estimateItemsFromTakeoff({
  ctx,
  id,
}: {
  ctx: Ctx;
  id: number;
}): Promise<{ data: RecordWithRelations<'estimates'>; created: number; updated: number; matched: number }> {
  // the estimate's own columns do not change (its items do): no history row of its own
  return changeRecord(ctx, { resource: 'estimates', id, action: 'update' }, async (w, estimate) => {
    const tx = w.ctx;
    const db = tx.db;
    if (estimate.status !== 'draft') throw new ApiError(409, ONLY_DRAFTS_MESSAGE);
    const units = await sqlSelect(
      db,
      { id: 'num', qty: 'num?' },
      sql`SELECT u.id, u.qty FROM takeoff_units u JOIN takeoffs t ON t.id = u.takeoff_id WHERE t.estimate_id = ${id}`,
    );
    const cells = await sqlSelect(
      db,
      { takeoff_unit_id: 'num', takeoff_option_id: 'num', qty: 'num?' },
      sql`SELECT i.takeoff_unit_id, i.takeoff_option_id, i.qty FROM takeoff_items i JOIN takeoffs t ON t.id = i.takeoff_id WHERE t.estimate_id = ${id}`,
    );
    const qtys = calculatedQtys(
      units.map((u) => ({ id: u.id, qty: num(u.qty) })),
      cells.map((c) => ({ ...c, qty: num(c.qty) })),
    );
    let created = 0;
    let updated = 0;
    let matched = 0;
    if (qtys.size) {
      const optionIds = [...qtys.keys()];
      const options = await sqlSelect(
        db,
        { id: 'num', description: 'text', product_id: 'num?', price: 'num?', cost: 'num?', sort: 'num' },
        sql`SELECT o.id, o.description, p.id AS product_id, p.revenue_per_unit AS price, p.cost_per_unit AS cost, o.sort
            FROM takeoff_options o LEFT JOIN products p ON o.takeoffable_type = 'product' AND p.id = o.takeoffable_id
            WHERE o.id = ANY(${`{${optionIds.join(',')}}`}::int[]) ORDER BY o.sort, o.id`,
      );
      const items = await storedRows(db, 'estimate_items', (t) => ({ where: sql`${t.estimate_id} = ${id}`, orderBy: [sql`${t.sort}`, sql`${t.id}`] }));
      const itemOf = new Map(items.flatMap((i) => (i.takeoff_option_id == null ? [] : [[i.takeoff_option_id, i] as const])));
      // the lines added by hand, by product: the takeoff's line of that product becomes one of them
      const byHand = new Map<number, Item[]>();
      for (const i of items) if (i.takeoff_option_id == null && i.product_id != null) byHand.set(i.product_id, [...(byHand.get(i.product_id) ?? []), i]);
      const [{ next } = { next: 0 }] = await sqlSelect(
        db,
        { next: 'num' },
        sql`SELECT coalesce(max(sort) + 1, 0)::int AS next FROM estimate_items WHERE estimate_id = ${id}`,
      );
      let sort = next;
      for (const option of options) {
        const qty = qtys.get(option.id)!;
        const price = num(option.price);
        const cost = num(option.cost);
        let item = itemOf.get(option.id);
        const manual = !item && option.product_id != null ? byHand.get(option.product_id)?.shift() : undefined;
        if (manual) {
          // the product is on the estimate already, added by hand: that line is the takeoff's from now on
          const marked = await w.update(
            'estimate_items',
            manual.id,
            { takeoff_option_id: option.id, updated_at: sql`now()` },
            { action: 'from_takeoff', before: manual },
          );
          matched++;
          item = marked;
          if (num(item.qty) === qty) continue;
        }
        if (item) {
          if (num(item.qty) === qty) continue;
          const before = { qty: num(item.qty) };
          const amount = nextAmount(num(item.amount), { unit: price, qty: before.qty }, { unit: price, qty });
          const itemCost = nextAmount(num(item.cost), { unit: cost, qty: before.qty }, { unit: cost, qty });
          // the alternate's follow qty by the same rule, at the alternate product's standard
          const [alt] =
            item.alternate_product_id == null
              ? []
              : await sqlSelect(
                  db,
                  { price: 'num?', cost: 'num?' },
                  sql`SELECT revenue_per_unit AS price, cost_per_unit AS cost FROM products WHERE id = ${item.alternate_product_id}`,
                );
          const altAmount = nextAmount(num(item.alternate_amount), { unit: num(alt?.price), qty: before.qty }, { unit: num(alt?.price), qty });
          const altCost = nextAmount(num(item.alternate_cost), { unit: num(alt?.cost), qty: before.qty }, { unit: num(alt?.cost), qty });
          const set = { qty, amount, cost: itemCost, alternate_amount: altAmount, alternate_cost: altCost, updated_at: sql`now()` };
          await w.update('estimate_items', item.id, set, { before: item });
          if (!manual) updated++;
        } else {
          await w.insert('estimate_items', {
            estimate_id: id,
            takeoff_option_id: option.id,
            product_id: option.product_id,
            qty,
            amount: defaultAmount(price, qty),
            cost: defaultAmount(cost, qty),
            description: option.description,
            sort: sort++,
          });
          created++;
        }
      }
      // the estimate's items changed: a stale save of the estimate is a 409 (engine/aggregates.ts)
      if (created || updated || matched) await touchParents(tx, resource('estimate_items'), null, { estimate_id: id });
    }
    return { data: await get(tx, 'estimates', id), created, updated, matched };
  });
}
