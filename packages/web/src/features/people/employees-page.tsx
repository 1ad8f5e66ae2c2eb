/** Employees (`/employees`): everyone who can sign in, with their role and status. */
import { formatPhone } from '@glazier/shared/rules/phone';
import { ROLE_LABELS, type Role } from '@glazier/shared/permissions';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openUserDialog } from './user-dialog.tsx';

const ROLE_COLORS: Record<Role, string> = { admin: 'grape', manager: 'blue', supervisor: 'teal', employee: 'gray' };

export function EmployeesPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'users');
  const add = () => void openUserDialog(modals);
  useScreenAction('add', canEdit ? add : null);

  const columns: Column<'users'>[] = [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'email', label: 'Email', sortable: true, visibleFrom: 'sm' },
    { key: 'number', label: 'Phone', visibleFrom: 'md', render: (r) => formatPhone(r.number ?? '') },
    {
      key: 'role',
      label: 'Role',
      sortable: true,
      render: (r) => (
        <Badge variant="light" color={ROLE_COLORS[r.role] ?? 'gray'}>
          {ROLE_LABELS[r.role] ?? r.role}
        </Badge>
      ),
    },
    { key: 'active', label: 'Status', visibleFrom: 'xs', render: (r) => <ActiveBadge active={r.active} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <ScreenTitle>Employees</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            Add User
          </Button>
        )}
      </Group>
      <ResourceTable
        resource="users"
        columns={columns}
        onRowClick={(r) => void openUserDialog(modals, { record: r })}
        rowLabel={(r) => `Edit ${r.name}`}
        searchPlaceholder="Search by name or email"
        emptyText="No employees yet."
        testId="employees-table"
      />
    </Stack>
  );
}
