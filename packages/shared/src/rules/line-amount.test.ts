import { describe, expect, it } from 'vitest';
import { defaultAmount, isDefaultAmount, nextAmount, unitAmount } from './line-amount.ts';

describe('line amounts (a job product cost and revenue, an estimate item amount and cost)', () => {
  it('default to the unit amount times qty, in cents', () => {
    expect(defaultAmount(12.5, 3)).toBe(37.5);
    expect(defaultAmount(0.1, 3)).toBe(0.3);
    expect(defaultAmount(19.99, null)).toBe(19.99);
    expect(defaultAmount(null, 3)).toBeNull();
  });

  it('follow qty while they are the default, and keep what the user typed', () => {
    expect(isDefaultAmount(37.5, 12.5, 3)).toBe(true);
    expect(isDefaultAmount(40, 12.5, 3)).toBe(false);
    expect(nextAmount(37.5, { unit: 12.5, qty: 3 }, { unit: 12.5, qty: 4 })).toBe(50);
    expect(nextAmount(40, { unit: 12.5, qty: 3 }, { unit: 12.5, qty: 4 })).toBe(40);
    // an empty amount takes the default; a new product's unit replaces the old one
    expect(nextAmount(null, { unit: null, qty: 1 }, { unit: 8, qty: 2 })).toBe(16);
    expect(nextAmount(16, { unit: 8, qty: 2 }, { unit: 5, qty: 2 })).toBe(10);
  });

  it('per unit: the amount over qty in cents, qty 0 counting as 1, no amount none', () => {
    expect(unitAmount(100, 3)).toBe(33.33);
    expect(unitAmount(12.5, 0)).toBe(12.5);
    expect(unitAmount(null, 2)).toBeNull();
  });
});
