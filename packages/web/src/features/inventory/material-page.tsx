/**
 * A material (`/inventory/{material_id}`): its fields in the header card (Edit opens the Material
 * dialog; Count Stock and Adjust open their small dialogs), then its stock history (every
 * transaction with the running balance the server computes, newest first, under a chart of on hand
 * over time), its vendors (the vendors area's Vendor Material dialog, through the kit registry),
 * the products that use it, and its snapshots.
 */
import type { MATERIAL_TRANSACTION_TYPES } from '@glazier/shared/resources/inventory';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { Badge, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconClipboardCheck, IconPencil, IconStar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useList, usePage } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { recordHeading } from '../../resource-kit/records/record-headings.ts';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { ActiveBadge } from '../../ui/active-badge.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { openMaterialDialog } from './material-dialog.tsx';
import { onHandPoints } from './on-hand-points.ts';
import { ReorderBadge } from './reorder-badge.tsx';
import { openAdjustDialog, openCountDialog } from './stock-dialogs.tsx';

type Material = RecordOf<'materials'>;
type Transaction = RecordOf<'material_transactions'>;

const OnHandChart = lazy(() => import('./on-hand-chart.tsx'));

/** How many of the latest transactions the chart draws (the history below pages through all). */
const CHART_ROWS = 100;

const TYPE_LABELS: Record<(typeof MATERIAL_TRANSACTION_TYPES)[number], string> = {
  receipt: 'Receipt',
  pull: 'Pull',
  count: 'Count',
  adjustment: 'Adjustment',
};

/** The movement as it changed the stock: +5 received, −3 pulled, ±2 adjusted, = 7 counted. */
function movement(t: Transaction): string {
  if (t.type === 'count') return `= ${formatQty(t.qty)}`;
  const signed = t.type === 'pull' ? -t.qty : t.qty;
  return signed < 0 ? `−${formatQty(-signed)}` : `+${formatQty(signed)}`;
}

function StockHistory({ material }: { material: Material }) {
  const chart = usePage('material_transactions', {
    material_id: material.id,
    page: 1,
    per_page: CHART_ROWS,
    sort_column: 'date',
    sort_direction: 'desc',
  });
  const points = onHandPoints(chart.data?.data ?? []);
  const columns: Column<'material_transactions'>[] = [
    { key: 'date', label: 'Date', render: (t) => formatDate(t.date) },
    { key: 'type', label: 'Type', render: (t) => TYPE_LABELS[t.type] },
    { key: 'qty', label: 'Qty', render: (t) => movement(t) },
    { key: 'balance', label: 'Balance', render: (t) => <b>{formatQty(t.balance)}</b> },
    { key: 'note', label: 'Note', visibleFrom: 'sm', render: (t) => <span style={{ whiteSpace: 'pre-line' }}>{t.note ?? ''}</span> },
  ];
  return (
    <Stack gap="sm">
      {points.length > 1 && (
        <Suspense
          fallback={
            <Center h={180}>
              <Loader size="sm" role="status" aria-label="Loading chart" />
            </Center>
          }
        >
          <OnHandChart points={points} />
        </Suspense>
      )}
      <ResourceTable
        resource="material_transactions"
        columns={columns}
        filters={{ material_id: material.id }}
        defaultSort={{ column: 'date', direction: 'desc' }}
        emptyText={`No stock movements yet: on hand is the starting qty, ${formatQty(material.starting_qty)}.`}
        testId="stock-history"
      />
    </Stack>
  );
}

function Vendors({ material, canEdit }: { material: Material; canEdit: boolean }) {
  const modals = useModals();
  const vendors = useList('vendors', { active: 'all' });
  const vendorName = (id: number) => vendors.data?.find((v) => v.id === id)?.name ?? '';
  const canOpen = hasRecordDialog('vendor_materials');
  const columns: Column<'vendor_materials'>[] = [
    {
      key: 'vendor_id',
      label: 'Vendor',
      render: (vm) => (
        <Stack gap={2} align="flex-start">
          <span>{vendorName(vm.vendor_id)}</span>
          {vm.is_preferred && (
            <Badge size="sm" variant="light" leftSection={<IconStar size={12} aria-hidden />} styles={{ label: { overflow: 'visible' } }}>
              Preferred
            </Badge>
          )}
        </Stack>
      ),
    },
    { key: 'vendor_part_number', label: 'Part number', render: (vm) => vm.vendor_part_number ?? '' },
    { key: 'unit_price', label: 'Unit price', render: (vm) => formatMoney(vm.unit_price) },
    { key: 'minimum_order_qty', label: 'Min. order', visibleFrom: 'sm', render: (vm) => formatQty(vm.minimum_order_qty) },
  ];
  return (
    <ResourceTable
      resource="vendor_materials"
      columns={columns}
      filters={{ material_id: material.id, active: 'all' }}
      onRowClick={canOpen ? (vm) => void openRecordDialog(modals, 'vendor_materials', { record: vm }) : undefined}
      rowLabel={(vm) => `${canEdit ? 'Edit' : 'Open'} ${vendorName(vm.vendor_id) || 'vendor'}`}
      searchPlaceholder="Search part numbers"
      emptyText="No vendors for this material yet."
      testId="material-vendors"
    />
  );
}

