/**
 * The purchase order rules the screens use (domain.md 4, 9; DESIGN.md "Business rules"), behind
 * one small module: the shared rule `@glazier/shared/rules/purchase-order-line` is written with the
 * server's side of issue 10; at merge these bodies become calls to it (same names, same answers),
 * so no screen changes.
 */
import type { PO_LINE_STATUSES } from '@glazier/shared/resources/inventory';
import { roundMoney, roundQty } from '@glazier/shared/rules/money';

export type LineStatus = (typeof PO_LINE_STATUSES)[number];
export type OrderStatus = 'draft' | 'open' | 'received';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { draft: 'Draft', open: 'Open', received: 'Received' };

/** Received if received_at, else open if sent_at, else draft. */
export function orderStatus(order: { sent_at?: string | null; received_at?: string | null }): OrderStatus {
  if (order.received_at) return 'received';
  if (order.sent_at) return 'open';
  return 'draft';
}

/** Price per unit: the line's price ÷ qty, qty 0 counted as 1. */
export function unitPriceOf(price: number | null | undefined, qty: number | null | undefined): number {
  const q = qty ? qty : 1;
  return (price ?? 0) / q;
}

/** A line's price: qty × unit price, to the cent. */
export function linePrice(qty: number | null | undefined, unitPrice: number | null | undefined): number {
  return roundMoney((qty ?? 0) * (unitPrice ?? 0));
}

/** On choosing a material: qty = max(current qty, the vendor's minimum, the material's economic order qty). */
export function qtyOnChoosingMaterial(qty: number | null | undefined, minimumOrderQty: number | null | undefined, economicOrderQty: number | null | undefined): number {
  return roundQty(Math.max(qty ?? 0, minimumOrderQty ?? 0, economicOrderQty ?? 0));
}

/** Raising the minimum order qty above qty lifts qty to it. */
export function qtyOnMinimum(qty: number | null | undefined, minimumOrderQty: number | null | undefined): number {
  return Math.max(qty ?? 0, minimumOrderQty ?? 0);
}

export type SplitAmounts = Record<LineStatus, number>;

export const NEGATIVE_SPLIT_MESSAGE = 'It looks like something is adding up to a negative.';

/** A line's qty all in its current status: where a split starts. */
export function startSplit(qty: number, status: LineStatus): SplitAmounts {
  return { ordered: 0, received: 0, backordered: 0, [status]: qty };
}

/**
 * Editing one amount of a split: the line's current status takes up the difference, so the three
 * always add up to the line's qty (the current status's own amount is that remainder).
 */
export function editSplit(amounts: SplitAmounts, edited: LineStatus, value: number, current: LineStatus, qty: number): SplitAmounts {
  const next = { ...amounts, [edited]: value };
  if (edited === current) return next;
  const others = (Object.keys(next) as LineStatus[]).filter((s) => s !== current).reduce((sum, s) => sum + next[s], 0);
  next[current] = roundQty(qty - others);
  return next;
}

/** The split's error (any negative amount), or null when it can be saved. */
export function splitError(amounts: SplitAmounts): string | null {
  return Object.values(amounts).some((v) => v < 0) ? NEGATIVE_SPLIT_MESSAGE : null;
}
