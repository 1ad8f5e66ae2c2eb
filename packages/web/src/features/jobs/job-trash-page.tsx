/**
 * The trash (`/jobs/trash`, `edit jobs_admin`): jobs deleted in the last 30 days,
 * searchable, newest deletion first, each with who deleted it and when, and Restore. A row opens the
 * deleted job's screen (read-only, with Restore). Older ones are purged by the server.
 */
import { formatDateTime } from '@glazier/shared/rules/dates';
import { Button, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ParentLink } from '../../resource-kit/detail/detail-page.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { jobHeading } from './job-heading.ts';
import { TRASH_DAYS, useRestoreJob } from './job-trash.tsx';

type Job = RecordOf<'jobs'>;

function Deleted({ job }: { job: Job }) {
  return (
    <Stack gap={0}>
      <Text fz="sm">{formatDateTime(job.deleted_at)}</Text>
      {job.deleted_by_name && (
        <Text fz="xs" c="dimmed">
          by {job.deleted_by_name}
        </Text>
      )}
    </Stack>
  );
}

export function JobTrashPage() {
  const navigate = useNavigate();
  const restore = useRestoreJob();

  const columns: Column<'jobs'>[] = [
    {
      key: 'number',
      label: 'Job',
      sortable: true,
      // On phones the row reads as a card: the heading, its client and when it was deleted.
      render: (j) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600}>
            {jobHeading(j)}
          </Text>
          <Stack gap={2} hiddenFrom="sm">
            {j.client_name && <Text fz="xs">{j.client_name}</Text>}
            <Text fz="xs" c="dimmed">
              Deleted {formatDateTime(j.deleted_at)}
              {j.deleted_by_name ? ` by ${j.deleted_by_name}` : ''}
            </Text>
          </Stack>
        </Stack>
      ),
    },
    { key: 'name', label: 'Name', sortable: true, visibleFrom: 'sm', render: (j) => j.name ?? '' },
    { key: 'client_name', label: 'Client', sortable: true, visibleFrom: 'sm', render: (j) => j.client_name ?? '' },
    { key: 'deleted_at', label: 'Deleted', sortable: true, visibleFrom: 'sm', render: (j) => <Deleted job={j} /> },
    {
      key: 'actions',
      label: '',
      width: 1,
      render: (j) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRestore size={14} />}
          aria-label={`Restore ${jobHeading(j)}`}
          onClick={(e) => {
            e.stopPropagation();
            void restore(j);
          }}
        >
          Restore
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <ParentLink label="Jobs" to="/jobs" />
        <ScreenTitle>Trash</ScreenTitle>
        <Text c="dimmed" fz="sm">
          Deleted jobs stay here for {TRASH_DAYS} days, then they are removed for good.
        </Text>
      </Stack>
      <ResourceTable
        resource="jobs"
        columns={columns}
        filters={{ deleted: true }}
        defaultSort={{ column: 'deleted_at', direction: 'desc' }}
        onRowClick={(j) => void navigate(`/jobs/${j.id}`)}
        rowLabel={(j) => `Open ${jobHeading(j)}`}
        searchPlaceholder="Search number, name, client or address"
        emptyText="The trash is empty."
        testId="job-trash-table"
      />
    </Stack>
  );
}
