/**
 * A grid of numbers typed in place, like a spreadsheet: rows × columns, each cell a number (or
 * empty), saved one cell at a time and quietly (no notification per cell).
 *
 *   <GridEditor label="Takeoff" rows={units} columns={options}
 *     rowKey={(u) => u.id} columnKey={(o) => o.id}
 *     rowName={(u) => u.description} columnName={(o) => o.description} cellName="qty"
 *     value={(u, o) => qtyOf(u.id, o.id)}
 *     onCommit={(u, o, qty) => saveCell(u, o, qty)}        // rejects with the server's error
 *     totals={{ label: 'Total', value: (o) => formatQty(total(o)) }} />
 *
 * Keyboard (the focus is on one cell at a time; Tab enters the grid at it):
 * - Arrows move; Home / End go to the row's first / last cell (with Ctrl: the grid's); Tab and
 *   Shift+Tab move right and left, wrapping to the next or previous row (and leave the grid past
 *   its last or first cell); Enter moves down (Shift+Enter up).
 * - Typing a digit, `.` or `-` starts editing with it; F2, or a double click, edits what is there.
 *   While editing, Enter, Tab and the up and down arrows save and move (left and right too when
 *   the editing began by typing); leaving the cell saves; Escape puts the cell back as it was.
 * - Delete or Backspace clears the cell (saves it empty); Escape on a cell that failed to save
 *   puts it back to the saved value.
 * - On a row's heading (left of the first cell) Enter or a click runs `onRowOpen`.
 *
 * Saving: what was typed is read strictly (number-text.ts) and checked against `bounds`; a cell
 * shows what was typed while `onCommit` runs, and if it rejects, the cell stays as typed, marked,
 * with the message (`describeError`) beneath it while it is the active cell. A small status says
 * Saving… / All changes saved / N cells not saved.
 *
 * Accessibility: `role="grid"` with aria-rowcount / aria-colcount, rows and cells with their
 * aria-rowindex / aria-colindex, headings as columnheader / rowheader, and each cell labelled
 * "{row}, {column}: {cellName}".
 *
 * Speed: rows are memoised and compared by what they show, so moving or typing re-renders the row
 * (or two) concerned, not the whole grid (a 50 × 40 grid stays quick to move through); the cells'
 * texts are worked out when the data changes, not on each move or key. The rows past the first
 * screen are drawn right after it (ui/drawn-later.ts). Each row is laid out on its own, its columns
 * of fixed width (grid-editor.module.css), and the rows out of view are skipped by the browser
 * (`content-visibility`): an edit lays out and paints its row, not the 2,000 cells of the table.
 */
