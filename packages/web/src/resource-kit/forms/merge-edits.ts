/**
 * A three-way merge of a form's values ("Keep mine" must keep only what this person
 * changed). `base` is the record as the form started from it, `mine` the form now, `theirs` the
 * record as someone else saved it since, all in the form's shape:
 *
 * - a field only I changed keeps mine; a field only they changed takes theirs; a field we both
 *   changed to different values is a conflict (mine stays in the form until the person chooses);
 * - a list of rows with ids (a product's materials) is merged row by row, matched by id: their
 *   new rows are added, mine are kept, a row one side removed goes unless the other side changed
 *   it (then it is kept and said: nothing either person typed is lost without a word), and each
 *   row's fields are merged as above.
 *
 * Values are compared as a person reads them: no value, null and '' are the same, and a number
 * equals its text ("1851.42" and 1851.42).
 */

export interface EditConflict {
  /** Where the value sits in the form's values, as `form.setFieldValue` takes it ("name", "product_materials.2.qty"). */
  path: string;
  /** The top-level field it belongs to ("product_materials"). */
  field: string;
  /** The row's position (from 1) when the field is a list of rows. */
  row?: number;
  /** The row's field, when the field is a list of rows. */
  rowField?: string;
  mine: unknown;
  theirs: unknown;
}

export interface MergedEdits<V> {
  values: V;
  /** Top-level fields they changed (whatever the merge made of them). */
  theirChanges: string[];
  /** Top-level fields I changed. */
  myChanges: string[];
  /** Fields we both changed to different values: mine is in `values`; the person chooses. */
  conflicts: EditConflict[];
  /** Rows kept though one side removed them, because the other side changed them ("product_materials" row 3). */
  keptRows: { field: string; row: number; removedBy: 'mine' | 'theirs' }[];
}

type Row = Record<string, unknown>;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const numeric = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '') ? Number(v) : NaN);

/** Equal as a person reads them (see the module's note). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return (Array.isArray(a) ? a : (b as unknown[])).length === 0 && isEmpty(Array.isArray(a) ? b : a);
    return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  }
  if (isRow(a) && isRow(b)) return [...new Set([...Object.keys(a), ...Object.keys(b)])].every((k) => sameValue(a[k], b[k]));
  if (typeof a === 'number' || typeof b === 'number') {
    const [x, y] = [numeric(a), numeric(b)];
    if (Number.isFinite(x) && Number.isFinite(y)) return x === y;
  }
  return Object.is(a, b);
}

/** A list the merge takes row by row: rows that are records, some of them saved (with an id). */
const isRowList = (v: unknown): v is Row[] => Array.isArray(v) && v.every(isRow) && v.some((r) => r.id != null);
const rowLists = (...values: unknown[]) => values.every((v) => isRowList(v) || (Array.isArray(v) && v.length === 0)) && values.some(isRowList);

/** A saved row's own fields as both sides know them (what the screen adds for itself, a picked material's name, is not compared). */
function rowChanged(base: Row, other: Row): boolean {
  return Object.keys(base).some((k) => !sameValue(base[k], other[k]));
}

interface Sink {
  conflicts: EditConflict[];
  keptRows: MergedEdits<unknown>['keptRows'];
}

function mergeRows(field: string, base: Row[], mine: Row[], theirs: Row[], sink: Sink): Row[] {
  const byId = (rows: Row[]) => new Map(rows.filter((r) => r.id != null).map((r) => [r.id, r]));
  const [b, m, t] = [byId(base), byId(mine), byId(theirs)];
  const out: Row[] = [];
  for (const their of theirs) {
    const was = their.id != null ? b.get(their.id) : undefined;
    const my = their.id != null ? m.get(their.id) : undefined;
    if (!was)
      out.push(their); // theirs, new
    else if (!my) {
      // I removed it: it goes, unless they changed it meanwhile.
      if (rowChanged(was, their)) {
        out.push(their);
        sink.keptRows.push({ field, row: out.length, removedBy: 'mine' });
      }
    } else {
      const row: Row = { ...my, ...their };
      for (const key of new Set([...Object.keys(was), ...Object.keys(my), ...Object.keys(their)])) {
        const value = mergeValue(was[key], my[key], their[key]);
        if (value.conflict)
          sink.conflicts.push({ path: `${field}.${out.length}.${key}`, field, row: out.length + 1, rowField: key, mine: my[key], theirs: their[key] });
        row[key] = value.value;
      }
      out.push(row);
    }
  }
  for (const was of base) {
    if (was.id == null || t.has(was.id)) continue;
    const my = m.get(was.id);
    // They removed it: it goes, unless I changed it (then mine stays, as a row to save again).
    if (my && rowChanged(was, my)) {
      const { id: _id, ...unsaved } = my;
      out.push(unsaved);
      sink.keptRows.push({ field, row: out.length, removedBy: 'theirs' });
    }
  }
  // Rows I added (no id yet, or one the base never had).
  for (const my of mine) if (my.id == null || (!b.has(my.id) && !t.has(my.id))) out.push(my);
  return out;
}

function mergeValue(base: unknown, mine: unknown, theirs: unknown): { value: unknown; conflict: boolean } {
  if (sameValue(mine, base)) return { value: theirs, conflict: false };
  if (sameValue(theirs, base) || sameValue(theirs, mine)) return { value: mine, conflict: false };
  return { value: mine, conflict: true };
}

/** Merges `mine` over `theirs` from their common `base`; `skip` holds keys that are not fields (id, updated_at). */
export function mergeEdits<V extends Record<string, unknown>>(base: V, mine: V, theirs: V, skip: ReadonlySet<string>): MergedEdits<V> {
  const values: Record<string, unknown> = { ...mine };
  const sink: Sink = { conflicts: [], keptRows: [] };
  const theirChanges: string[] = [];
  const myChanges: string[] = [];
  for (const field of Object.keys(mine)) {
    if (skip.has(field)) continue;
    const [b, m, t] = [base[field], mine[field], theirs[field]];
    if (!sameValue(b, t)) theirChanges.push(field);
    if (!sameValue(b, m)) myChanges.push(field);
    if (rowLists(b, m, t)) {
      values[field] = mergeRows(field, (b ?? []) as Row[], (m ?? []) as Row[], (t ?? []) as Row[], sink);
      continue;
    }
    const merged = mergeValue(b, m, t);
    if (merged.conflict) sink.conflicts.push({ path: field, field, mine: m, theirs: t });
    values[field] = merged.value;
  }
  return { values: values as V, theirChanges, myChanges, ...sink };
}

/** The fields of `values` that differ from `base`: what a save of an existing record sends (with its id and version). */
export function changedFields<B extends Record<string, unknown>>(base: B, values: B): string[] {
  return Object.keys(values).filter((k) => !sameValue(base[k], values[k]));
}
