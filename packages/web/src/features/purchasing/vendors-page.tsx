/** The vendor list (`/lists/vendors`): searchable by name, contact and email; a row opens the vendor. */
import { formatPhone } from '@glazier/shared/rules/phone';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openVendorDialog } from './vendor-dialog.tsx';

export const vendorPath = (id: number) => `/lists/vendors/${id}`;

export function VendorsPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'inventory');
  const add = () => void openVendorDialog(modals);
  useScreenAction('add', canEdit ? add : null);

  const columns: Column<'vendors'>[] = [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'contact_name', label: 'Contact', visibleFrom: 'sm' },
    { key: 'phone', label: 'Phone', render: (v) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(v.phone)}</span> },
    { key: 'email', label: 'Email', visibleFrom: 'md' },
    // On phones the name and phone need the room; inactive rows are dimmed anyway.
    { key: 'active', label: 'Status', visibleFrom: 'lg', render: (v) => <ActiveBadge active={v.active} /> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Vendors</ScreenTitle>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            Add Vendor
          </Button>
        )}
      </Group>
      <ResourceTable
        resource="vendors"
        columns={columns}
        onRowClick={(v) => void navigate(vendorPath(v.id))}
        rowLabel={(v) => `Open ${v.name}`}
        searchPlaceholder="Search vendors"
        emptyText={canEdit ? 'No vendors yet. Add the first one.' : 'No vendors yet.'}
        testId="vendors-table"
      />
    </Stack>
  );
}
