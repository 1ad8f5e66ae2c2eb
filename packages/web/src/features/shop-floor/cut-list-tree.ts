/** A cut list (shared/rules/shop-floor/cut-list.ts) as the kit's tree rows (ui/tree-rows.ts), and back. */
import type { CutListRow } from '@glazier/shared/rules/shop-floor/cut-list';
import { flattenTree, type FlatRow, type TreeNode } from '../../ui/tree-rows.ts';

export const cutListNodes = (rows: readonly CutListRow[]): TreeNode[] => rows.map((r) => ({ text: r.text, children: cutListNodes(r.sub_rows) }));
export const nodesCutList = (nodes: readonly TreeNode[]): CutListRow[] => nodes.map((n) => ({ text: n.text, sub_rows: nodesCutList(n.children) }));
/** The rows of a cut list for TreeView / TreeEditor. */
export const cutListFlatRows = (rows: readonly CutListRow[]): FlatRow[] => flattenTree(cutListNodes(rows));
