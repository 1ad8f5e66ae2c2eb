/**
 * The header's "N waiting to sync" (issue 25, B3): what was saved on this device without a
 * connection and is not on the server yet; red when the server refused one. Pressing it opens the
 * list, where a refused write offers keeping it (sent again over the server's version) or the
 * server's (dropped). Loaded only once something waits, and given what it shows: the first
 * screen's weight has a budget.
 */
import { Badge } from '@mantine/core';
import type { QueuedWrite } from './write-queue.ts';

export function OfflineWritesStatus({ writes, onOpen }: { writes: readonly QueuedWrite[]; onOpen: () => void }) {
  const refused = writes.some((w) => w.problem);
  const label = `${writes.length} waiting to sync${refused ? ': the server refused one, choose what to keep' : ''}`;
  return (
    <Badge component="button" type="button" color={refused ? 'red' : 'blue'} variant="light" size="lg" onClick={onOpen} aria-label={label} title={label} style={{ cursor: 'pointer' }} data-testid="offline-writes">
      {label.split(":")[0]}
    </Badge>
  );
}
