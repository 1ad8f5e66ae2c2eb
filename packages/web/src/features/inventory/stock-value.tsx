/**
 * Stock value as of a snapshot date: choose one of the snapshot dates (newest first)
 * and see the total value of that snapshot; take a new one. The totals are summed by the server
 * (the `material_snapshots.summary` action). Offline it shows the copy it has, "as of" when it was
 * fetched, and without one says it is offline, never "No snapshots yet.".
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney } from '@glazier/shared/rules/money';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { SNAPSHOT_SUMMARY_KEY, openTakeSnapshotDialog } from './stock-dialogs.tsx';

export function StockValue() {
  const modals = useModals();
  const canEdit = useCan('edit', 'inventory');
  const summaries = useQuery({
    queryKey: SNAPSHOT_SUMMARY_KEY,
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['material_snapshots.summary'], { signal }).then((r) => r.data),
    meta: { liveOn: ['material_snapshots'] },
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const list = summaries.data ?? [];
  const current = list.find((s) => s.date === chosen) ?? list[0] ?? null;

  const take = async () => {
    const taken = await openTakeSnapshotDialog(modals);
    if (taken) setChosen(taken.date);
  };

  return (
    <Paper withBorder p="sm" radius="md" data-testid="stock-value">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Stock value
          </Text>
          {current ? (
            <>
              <Text fw={700} fz="xl" data-testid="stock-value-total">
                {formatMoney(current.value)}
              </Text>
              <Text size="xs" c="dimmed">
                {current.materials} {current.materials === 1 ? 'material' : 'materials'} as of {formatDate(current.date)}
              </Text>
            </>
          ) : (
            <NoRows query={summaries} size="sm" empty="No snapshots yet." what="The stock value" />
          )}
          <OfflineAsOf query={summaries} />
        </Stack>
        <Group gap="sm" align="flex-end" wrap="nowrap">
          {list.length > 0 && (
            <SelectField
              label="Snapshot date"
              w={140}
              allowDeselect={false}
              data={list.map((s) => ({ value: s.date, label: formatDate(s.date) }))}
              value={current?.date ?? null}
              onChange={setChosen}
            />
          )}
          {canEdit && (
            <Button variant="default" leftSection={<IconCamera size={16} />} onClick={() => void take()}>
              Take Snapshot
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
