/**
 * The rows of a tree as the tree editor (tree-editor.tsx) holds them: a flat list in reading order,
 * each row with its depth (0 at the top) and a key of its own. A list is a tree when the first row
 * is at depth 0 and no row is more than one level below the row before it. Every operation here
 * keeps that true and answers a new list (the input is never changed); an operation that cannot
 * apply (indent the first row, move the last one down) answers the same list.
 *
 * A row's block is the row and the rows below it that are deeper (its sub-rows, theirs, …): what
 * moves, duplicates or goes with it.
 */

/** A tree as stored: each row with text and rows beneath. */
export interface TreeNode {
  text: string;
  children: TreeNode[];
}

export interface FlatRow {
  key: string;
  text: string;
  depth: number;
}

let keySeq = 0;
export const newRowKey = () => `r${++keySeq}`;

export function flattenTree(nodes: readonly TreeNode[], depth = 0): FlatRow[] {
  return nodes.flatMap((n) => [{ key: newRowKey(), text: n.text, depth }, ...flattenTree(n.children, depth + 1)]);
}

/** The flat rows as a tree (depths read as nesting). */
export function buildTree(rows: readonly FlatRow[]): TreeNode[] {
  const root: TreeNode[] = [];
  const stack: TreeNode[][] = [root];
  for (const row of rows) {
    const node: TreeNode = { text: row.text, children: [] };
    const level = Math.min(row.depth, stack.length - 1);
    stack.length = level + 1;
    stack[level]!.push(node);
    stack.push(node.children);
  }
  return root;
}

/** The index just past row `i`'s block. */
export function blockEnd(rows: readonly FlatRow[], i: number): number {
  let end = i + 1;
  while (end < rows.length && rows[end]!.depth > rows[i]!.depth) end++;
  return end;
}

const insert = (rows: readonly FlatRow[], at: number, added: FlatRow[]) => [...rows.slice(0, at), ...added, ...rows.slice(at)];

/** A new row after row `i`'s block, at its depth (or `depth`); none given: at the end, at the top. */
export function addRow(rows: readonly FlatRow[], i?: number, depth?: number): { rows: FlatRow[]; key: string } {
  const key = newRowKey();
  if (i == null || !rows[i]) return { rows: [...rows, { key, text: '', depth: 0 }], key };
  return { rows: insert(rows, blockEnd(rows, i), [{ key, text: '', depth: depth ?? rows[i]!.depth }]), key };
}

/** A new last sub-row of row `i` (none beyond `maxDepth`). */
export function addSubRow(rows: readonly FlatRow[], i: number, maxDepth = Infinity): { rows: FlatRow[]; key: string | null } {
  const row = rows[i];
  if (!row || row.depth + 1 >= maxDepth) return { rows: [...rows], key: null };
  return addRow(rows, i, row.depth + 1);
}

/** A copy of row `i` with its sub-rows, right after them. */
export function duplicateRow(rows: readonly FlatRow[], i: number): { rows: FlatRow[]; key: string | null } {
  if (!rows[i]) return { rows: [...rows], key: null };
  const end = blockEnd(rows, i);
  const copy = rows.slice(i, end).map((r) => ({ ...r, key: newRowKey() }));
  return { rows: insert(rows, end, copy), key: copy[0]!.key };
}

/** Row `i` and its sub-rows gone. */
export function deleteRow(rows: readonly FlatRow[], i: number): FlatRow[] {
  if (!rows[i]) return [...rows];
  return [...rows.slice(0, i), ...rows.slice(blockEnd(rows, i))];
}

const shift = (rows: readonly FlatRow[], i: number, by: number) => {
  const end = blockEnd(rows, i);
  return rows.map((r, j) => (j >= i && j < end ? { ...r, depth: r.depth + by } : r));
};

/** Whether row `i` can go one level in: it has a row above at its depth or deeper, and room below `maxDepth`. */
export function canIndent(rows: readonly FlatRow[], i: number, maxDepth = Infinity): boolean {
  if (i <= 0 || !rows[i] || rows[i - 1]!.depth < rows[i]!.depth) return false;
  const end = blockEnd(rows, i);
  const deepest = Math.max(...rows.slice(i, end).map((r) => r.depth));
  return deepest + 1 < maxDepth;
}

/** Row `i` (with its sub-rows) a sub-row of the row above it at its level. */
export function indentRow(rows: readonly FlatRow[], i: number, maxDepth = Infinity): FlatRow[] {
  return canIndent(rows, i, maxDepth) ? shift(rows, i, 1) : [...rows];
}

export const canOutdent = (rows: readonly FlatRow[], i: number) => (rows[i]?.depth ?? 0) > 0;

/**
 * Row `i` (with its sub-rows) one level out, right after its parent's other rows: the rows below it
 * in its parent stay its parent's, so nothing else changes place.
 */
export function outdentRow(rows: readonly FlatRow[], i: number): FlatRow[] {
  if (!canOutdent(rows, i)) return [...rows];
  const end = blockEnd(rows, i);
  let parentEnd = end;
  while (parentEnd < rows.length && rows[parentEnd]!.depth >= rows[i]!.depth) parentEnd++;
  const block = rows.slice(i, end).map((r) => ({ ...r, depth: r.depth - 1 }));
  return [...rows.slice(0, i), ...rows.slice(end, parentEnd), ...block, ...rows.slice(parentEnd)];
}

/** The index of the row before `i` at its level under the same parent, or -1. */
function previousSibling(rows: readonly FlatRow[], i: number): number {
  for (let j = i - 1; j >= 0; j--) {
    if (rows[j]!.depth < rows[i]!.depth) return -1;
    if (rows[j]!.depth === rows[i]!.depth) return j;
  }
  return -1;
}

export const canMoveUp = (rows: readonly FlatRow[], i: number) => Boolean(rows[i]) && previousSibling(rows, i) >= 0;
export const canMoveDown = (rows: readonly FlatRow[], i: number) => Boolean(rows[i]) && rows[blockEnd(rows, i)]?.depth === rows[i]!.depth;

/** Row `i`'s block swapped with the one of the row above it at its level. */
export function moveRowUp(rows: readonly FlatRow[], i: number): FlatRow[] {
  const prev = rows[i] ? previousSibling(rows, i) : -1;
  if (prev < 0) return [...rows];
  const end = blockEnd(rows, i);
  return [...rows.slice(0, prev), ...rows.slice(i, end), ...rows.slice(prev, i), ...rows.slice(end)];
}

/** Row `i`'s block swapped with the next one at its level. */
export function moveRowDown(rows: readonly FlatRow[], i: number): FlatRow[] {
  if (!canMoveDown(rows, i)) return [...rows];
  return moveRowUp(rows, blockEnd(rows, i));
}
