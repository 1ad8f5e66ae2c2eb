/** A scrolling list inside a modal: never taller than half the viewport (docs/platform.md, Dialogs). */
import { ScrollArea, type ScrollAreaProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface ModalListProps {
  children: ReactNode;
  label?: string;
  /**
   * Room kept for the scrollbars (default both). `'y'` keeps none beneath the list, for content
   * with a row stuck to its bottom: with that room, the row stops short of the bottom and the
   * rows scrolling past show beneath it.
   */
  offsetScrollbars?: ScrollAreaProps['offsetScrollbars'];
}

export function ModalList({ children, label, offsetScrollbars = true }: ModalListProps) {
  return (
    <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars={offsetScrollbars} aria-label={label}>
      {children}
    </ScrollArea.Autosize>
  );
}
