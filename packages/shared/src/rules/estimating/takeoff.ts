/**
 * A takeoff (docs/domain/estimating.md, Takeoffs): units (rooms or unit types, each with a qty: "Unit type B × 12") by
 * takeoff options (what is counted), each cell the qty per unit. An option's calculated qty is
 * Σ unit qty × item qty over the units; "Items from takeoff" makes an estimate item of it.
 */
import { roundQty } from '../money.ts';

export interface TakeoffUnitQty {
  id: number;
  qty: number | null;
}
export interface TakeoffCell {
  takeoff_unit_id: number;
  takeoff_option_id: number;
  qty: number | null;
}

/** Each option's calculated qty (options without cells are absent). */
export function calculatedQtys(units: readonly TakeoffUnitQty[], items: readonly TakeoffCell[]): Map<number, number> {
  const unitQty = new Map(units.map((u) => [u.id, u.qty ?? 0]));
  const out = new Map<number, number>();
  for (const item of items) {
    const perUnit = item.qty ?? 0;
    const times = unitQty.get(item.takeoff_unit_id);
    if (times === undefined) continue; // a cell of a unit that is gone
    out.set(item.takeoff_option_id, roundQty((out.get(item.takeoff_option_id) ?? 0) + times * perUnit));
  }
  return out;
}
