/**
 * What waits to be sent, in the order it was made; one not sent yet can be
 * discarded (after a question); a write the server refused says why and offers the choice: keep
 * mine (sent again, over the server's current version) or the server's (mine is dropped).
 */
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useBrowserOnline, useKeptWrites } from './offline.ts';
import { useDialogs } from '../../ui/dialogs.tsx';
import { useModal, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { offlineWritesModule } from './offline-wiring.ts';
import { useCurrentUser } from '../http/session-user.ts';
import type { QueuedWrite } from './write-queue.ts';

function WriteRow({ write }: { write: QueuedWrite }) {
  const [busy, setBusy] = useState(false);
  const me = useCurrentUser();
  const dialogs = useDialogs();
  const held = write.userId != null && me != null && write.userId !== me.id;
  const run = (step: () => Promise<void>) => {
    setBusy(true);
    void step().finally(() => setBusy(false));
  };
  return (
    <Stack gap={4} data-testid="offline-write">
      <Text size="sm" fw={500}>
        {write.label}
      </Text>
      <Text size="xs" c="dimmed">
        {`Made ${formatDateTime(write.queuedAt)}`}
      </Text>
      {held && (
        <Text size="xs" c="orange" data-testid="offline-write-held">
          Made by someone else on this device: it is sent when they sign in again.
        </Text>
      )}
      {!write.problem && !held && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() =>
              run(async () => {
                if (
                  await dialogs.confirm('Discard this change? It has not been sent, and it is lost.', {
                    danger: true,
                    title: 'Discard',
                    confirmLabel: 'Discard',
                  })
                )
                  await (await offlineWritesModule()).offlineWrites.dropMine(write.key);
              })
            }
          >
            Discard
          </Button>
        </Group>
      )}
      {write.problem && (
        <Alert color="red" variant="light" p="xs" title={write.problem.status === 409 ? 'Changed on the server meanwhile' : 'Refused by the server'}>
          <Stack gap="xs">
            <Text size="sm">{write.problem.message}</Text>
            <Group gap="xs">
              <Button size="compact-sm" loading={busy} onClick={() => run(async () => (await offlineWritesModule()).offlineWrites.keepMine(write.key))}>
                Keep mine
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                disabled={busy}
                onClick={() => run(async () => (await offlineWritesModule()).offlineWrites.dropMine(write.key))}
              >
                Use the server’s
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

function OfflineWritesBody() {
  const modal = useModal<null>();
  const writes = useKeptWrites();
  const online = useBrowserOnline();
  return (
    <Stack gap="md">
      {writes.length === 0 ? (
        <Text size="sm">Everything made on this device is on the server.</Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {online
              ? 'Saved on this device, and sent to the server in this order.'
              : 'Saved on this device. They are sent, in this order, when you are back online.'}
          </Text>
          {writes.map((w) => (
            <WriteRow key={w.key} write={w} />
          ))}
        </>
      )}
      <Group justify="flex-end" gap="xs">
        {online && writes.some((w) => !w.problem) && (
          <Button variant="light" onClick={() => void offlineWritesModule().then((m) => m.syncOfflineWrites())}>
            Send now
          </Button>
        )}
        <Button variant="default" onClick={() => modal.close(null)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

export function openOfflineWritesDialog(modals: ModalStackApi): Promise<null> {
  return modals.push<null>(() => <OfflineWritesBody />, { title: 'Waiting to sync', testId: 'offline-writes-dialog' });
}
