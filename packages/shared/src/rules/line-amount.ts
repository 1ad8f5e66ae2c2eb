/**
 * A line's amount (a job product's cost and revenue, docs/domain/jobs.md, Job products; an estimate item's amount and
 * cost): by default the unit cost or revenue times qty.
 * An amount the user typed stays; one that still equals the default follows qty and product.
 */
import { roundMoney } from './money.ts';

/** A line's amount per unit, in cents; qty 0 counts as 1 (docs/domain/purchasing.md, Lines); null for no amount. */
export function unitAmount(amount: number | null | undefined, qty: number | null | undefined): number | null {
  if (amount == null) return null;
  const q = Number(qty ?? 0);
  return roundMoney(Number(amount) / (q === 0 ? 1 : q));
}

/** Unit × qty, rounded to cents; null when the unit amount is unknown. */
export function defaultAmount(unit: number | null | undefined, qty: number | null | undefined): number | null {
  if (unit == null || !Number.isFinite(unit)) return null;
  return roundMoney(unit * (qty ?? 1));
}

/** Whether `amount` is still the default for `unit` × `qty` (so it may follow a new qty or product). */
export function isDefaultAmount(amount: number | null | undefined, unit: number | null | undefined, qty: number | null | undefined): boolean {
  if (amount == null) return true;
  const d = defaultAmount(unit, qty);
  return d != null && roundMoney(amount) === d;
}

/** The amount after qty or the unit changes: it follows when it was the default, else it stays. */
export function nextAmount(
  amount: number | null | undefined,
  before: { unit: number | null | undefined; qty: number | null | undefined },
  after: { unit: number | null | undefined; qty: number | null | undefined },
): number | null {
  if (!isDefaultAmount(amount, before.unit, before.qty)) return amount ?? null;
  return defaultAmount(after.unit, after.qty);
}
