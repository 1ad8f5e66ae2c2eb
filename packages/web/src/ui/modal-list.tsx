/** A scrolling list inside a modal: never taller than half the viewport (platform.md 2.7). */
import { ScrollArea } from '@mantine/core';
import type { ReactNode } from 'react';

export function ModalList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ScrollArea.Autosize mah="50vh" type="auto" offsetScrollbars aria-label={label}>
      {children}
    </ScrollArea.Autosize>
  );
}
