/**
 * The grid editor's quiet saves (grid-editor.tsx): each cell's text is read strictly and checked
 * against the bounds, then `onCommit` runs while the cell shows what was typed; a refused save
 * keeps it, marked, with its message. A later save of the same cell decides over an earlier one.
 */
import { boundsMessage } from '@glazier/shared/resources/fields';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { cellId, type GridEditorProps, type Pending } from './grid-types.ts';
import { outOfBounds, readNumberText } from './number-text.ts';

const defaultDescribe = (e: unknown) => (e instanceof Error && e.message ? e.message : 'Not saved.');

export interface GridSaves {
  /** Each cell's save under way or refused, by `cellId`. */
  pending: ReadonlyMap<string, Pending>;
  /** A save has succeeded since the grid opened. */
  saved: boolean;
  /** Saves cell (r, c) as `text` reads (stable: it reads the latest props). */
  save: (r: number, c: number, text: string) => void;
  /** Puts back cell (r, c) if its save was refused (it shows the saved value again); false if it was not. */
  dismissRefused: (r: number, c: number) => boolean;
}

export function useGridSaves<R, C>(latest: RefObject<GridEditorProps<R, C>>): GridSaves {
  const [pending, setPending] = useState<ReadonlyMap<string, Pending>>(new Map());
  const [saved, setSaved] = useState(false);
  const seq = useRef(0);

  const save = useCallback(
    (r: number, c: number, text: string) => {
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
    },
    [latest],
  );

  const dismissRefused = (r: number, c: number) => {
    const { rows, columns, rowKey, columnKey } = latest.current;
    const row = rows[r];
    const column = columns[c];
    if (row === undefined || column === undefined) return false;
    const id = cellId(rowKey(row), columnKey(column));
    if (pending.get(id)?.status !== 'error') return false;
    setPending((old) => {
      const next = new Map(old);
      next.delete(id);
      return next;
    });
    return true;
  };

  return { pending, saved, save, dismissRefused };
}
