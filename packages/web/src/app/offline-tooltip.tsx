/** Explains the Offline badge. Its own chunk (floating-ui), loaded only when offline. */
import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

export function OfflineTooltip({ children }: { children: ReactElement }) {
  return (
    <Tooltip
      label="The server cannot be reached. Changes will not be saved, and others' changes not shown, until you are back online."
      multiline
      w={240}
      withinPortal
    >
      {children}
    </Tooltip>
  );
}
