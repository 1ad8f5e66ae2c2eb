/**
 * One row of a keyboard-driven list (the picker's drop-down, lookup dialogs): `role="option"`,
 * an id for `aria-activedescendant` (`${listId}-${index}`), the highlight, and hover moving it.
 */
import { UnstyledButton, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

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
  return (
    <UnstyledButton
      id={`${listId}-${index}`}
      role="option"
      aria-selected={highlighted}
      tabIndex={keepFocus ? -1 : undefined}
      onMouseDown={keepFocus ? (e) => e.preventDefault() : undefined}
      onMouseEnter={() => onHighlight(index)}
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
