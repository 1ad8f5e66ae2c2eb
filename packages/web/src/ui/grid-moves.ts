/** Where a move leads in the grid editor (grid-editor.tsx), as a pure rule of its size. */
import type { Move } from './grid-types.ts';

export interface GridCell {
  r: number;
  /** -1 is the row's heading. */
  c: number;
}

/** The cell a move leads to from `from`, or null past the grid's edge (Tab then leaves it). */
export function moveTarget(from: GridCell, move: Move, lastR: number, lastC: number): GridCell | null {
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
}
