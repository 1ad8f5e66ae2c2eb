/** The client list (`/lists/clients`): searchable, paginated, active clients first. */
import { Button, ColorSwatch, Group, Stack } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useList } from '../../resource-kit/records/queries.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openClientDialog } from './client-dialog.tsx';
import { openClientTypesDialog } from './client-types-dialog.tsx';

export function ClientsPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'clients');
  const types = useList('client_types');
  const typeName = (id: number | null) => types.data?.find((t) => t.id === id)?.name ?? '';
  const add = () => void openClientDialog(modals);
  useScreenAction('add', canEdit ? add : null);

  const columns: Column<'clients'>[] = [
    {
      key: 'name',
      label: 'Name',
      sortable: true,
      render: (r) => (
        <Group gap={8} wrap="nowrap">
          <ColorSwatch color={r.color ?? '#868e96'} size={12} withShadow={false} aria-hidden />
          {r.name}
        </Group>
      ),
    },
    { key: 'client_type_id', label: 'Type', render: (r) => typeName(r.client_type_id) },
    { key: 'email', label: 'Email', visibleFrom: 'sm', render: (r) => r.email ?? '' },
    { key: 'note', label: 'Note', visibleFrom: 'md', render: (r) => <span style={{ whiteSpace: 'pre-line' }}>{(r.note ?? '').slice(0, 120)}</span> },
    {
      key: 'active',
      label: 'Status',
      sortable: true,
      // On phones the name and type need the room; inactive rows are dimmed anyway.
      visibleFrom: 'xs',
      render: (r) => <ActiveBadge active={r.active} />,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Clients</ScreenTitle>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => void openClientTypesDialog(modals)}>
            Client Types
          </Button>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={add}>
              Add Client
            </Button>
          )}
        </Group>
      </Group>
      <ResourceTable
        resource="clients"
        columns={columns}
        onRowClick={(r) => void openClientDialog(modals, { record: r })}
        rowLabel={(r) => `Edit ${r.name}`}
        searchPlaceholder="Search clients"
        emptyText={canEdit ? 'No clients yet. Add the first one.' : 'No clients yet.'}
        testId="clients-table"
      />
    </Stack>
  );
}
