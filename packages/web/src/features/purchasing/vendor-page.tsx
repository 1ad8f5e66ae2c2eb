/**
 * A vendor (`/lists/vendors/{vendor_id}`): its fields with Edit, and the materials it sells (part
 * number, unit price, minimum order qty, preferred, active), each opening the Vendor Material
 * dialog with the vendor fixed; Add (and the action bar's add) adds one.
 */
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { formatPhone } from '@glazier/shared/rules/phone';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconStarFilled } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openVendorDialog } from './vendor-dialog.tsx';
import { openVendorMaterialDialog } from './vendor-material-dialog.tsx';

const LIST = { label: 'Vendors', to: '/lists/vendors' };

const materialColumns: Column<'vendor_materials'>[] = [
  {
    key: 'material_number',
    label: 'Material',
    sortable: true,
    render: (vm) => (
      <Stack gap={0}>
        <Text span size="sm" fw={500}>
          {vm.material_number}
        </Text>
        {vm.material_description && (
          <Text span size="xs" c="dimmed">
            {vm.material_description}
          </Text>
        )}
        {/* Phones have no room for the part number's column: it goes under the material. */}
        {vm.vendor_part_number && (
          <Text span size="xs" c="dimmed" hiddenFrom="xs">
            Part {vm.vendor_part_number}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'vendor_part_number', label: 'Part number', sortable: true, visibleFrom: 'xs' },
  { key: 'unit_price', label: 'Unit price', sortable: true, render: (vm) => formatMoney(vm.unit_price) },
  { key: 'minimum_order_qty', label: 'Min. order qty', visibleFrom: 'sm', render: (vm) => formatQty(vm.minimum_order_qty) },
  {
    key: 'is_preferred',
    label: 'Preferred',
    // A star and a short word: it fits the phone's narrow column under the "Preferred" heading.
    render: (vm) =>
      vm.is_preferred ? (
        <Group gap={4} wrap="nowrap" c="var(--mantine-color-anchor)" data-testid="preferred-badge">
          <IconStarFilled size={14} aria-hidden />
          <Text span size="sm" fw={500}>
            Yes
          </Text>
        </Group>
      ) : null,
  },
  { key: 'active', label: 'Status', visibleFrom: 'sm', render: (vm) => <ActiveBadge active={vm.active} /> },
];

export function VendorPage() {
  const id = useRouteId('vendor_id');
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'inventory');

  const addMaterial = (vendorId: number) => void openVendorMaterialDialog(modals, { initial: { vendor_id: vendorId } });
  const openMaterial = (vm: RecordOf<'vendor_materials'>) => void openVendorMaterialDialog(modals, { record: vm, initial: { vendor_id: vm.vendor_id } });
  const edit = async (vendor: RecordOf<'vendors'>) => {
    let deleted = false;
    const onDeleted = () => {
      deleted = true;
    };
    await openVendorDialog(modals, { record: vendor, onDeleted });
    // After the dialog's promise: the dialog's own history entry is gone by then.
    if (deleted) void navigate(LIST.to, { replace: true });
  };
  useScreenAction('add', canEdit && id != null ? () => addMaterial(id) : null);

  return (
    <DetailPage
      resource="vendors"
      id={id}
      parent={LIST}
      badge={(v) => (v.active ? null : <ActiveBadge active={false} />)}
      fields={[
        { label: 'Contact', value: (v) => v.contact_name || '—' },
        { label: 'Phone', value: (v) => (v.phone ? <Anchor href={`tel:+${v.phone}`}>{formatPhone(v.phone)}</Anchor> : '—') },
        { label: 'Email', span: 2, value: (v) => (v.email ? <Anchor href={`mailto:${v.email}`}>{v.email}</Anchor> : '—') },
      ]}
      actions={(v) => (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(v)}>
          Edit
        </Button>
      )}
      sections={[
        {
          key: 'materials',
          label: 'Materials',
          addLabel: 'Add Material',
          onAdd: canEdit ? (v) => addMaterial(v.id) : undefined,
          render: (v) => (
            <ResourceTable
              resource="vendor_materials"
              filters={{ vendor_id: v.id }}
              columns={materialColumns}
              defaultSort={{ column: 'material_number', direction: 'asc' }}
              onRowClick={openMaterial}
              rowLabel={(vm) => `Open ${vm.material_number ?? 'material'}`}
              searchPlaceholder="Search part numbers"
              emptyText={canEdit ? 'No materials from this vendor yet. Add the first one.' : 'No materials from this vendor yet.'}
              testId="vendor-materials-table"
            />
          ),
        },
      ]}
      testId="vendor-page"
    />
  );
}
