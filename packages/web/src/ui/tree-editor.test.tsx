/**
 * The tree editor (tree-editor.tsx, tree-rows.ts): Enter adds the next row and goes to it, Tab
 * makes a sub-row (only where it can; else Tab moves on), Shift+Tab takes it out, Alt+↑/↓ move a
 * row with its sub-rows, Backspace deletes an empty row; the row menu duplicates a row with its
 * sub-rows and deletes; levels stop at maxDepth.
 */
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TreeEditor } from './tree-editor.tsx';
import { buildTree, flattenTree, moveRowDown, outdentRow, type TreeNode } from './tree-rows.ts';

const node = (text: string, ...children: TreeNode[]): TreeNode => ({ text, children });

let latest: TreeNode[] = [];
function Harness({ initial, maxDepth }: { initial: TreeNode[]; maxDepth?: number }) {
  const [rows, setRows] = useState(() => flattenTree(initial));
  latest = buildTree(rows);
  return (
    // env="test": no transitions, so the row menu is open (and its items take clicks) once it is shown.
    <MantineProvider env="test">
      <TreeEditor label="Rows" rows={rows} onChange={setRows} maxDepth={maxDepth} />
      <button type="button">After</button>
    </MantineProvider>
  );
}

const inputs = () => within(screen.getByRole('group', { name: 'Rows' })).getAllByRole('textbox');
const texts = () => inputs().map((i) => `${(i as HTMLInputElement).getAttribute('aria-label')!.replace(/^Row \d+, /, '')}: ${(i as HTMLInputElement).value}`);

describe('the tree editor by keyboard', () => {
  it('Enter adds the next row after the sub-rows and goes to it; Tab indents, Shift+Tab outdents', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[node('Door', node('Hinge'))]} />);
    await user.click(inputs()[0]!);
    await user.keyboard('{Enter}');
    // After Door's block, at Door's level, with the focus.
    expect(inputs()).toHaveLength(3);
    expect(document.activeElement).toBe(inputs()[2]);
    await user.keyboard('Panel{Enter}30 x 72');
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(inputs()[3]);
    expect(latest).toEqual([node('Door', node('Hinge')), node('Panel', node('30 x 72'))]);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(latest).toEqual([node('Door', node('Hinge')), node('Panel'), node('30 x 72')]);
    expect(document.activeElement).toBe(inputs()[3]);
  });

  it('Tab moves on where a row cannot go in (the first row), and stops at the deepest level', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[node('A', node('B'))]} maxDepth={2} />);
    await user.click(inputs()[0]!);
    await user.keyboard('{Tab}');
    expect(latest).toEqual([node('A', node('B'))]);
    expect(document.activeElement).not.toBe(inputs()[0]);
    await user.click(inputs()[1]!);
    await user.keyboard('{Enter}C{Tab}');
    // C joins B as A's sub-row; one level further is past maxDepth: Tab moves on instead.
    expect(latest).toEqual([node('A', node('B'), node('C'))]);
    expect(screen.getByRole('button', { name: 'Add sub-row to row 2' })).toHaveProperty('disabled', true);
  });

  it('Alt+arrows move a row with its sub-rows; Backspace in an empty row deletes it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[node('A', node('a1')), node('B')]} />);
    await user.click(inputs()[2]!);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(latest).toEqual([node('B'), node('A', node('a1'))]);
    expect(document.activeElement).toBe(inputs()[0]);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(latest).toEqual([node('A', node('a1')), node('B')]);
    await user.keyboard('{Enter}{Backspace}');
    expect(texts()).toEqual(['level 1: A', 'level 2: a1', 'level 1: B']);
    expect(document.activeElement).toBe(inputs()[2]);
  });

  it('duplicates a row with its sub-rows from the row menu, and adds a sub-row', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[node('A', node('a1', node('x'))), node('B')]} />);
    await user.click(screen.getByRole('button', { name: 'Actions of row 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    expect(latest).toEqual([node('A', node('a1', node('x'))), node('A', node('a1', node('x'))), node('B')]);
    // The copy has the focus.
    expect(document.activeElement).toBe(inputs()[3]);
    await user.click(screen.getByRole('button', { name: 'Add sub-row to row 4' }));
    await user.keyboard('new');
    expect(latest[1]).toEqual(node('A', node('a1', node('x')), node('new')));
  });

  it('deletes a row with its sub-rows from the row menu', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[node('A', node('a1', node('x'))), node('B')]} />);
    await user.click(screen.getByRole('button', { name: 'Actions of row 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(latest).toEqual([node('B')]);
    expect(document.activeElement).toBe(inputs()[0]);
  });
});

describe('tree rows', () => {
  it('outdenting keeps the rows below in their parent', () => {
    const rows = flattenTree([node('P', node('a'), node('b'), node('c'))]);
    expect(buildTree(outdentRow(rows, 2))).toEqual([node('P', node('a'), node('c')), node('b')]);
    // The last row cannot move down.
    expect(buildTree(moveRowDown(rows, 3))).toEqual(buildTree(rows));
  });
});
