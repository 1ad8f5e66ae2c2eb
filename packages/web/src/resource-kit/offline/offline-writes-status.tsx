/**
 * The header's "N waiting to sync": what was saved on this device without a
 * connection and is not on the server yet; red when the server refused one. Pressing it opens the
 * list, where a refused write offers keeping it (sent again over the server's version) or the
 * server's (dropped). Given what it shows: the first screen's weight has a budget. On a phone the
 * header has no room for the words (they read "1 WAITI…"): an icon and the count, the
 * words in its accessible name and tooltip.
 */
import { Badge, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import type { QueuedWrite } from './write-queue.ts';

export function OfflineWritesStatus({ writes, onOpen }: { writes: readonly QueuedWrite[]; onOpen: () => void }) {
  const refused = writes.some((w) => w.problem);
  const label = `${writes.length} waiting to sync${refused ? ': the server refused one, choose what to keep' : ''}`;
  return (
    <Badge
      component="button"
      type="button"
      color={refused ? 'red' : 'blue'}
      variant="light"
      size="lg"
      leftSection={<IconCloudUpload size={16} aria-hidden />}
      onClick={onOpen}
      aria-label={label}
      title={label}
      style={{ cursor: 'pointer', flexShrink: 0 }}
      data-testid="offline-writes"
    >
      {writes.length}
      <Text span inherit visibleFrom="xs">
        {' waiting to sync'}
      </Text>
    </Badge>
  );
}
