import { describe, expect, it } from 'vitest';
import { refusedMoveMessage, statusChoices, statusMove } from './estimate-status.ts';
import { calculatedQtys } from './takeoff.ts';
import { COST_WARNING, estimateItemWarnings, PRICE_WARNING, QTY_WARNING } from './estimate-item.ts';

describe('estimate status', () => {
  it('finalizes a draft to open, and nothing else from draft', () => {
    expect(statusMove('draft', 'open')).toBe('finalize');
    expect(statusMove('draft', 'won')).toBeNull();
    expect(statusMove('draft', 'lost')).toBeNull();
    expect(statusChoices('draft')).toEqual([]);
    expect(refusedMoveMessage('draft', 'won')).toBe('A draft estimate is finalized first: it becomes open.');
  });

  it('sets an open estimate back to draft; won and lost go through open first', () => {
    expect(statusMove('open', 'draft')).toBe('back_to_draft');
    expect(statusMove('won', 'draft')).toBeNull();
    expect(statusMove('lost', 'draft')).toBeNull();
    expect(refusedMoveMessage('won', 'draft')).toBe('A won estimate cannot go back to draft; set it to open first.');
  });

  it('moves among open, won and lost by the selection, which offers Draft only from open', () => {
    expect(statusMove('open', 'won')).toBe('selection');
    expect(statusMove('won', 'lost')).toBe('selection');
    expect(statusMove('lost', 'open')).toBe('selection');
    expect(statusMove('won', 'won')).toBeNull();
    expect(statusChoices('open')).toEqual(['open', 'won', 'lost', 'draft']);
    expect(statusChoices('won')).toEqual(['open', 'won', 'lost']);
    expect(refusedMoveMessage('won', 'won')).toBe('The estimate is already won.');
  });
});

describe('takeoff', () => {
  it("calculates each option's qty as the sum of unit qty × qty per unit", () => {
    const units = [
      { id: 1, qty: 12 },
      { id: 2, qty: 3 },
      { id: 3, qty: null },
    ];
    const items = [
      { takeoff_unit_id: 1, takeoff_option_id: 10, qty: 2 },
      { takeoff_unit_id: 2, takeoff_option_id: 10, qty: 1.5 },
      { takeoff_unit_id: 1, takeoff_option_id: 11, qty: 1 },
      { takeoff_unit_id: 3, takeoff_option_id: 11, qty: 4 }, // a unit without a qty counts 0 times
      { takeoff_unit_id: 9, takeoff_option_id: 12, qty: 4 }, // a cell of a unit that is gone
      { takeoff_unit_id: 2, takeoff_option_id: 13, qty: null },
    ];
    expect(Object.fromEntries(calculatedQtys(units, items))).toEqual({ 10: 28.5, 11: 12, 13: 0 });
  });

  it('keeps five decimals', () => {
    expect(calculatedQtys([{ id: 1, qty: 3 }], [{ takeoff_unit_id: 1, takeoff_option_id: 1, qty: 0.333333 }]).get(1)).toBe(1);
  });
});

describe('estimate item warnings', () => {
  it('warns when the unit price or cost differs from the standard, in cents', () => {
    expect(estimateItemWarnings({ qty: 4, amount: 100, cost: 60 }, { price: 25, cost: 15 })).toEqual({});
    expect(estimateItemWarnings({ qty: 4, amount: 101, cost: 60 }, { price: 25, cost: 15 })).toEqual({ amount: PRICE_WARNING });
    expect(estimateItemWarnings({ qty: 4, amount: 100, cost: 64 }, { price: 25, cost: 15 })).toEqual({ cost: COST_WARNING });
    expect(estimateItemWarnings({ qty: 3, amount: 100, cost: null }, { price: 33.33, cost: 10 })).toEqual({});
    // nothing to compare with: no warning
    expect(estimateItemWarnings({ qty: 4, amount: 7, cost: 9 })).toEqual({});
  });

  it('warns when qty differs from the calculated qty of its takeoff option', () => {
    expect(estimateItemWarnings({ qty: 28.5 }, {}, 28.5)).toEqual({});
    expect(estimateItemWarnings({ qty: 30 }, {}, 28.5)).toEqual({ qty: QTY_WARNING });
  });

  it('counts qty 0 as 1 for the unit price', () => {
    expect(estimateItemWarnings({ qty: 0, amount: 12.5 }, { price: 12.5 })).toEqual({});
  });
});
