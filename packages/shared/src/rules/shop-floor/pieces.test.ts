import { describe, expect, it } from 'vitest';
import { NO_FLAGS, type FeatureFlags } from '../catalogue/series-features.ts';
import {
  asTheProduct,
  markAll,
  markPieces,
  needStoring,
  piecePlan,
  piecesOf,
  piecesToUnmark,
  productMarks,
  progressText,
  resyncPieces,
  stepProgress,
  type PieceState,
} from './pieces.ts';

const flags = (on: Partial<FeatureFlags>): FeatureFlags => ({ ...NO_FLAGS, ...on });
const DIM = flags({ enable_dimensions: true, enable_fabricated: true, enable_measured: true });
const CUT = flags({ enable_cutlist: true, enable_fabricated: true });
const tree = [
  {
    text: 'Closet',
    sub_rows: [
      { text: '12 x 30', sub_rows: [] },
      { text: '12 x 24', sub_rows: [] },
    ],
  },
  { text: 'Pantry', sub_rows: [] },
];
const product = (p: Partial<{ qty: number | null; cut_list_json: unknown; is_measured: boolean; is_fabricated: boolean }> = {}) => ({
  qty: 2,
  cut_list_json: [],
  is_measured: false,
  is_fabricated: false,
  ...p,
});
const piece = (position: number, fabricated = false, measured = false, description = ''): PieceState => ({
  position,
  description,
  is_measured: measured,
  is_fabricated: fabricated,
});

describe('the pieces of a job product', () => {
  it('are its units when its series has dimensions, its cut list leaves when it has a cut list, none otherwise', () => {
    expect(piecePlan(product({ qty: 2 }), DIM)).toEqual([
      { position: 1, description: '' },
      { position: 2, description: '' },
    ]);
    // a measured qty (2.5 m) or none is one piece, as its labels are
    expect(piecePlan(product({ qty: 2.5 }), DIM)).toHaveLength(1);
    expect(piecePlan(product({ qty: 0 }), DIM)).toHaveLength(1);
    expect(piecePlan(product({ qty: 5, cut_list_json: tree }), CUT).map((p) => p.description)).toEqual(['Closet › 12 x 30', 'Closet › 12 x 24', 'Pantry']);
    // a cut list without rows falls back to the units when the series has dimensions too
    expect(piecePlan(product({ qty: 3 }), flags({ enable_cutlist: true, enable_dimensions: true }))).toHaveLength(3);
    expect(piecePlan(product({ qty: 3, cut_list_json: tree }), flags({ enable_fabricated: true }))).toEqual([]);
  });

  it('are all as the product is until marked apart: a product fabricated before pieces existed has every piece fabricated', () => {
    const pieces = piecesOf(product({ is_fabricated: true }), DIM, []);
    expect(pieces).toEqual([piece(1, true), piece(2, true)]);
    expect(progressText(pieces, 'is_fabricated')).toBe('2 of 2 fabricated');
    expect(needStoring(pieces)).toBe(false);
    // stored pieces, once marked apart, are what counts
    expect(piecesOf(product(), DIM, [piece(2, true), piece(1)])).toEqual([piece(1), piece(2, true)]);
  });

  it('make the product fabricated only when every piece is', () => {
    const start = asTheProduct(piecePlan(product(), DIM), product());
    const one = markPieces(start, [1], 'is_fabricated', true);
    expect(progressText(one, 'is_fabricated')).toBe('1 of 2 fabricated');
    expect(stepProgress(one, 'is_fabricated')).toEqual({ done: 1, total: 2 });
    expect(productMarks(one)).toEqual({ is_measured: false, is_fabricated: false });
    expect(needStoring(one)).toBe(true);
    const both = markPieces(one, [2], 'is_fabricated', true);
    expect(productMarks(both)).toEqual({ is_measured: false, is_fabricated: true });
    expect(needStoring(both)).toBe(false);
    // measured apart from fabricated
    expect(productMarks(markAll(both, 'is_measured', true))).toEqual({ is_measured: true, is_fabricated: true });
    expect(productMarks(markPieces(both, [2], 'is_fabricated', false))!.is_fabricated).toBe(false);
    // no pieces: the product's own marks stand
    expect(productMarks([])).toBeNull();
  });

  it('follow a new qty or cut list: a kept place keeps its marks, a new piece starts unmarked, the last ones go', () => {
    const done = [piece(1, true, true), piece(2, true, true)];
    const more = resyncPieces(done, piecePlan(product({ qty: 3 }), DIM));
    expect(more).toEqual([piece(1, true, true), piece(2, true, true), piece(3)]);
    expect(productMarks(more)).toEqual({ is_measured: false, is_fabricated: false });
    expect(resyncPieces(more, piecePlan(product({ qty: 1 }), DIM))).toEqual([piece(1, true, true)]);
    const leaves = resyncPieces([piece(1, true), piece(2)], piecePlan(product({ cut_list_json: tree }), CUT));
    expect(leaves).toEqual([piece(1, true, false, 'Closet › 12 x 30'), piece(2, false, false, 'Closet › 12 x 24'), piece(3, false, false, 'Pantry')]);
  });

  it('are marked several at once, and a whole-product mark is undone on the pieces it marked only', () => {
    const three = [piece(1, true), piece(2), piece(3)];
    expect(markPieces(three, [2, 3], 'is_fabricated', true)).toEqual([piece(1, true), piece(2, true), piece(3, true)]);
    // piece 1 was fabricated on its own before the product was: its Undo unmarks 2 and 3 only
    expect(piecesToUnmark(three, 'is_fabricated')).toEqual({ step: 'is_fabricated', positions: [2, 3] });
    // none marked apart for the step, none stored (every piece as the product), or not a piece's step: the product's unmark puts it back
    expect(piecesToUnmark(three, 'is_measured')).toBeNull();
    expect(piecesToUnmark([], 'is_fabricated')).toBeNull();
    expect(piecesToUnmark(undefined, 'is_fabricated')).toBeNull();
    expect(piecesToUnmark(three, 'is_ordered')).toBeNull();
  });
});
