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
 * (or two) concerned, not the whole grid (a 50 × 40 grid stays quick to move through).
 */
import { boundsMessage, type NumberBounds } from '@glazier/shared/resources/fields';
import { Group, Text } from '@mantine/core';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './grid-editor.module.css';
import { numberText, outOfBounds, readNumberText, type NumberTextKind } from './number-text.ts';

type Key = string | number;

export interface GridEditorProps<R, C> {
  /** The grid's accessible name. */
  label: string;
  rows: readonly R[];
  columns: readonly C[];
  rowKey: (row: R) => Key;
  columnKey: (column: C) => Key;
  /** The row's name in cell labels (and its heading, unless `renderRowHeader`). */
  rowName: (row: R) => string;
  columnName: (column: C) => string;
  renderRowHeader?: (row: R) => ReactNode;
  renderColumnHeader?: (column: C) => ReactNode;
  /** What a cell stands for in its label: "Unit type B, Shower door: qty". */
  cellName: string;
  /** The heading of the first column. */
  corner?: ReactNode;
  value: (row: R, column: C) => number | null;
  /** Saves a cell; rejects (with the server's error) when it could not. */
  onCommit: (row: R, column: C, value: number | null) => Promise<unknown>;
  /** The message of a rejected save (default: the error's message). */
  describeError?: (error: unknown) => string;
  /** How values are read and shown (default 'qty': up to 5 decimals). */
  kind?: NumberTextKind;
  /** The range a value must be in (the field's definition). */
  bounds?: NumberBounds;
  /** How a saved value is shown in its cell (default: as the field shows it; empty for none). */
  format?: (value: number | null) => string;
  /** A last row of totals (not editable). */
  totals?: { label: string; value: (column: C) => ReactNode };
  /** Runs on a click on a row's heading, or Enter on it. */
  onRowOpen?: (row: R) => void;
  readOnly?: boolean;
  /** CSS max-height of the scrolled area (default 70vh). */
  maxHeight?: string;
  testId?: string;
}

interface Pending {
  text: string;
  status: 'saving' | 'error';
  message?: string;
  /** Which save this is (a later one for the same cell wins). */
  seq: number;
}

interface Editing {
  r: number;
  c: number;
  initial: string;
  /** Began by typing (arrows then leave the cell, as in a spreadsheet) rather than F2 / double click. */
  typed: boolean;
}

type Move = 'up' | 'down' | 'left' | 'right' | 'next' | 'prev' | null;

const defaultDescribe = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Not saved.');
const cellId = (r: Key, c: Key) => `${r}\u0000${c}`;
const STARTS_EDIT = /^[0-9.\-+$,]$/;

/** One cell: its text, its state; the active one carries the focus (roving tabindex). */
interface CellProps {
  r: number;
  c: number;
  text: string;
  label: string;
  active: boolean;
  status: Pending['status'] | undefined;
  message: string | undefined;
  editing: Editing | null;
  onFinish: (text: string, move: Move, refocus: boolean) => void;
  onCancel: () => void;
}

function CellEditor({ editing, label, onFinish, onCancel }: { editing: Editing; label: string; onFinish: CellProps['onFinish']; onCancel: () => void }) {
  const [text, setText] = useState(editing.initial);
  const ref = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useLayoutEffect(() => {
    const input = ref.current;
    if (!input) return;
    input.focus();
    const end = input.value.length;
    input.setSelectionRange(end, end);
  }, []);
  const finish = (move: Move, refocus = true) => {
    if (done.current) return;
    done.current = true;
    onFinish(text, move, refocus);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    let move: Move | undefined;
    if (e.key === 'Enter') move = e.shiftKey ? 'up' : 'down';
    else if (e.key === 'Tab') move = e.shiftKey ? 'prev' : 'next';
    else if (e.key === 'ArrowUp') move = 'up';
    else if (e.key === 'ArrowDown') move = 'down';
    else if (editing.typed && e.key === 'ArrowLeft') move = 'left';
    else if (editing.typed && e.key === 'ArrowRight') move = 'right';
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      done.current = true;
      onCancel();
      return;
    }
    e.stopPropagation(); // the grid's keys are for moving between cells
    if (move === undefined) return;
    e.preventDefault();
    finish(move);
  };
  return (
    <input
      ref={ref}
      className={classes.input}
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      // leaving for another control keeps the focus there; else it goes back to the cell
      onBlur={(e) => finish(null, e.relatedTarget == null)}
    />
  );
}

