/**
 * An estimate item's warnings (docs/domain/estimating.md, Items, not blocking): its unit price or unit cost differs from
 * the product's standard one, or its qty from what the takeoff calculates for its option.
 */
import { unitAmount } from '../line-amount.ts';
import { roundMoney, roundQty } from '../money.ts';

export const PRICE_WARNING = 'The unit price does not match the standard unit price.';
export const COST_WARNING = 'The unit cost does not match the standard unit cost.';
export const QTY_WARNING = 'It looks like qty does not match the calculated qty.';

export interface EstimateItemWarnings {
  qty?: string;
  amount?: string;
  cost?: string;
}

/**
 * The warnings of an item. `standard` holds the product's prices (absent: nothing to compare);
 * `calculatedQty` the takeoff's qty for the item's option (absent: the item is not from a takeoff).
 */
export function estimateItemWarnings(
  item: { qty?: number | null; amount?: number | null; cost?: number | null },
  standard: { price?: number | null; cost?: number | null } = {},
  calculatedQty?: number,
): EstimateItemWarnings {
  const out: EstimateItemWarnings = {};
  if (calculatedQty !== undefined && roundQty(item.qty ?? 0) !== roundQty(calculatedQty)) out.qty = QTY_WARNING;
  const price = unitAmount(item.amount, item.qty);
  if (price != null && standard.price != null && price !== roundMoney(standard.price)) out.amount = PRICE_WARNING;
  const cost = unitAmount(item.cost, item.qty);
  if (cost != null && standard.cost != null && cost !== roundMoney(standard.cost)) out.cost = COST_WARNING;
  return out;
}
