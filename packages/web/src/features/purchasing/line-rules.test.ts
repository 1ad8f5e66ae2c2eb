/** The split arithmetic and line pricing the purchasing screens use (domain.md 4, 9). */
import { describe, expect, it } from 'vitest';
import { NEGATIVE_SPLIT_MESSAGE, editSplit, linePrice, orderStatus, qtyOnChoosingMaterial, qtyOnMinimum, splitError, startSplit, unitPriceOf } from './line-rules.ts';

describe('split', () => {
  it('starts with the whole qty in the current status', () => {
    expect(startSplit(10, 'ordered')).toEqual({ ordered: 10, received: 0, backordered: 0 });
    expect(startSplit(4, 'backordered')).toEqual({ ordered: 0, received: 0, backordered: 4 });
  });

  it('takes an edited amount from the current status, so the total stays the qty', () => {
    let a = startSplit(10, 'ordered');
    a = editSplit(a, 'received', 6, 'ordered');
    expect(a).toEqual({ ordered: 4, received: 6, backordered: 0 });
    a = editSplit(a, 'backordered', 4, 'ordered');
    expect(a).toEqual({ ordered: 0, received: 6, backordered: 4 });
    a = editSplit(a, 'received', 2.5, 'ordered');
    expect(a).toEqual({ ordered: 3.5, received: 2.5, backordered: 4 });
    expect(a.ordered + a.received + a.backordered).toBe(10);
    // from a backordered line
    expect(editSplit(startSplit(5, 'backordered'), 'received', 3, 'backordered')).toEqual({ ordered: 0, received: 3, backordered: 2 });
  });

  it('reports any negative amount, and nothing otherwise', () => {
    const over = editSplit(startSplit(10, 'ordered'), 'received', 12, 'ordered');
    expect(over.ordered).toBe(-2);
    expect(splitError(over)).toBe(NEGATIVE_SPLIT_MESSAGE);
    expect(splitError(editSplit(startSplit(10, 'ordered'), 'received', -1, 'ordered'))).toBe('It looks like something is adding up to a negative.');
    expect(splitError({ ordered: 0, received: 10, backordered: 0 })).toBeNull();
  });
});

describe('line pricing', () => {
  it('unit price is price ÷ qty, qty 0 counted as 1', () => {
    expect(unitPriceOf(30, 4)).toBe(7.5);
    expect(unitPriceOf(12, 0)).toBe(12);
    expect(unitPriceOf(null, null)).toBe(0);
  });
  it('price = qty × unit price to the cent; qty on choosing a material and on raising the minimum', () => {
    expect(linePrice(3, 1.115)).toBe(3.35);
    expect(qtyOnChoosingMaterial(1, 10, 25)).toBe(25);
    expect(qtyOnChoosingMaterial(40, 10, 25)).toBe(40);
    expect(qtyOnMinimum(5, 12)).toBe(12);
    expect(qtyOnMinimum(15, 12)).toBe(15);
  });
  it('derives the order status: received, else open when sent, else draft', () => {
    expect(orderStatus({ sent_at: null, received_at: null })).toBe('draft');
    expect(orderStatus({ sent_at: '2026-11-01T10:00:00Z', received_at: null })).toBe('open');
    expect(orderStatus({ sent_at: null, received_at: '2026-11-02T10:00:00Z' })).toBe('received');
  });
});
