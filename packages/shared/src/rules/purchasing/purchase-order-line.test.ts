import { describe, expect, it } from 'vitest';
import {
  adjustSplit,
  initialSplit,
  linePrice,
  lineUnitPrice,
  lineWithMinimumOrderQty,
  purchaseOrderStatus,
  qtyForChosenMaterial,
  receiptCorrection,
  SPLIT_NEGATIVE_MESSAGE,
  splitErrors,
  suggestedOrderQty,
  splitFieldErrors,
} from './purchase-order-line.ts';

describe('purchase order line rules', () => {
  it('derives the order status', () => {
    expect(purchaseOrderStatus({})).toBe('draft');
    expect(purchaseOrderStatus({ sent_at: '2026-01-01T00:00:00Z' })).toBe('open');
    expect(purchaseOrderStatus({ sent_at: null, received_at: '2026-01-02T00:00:00Z' })).toBe('received');
  });
  it('prices a line; unit price treats qty 0 as 1', () => {
    expect(lineUnitPrice(4, 10)).toBe(2.5);
    expect(lineUnitPrice(0, 7.5)).toBe(7.5);
    expect(lineUnitPrice(3, 10)).toBe(3.33);
    expect(linePrice(3, 1.1)).toBe(3.3);
  });
  it('on choosing a material takes the largest of qty, vendor minimum and economic order qty', () => {
    expect(qtyForChosenMaterial(1, 5, 3)).toBe(5);
    expect(qtyForChosenMaterial(10, 5, 3)).toBe(10);
    expect(qtyForChosenMaterial(0, null, 12)).toBe(12);
  });
  it('a higher minimum lifts qty (and recomputes price)', () => {
    const line = { qty: 6, unit_price: 1.25, price: 7.5, minimum_order_qty: 4 };
    expect(lineWithMinimumOrderQty(line, 8)).toEqual({ qty: 8, unit_price: 1.25, price: 10, minimum_order_qty: 8 });
    expect(lineWithMinimumOrderQty(line, 5)).toEqual({ ...line, minimum_order_qty: 5 });
  });
  it('split: editing one amount adjusts the current status so the total stays', () => {
    const start = initialSplit(10, 'ordered');
    expect(start).toEqual({ ordered: 10, received: 0, backordered: 0 });
    const a = adjustSplit(start, 'ordered', 'received', 6);
    expect(a).toEqual({ ordered: 4, received: 6, backordered: 0 });
    const b = adjustSplit(a, 'ordered', 'backordered', 5);
    expect(b).toEqual({ ordered: -1, received: 6, backordered: 5 });
    expect(splitErrors(10, b)).toEqual({ ordered: [SPLIT_NEGATIVE_MESSAGE] });
    expect(splitErrors(10, a)).toEqual({});
    expect(splitErrors(10, { ordered: 4, received: 5 })).toHaveProperty('qty');
    expect(splitErrors(10, { ordered: '4' as unknown as number, received: 6 })).toHaveProperty('ordered');
  });
  it('receipts: nothing when they match, the difference, or a reversal and a new one', () => {
    expect(receiptCorrection({ qty: 0, unitPrice: null }, { received: true, qty: 5, unitPrice: 2 })).toEqual([{ qty: 5, unitPrice: 2 }]);
    expect(receiptCorrection({ qty: 5, unitPrice: 2 }, { received: true, qty: 5, unitPrice: 2 })).toEqual([]);
    expect(receiptCorrection({ qty: 5, unitPrice: 2 }, { received: false, qty: 5, unitPrice: 2 })).toEqual([{ qty: -5, unitPrice: 2 }]);
    expect(receiptCorrection({ qty: 10, unitPrice: 2 }, { received: true, qty: 6, unitPrice: 2 })).toEqual([{ qty: -4, unitPrice: 2 }]);
    expect(receiptCorrection({ qty: 5, unitPrice: 2 }, { received: true, qty: 5, unitPrice: 3 })).toEqual([
      { qty: -5, unitPrice: 2 },
      { qty: 5, unitPrice: 3 },
    ]);
    expect(receiptCorrection({ qty: 0, unitPrice: null }, { received: false, qty: 5, unitPrice: 2 })).toEqual([]);
  });
  it('suggested qty rounds the shortfall up to the economic order qty and the vendor minimum', () => {
    expect(suggestedOrderQty(3.2, 0, 1)).toBe(4);
    expect(suggestedOrderQty(3, 10, 1)).toBe(10);
    expect(suggestedOrderQty(3, 2, 25)).toBe(25);
    expect(suggestedOrderQty(0, 10, 25)).toBe(0);
    expect(suggestedOrderQty(-2, 10, 25)).toBe(0);
  });
});

describe('the split dialog names what breaks the rule', () => {
  it('marks the rest left to the current status with the amounts that took it and the line qty', () => {
    expect(splitFieldErrors(12, 'ordered', { ordered: -13, received: 5, backordered: 20 })).toEqual({
      ordered: "Received 5 and Backordered 20 add up to 25, more than the line's 12.",
    });
    expect(splitFieldErrors(12, 'ordered', { ordered: -3, received: 15, backordered: 0 })).toEqual({ ordered: "Received 15 is more than the line's 12." });
    expect(splitFieldErrors(12, 'ordered', { ordered: 14, received: -2, backordered: 0 })).toEqual({ received: 'Below 0; the line has 12 in all.' });
    expect(splitFieldErrors(12, 'ordered', { ordered: 7, received: 5, backordered: 0 })).toEqual({});
  });
});
