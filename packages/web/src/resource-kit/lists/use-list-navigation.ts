/**
 * Keyboard highlight for a list driven from a text input (picker and lookups): arrow keys move and
 * wrap at both ends (docs/platform.md, Pickers and lookups); Enter picks; Tab picks without stopping the focus move.
 */
import { useCallback, useState, type KeyboardEvent } from 'react';

export function wrapIndex(current: number, delta: number, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return delta > 0 ? 0 : count - 1;
  return (((current + delta) % count) + count) % count;
}

export function useListNavigation(count: number, onPick: (index: number) => void, options: { pickOnTab?: boolean } = {}) {
  const [highlight, setHighlight] = useState(-1);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          setHighlight((h) => wrapIndex(h, 1, count));
          return true;
        case 'ArrowUp':
          event.preventDefault();
          setHighlight((h) => wrapIndex(h, -1, count));
          return true;
        case 'Enter':
          if (highlight >= 0 && highlight < count) {
            event.preventDefault();
            onPick(highlight);
            return true;
          }
          return false;
        case 'Tab':
          if (options.pickOnTab !== false && highlight >= 0 && highlight < count && !event.shiftKey) {
            onPick(highlight);
            return true;
          }
          return false;
        default:
          return false;
      }
    },
    [count, highlight, onPick, options.pickOnTab],
  );
  return { highlight, setHighlight, onKeyDown };
}
