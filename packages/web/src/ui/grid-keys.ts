/**
 * The grid editor's keyboard (grid-editor.tsx, where the keys are listed): what a key pressed on
 * the active cell or row heading does.
 */
import type { KeyboardEvent } from 'react';
import type { GridCell } from './grid-moves.ts';
import type { Move } from './grid-types.ts';

const STARTS_EDIT = /^[0-9.\-+$,]$/;

/** What the keys act on: the active cell, the grid's size and what the grid can do. */
export interface GridKeyTarget {
  at: GridCell;
  rowCount: number;
  colCount: number;
  readOnly: boolean | undefined;
  /** The cell a move leads to, or null past the grid's edge. */
  target: (from: GridCell, move: Move) => GridCell | null;
  moveTo: (r: number, c: number) => void;
  openRow: (r: number) => void;
  startEditing: (r: number, c: number, initial: string, typed: boolean) => void;
  shownText: (r: number, c: number) => string;
  save: (r: number, c: number, text: string) => void;
  /** Puts back a cell whose save was refused; false when it was not refused. */
  dismissError: (r: number, c: number) => boolean;
}

export function onGridKey(e: KeyboardEvent<HTMLTableElement>, grid: GridKeyTarget) {
  const { r, c } = grid.at;
  const go = (move: Move) => {
    const to = grid.target({ r, c }, move);
    if (!to) return false;
    e.preventDefault();
    grid.moveTo(to.r, to.c);
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
      grid.moveTo(ctrl ? 0 : r, 0);
      return;
    case 'End':
      e.preventDefault();
      grid.moveTo(ctrl ? grid.rowCount - 1 : r, grid.colCount - 1);
      return;
    case 'Enter':
      e.preventDefault();
      if (c === -1) {
        grid.openRow(r);
        return;
      }
      go(e.shiftKey ? 'up' : 'down');
      return;
    case 'F2':
      e.preventDefault();
      grid.startEditing(r, c, grid.shownText(r, c), false);
      return;
    case 'Delete':
    case 'Backspace':
      if (grid.readOnly || c < 0) return;
      e.preventDefault();
      grid.save(r, c, '');
      return;
    case 'Escape':
      if (!grid.dismissError(r, c)) return;
      e.preventDefault();
      e.stopPropagation();
      return;
    default:
      if (!ctrl && !e.altKey && STARTS_EDIT.test(e.key)) {
        e.preventDefault();
        grid.startEditing(r, c, e.key, true);
      }
  }
}
