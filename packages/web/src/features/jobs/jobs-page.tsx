/**
 * The job list (`/jobs`): searched by number, name, client and address, Active (default)
 * or All, filtered by client and foreman, sortable, the client's colour beside its name and the
 * scopes as badges (complete ones checked). On phones each row reads as a card: the job's heading
 * with its client, dates and scopes beneath. A row opens `/jobs/{id}`.
 */
import { formatDate } from '@glazier/shared/rules/dates';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { jobHeading } from './job-heading.ts';
import { ClientName, dateRange } from './job-names.tsx';
import { ScopeBadges } from './scope-badges.tsx';

type Job = RecordOf<'jobs'>;
type Status = 'active' | 'all';

export function JobsPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'jobs');
  const canTrash = useCan('edit', 'jobs_admin');
  // In the address (`?status=all&client_id=7`): Back from a job returns to the same list.
  const bar = useFilterBar({ status: 'active', client_id: null, foreman_id: null }, [
    {
      kind: 'segments',
      name: 'status',
      label: 'Status',
      options: [
        { value: 'active', label: 'Active' },
        { value: 'all', label: 'All' },
      ],
    },
    {
      kind: 'record',
      name: 'client_id',
      label: 'Client',
      placeholder: 'All clients',
      resource: 'clients',
      query: { active: 'all' },
      width: 200,
      testId: 'client-filter',
    },
    {
      kind: 'record',
      name: 'foreman_id',
      label: 'Foreman',
      placeholder: 'All foremen',
      resource: 'users',
      query: { active: 'all' },
      width: 200,
      testId: 'foreman-filter',
    },
  ]);
  const filters = bar.values;
  const status: Status = filters.status === 'all' ? 'all' : 'active';
  const { client_id: clientId, foreman_id: foremanId } = filters;
  const clients = useList('clients', { active: 'all' });
  const colorOf = (id: number | null) => clients.data?.find((c) => c.id === id)?.color ?? null;

  const add = async () => {
    // the dialog's code (its form, fields and pickers) is fetched when it is opened, not with the list
    const { addJob } = await import('./job-dialog.tsx');
    const result = await addJob(modals);
    if (result?.open) void navigate(`/jobs/${result.record.id}`);
  };
  useScreenAction('add', canEdit ? () => void add() : null);

  const columns: Column<'jobs'>[] = [
    {
      key: 'number',
      label: 'Job',
      sortable: true,
      // The job's heading (its number, or its name without one: docs/platform.md, Dialogs); on phones the
      // rest of the row beneath it, as a card.
      render: (j) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {jobHeading(j)}
          </Text>
          {j.number && j.name && (
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {j.name}
            </Text>
          )}
          <Stack gap={4} hiddenFrom="sm" data-testid="job-phone-card">
            <Text fz="xs" component="div">
              <ClientName name={j.client_name} color={colorOf(j.client_id)} />
            </Text>
            {j.address && (
              <Text fz="xs" c="dimmed">
                {j.address}
              </Text>
            )}
            {dateRange(j) && <Text fz="xs">{dateRange(j)}</Text>}
            <ScopeBadges job={j} />
          </Stack>
        </Stack>
      ),
    },
    {
      key: 'client_name',
      label: 'Client',
      sortable: true,
      visibleFrom: 'sm',
      // Room for a three-word name in two lines: left to the table, names broke word by word over
      // three lines while Address beside them had room.
      width: 200,
      render: (j) => <ClientName name={j.client_name} color={colorOf(j.client_id)} maxLines={2} />,
    },
    { key: 'address', label: 'Address', visibleFrom: 'lg', render: (j) => j.address ?? '' },
    { key: 'start_date', label: 'Start', sortable: true, visibleFrom: 'sm', render: (j) => formatDate(j.start_date) },
    { key: 'end_date', label: 'End', sortable: true, visibleFrom: 'md', render: (j) => formatDate(j.end_date) },
    { key: 'scope_array', label: 'Scope', visibleFrom: 'sm', render: (j) => <ScopeBadges job={j} /> },
    ...(status === 'all'
      ? [{ key: 'active', label: 'Status', visibleFrom: 'md', render: (j: Job) => <ActiveBadge active={j.active} /> } as Column<'jobs'>]
      : []),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Jobs</ScreenTitle>
        <Group gap="xs">
          {canTrash && (
            <Button variant="default" component={Link} to="/jobs/trash" leftSection={<IconTrash size={16} />}>
              Trash
            </Button>
          )}
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void add()}>
              Add Job
            </Button>
          )}
        </Group>
      </Group>
      <ResourceTable
        resource="jobs"
        columns={columns}
        filters={{ status, client_id: clientId ?? undefined, foreman_id: foremanId ?? undefined }}
        onRowClick={(j) => void navigate(`/jobs/${j.id}`)}
        rowLabel={(j) => `Open ${jobHeading(j)}`}
        searchPlaceholder="Search number, name, client or address"
        emptyText={status === 'active' ? 'No active jobs.' : canEdit ? 'No jobs yet. Add the first one.' : 'No jobs yet.'}
        defaultSort={{ column: 'number', direction: 'desc' }}
        toolbar={bar.toolbar}
        testId="jobs-table"
      />
    </Stack>
  );
}
