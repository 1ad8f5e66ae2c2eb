import { describe, expect, it } from 'vitest';
import { isBelowReorder } from './stock.ts';

describe('isBelowReorder', () => {
  it('is on hand + on order under the reorder qty, as the server filter', () => {
    expect(isBelowReorder({ on_hand: 11, on_order: 8, reorder_qty: 20 })).toBe(true);
    expect(isBelowReorder({ on_hand: 11, on_order: 9, reorder_qty: 20 })).toBe(false);
    expect(isBelowReorder({ on_hand: -2, on_order: 0, reorder_qty: 0 })).toBe(true);
  });

  it('never marks a material without a reorder qty, nor treats missing numbers as stock', () => {
    expect(isBelowReorder({ on_hand: 0, on_order: 0, reorder_qty: 0 })).toBe(false);
    expect(isBelowReorder({ on_hand: null, on_order: null, reorder_qty: null })).toBe(false);
    expect(isBelowReorder({ reorder_qty: 1 })).toBe(true);
  });
});
