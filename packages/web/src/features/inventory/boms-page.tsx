/** Boms (`/boms`): name, job, Open / Pulled and line count, filtered by status; a row opens the bom. */
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openBomDialog } from './bom-dialog.tsx';
import { BomStatusBadge } from './bom-status.tsx';

const columns: Column<'boms'>[] = [
  { key: 'name', label: 'Name', sortable: true, render: (b) => b.name || '(no name)' },
  { key: 'job_number', label: 'Job', render: (b) => [b.job_number, b.job_name].filter(Boolean).join(' · ') },
  { key: 'pulled_at', label: 'Status', render: (b) => <BomStatusBadge bom={b} /> },
  { key: 'line_count', label: 'Lines', visibleFrom: 'xs', render: (b) => String(b.line_count ?? 0) },
];

export function BomsPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'boms');
  const bar = useFilterBar({ status: null }, [
    {
      kind: 'choice',
      name: 'status',
      label: 'Status',
      placeholder: 'All',
      options: [
        { value: 'open', label: 'Open' },
        { value: 'pulled', label: 'Pulled' },
      ],
      testId: 'bom-status-filter',
    },
  ]);
  const { status } = bar.values;
  const add = async () => {
    const saved = await openBomDialog(modals);
    if (saved) void navigate(`/boms/${saved.id}`);
  };
  useScreenAction('add', canEdit ? () => void add() : null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Boms</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => void add()}>
            Add Bom
          </Button>
        )}
      </Group>
      <ResourceTable
        resource="boms"
        columns={columns}
        filters={{ status: status ?? undefined }}
        onRowClick={(b) => void navigate(`/boms/${b.id}`)}
        rowLabel={(b) => `Open ${b.name || 'bom'}`}
        searchPlaceholder="Search boms"
        emptyText="No boms here."
        toolbar={bar.toolbar}
        testId="boms-table"
      />
    </Stack>
  );
}
