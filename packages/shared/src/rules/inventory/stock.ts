/**
 * Stock rules the screens show (docs/domain/inventory.md, Stock). On hand itself is computed in SQL by the
 * server; this is the same below-reorder test as its `below_reorder` filter, for marking rows.
 */

export interface StockLevels {
  on_hand?: number | null;
  on_order?: number | null;
  reorder_qty?: number | null;
}

/** On hand + on order < reorder qty (a material with no reorder qty is never below it). */
export function isBelowReorder(m: StockLevels): boolean {
  return (m.on_hand ?? 0) + (m.on_order ?? 0) < (m.reorder_qty ?? 0);
}
