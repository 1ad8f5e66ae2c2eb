import { describe, expect, it } from 'vitest';
import { CUT_LIST_MAX_DEPTH, CUT_LIST_MAX_ROWS, countCutListRows, cutListLeaves, cutListText, parseCutList, type CutListRow } from './cut-list.ts';
import { cutListSchema } from '../../resources/json-schemas.ts';

const row = (text: string, ...sub_rows: CutListRow[]): CutListRow => ({ text, sub_rows });

/** A chain of `depth` rows, each the only sub-row of the one above. */
const chain = (depth: number): CutListRow[] => (depth === 0 ? [] : [row(`L${depth}`, ...chain(depth - 1))]);

describe('the cut list tree', () => {
  it('reads a tree, trimming texts and taking a missing sub_rows as none', () => {
    const parsed = parseCutList([
      { text: ' Door ', sub_rows: [{ text: 'Hinge side' }] },
      { text: 'Panel', sub_rows: [] },
    ]);
    expect(parsed).toEqual({ ok: true, rows: [row('Door', row('Hinge side')), row('Panel')] });
    expect(parseCutList(null)).toEqual({ ok: true, rows: [] });
    expect(parseCutList([])).toEqual({ ok: true, rows: [] });
  });

  it('drops rows with empty text, lifting their sub-rows to their place', () => {
    const parsed = parseCutList([row(''), row('  '), row('', row('Kept A'), row('Kept B')), row('Last')]);
    expect(parsed).toEqual({ ok: true, rows: [row('Kept A'), row('Kept B'), row('Last')] });
  });

  it('refuses what is not a tree of rows', () => {
    for (const bad of [
      { text: 'x' },
      'rows',
      3,
      [1],
      [null],
      [{ text: 5, sub_rows: [] }],
      [{ text: 'a', sub_rows: 'b' }],
      [{ text: 'a', sub_rows: [{ text: [] }] }],
    ]) {
      const parsed = parseCutList(bad);
      expect(parsed.ok, JSON.stringify(bad)).toBe(false);
      if (!parsed.ok) expect(parsed.error).toBe('Must be a cut list: a list of rows, each with text and sub_rows.');
    }
  });

  it('holds a text to 500 characters', () => {
    expect(parseCutList([row('x'.repeat(500))]).ok).toBe(true);
    expect(parseCutList([row('a', row('x'.repeat(501)))])).toEqual({ ok: false, error: "A cut list row's text must be at most 500 characters." });
  });

  it('holds the tree to 8 levels', () => {
    expect(parseCutList(chain(CUT_LIST_MAX_DEPTH)).ok).toBe(true);
    expect(parseCutList(chain(CUT_LIST_MAX_DEPTH + 1))).toEqual({ ok: false, error: 'A cut list can be at most 8 levels deep.' });
    // An empty row does not count as a level: its sub-rows are lifted.
    expect(parseCutList([row('', ...chain(CUT_LIST_MAX_DEPTH))]).ok).toBe(true);
  });

  it('holds the tree to 2000 rows, sub-rows included', () => {
    const rows = (n: number) => Array.from({ length: n / 2 }, (_, i) => row(`R${i}`, row('piece')));
    expect(parseCutList(rows(CUT_LIST_MAX_ROWS)).ok).toBe(true);
    expect(parseCutList(rows(CUT_LIST_MAX_ROWS + 2))).toEqual({ ok: false, error: 'A cut list can have at most 2000 rows.' });
  });

  it('as a schema: the tidied tree, or one issue on the field itself', () => {
    expect(cutListSchema.parse([row('a', row(''))])).toEqual([row('a')]);
    const result = cutListSchema.safeParse([{ text: 'a', sub_rows: [{ text: 3 }] }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path)).toEqual([[]]);
  });

  it('counts rows, finds leaves with their parents, and reads as indented text', () => {
    const tree = [row('Shower', row('Door', row('24 x 72'), row('Handle')), row('Panel 30 x 72')), row('Mirror')];
    expect(countCutListRows(tree)).toBe(6);
    expect(cutListLeaves(tree)).toEqual([
      { parents: ['Shower', 'Door'], text: '24 x 72' },
      { parents: ['Shower', 'Door'], text: 'Handle' },
      { parents: ['Shower'], text: 'Panel 30 x 72' },
      { parents: [], text: 'Mirror' },
    ]);
    expect(cutListText(tree)).toBe('Shower\n  Door\n    24 x 72\n    Handle\n  Panel 30 x 72\nMirror');
  });
});
