/**
 * Pickup items (`/lists/pickup`): grouped by job, filtered by status, category and complete. A row
 * opens the Pickup Item dialog; its status badge opens the Pickup Item Status dialog (`edit
 * pickup_items`).
 */
import { PICKUP_STATUS_LABELS, SCOPES } from '@glazier/shared/resources/jobs';
import { Badge, Button, Card, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useListFilters } from '../../resource-kit/lists/list-state.tsx';
import { NoRows, OfflineAsOf } from '../../resource-kit/offline/offline-state.tsx';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { STATUS_OPTIONS, openPickupItemDialog, openPickupItemStatusDialog } from './pickup-item-dialog.tsx';

type Item = RecordOf<'pickup_items'>;
const jobHeading = recordHeading('jobs');

/** Items grouped by job, in order of each job's first item. */
export function groupByJob(items: Item[]): { jobId: number; items: Item[] }[] {
  const groups = new Map<number, Item[]>();
  for (const item of items) {
    const list = groups.get(item.job_id) ?? [];
    list.push(item);
    groups.set(item.job_id, list);
  }
  return [...groups].map(([jobId, list]) => ({ jobId, items: list }));
}

export function PickupPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'pickup_items');
  // In the address (`?complete=all&category=Mirrors`), like every list's filters.
  const [filters, setFilter] = useListFilters({ status: null, category: null, complete: 'open' });
  const { status, category } = filters;
  const complete = filters.complete === 'complete' || filters.complete === 'all' ? filters.complete : 'open';
  const items = useList('pickup_items', {
    ...(status ? { status } : {}),
    ...(category ? { category_name: category } : {}),
    ...(complete === 'all' ? {} : { complete: complete === 'complete' }),
  });
  const groups = groupByJob(items.data ?? []);
  const jobIds = groups.map((g) => g.jobId);
  const jobs = useList('jobs', { id_list: jobIds, active: 'all' }, { enabled: jobIds.length > 0 });
  const jobTitle = (id: number) => {
    const job = jobs.data?.find((j) => j.id === id);
    return job ? [jobHeading.primary(job), jobHeading.secondary?.(job)].filter(Boolean).join(' · ') : `Job ${id}`;
  };
  const add = () => void openPickupItemDialog(modals);
  useScreenAction('add', canEdit ? add : null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Pickup Items</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            Add Pickup Item
          </Button>
        )}
      </Group>
      <OfflineAsOf query={items} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SelectField
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={status}
          onChange={(v) => setFilter('status', v)}
          clearable
          allowDeselect
          w={200}
        />
        <SelectField
          label="Category"
          placeholder="Any category"
          data={[...SCOPES]}
          value={category}
          onChange={(v) => setFilter('category', v)}
          clearable
          allowDeselect
          w={200}
        />
        <SegmentedControl
          aria-label="Complete"
          value={complete}
          onChange={(v) => setFilter('complete', v)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'complete', label: 'Complete' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      {groups.map((g) => (
        <Card key={g.jobId} withBorder padding="sm" data-testid="pickup-group">
          <Text fw={600} size="sm" mb="xs">
            {jobTitle(g.jobId)}
          </Text>
          <Stack gap={6}>
            {g.items.map((item) => (
              <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="pickup-item">
                <UnstyledButton
                  onClick={() => void openPickupItemDialog(modals, { record: item })}
                  style={{ flex: 1, minWidth: 0 }}
                  aria-label={`Open pickup item ${item.note || item.reason || item.id}`}
                >
                  <Text size="sm" fw={500} truncate>
                    {[item.category_name, item.reason].filter(Boolean).join(' · ') || 'Pickup item'}
                  </Text>
                  {item.note && (
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {item.note}
                    </Text>
                  )}
                </UnstyledButton>
                {item.complete && (
                  <Badge color="green" variant="light">
                    Complete
                  </Badge>
                )}
                <Button
                  size="compact-sm"
                  variant="light"
                  disabled={!canEdit}
                  onClick={() => void openPickupItemStatusDialog(modals, item)}
                  aria-label={`Status: ${item.status ? PICKUP_STATUS_LABELS[item.status] : 'No status'}. Change status`}
                >
                  {item.status ? PICKUP_STATUS_LABELS[item.status] : 'No status'}
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      ))}
      {!groups.length && <NoRows query={items} size="sm" ta="center" py="lg" empty="No pickup items here." what="The list" />}
    </Stack>
  );
}