const Cell = memo(function Cell({ r, c, text, label, active, status, message, editing, onFinish, onCancel }: CellProps) {
  return (
    <td
      role="gridcell"
      aria-colindex={c + 2}
      aria-label={label}
      aria-invalid={status === 'error' || undefined}
      aria-busy={status === 'saving' || undefined}
      title={message}
      tabIndex={active && !editing ? 0 : -1}
      className={classes.cell}
      data-r={r}
      data-c={c}
      data-active={active || undefined}
      data-status={status}
    >
      {editing ? <CellEditor editing={editing} label={label} onFinish={onFinish} onCancel={onCancel} /> : text}
      {active && message && !editing && (
        <span className={classes.cellError} role="alert">
          {message}
        </span>
      )}
    </td>
  );
});

interface RowProps {
  r: number;
  /** The row itself: its heading is drawn again when it changes. */
  row: unknown;
  header: (row: unknown) => ReactNode;
  name: string;
  columnNames: readonly string[];
  cellName: string;
  texts: readonly string[];
  statuses: readonly (Pending | undefined)[];
  /** The active column in this row (-1 its heading), or null when the active cell is elsewhere. */
  activeCol: number | null;
  editing: Editing | null;
  openable: boolean;
  onFinish: (r: number, c: number, text: string, move: Move, refocus: boolean) => void;
  onCancel: () => void;
}

const sameList = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function rowPropsEqual(a: RowProps, b: RowProps): boolean {
  return (
    a.r === b.r &&
    a.row === b.row &&
    a.header === b.header &&
    a.name === b.name &&
    a.cellName === b.cellName &&
    a.activeCol === b.activeCol &&
    a.editing === b.editing &&
    a.openable === b.openable &&
    a.onFinish === b.onFinish &&
    a.onCancel === b.onCancel &&
    sameList(a.columnNames, b.columnNames) &&
    sameList(a.texts, b.texts) &&
    sameList(a.statuses, b.statuses)
  );
}

const GridRow = memo(function GridRow({
  r,
  row,
  header,
  name,
  columnNames,
  cellName,
  texts,
  statuses,
  activeCol,
  editing,
  openable,
  onFinish,
  onCancel,
}: RowProps) {
  const finishers = useMemo(
    () => columnNames.map((_, c) => (text: string, move: Move, refocus: boolean) => onFinish(r, c, text, move, refocus)),
    [columnNames, onFinish, r],
  );
  return (
    <tr role="row" aria-rowindex={r + 2}>
      <th
        role="rowheader"
        scope="row"
        aria-colindex={1}
        tabIndex={activeCol === -1 ? 0 : -1}
        className={openable ? classes.rowHead : `${classes.rowHead} ${classes.readOnlyRowHead}`}
        data-r={r}
        data-c={-1}
        data-active={activeCol === -1 || undefined}
      >
        {header(row)}
      </th>
      {columnNames.map((col, c) => {
        const pending = statuses[c];
        const isEditing = editing != null && editing.c === c ? editing : null;
        return (
          <Cell
            key={c}
            r={r}
            c={c}
            text={texts[c]!}
            label={`${name}, ${col}: ${cellName}`}
            active={activeCol === c}
            status={pending?.status}
            message={pending?.status === 'error' ? pending.message : undefined}
            editing={isEditing}
            onFinish={finishers[c]!}
            onCancel={onCancel}
          />
        );
      })}
    </tr>
  );
}, rowPropsEqual);

