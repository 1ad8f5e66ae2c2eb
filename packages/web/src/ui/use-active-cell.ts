/**
 * The grid editor's active cell (grid-editor.tsx): the one cell that carries the focus (roving
 * tabindex), kept inside the grid when rows or columns go, and focused when the keyboard or an
 * edit moved it (not when the data changed under it).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { GridCell } from './grid-moves.ts';

export function useActiveCell(tableRef: RefObject<HTMLTableElement | null>, rowCount: number, colCount: number, editing: boolean) {
  const [active, setActive] = useState<GridCell>({ r: 0, c: 0 });
  /** The active cell as the callbacks read it, kept current without making them change. */
  const activeRef = useRef(active);
  activeRef.current = active;
  /** Move the focus to the active cell after the next render (set by keyboard and saves, not by data updates). */
  const focusNext = useRef(false);
  const r0 = Math.min(active.r, Math.max(0, rowCount - 1));
  const c0 = Math.min(active.c, colCount - 1);

  const moveTo = useCallback((r: number, c: number) => {
    focusNext.current = true;
    setActive({ r, c });
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

  return { r0, c0, activeRef, setActive, moveTo, focusNext };
}
