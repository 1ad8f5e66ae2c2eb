import { describe, expect, it } from 'vitest';
import { NO_CATEGORY, chosenAlternates, documentSections, documentTotals, estimateDocument, itemsByCategory, showsAmounts } from './estimate-document.ts';
import { hasAlternate } from './estimate-totals.ts';

const source = (amounts: boolean) => ({
  company: { name: 'Clearview Glass', details: null, terms: 'Net 30' },
  // what a reader has: more than the document shows
  estimate: {
    id: 4,
    name: 'Lobby',
    date: '2026-03-05',
    job_address: null,
    client_name: 'Harbor',
    contact_name: null,
    total: 1100,
    alternate_categories: [1],
    details: 'internal',
    status: 'open',
  },
  items: [
    { id: 11, sort: 2, product_category_id: 2, description: 'Door', qty: 1, ...(amounts && { amount: 900, cost: 400 }), notes: 'internal' },
    {
      id: 10,
      sort: 1,
      product_category_id: 1,
      product_name: 'Plate mirror',
      qty: 2,
      alternate_product_id: 9,
      alternate_product_name: 'Framed mirror',
      ...(amounts && { amount: 200, alternate_amount: 320 }),
    },
  ],
  categoryNotes: [
    { product_category_id: 1, note: 'Clear' },
    { product_category_id: 5, note: 'A category without items' },
  ],
  categories: [
    { id: 1, name: 'Mirrors', sort: 2, enable_cutlist: true },
    { id: 2, name: 'Doors', sort: 1 },
    { id: 5, name: 'Unused', sort: 0 },
  ],
});

describe('the printed estimate’s document', () => {
  it('keeps only what the document shows: no ids, costs, internal notes, unused categories', () => {
    const doc = estimateDocument(source(true));
    expect(doc.estimate).toEqual({
      name: 'Lobby',
      date: '2026-03-05',
      job_address: null,
      client_name: 'Harbor',
      contact_name: null,
      total: 1100,
      alternate_categories: [1],
    });
    expect(doc.company).toEqual({ name: 'Clearview Glass', details: '', terms: 'Net 30' });
    expect(doc.categories).toEqual([
      { id: 1, name: 'Mirrors', sort: 2 },
      { id: 2, name: 'Doors', sort: 1 },
    ]);
    expect(doc.category_notes).toEqual([{ product_category_id: 1, note: 'Clear' }]);
    // in their order (sort), without costs or notes
    expect(doc.items.map((i) => i.qty)).toEqual([2, 1]);
    expect(JSON.stringify(doc)).not.toMatch(/cost|internal|"id":1[01]/);
    expect(showsAmounts(doc)).toBe(true);
  });

  it('leaves the amounts out when the reader has none', () => {
    const doc = estimateDocument(source(false));
    expect(showsAmounts(doc)).toBe(false);
    expect(doc.items.every((i) => !('amount' in i) && !('alternate_amount' in i))).toBe(true);
  });

  it('groups by category in the categories’ order, alternates apart, and totals the choice', () => {
    const doc = estimateDocument(source(true));
    const sections = documentSections(doc);
    expect(sections.map((s) => [s.name, s.items.length, s.alternates.length, s.note])).toEqual([
      ['Doors', 1, 0, null],
      ['Mirrors', 1, 1, 'Clear'],
    ]);
    expect(documentTotals(doc)).toMatchObject({ base: 1100, allAlternates: 1220, chosen: 1220 });
    expect(documentTotals(doc, [])).toMatchObject({ chosen: 1100 });
  });

  it('names the alternates a choice takes, by category, and none for no choice', () => {
    const doc = estimateDocument(source(true));
    expect(chosenAlternates(doc, [1])).toEqual(['Mirrors: Framed mirror in place of Plate mirror']);
    expect(chosenAlternates(doc, [2])).toEqual([]); // the doors offer none
    expect(chosenAlternates(doc, [])).toEqual([]);
  });
});

describe('itemsByCategory', () => {
  const categories = [
    { id: 1, name: 'Shower Glass', sort: 2 },
    { id: 2, name: 'Mirrors', sort: 1 },
    { id: 3, name: 'Hardware', sort: 1 },
  ];
  it('orders by sort then name, lists the included categories even without items, and puts unknown or no category last', () => {
    const items = [
      { id: 1, product_category_id: 1 },
      { id: 2, product_category_id: null },
      { id: 3, product_category_id: 99 },
      { id: 4, product_category_id: 2 },
    ];
    const groups = itemsByCategory(items, categories, [3]);
    expect(groups.map((g) => [g.name, g.items.map((i) => i.id)])).toEqual([
      ['Hardware', []],
      ['Mirrors', [4]],
      ['Shower Glass', [1]],
      [NO_CATEGORY, [2, 3]],
    ]);
  });
});

describe('hasAlternate', () => {
  it('is an alternate product or amount; a description alone offers nothing to choose', () => {
    expect(hasAlternate({ alternate_product_id: 4 })).toBe(true);
    expect(hasAlternate({ alternate_amount: 0 })).toBe(true);
    expect(hasAlternate({ alternate_product_id: null, alternate_amount: null })).toBe(false);
  });
});