import { Group } from '@mantine/core';
import { useCallback, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { GridHead, GridRow, GridTotals, SaveStatus } from './grid-cells.tsx';
import classes from './grid-editor.module.css';
import { useShownCount } from './drawn-later.ts';
import { onGridKey } from './grid-keys.ts';
import { moveTarget } from './grid-moves.ts';
import { cellId, type Editing, type GridEditorProps, type Key, type Move, type Pending } from './grid-types.ts';
import { numberText } from './number-text.ts';
import { useActiveCell } from './use-active-cell.ts';
import { useGridSaves } from './use-grid-saves.ts';

export type { GridEditorProps } from './grid-types.ts';

/** The rows drawn with the page: more than a screenful of the grid on a phone or a desktop. */
export const FIRST_ROWS = 20;

/** The cell (or row heading) an event happened in, if it is in this grid. */
function cellAt(table: HTMLTableElement | null, el: EventTarget): { r: number; c: number } | null {
  const td = (el as HTMLElement).closest?.<HTMLElement>('[data-r]');
  if (!td || !table?.contains(td)) return null;
  return { r: Number(td.dataset.r), c: Number(td.dataset.c) };
}

/**
 * Each row's cells: their texts and the saves under way or refused. The texts as saved are worked
 * out again when the data changes, not on each move or key; a row with no pending save (most rows)
 * keeps the same lists, so its memoised row is not drawn again.
 */
function useRowCells<R, C>(
  { rows, columns, value }: GridEditorProps<R, C>,
  format: (v: number | null) => string,
  pending: ReadonlyMap<string, Pending>,
  columnKeys: readonly Key[],
) {
  const savedTexts = useMemo(() => rows.map((row) => columns.map((column) => format(value(row, column)))), [rows, columns, value, format]);
  const noStatuses = useMemo(() => columns.map((): Pending | undefined => undefined), [columns]);
  const pendingRows = useMemo(() => new Set([...pending.keys()].map((id) => id.slice(0, id.indexOf('\u0000')))), [pending]);
  return (r: number, rk: Key) => {
    const texts = savedTexts[r]!;
    if (!pendingRows.has(String(rk))) return { texts, statuses: noStatuses };
    const statuses = columnKeys.map((ck) => pending.get(cellId(rk, ck)));
    return { texts: texts.map((text, c) => statuses[c]?.text ?? text), statuses };
  };
}

export function GridEditor<R, C>(props: GridEditorProps<R, C>) {
  const {
    label,
    rows,
    columns,
    rowKey,
    columnKey,
    rowName,
    columnName,
    renderColumnHeader,
    cellName,
    corner,
    value,
    totals,
    onRowOpen,
    readOnly,
    maxHeight,
    testId,
  } = props;
  const kind = props.kind ?? 'qty';
  const format = useMemo(() => props.format ?? ((v: number | null) => numberText(v, kind)), [props.format, kind]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // What the callbacks read, kept current without making them change (rows stay memoised).
  const latest = useRef(props);
  latest.current = props;
  const { pending, saved, save, dismissRefused } = useGridSaves(latest);

  const rowCount = rows.length;
  const colCount = columns.length;
  const { r0, c0, activeRef, setActive, moveTo, focusNext } = useActiveCell(tableRef, rowCount, colCount, editing != null);

  const columnNames = useMemo(() => columns.map(columnName), [columns, columnName]);
  const columnKeys = useMemo(() => columns.map(columnKey), [columns, columnKey]);
  const rowCells = useRowCells(props, format, pending, columnKeys);
  const shownRows = useShownCount(rowCount, FIRST_ROWS);

  /** A row's heading (drawn inside the memoised row, so it reads the latest props itself). */
  const header = useCallback((row: unknown) => {
    const { renderRowHeader: render, rowName: nameOf } = latest.current;
    return render ? render(row as R) : nameOf(row as R);
  }, []);

  /** The cell a move leads to, or null past the grid's edge (Tab then leaves it). */
  const target = useCallback((from: { r: number; c: number }, move: Move) => {
    const { rows: rs, columns: cs } = latest.current;
    return moveTarget(from, move, rs.length - 1, cs.length - 1);
  }, []);

  const onFinish = useCallback(
    (r: number, c: number, text: string, move: Move, refocus: boolean) => {
      setEditing(null);
      save(r, c, text);
      const to = target({ r, c }, move);
      if (move && to) moveTo(to.r, to.c);
      else focusNext.current = refocus;
    },
    [moveTo, save, target, focusNext],
  );
  const onCancel = useCallback(() => {
    setEditing(null);
    focusNext.current = true;
  }, [focusNext]);

  const startEditing = (r: number, c: number, initial: string, typed: boolean) => {
    if (readOnly || c < 0) return;
    setActive({ r, c });
    setEditing({ r, c, initial, typed });
  };

  const openRow = (r: number) => {
    const row = rows[r];
    if (row !== undefined) onRowOpen?.(row);
  };

  const shownText = (r: number, c: number): string => {
    const row = rows[r]!;
    const column = columns[c]!;
    return pending.get(cellId(rowKey(row), columnKey(column)))?.text ?? format(value(row, column));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!rowCount || !colCount) return;
    if ((e.target as HTMLElement).dataset.r === undefined) return; // a key inside something else (a heading's button)
    onGridKey(e, {
      at: activeRef.current,
      rowCount,
      colCount,
      readOnly,
      target,
      moveTo,
      openRow,
      startEditing,
      shownText,
      save,
      dismissError: dismissRefused,
    });
  };

  return (
    <div data-testid={testId}>
      <Group justify="flex-end" mb={4}>
        <SaveStatus pending={pending} saved={saved} />
      </Group>
      <div className={`${classes.scroller} ${readOnly ? classes.readOnly : ''}`} style={maxHeight ? { ['--grid-max-height' as string]: maxHeight } : undefined}>
        <table
          ref={tableRef}
          role="grid"
          aria-label={label}
          aria-rowcount={rowCount + 1 + (totals ? 1 : 0)}
          aria-colcount={colCount + 1}
          aria-readonly={readOnly || undefined}
          className={classes.table}
          style={{ '--grid-columns': colCount } as CSSProperties}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const at = cellAt(tableRef.current, e.target);
            if (at && (at.r !== activeRef.current.r || at.c !== activeRef.current.c)) setActive(at);
          }}
          onClick={(e) => {
            const at = cellAt(tableRef.current, e.target);
            if (at?.c === -1) openRow(at.r);
          }}
          onDoubleClick={(e) => {
            const at = cellAt(tableRef.current, e.target);
            if (at && at.c >= 0 && !editing) startEditing(at.r, at.c, shownText(at.r, at.c), false);
          }}
        >
          <GridHead corner={corner} columns={columns} columnKeys={columnKeys} columnNames={columnNames} render={renderColumnHeader} />
          <tbody>
            {rows.slice(0, shownRows).map((row, r) => {
              const rk = rowKey(row);
              const { texts, statuses } = rowCells(r, rk);
              const name = rowName(row);
              return (
                <GridRow
                  key={rk}
                  r={r}
                  row={row}
                  header={header}
                  name={name}
                  columnNames={columnNames}
                  cellName={cellName}
                  texts={texts}
                  statuses={statuses}
                  activeCol={r === r0 ? c0 : null}
                  editing={editing?.r === r ? editing : null}
                  openable={!!onRowOpen}
                  onFinish={onFinish}
                  onCancel={onCancel}
                />
              );
            })}
          </tbody>
          {totals && <GridTotals totals={totals} rowCount={rowCount} columns={columns} columnKeys={columnKeys} columnNames={columnNames} />}
        </table>
      </div>
    </div>
  );
}
