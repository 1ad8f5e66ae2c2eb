/**
 * The grid editor's rows and cells (grid-editor.tsx): memoised and compared by what they show, so
 * moving or typing re-renders the row (or two) concerned, not the whole grid.
 */
import { Text } from '@mantine/core';
import { memo, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import classes from './grid-editor.module.css';
import type { Editing, Key, Move, Pending } from './grid-types.ts';

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

const sameList = <T,>(a: readonly T[], b: readonly T[]) => a === b || (a.length === b.length && a.every((v, i) => v === b[i]));

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

export const GridRow = memo(function GridRow({
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
    // the active cell's row is always drawn (its error shows beneath the cell, outside the row)
    <tr role="row" aria-rowindex={r + 2} className={classes.row} data-active={activeCol != null || undefined}>
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
export function SaveStatus({ pending, saved }: { pending: ReadonlyMap<string, Pending>; saved: boolean }) {
  let failed = 0;
  let saving = 0;
  for (const p of pending.values()) {
    if (p.status === 'error') failed++;
    else saving++;
  }
  const text = saving ? 'Saving…' : failed ? `${failed} ${failed === 1 ? 'cell' : 'cells'} not saved` : saved ? 'All changes saved' : '';
  return (
    <Text size="xs" c={failed && !saving ? 'red' : 'dimmed'} role="status" aria-live="polite" data-testid="grid-save-status" mih="1.2em">
      {text}
    </Text>
  );
}

interface ColumnsProps<C> {
  columns: readonly C[];
  columnKeys: readonly Key[];
  columnNames: readonly string[];
}

/** The grid's heading row: the corner, then each column's name (or what `render` draws); drawn again only when they change. */
export const GridHead = memo(function GridHead<C>({
  corner,
  columns,
  columnKeys,
  columnNames,
  render,
}: ColumnsProps<C> & { corner: ReactNode; render?: (column: C) => ReactNode }) {
  return (
    <thead>
      <tr role="row" aria-rowindex={1}>
        <th role="columnheader" aria-colindex={1} className={`${classes.head} ${classes.corner}`}>
          {corner}
        </th>
        {columns.map((column, c) => (
          <th key={columnKeys[c]} role="columnheader" aria-colindex={c + 2} className={classes.head}>
            {render ? render(column) : columnNames[c]}
          </th>
        ))}
      </tr>
    </thead>
  );
}) as <C>(props: ColumnsProps<C> & { corner: ReactNode; render?: (column: C) => ReactNode }) => ReactNode;

/** The last row of totals (not editable); drawn again only when its props change. */
export const GridTotals = memo(function GridTotals<C>({
  totals,
  rowCount,
  columns,
  columnKeys,
  columnNames,
}: ColumnsProps<C> & { totals: { label: string; value: (column: C) => ReactNode }; rowCount: number }) {
  return (
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
  );
}) as <C>(props: ColumnsProps<C> & { totals: { label: string; value: (column: C) => ReactNode }; rowCount: number }) => ReactNode;
