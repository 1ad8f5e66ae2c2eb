/**
 * Purchase order rules (docs/domain/purchasing.md): the order's derived
 * status, a line's pricing, the status split, the receipts a line's status asks for, and the
 * suggested order qty. Pure; the PO screens and the server both use them.
 */
import { unitAmount } from '../line-amount.ts';
import { formatQty, roundMoney, roundQty } from '../money.ts';

export type PurchaseOrderStatus = 'draft' | 'open' | 'received';
import { PO_LINE_STATUSES, PO_LINE_STATUS_LABELS, type PoLineStatus } from '../value-lists.ts';

export { PO_LINE_STATUSES, PO_LINE_STATUS_LABELS, type PoLineStatus };
export const SPLIT_STATUSES: readonly PoLineStatus[] = ['ordered', 'received', 'backordered'];

/** Received if received_at, else open if sent_at, else draft. */
export function purchaseOrderStatus(order: { sent_at?: string | null; received_at?: string | null }): PurchaseOrderStatus {
  return order.received_at ? 'received' : order.sent_at ? 'open' : 'draft';
}

/** A line's unit price: price ÷ qty, a qty of 0 counting as 1. */
export function lineUnitPrice(qty: number | null | undefined, price: number | null | undefined): number {
  return unitAmount(price ?? 0, qty)!;
}

/** Price = qty × unit price, in cents. */
export function linePrice(qty: number | null | undefined, unitPrice: number | null | undefined): number {
  return roundMoney(Number(qty ?? 0) * Number(unitPrice ?? 0));
}

/** The qty a line gets on choosing a material: max(current qty, vendor minimum, economic order qty). */
export function qtyForChosenMaterial(
  currentQty: number | null | undefined,
  minimumOrderQty: number | null | undefined,
  economicOrderQty: number | null | undefined,
): number {
  return Math.max(Number(currentQty ?? 0), Number(minimumOrderQty ?? 0), Number(economicOrderQty ?? 0));
}

export interface PoLineDraft {
  qty: number;
  unit_price: number;
  price: number;
  minimum_order_qty: number;
}

/** Raising the minimum order qty above qty lifts qty to it (and recomputes price). */
export function lineWithMinimumOrderQty(line: PoLineDraft, minimum: number): PoLineDraft {
  const qty = Math.max(line.qty, minimum);
  return { ...line, minimum_order_qty: minimum, qty, price: linePrice(qty, line.unit_price) };
}

export type SplitAmounts = Record<PoLineStatus, number>;
export const SPLIT_NEGATIVE_MESSAGE = 'It looks like something is adding up to a negative.';

/** The split dialog's start: the whole qty under the line's current status. */
export function initialSplit(qty: number, status: PoLineStatus): SplitAmounts {
  return { ordered: 0, received: 0, backordered: 0, [status]: qty };
}

/**
 * Editing one amount adjusts the current status's amount so the total stays the line's qty
 * (editing the current status's own amount adjusts nothing; the total check then says so).
 */
export function adjustSplit(amounts: SplitAmounts, current: PoLineStatus, edited: PoLineStatus, value: number): SplitAmounts {
  const next = { ...amounts, [edited]: value };
  if (edited === current) return next;
  const total = SPLIT_STATUSES.reduce((s, k) => s + next[k], 0);
  const originalTotal = SPLIT_STATUSES.reduce((s, k) => s + amounts[k], 0);
  next[current] = roundQty(next[current] - (total - originalTotal));
  return next;
}

/** Field errors of a split: any negative amount, or a total that differs from the line's qty. */
export function splitErrors(qty: number, amounts: Partial<Record<PoLineStatus, unknown>>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  let total = 0;
  for (const k of SPLIT_STATUSES) {
    const v = amounts[k] ?? 0;
    if (typeof v !== 'number' || !Number.isFinite(v)) errors[k] = ['Must be a number.'];
    else if (v < 0) errors[k] = [SPLIT_NEGATIVE_MESSAGE];
    else total += v;
  }
  if (!Object.keys(errors).length && Math.abs(roundQty(total) - roundQty(qty)) > 1e-9) {
    errors.qty = [`The amounts must add up to the line's qty (${roundQty(qty)}).`];
  }
  return errors;
}

/**
 * What is wrong with a split, under the amount that breaks the rule: a negative amount (the rest
 * left to the line's current status once the others took more than the line has) says which
 * amounts took it and the line's qty ("Received 5 and Backordered 20 add up to 25, more than the
 * line's 12.").
 */
export function splitFieldErrors(qty: number, current: PoLineStatus, amounts: SplitAmounts): Partial<Record<PoLineStatus, string>> {
  const errors = splitErrors(qty, amounts);
  const out: Partial<Record<PoLineStatus, string>> = {};
  for (const s of SPLIT_STATUSES) {
    if (!errors[s]) continue;
    const others = SPLIT_STATUSES.filter((o) => o !== current && amounts[o] > 0);
    const taken = others.reduce((sum, o) => sum + amounts[o], 0);
    out[s] =
      s === current && others.length
        ? `${others.map((o) => `${PO_LINE_STATUS_LABELS[o]} ${formatQty(amounts[o])}`).join(' and ')} ${others.length > 1 ? `add up to ${formatQty(taken)},` : 'is'} more than the line's ${formatQty(qty)}.`
        : `Below 0; the line has ${formatQty(qty)} in all.`;
  }
  return out;
}

/** A stock receipt to write: qty (negative reverses) at a unit price. */
export interface ReceiptMove {
  qty: number;
  unitPrice: number | null;
}

/**
 * The receipts that bring what a line has received (net qty, at the unit price of its latest
 * receipt) to what its status asks for (its qty at its unit price when received, else nothing):
 * nothing when they match, the difference when only the qty moved, else a reversal and a new one.
 */
export function receiptCorrection(have: { qty: number; unitPrice: number | null }, want: { received: boolean; qty: number; unitPrice: number }): ReceiptMove[] {
  const target = want.received ? roundQty(want.qty) : 0;
  const net = roundQty(have.qty);
  const samePrice = have.unitPrice === null || net === 0 || have.unitPrice === want.unitPrice;
  if (net === target && (target === 0 || samePrice)) return [];
  if (samePrice || target === 0) return [{ qty: roundQty(target - net), unitPrice: target === 0 ? have.unitPrice : want.unitPrice }];
  return [
    { qty: -net, unitPrice: have.unitPrice },
    { qty: target, unitPrice: want.unitPrice },
  ].filter((m) => m.qty !== 0);
}

/** Suggested order qty: the shortfall rounded up to at least the economic order qty and the vendor's minimum (0 when nothing is short). */
export function suggestedOrderQty(shortfall: number, economicOrderQty: number | null | undefined, minimumOrderQty: number | null | undefined): number {
  if (!(shortfall > 0)) return 0;
  return Math.max(Math.ceil(roundQty(shortfall)), Number(economicOrderQty ?? 0), Number(minimumOrderQty ?? 0));
}
