/**
 * The grid editor (grid-editor.tsx): spreadsheet keyboard movement, typing in place, Enter / Tab /
 * Escape / Delete, quiet saves with the server's message on a cell that failed, the totals row,
 * the accessible names, and a 50 × 40 grid moved through by keyboard.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { Profiler, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FIRST_ROWS, GridEditor } from './grid-editor.tsx';

interface Row {
  id: number;
  name: string;
}
interface Col {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: 'Unit type A' },
  { id: 2, name: 'Unit type B' },
  { id: 3, name: 'Unit type C' },
];
const COLS: Col[] = [
  { id: 10, name: 'Shower door' },
  { id: 20, name: 'Mirror' },
  { id: 30, name: 'Shelf' },
];

type Save = (row: Row, col: Col, value: number | null) => Promise<unknown>;

/** A grid over a map of values, saving through `save` (default: accepted) into that map. */
function Harness({
  rows = ROWS,
  cols = COLS,
  initial = {},
  save,
  onRowOpen,
}: {
  rows?: Row[];
  cols?: Col[];
  initial?: Record<string, number>;
  save?: Save;
  onRowOpen?: (r: Row) => void;
}) {
  const [values, setValues] = useState<Record<string, number | null>>(initial);
  return (
    <MantineProvider>
      <button type="button">Before</button>
      <GridEditor<Row, Col>
        label="Takeoff"
        rows={rows}
        columns={cols}
        rowKey={(r) => r.id}
        columnKey={(c) => c.id}
        rowName={(r) => r.name}
        columnName={(c) => c.name}
        cellName="qty"
        value={(r, c) => values[`${r.id}:${c.id}`] ?? null}
        onCommit={async (r, c, v) => {
          await (save ?? (() => Promise.resolve()))(r, c, v);
          setValues((old) => ({ ...old, [`${r.id}:${c.id}`]: v }));
        }}
        totals={{ label: 'Total', value: (c) => String(rows.reduce((sum, r) => sum + (values[`${r.id}:${c.id}`] ?? 0), 0)) }}
        onRowOpen={onRowOpen}
      />
      <button type="button">After</button>
    </MantineProvider>
  );
}

const cell = (row: string, col: string) => screen.getByRole('gridcell', { name: `${row}, ${col}: qty` });

