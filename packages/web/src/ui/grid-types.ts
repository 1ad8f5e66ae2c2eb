/** The grid editor's props and the shapes its parts share (grid-editor.tsx). */
import type { NumberBounds } from '@glazier/shared/resources/fields';
import type { ReactNode } from 'react';
import type { NumberTextKind } from './number-text.ts';

export type Key = string | number;

/** A cell's save under way or refused: the text typed, shown until the save settles. */
export interface Pending {
  text: string;
  status: 'saving' | 'error';
  message?: string;
  /** Which save this is (a later one for the same cell wins). */
  seq: number;
}

/** The cell being typed in. */
export interface Editing {
  r: number;
  c: number;
  initial: string;
  /** Began by typing (arrows then leave the cell, as in a spreadsheet) rather than F2 / double click. */
  typed: boolean;
}

/** Where a key or a save moves the active cell (null: it stays). */
export type Move = 'up' | 'down' | 'left' | 'right' | 'next' | 'prev' | null;

/** A cell's key in the map of pending saves. */
export const cellId = (r: Key, c: Key) => `${r}\u0000${c}`;

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
