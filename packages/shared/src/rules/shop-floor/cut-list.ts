/**
 * Cut lists (docs/domain/shop-floor.md, Cut lists): a job product's `cut_list_json` is a tree of rows,
 * each `{ text, sub_rows }`. This rule is its one shape, read by the server (the field's schema, resources/json-schemas.ts: a
 * malformed tree is a 422 on `cut_list_json`, never stored) and by the web (the editor, the view,
 * the labels).
 *
 * - A row's text is at most 500 characters; the tree at most 8 levels deep and 2000 rows.
 * - A row with empty text is dropped (docs/domain/shop-floor.md, Cut lists: "a new row is ignored when its text is
 *   empty"); its sub-rows, if it has any, take its place, so no typed text is lost.
 * - Texts are trimmed; a missing `sub_rows` is none.
 */
export interface CutListRow {
  text: string;
  sub_rows: CutListRow[];
}

export const CUT_LIST_MAX_DEPTH = 8;
export const CUT_LIST_MAX_ROWS = 2000;
export const CUT_LIST_MAX_TEXT = 500;

export type CutListParse = { ok: true; rows: CutListRow[] } | { ok: false; error: string };

const NOT_A_TREE = 'Must be a cut list: a list of rows, each with text and sub_rows.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` as a cut list (null or undefined: none), or the message that says what is wrong. */
export function parseCutList(value: unknown): CutListParse {
  if (value == null) return { ok: true, rows: [] };
  let count = 0;
  let error: string | null = null;
  const walk = (list: unknown, depth: number): CutListRow[] => {
    if (!Array.isArray(list)) {
      error ??= NOT_A_TREE;
      return [];
    }
    const out: CutListRow[] = [];
    for (const row of list) {
      if (error) return out;
      if (!isObject(row) || (row.text != null && typeof row.text !== 'string')) {
        error = NOT_A_TREE;
        return out;
      }
      const text = typeof row.text === 'string' ? row.text.trim() : '';
      if (text.length > CUT_LIST_MAX_TEXT) {
        error = `A cut list row's text must be at most ${CUT_LIST_MAX_TEXT} characters.`;
        return out;
      }
      if (text === '') {
        // Dropped; its sub-rows take its place, at its level.
        out.push(...walk(row.sub_rows ?? [], depth));
        continue;
      }
      if (depth > CUT_LIST_MAX_DEPTH) {
        error = `A cut list can be at most ${CUT_LIST_MAX_DEPTH} levels deep.`;
        return out;
      }
      if (++count > CUT_LIST_MAX_ROWS) {
        error = `A cut list can have at most ${CUT_LIST_MAX_ROWS} rows.`;
        return out;
      }
      out.push({ text, sub_rows: walk(row.sub_rows ?? [], depth + 1) });
    }
    return out;
  };
  const rows = walk(value, 1);
  return error ? { ok: false, error } : { ok: true, rows };
}

/** The number of rows in the tree, sub-rows included. */
export function countCutListRows(rows: readonly CutListRow[]): number {
  return rows.reduce((n, r) => n + 1 + countCutListRows(r.sub_rows), 0);
}

/** A row without sub-rows, with the texts of the rows above it (outermost first). */
export interface CutListLeaf {
  parents: string[];
  text: string;
}

/** The leaf rows, in order, each with its parents' texts: one label each (docs/domain/shop-floor.md, Labels). */
export function cutListLeaves(rows: readonly CutListRow[], parents: string[] = []): CutListLeaf[] {
  return rows.flatMap((r) => (r.sub_rows.length === 0 ? [{ parents, text: r.text }] : cutListLeaves(r.sub_rows, [...parents, r.text])));
}

/** The tree as text, one row a line, each level indented two spaces (the Cut List view, `cut_list`). */
export function cutListText(rows: readonly CutListRow[], depth = 0): string {
  return rows.map((r) => [`${'  '.repeat(depth)}${r.text}`, ...(r.sub_rows.length ? [cutListText(r.sub_rows, depth + 1)] : [])].join('\n')).join('\n');
}
