/**
 * One row of a keyboard-driven list (the picker's drop-down, lookup dialogs): `role="option"`,
 * an id for `aria-activedescendant` (`${listId}-${index}`), the highlight (kept scrolled into
 * view, so Enter never picks a row the user cannot see), and a mouse moving it. A touch does not
 * move it: a tap picks, and nothing stays highlighted after it.
 */
import { UnstyledButton, type MantineSpacing } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/** Scrolls the row's list (its nearest scrolling ancestor) just enough to show it; never the page. */
function scrollIntoList(row: HTMLElement): void {
  let list = row.parentElement;
  while (list && !(list.scrollHeight > list.clientHeight && /auto|scroll/.test(getComputedStyle(list).overflowY))) list = list.parentElement;
  if (!list || list === document.body || list === document.documentElement) return;
  const box = list.getBoundingClientRect();
  const r = row.getBoundingClientRect();
  if (r.top < box.top) list.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) list.scrollTop += r.bottom - box.bottom;
}

/** Where the mouse last was over any list row (to tell a real move from a scroll under it). */
let lastPointer: { x: number; y: number } | null = null;

interface ListOptionProps {
  listId: string;
  index: number;
  highlighted: boolean;
  onHighlight: (index: number) => void;
  onPick: () => void;
  /** Keep the focus where it is (in the search input) when the row is clicked. */
  keepFocus?: boolean;
  py?: MantineSpacing | number;
  children: ReactNode;
}

export function ListOption({ listId, index, highlighted, onHighlight, onPick, keepFocus, py = 8, children }: ListOptionProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (highlighted && ref.current) scrollIntoList(ref.current);
  }, [highlighted]);
  return (
    <UnstyledButton
      ref={ref}
      id={`${listId}-${index}`}
      role="option"
      aria-selected={highlighted}
      tabIndex={keepFocus ? -1 : undefined}
      onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}
      onPointerMove={(e) => {
        // Only a mouse that really moved: rows scrolling under a still pointer (arrow keys) must
        // not steal the highlight, and a tap leaves none behind.
        if (e.pointerType !== 'mouse' || highlighted) return;
        const last = lastPointer;
        lastPointer = { x: e.clientX, y: e.clientY };
        if (!last || (last.x === e.clientX && last.y === e.clientY)) return;
        onHighlight(index);
      }}
      onClick={onPick}
      display="block"
      w="100%"
      px="sm"
      py={py}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: highlighted ? 'var(--mantine-primary-color-light)' : undefined }}
    >
      {children}
    </UnstyledButton>
  );
}
