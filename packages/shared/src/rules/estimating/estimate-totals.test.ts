import { describe, expect, it } from 'vitest';
import { estimateDiff, estimateTotals } from './estimate-totals.ts';

const MIRRORS = 1;
const SHOWER = 2;
const items = [
  { product_category_id: MIRRORS, amount: 400, cost: 250, alternate_product_id: 9, alternate_amount: 520, alternate_cost: 300 },
  { product_category_id: MIRRORS, amount: 100, cost: 40 },
  { product_category_id: SHOWER, amount: 1200, cost: 700, alternate_product_id: 8, alternate_amount: 1500, alternate_cost: 800 },
];

describe('estimate totals', () => {
  it('adds the base, the alternates, and the choice per category', () => {
    // with every alternate: the two alternates, and the mirror without one at its own amount
    expect(estimateTotals(items)).toEqual({ base: 1700, allAlternates: 2120, chosen: 1700, chosenCost: 990, margin: (1700 - 990) / 1700 });
    const mirrorsAlt = estimateTotals(items, [MIRRORS]);
    expect(mirrorsAlt).toMatchObject({ chosen: 1820, chosenCost: 1040 });
    expect(estimateTotals(items, [MIRRORS, SHOWER])).toMatchObject({ chosen: 2120, chosenCost: 1140 });
  });

  it('totals every alternate as the client could choose them: an alternate of no category is never chosen', () => {
    const loose = [...items, { product_category_id: null, amount: 50, alternate_amount: 80 }];
    const every = estimateTotals(loose, [MIRRORS, SHOWER]);
    expect(every.chosen).toBe(2170);
    expect(estimateTotals(loose).allAlternates).toBe(every.chosen);
  });

  it('has no margin on nothing', () => {
    expect(estimateTotals([])).toEqual({ base: 0, allAlternates: 0, chosen: 0, chosenCost: 0, margin: null });
  });
});

describe('estimate diff', () => {
  it('pairs items by the one they were copied from, else by product and description', () => {
    const before = [
      { id: 1, product_id: 5, description: 'Mirror', qty: 2, amount: 200 },
      { id: 2, product_id: 6, description: 'Shelf', qty: 4, amount: 80 },
      { id: 3, product_id: null, description: 'Haul away', qty: 1, amount: 50 },
    ];
    const after = [
      { id: 11, revised_from_id: 1, product_id: 5, description: 'Vanity mirror', qty: 3, amount: 300 },
      { id: 13, product_id: null, description: 'Haul away', qty: 1, amount: 50 },
      { id: 14, product_id: 7, description: 'Towel bar', qty: 2, amount: 60 },
    ];
    const diff = estimateDiff(before, after);
    expect(diff.added.map((i) => i.id)).toEqual([14]);
    expect(diff.removed.map((i) => i.id)).toEqual([2]);
    expect(diff.changed.map((c) => [c.before.id, c.after.id, c.fields])).toEqual([[1, 11, ['description', 'qty', 'amount']]]);
    expect(diff.totals.before.base).toBe(330);
    expect(diff.totals.after.base).toBe(410);
  });
});
