/**
 * The purchase order rules the screens use (domain.md 4, 9; DESIGN.md "Business rules"), named as
 * the screens read them; each is the shared rule (`@glazier/shared/rules/purchase-order-line`, the
 * one the server applies too).
 */
import type { PO_LINE_STATUSES } from '@glazier/shared/resources/inventory';
import {
  SPLIT_NEGATIVE_MESSAGE,
  adjustSplit,
  initialSplit,
  lineUnitPrice,
  linePrice as sharedLinePrice,
  purchaseOrderStatus,
  qtyForChosenMaterial,
  type PurchaseOrderStatus,
  type SplitAmounts as SharedSplitAmounts,
} from '@glazier/shared/rules/purchase-order-line';

export type LineStatus = (typeof PO_LINE_STATUSES)[number];
export type OrderStatus = PurchaseOrderStatus;
export type SplitAmounts = SharedSplitAmounts;

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = { draft: 'Draft', open: 'Open', received: 'Received' };
export const NEGATIVE_SPLIT_MESSAGE = SPLIT_NEGATIVE_MESSAGE;

/** Received if received_at, else open if sent_at, else draft. */
export const orderStatus = purchaseOrderStatus;

/** Price per unit: the line's price ÷ qty, qty 0 counted as 1. */
export function unitPriceOf(price: number | null | undefined, qty: number | null | undefined): number {
  return lineUnitPrice(qty, price);
}

/** A line's price: qty × unit price, to the cent. */
export const linePrice = sharedLinePrice;

/** On choosing a material: qty = max(current qty, the vendor's minimum, the material's economic order qty). */
export const qtyOnChoosingMaterial = qtyForChosenMaterial;

/** Raising the minimum order qty above qty lifts qty to it. */
export function qtyOnMinimum(qty: number | null | undefined, minimumOrderQty: number | null | undefined): number {
  return Math.max(qty ?? 0, minimumOrderQty ?? 0);
}

/** A line's qty all in its current status: where a split starts. */
export const startSplit = initialSplit;

/**
 * Editing one amount of a split: the line's current status takes up the difference, so the three
 * always add up to the line's qty (the current status's own amount is that remainder).
 */
export function editSplit(amounts: SplitAmounts, edited: LineStatus, value: number, current: LineStatus): SplitAmounts {
  return adjustSplit(amounts, current, edited, value);
}

/** The split's error (any negative amount), or null when it can be saved. */
export function splitError(amounts: SplitAmounts): string | null {
  return Object.values(amounts).some((v) => v < 0) ? NEGATIVE_SPLIT_MESSAGE : null;
}