const productHeading = recordHeading('products');
/** How a product uses this material: as its own stock, or in an assembly's material list. */
const usesIt = (p: RecordOf<'products'>) => (p.is_assembly ? 'In its material list' : 'As its material');

function UsedBy({ material }: { material: Material }) {
  const modals = useModals();
  const canOpen = hasRecordDialog('products');
  const columns: Column<'products'>[] = [
    {
      key: 'number',
      label: 'Product',
      render: (p) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {productHeading.primary(p)}
          </Text>
          <Text fz="xs" c="dimmed">
            {productHeading.secondary?.(p)}
          </Text>
        </Stack>
      ),
    },
    { key: 'is_assembly', label: 'Uses it', render: usesIt, text: usesIt },
    { key: 'unit', label: 'Unit', visibleFrom: 'sm', render: (p) => p.unit ?? '' },
  ];
  return (
    <ResourceTable
      resource="products"
      columns={columns}
      filters={{ uses_material_id: material.id }}
      onRowClick={canOpen ? (p) => void openRecordDialog(modals, 'products', { record: p }) : undefined}
      rowLabel={(p) => `Open ${productHeading.primary(p)}`}
      searchPlaceholder="Search products"
      emptyText="No product uses this material."
      testId="material-products"
    />
  );
}

function Snapshots({ material }: { material: Material }) {
  const columns: Column<'material_snapshots'>[] = [
    { key: 'date', label: 'Date', render: (s) => formatDate(s.date) },
    { key: 'qty', label: 'On hand', render: (s) => formatQty(s.qty) },
    { key: 'value', label: 'Value', render: (s) => formatMoney(s.value) },
  ];
  return (
    <ResourceTable
      resource="material_snapshots"
      columns={columns}
      filters={{ material_id: material.id }}
      defaultSort={{ column: 'date', direction: 'desc' }}
      emptyText="No snapshots yet. Take one from the inventory screen."
      testId="material-snapshots"
    />
  );
}

export function MaterialPage() {
  const id = useRouteId('material_id');
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'inventory');

  const edit = async (m: Material) => {
    const saved = await openMaterialDialog(modals, { record: m });
    // Deleted in the dialog: the kit forgot the record, so there is nothing left to show here.
    if (!saved && !queryClient.getQueryData(resourceKeys.record('materials', m.id))) void navigate('/inventory');
  };

  return (
    <DetailPage
      resource="materials"
      id={id}
      parent={{ label: 'Inventory', to: '/inventory' }}
      subtitle={(m) => m.description}
      badge={(m) => (
        <Group gap={6}>
          {!m.active && <ActiveBadge active={false} />}
          <ReorderBadge material={m} />
        </Group>
      )}
      fields={[
        { label: 'Category', value: (m) => m.material_category_name || '—' },
        { label: 'On hand', value: (m) => <span data-testid="material-on-hand">{formatQty(m.on_hand)}</span> },
        { label: 'On order', value: (m) => formatQty(m.on_order) },
        { label: 'Reorder qty', value: (m) => formatQty(m.reorder_qty) },
        { label: 'Economic order qty', value: (m) => formatQty(m.economic_order_qty) },
        { label: 'Starting qty', value: (m) => formatQty(m.starting_qty) },
        { label: 'Starting price', value: (m) => formatMoney(m.starting_price) },
      ]}
      actions={(m) =>
        canEdit ? (
          <>
            <Button leftSection={<IconClipboardCheck size={16} />} onClick={() => void openCountDialog(modals, m)}>
              Count Stock
            </Button>
            <Button variant="default" leftSection={<IconAdjustments size={16} />} onClick={() => void openAdjustDialog(modals, m)}>
              Adjust
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(m)}>
              Edit
            </Button>
          </>
        ) : null
      }
      sections={[
        { key: 'history', label: 'Stock History', render: (m) => <StockHistory material={m} /> },
        {
          key: 'vendors',
          label: 'Vendors',
          render: (m) => <Vendors material={m} canEdit={canEdit} />,
          onAdd:
            canEdit && hasRecordDialog('vendor_materials')
              ? (m) => void openRecordDialog(modals, 'vendor_materials', { initial: { material_id: m.id } })
              : undefined,
          addLabel: 'Add Vendor',
        },
        { key: 'products', label: 'Used By', render: (m) => <UsedBy material={m} /> },
        { key: 'snapshots', label: 'Snapshots', render: (m) => <Snapshots material={m} /> },
      ]}
      notFoundText="This material does not exist or was deleted."
      testId="material-page"
    />
  );
}