describe('GridEditor', () => {
  it('is a labelled grid with row and column indexes, headings and a totals row', () => {
    render(<Harness initial={{ '2:10': 3 }} />);
    const grid = screen.getByRole('grid', { name: 'Takeoff' });
    expect(grid.getAttribute('aria-rowcount')).toBe('5');
    expect(grid.getAttribute('aria-colcount')).toBe('4');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Shower door', 'Mirror', 'Shelf']);
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Unit type A', 'Unit type B', 'Unit type C', 'Total']);
    const b = cell('Unit type B', 'Shower door');
    expect(b.textContent).toBe('3');
    expect(b.getAttribute('aria-colindex')).toBe('2');
    expect(b.closest('tr')?.getAttribute('aria-rowindex')).toBe('3');
    expect(screen.getByRole('gridcell', { name: 'Total, Shower door' }).textContent).toBe('3');
    // one cell in the tab order (roving tabindex)
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
  });

  it('moves with the arrows, Tab / Shift+Tab (wrapping), Enter, Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(document.activeElement).toBe(cell('Unit type A', 'Shower door'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell('Unit type A', 'Mirror'));
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}'); // stops at the last row
    expect(document.activeElement).toBe(cell('Unit type C', 'Mirror'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell('Unit type B', 'Mirror'));
    await user.keyboard('{Tab}{Tab}'); // past the row's end: the next row's first cell
    expect(document.activeElement).toBe(cell('Unit type C', 'Shower door'));
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(cell('Unit type B', 'Shelf'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cell('Unit type B', 'Shower door'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(cell('Unit type B', 'Shelf'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Unit type C', 'Shelf'));
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(document.activeElement).toBe(cell('Unit type B', 'Shelf'));
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toBe(cell('Unit type A', 'Shower door'));
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toBe(cell('Unit type C', 'Shelf'));
    // Tab past the last cell leaves the grid
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('starts editing on a digit, saves on Enter and moves down; Tab saves and moves right; totals follow', async () => {
    const user = userEvent.setup();
    const save = vi.fn<Save>(() => Promise.resolve());
    render(<Harness save={save} />);
    await user.click(cell('Unit type A', 'Shower door'));
    await user.keyboard('2');
    const input = screen.getByRole('textbox', { name: 'Unit type A, Shower door: qty' });
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('2');
    await user.keyboard('.5{Enter}');
    expect(save).toHaveBeenLastCalledWith(ROWS[0], COLS[0], 2.5);
    expect(document.activeElement).toBe(cell('Unit type B', 'Shower door'));
    await user.keyboard('4{Tab}');
    expect(save).toHaveBeenLastCalledWith(ROWS[1], COLS[0], 4);
    expect(document.activeElement).toBe(cell('Unit type B', 'Mirror'));
    expect(cell('Unit type A', 'Shower door').textContent).toBe('2.5');
    expect(screen.getByRole('gridcell', { name: 'Total, Shower door' }).textContent).toBe('6.5');
    expect(screen.getByTestId('grid-save-status').textContent).toBe('All changes saved');
    // an arrow while typing saves and moves too
    await user.keyboard('7{ArrowDown}');
    expect(save).toHaveBeenLastCalledWith(ROWS[1], COLS[1], 7);
    expect(document.activeElement).toBe(cell('Unit type C', 'Mirror'));
    expect(save).toHaveBeenCalledTimes(3);
  });

  it('Escape while editing puts the cell back unsaved; F2 edits what is there; Delete clears it', async () => {
    const user = userEvent.setup();
    const save = vi.fn<Save>(() => Promise.resolve());
    render(<Harness save={save} initial={{ '1:10': 3 }} />);
    await user.click(cell('Unit type A', 'Shower door'));
    await user.keyboard('9');
    await user.keyboard('{Escape}');
    expect(cell('Unit type A', 'Shower door').textContent).toBe('3');
    expect(document.activeElement).toBe(cell('Unit type A', 'Shower door'));
    expect(save).not.toHaveBeenCalled();

    await user.keyboard('{F2}');
    const input = screen.getByRole('textbox', { name: 'Unit type A, Shower door: qty' });
    expect((input as HTMLInputElement).value).toBe('3');
    await user.keyboard('{ArrowLeft}'); // editing what was there: the arrow moves the caret
    expect(document.activeElement).toBe(input);
    await user.keyboard('1{Enter}'); // "13"
    expect(save).toHaveBeenLastCalledWith(ROWS[0], COLS[0], 13);

    await user.keyboard('{ArrowUp}{Delete}');
    expect(save).toHaveBeenLastCalledWith(ROWS[0], COLS[0], null);
    expect(cell('Unit type A', 'Shower door').textContent).toBe('');
  });

  it('does not save an unchanged cell; text it cannot read stays with its message', async () => {
    const user = userEvent.setup();
    const save = vi.fn<Save>(() => Promise.resolve());
    render(<Harness save={save} initial={{ '1:10': 3 }} />);
    await user.click(cell('Unit type A', 'Shower door'));
    await user.keyboard('3{Enter}');
    expect(save).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}1..2{Enter}');
    expect(save).not.toHaveBeenCalled();
    const bad = cell('Unit type A', 'Shower door');
    expect(bad.textContent).toBe('1..2');
    expect(bad.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('grid-save-status').textContent).toBe('1 cell not saved');
  });

  it("shows the server's message on a cell that failed, keeps what was typed, and Escape puts it back", async () => {
    const user = userEvent.setup();
    let fail: (e: Error) => void = () => {};
    const save = vi.fn<Save>(() => new Promise((_resolve, reject) => (fail = reject)));
    render(<Harness save={save} initial={{ '1:10': 3 }} />);
    await user.click(cell('Unit type A', 'Shower door'));
    await user.keyboard('5{Enter}');
    expect(cell('Unit type A', 'Shower door').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('grid-save-status').textContent).toBe('Saving…');
    await act(async () => fail(new Error('This estimate is no longer a draft.')));
    const failed = cell('Unit type A', 'Shower door');
    expect(failed.textContent).toBe('5');
    expect(failed.getAttribute('aria-invalid')).toBe('true');
    expect(failed.getAttribute('title')).toBe('This estimate is no longer a draft.');
    expect(screen.getByTestId('grid-save-status').textContent).toBe('1 cell not saved');
    await user.keyboard('{ArrowUp}');
    expect(within(failed).getByRole('alert').textContent).toBe('This estimate is no longer a draft.');
    await user.keyboard('{Escape}');
    expect(failed.textContent).toBe('3');
    expect(failed.hasAttribute('aria-invalid')).toBe(false);
  });

  it('opens a row from its heading by click or Enter; read-only grids do not edit', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    const { rerender } = render(<Harness onRowOpen={open} />);
    await user.click(screen.getByRole('rowheader', { name: 'Unit type B' }));
    expect(open).toHaveBeenLastCalledWith(ROWS[1]);
    await user.click(cell('Unit type C', 'Shower door'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('rowheader', { name: 'Unit type C' }));
    await user.keyboard('{Enter}');
    expect(open).toHaveBeenLastCalledWith(ROWS[2]);

    rerender(
      <MantineProvider>
        <GridEditor<Row, Col>
          label="Takeoff"
          readOnly
          rows={ROWS}
          columns={COLS}
          rowKey={(r) => r.id}
          columnKey={(c) => c.id}
          rowName={(r) => r.name}
          columnName={(c) => c.name}
          cellName="qty"
          value={() => 1}
          onCommit={() => Promise.reject(new Error('no'))}
        />
      </MantineProvider>,
    );
    await user.click(cell('Unit type A', 'Mirror'));
    await user.keyboard('5{Delete}{F2}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cell('Unit type A', 'Mirror').textContent).toBe('1');
  });

  // 88 keys and role queries over 2,040 cells: 13 s alone on a loaded 2-core machine, over the
  // project's 20 s in every full run there (the role queries are most of it, the keys 5 s).
  it('moves through a 50 × 40 grid by keyboard and saves a typed cell far from the start', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Unit ${i + 1}` }));
    const cols = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, name: `Option ${i + 1}` }));
    const save = vi.fn<Save>(() => Promise.resolve());
    render(<Harness rows={rows} cols={cols} save={save} />);
    expect(screen.getAllByRole('gridcell')).toHaveLength(50 * 40 + 40);
    await user.click(cell('Unit 1', 'Option 1'));
    await user.keyboard('{ArrowDown>49/}{ArrowRight>39/}');
    expect(document.activeElement).toBe(cell('Unit 50', 'Option 40'));
    await user.keyboard('8{Enter}');
    expect(save).toHaveBeenCalledWith(rows[49], cols[39], 8);
    expect(screen.getByRole('gridcell', { name: 'Total, Option 40' }).textContent).toBe('8');
  }, 60_000);

  // Drawn in one task, a 50 × 40 takeoff blocked a phone's main thread for 1.8 s (4× slower CPU).
  it('draws a screenful of rows with the page and the rest right after', () => {
    const rows = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, name: `Unit ${i + 1}` }));
    const commits: number[] = [];
    const record = () => commits.push(document.querySelectorAll('tbody tr').length);
    render(
      <Profiler id="grid" onRender={record}>
        <Harness rows={rows} />
      </Profiler>,
    );
    expect(commits[0]).toBe(FIRST_ROWS);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 50 + 1);
    expect(cell('Unit 50', 'Shelf')).toBeTruthy();
    // the grid says how many rows it has from the start
    expect(screen.getByRole('grid').getAttribute('aria-rowcount')).toBe('52');
  });

  // Each key worked out the texts of all the cells and drew every heading again: 2,000 numbers and
  // 40 headings per key in a 50 × 40 takeoff.
  it('a move or a key draws the cells concerned only: no cell text worked out again, no heading drawn again', async () => {
    const user = userEvent.setup();
    const format = vi.fn((v: number | null) => (v == null ? '' : String(v)));
    const heading = vi.fn((c: Col) => <span>{c.name}</span>);
    const value = (r: Row, c: Col) => r.id * c.id;
    render(
      <MantineProvider>
        <GridEditor<Row, Col>
          label="Takeoff"
          rows={ROWS}
          columns={COLS}
          rowKey={(r) => r.id}
          columnKey={(c) => c.id}
          rowName={(r) => r.name}
          columnName={(c) => c.name}
          renderColumnHeader={heading}
          cellName="qty"
          value={value}
          format={format}
          onCommit={() => new Promise(() => {})}
        />
      </MantineProvider>,
    );
    expect(cell('Unit type B', 'Mirror').textContent).toBe('40');
    format.mockClear();
    heading.mockClear();
    await user.click(cell('Unit type A', 'Shower door'));
    await user.keyboard('{ArrowRight}{ArrowDown}5{Tab}');
    expect(cell('Unit type B', 'Mirror').textContent).toBe('5');
    expect(document.activeElement).toBe(cell('Unit type B', 'Shelf'));
    expect(format).not.toHaveBeenCalled();
    expect(heading).not.toHaveBeenCalled();
  });
});