/** The status beside the grid: what its quiet saves are doing. */
function SaveStatus({ saving, failed, saved }: { saving: number; failed: number; saved: boolean }) {
  const text = saving ? 'Saving…' : failed ? `${failed} ${failed === 1 ? 'cell' : 'cells'} not saved` : saved ? 'All changes saved' : '';
  return (
    <Text size="xs" c={failed && !saving ? 'red' : 'dimmed'} role="status" aria-live="polite" data-testid="grid-save-status" mih="1.2em">
      {text}
    </Text>
  );
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
  const format = props.format ?? ((v: number | null) => numberText(v, kind));
  const [active, setActive] = useState<{ r: number; c: number }>({ r: 0, c: 0 });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const [saved, setSaved] = useState(false);
  const tableRef = useRef<HTMLTableElement>(null);
  /** Move the focus to the active cell after the next render (set by keyboard and saves, not by data updates). */
  const focusNext = useRef(false);
  const seq = useRef(0);

  // What the callbacks read, kept current without making them change (rows stay memoised).
  const latest = useRef(props);
  latest.current = props;
  const activeRef = useRef(active);
  activeRef.current = active;
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  const rowCount = rows.length;
  const colCount = columns.length;
  const r0 = Math.min(active.r, Math.max(0, rowCount - 1));
  const c0 = Math.min(active.c, colCount - 1);

  const columnNames = useMemo(() => columns.map(columnName), [columns, columnName]);
  const columnKeys = useMemo(() => columns.map(columnKey), [columns, columnKey]);

  /** A row's heading (drawn inside the memoised row, so it reads the latest props itself). */
  const header = useCallback((row: unknown) => {
    const { renderRowHeader: render, rowName: nameOf } = latest.current;
    return render ? render(row as R) : nameOf(row as R);
  }, []);

  const moveTo = useCallback((r: number, c: number) => {
    focusNext.current = true;
    setActive({ r, c });
  }, []);

  /** The cell a move leads to, or null past the grid's edge (Tab then leaves it). */
  const target = useCallback((from: { r: number; c: number }, move: Move): { r: number; c: number } | null => {
    const { rows: rs, columns: cs } = latest.current;
    const lastR = rs.length - 1;
    const lastC = cs.length - 1;
    const { r, c } = from;
    switch (move) {
      case 'up':
        return { r: Math.max(0, r - 1), c };
      case 'down':
        return { r: Math.min(lastR, r + 1), c };
      case 'left':
        return { r, c: Math.max(-1, c - 1) };
      case 'right':
        return { r, c: Math.min(lastC, c + 1) };
      case 'next':
        if (c < lastC) return { r, c: c + 1 };
        return r < lastR ? { r: r + 1, c: 0 } : null;
      case 'prev':
        if (c > 0) return { r, c: c - 1 };
        return r > 0 ? { r: r - 1, c: lastC } : null;
      default:
        return from;
    }
  }, []);

  const save = useCallback((r: number, c: number, text: string) => {
    const { rows: rs, columns: cs, value: valueOf, onCommit, bounds, describeError } = latest.current;
    const row = rs[r];
    const column = cs[c];
    if (row === undefined || column === undefined) return;
    const id = cellId(latest.current.rowKey(row), latest.current.columnKey(column));
    const set = (p: Pending | null) =>
      setPending((old) => {
        const next = new Map(old);
        if (p) next.set(id, p);
        else next.delete(id);
        return next;
      });
    const read = readNumberText(text, latest.current.kind ?? 'qty');
    const mySeq = ++seq.current;
    if (!read.ok) return set({ text, status: 'error', message: read.error, seq: mySeq });
    if (read.value != null && bounds && outOfBounds(bounds, read.value))
      return set({ text, status: 'error', message: boundsMessage(bounds, read.value), seq: mySeq });
    const stored = valueOf(row, column);
    if (read.value === stored || (read.value == null && stored == null)) return set(null);
    set({ text, status: 'saving', seq: mySeq });
    const settle = (p: Pending | null) =>
      setPending((old) => {
        if (old.get(id)?.seq !== mySeq) return old; // a later save of this cell decides
        const next = new Map(old);
        if (p) next.set(id, p);
        else next.delete(id);
        return next;
      });
    onCommit(row, column, read.value).then(
      () => {
        setSaved(true);
        settle(null);
      },
      (e: unknown) => settle({ text, status: 'error', message: (describeError ?? defaultDescribe)(e), seq: mySeq }),
    );
  }, []);

  const onFinish = useCallback(
    (r: number, c: number, text: string, move: Move, refocus: boolean) => {
      setEditing(null);
      save(r, c, text);
      const to = target({ r, c }, move);
      if (move && to) moveTo(to.r, to.c);
      else focusNext.current = refocus;
    },
    [moveTo, save, target],
  );
  const onCancel = useCallback(() => {
    setEditing(null);
    focusNext.current = true;
  }, []);

  // The focus follows the active cell when the keyboard or an edit moved it.
  useLayoutEffect(() => {
    if (!focusNext.current || editing) return;
    focusNext.current = false;
    const el = tableRef.current?.querySelector<HTMLElement>(`[data-r="${r0}"][data-c="${c0}"]`);
    el?.focus();
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });

  // Rows or columns gone (a unit deleted): the active cell stays inside the grid.
  useEffect(() => {
    if (active.r !== r0 || active.c !== c0) setActive({ r: r0, c: c0 });
  }, [active.r, active.c, r0, c0]);

  const startEditing = (r: number, c: number, initial: string, typed: boolean) => {
    if (readOnly || c < 0) return;
    setActive({ r, c });
    setEditing({ r, c, initial, typed });
  };

  const shownText = (r: number, c: number): string => {
    const row = rows[r]!;
    const column = columns[c]!;
    return pending.get(cellId(rowKey(row), columnKey(column)))?.text ?? format(value(row, column));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!rowCount || !colCount) return;
    const target0 = e.target as HTMLElement;
    if (target0.dataset.r === undefined) return; // a key inside something else (a heading's button)
    const { r, c } = activeRef.current;
    const go = (move: Move) => {
      const to = target({ r, c }, move);
      if (!to) return false;
      e.preventDefault();
      moveTo(to.r, to.c);
      return true;
    };
    const ctrl = e.ctrlKey || e.metaKey;
    switch (e.key) {
      case 'ArrowUp':
        go('up');
        return;
      case 'ArrowDown':
        go('down');
        return;
      case 'ArrowLeft':
        go('left');
        return;
      case 'ArrowRight':
        go('right');
        return;
      case 'Tab':
        go(e.shiftKey ? 'prev' : 'next');
        return;
      case 'Home':
        e.preventDefault();
        moveTo(ctrl ? 0 : r, 0);
        return;
      case 'End':
        e.preventDefault();
        moveTo(ctrl ? rowCount - 1 : r, colCount - 1);
        return;
      case 'Enter':
        e.preventDefault();
        if (c === -1) {
          const row = rows[r];
          if (row !== undefined) onRowOpen?.(row);
          return;
        }
        go(e.shiftKey ? 'up' : 'down');
        return;
      case 'F2':
        e.preventDefault();
        startEditing(r, c, shownText(r, c), false);
        return;
      case 'Delete':
      case 'Backspace':
        if (readOnly || c < 0) return;
        e.preventDefault();
        save(r, c, '');
        return;
      case 'Escape': {
        const row = rows[r];
        const column = columns[c];
        if (row === undefined || column === undefined) return;
        const id = cellId(rowKey(row), columnKey(column));
        if (pending.get(id)?.status !== 'error') return;
        e.preventDefault();
        e.stopPropagation();
        setPending((old) => {
          const next = new Map(old);
          next.delete(id);
          return next;
        });
        return;
      }
      default:
        if (!ctrl && !e.altKey && STARTS_EDIT.test(e.key)) {
          e.preventDefault();
          startEditing(r, c, e.key, true);
        }
    }
  };

  const cellOf = (el: EventTarget): { r: number; c: number } | null => {
    const td = (el as HTMLElement).closest?.<HTMLElement>('[data-r]');
    if (!td || !tableRef.current?.contains(td)) return null;
    return { r: Number(td.dataset.r), c: Number(td.dataset.c) };
  };

  let failed = 0;
  let saving = 0;
  for (const p of pending.values()) {
    if (p.status === 'error') failed++;
    else saving++;
  }

  return (
    <div data-testid={testId}>
      <Group justify="flex-end" mb={4}>
        <SaveStatus saving={saving} failed={failed} saved={saved} />
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
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            const at = cellOf(e.target);
            if (at && (at.r !== activeRef.current.r || at.c !== activeRef.current.c)) setActive(at);
          }}
          onClick={(e) => {
            const at = cellOf(e.target);
            if (at?.c === -1) {
              const row = rows[at.r];
              if (row !== undefined) onRowOpen?.(row);
            }
          }}
          onDoubleClick={(e) => {
            const at = cellOf(e.target);
            if (at && at.c >= 0 && !editing) startEditing(at.r, at.c, shownText(at.r, at.c), false);
          }}
        >
          <thead>
            <tr role="row" aria-rowindex={1}>
              <th role="columnheader" aria-colindex={1} className={`${classes.head} ${classes.corner}`}>
                {corner}
              </th>
              {columns.map((column, c) => (
                <th key={columnKeys[c]} role="columnheader" aria-colindex={c + 2} className={classes.head}>
                  {renderColumnHeader ? renderColumnHeader(column) : columnNames[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => {
              const texts: string[] = [];
              const statuses: (Pending | undefined)[] = [];
              const rk = rowKey(row);
              for (const column of columns) {
                const p = pending.get(cellId(rk, columnKey(column)));
                statuses.push(p);
                texts.push(p?.text ?? format(value(row, column)));
              }
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
          {totals && (
            <tfoot>
              <tr role="row" aria-rowindex={rowCount + 2} className={classes.totals}>
                <th role="rowheader" scope="row" aria-colindex={1}>
                  {totals.label}
                </th>
                {columns.map((column, c) => (
                  <td key={columnKeys[c]} role="gridcell" aria-colindex={c + 2} aria-readonly aria-label={`${totals.label}, ${columnNames[c]!}`}>
                    {totals.value(column)}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </div>
  );
}
