/**
 * The header's "N waiting to sync" (issue 25, B3): what was saved on this device without a
 * connection and is not on the server yet. Red when the server refused one: pressing it opens
 * the list, where each refused write offers keeping it (sent again over the server's version) or
 * the server's (dropped).
 */
import { Badge, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useOfflineWrites } from '../hooks.ts';
import { useModals } from '../../ui/modal-stack.tsx';

export function waitingText(count: number): string {
  return `${count} waiting to sync`;
}

export function OfflineWritesStatus() {
  const writes = useOfflineWrites();
  const modals = useModals();
  if (!writes.length) return null;
  const refused = writes.filter((w) => w.problem).length;
  const label = refused ? `${waitingText(writes.length)}, ${refused} refused by the server: choose what to keep` : waitingText(writes.length);
  const open = () => void import('./offline-writes-dialog.tsx').then((m) => m.openOfflineWritesDialog(modals));
  return (
    <UnstyledButton onClick={open} aria-label={label} title={label} data-testid="offline-writes">
      <Badge
        component="span"
        color={refused ? 'red' : 'blue'}
        variant="light"
        size="lg"
        leftSection={refused ? <IconAlertTriangle size={14} /> : <IconCloudUpload size={14} />}
        styles={{ section: { marginInlineEnd: 0 }, root: { cursor: 'pointer' } }}
      >
        <Text span inherit ml={4}>
          {writes.length}
        </Text>
        {/* On phones the count alone, to leave the header room. */}
        <Text span inherit visibleFrom="sm">
          {' waiting to sync'}
        </Text>
      </Badge>
    </UnstyledButton>
  );
}
