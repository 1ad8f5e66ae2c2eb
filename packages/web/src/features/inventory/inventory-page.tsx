/**
 * The inventory list (`/inventory`): materials, searched by number and description, filtered by
 * category and by "below reorder", with on hand and on order (computed by the server) and the
 * stock value as of a snapshot date. A row opens the material's screen.
 */
import { formatQty } from '@glazier/shared/rules/money';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useFilterBar } from '../../resource-kit/filters/filter-bar.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { openMaterialCategoriesDialog } from './material-categories-dialog.tsx';
import { openMaterialDialog } from './material-dialog.tsx';
import { ReorderBadge } from './reorder-badge.tsx';
import { StockValue } from './stock-value.tsx';

export function InventoryPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'inventory');
  const bar = useFilterBar({ material_category_id: null, below_reorder: null }, [
    {
      kind: 'record',
      name: 'material_category_id',
      label: 'Category',
      placeholder: 'All categories',
      resource: 'material_categories',
      searchable: false,
      width: 200,
      testId: 'category-filter',
    },
    { kind: 'switch', name: 'below_reorder', label: 'Below reorder' },
  ]);
  const categoryId = bar.values.material_category_id;
  const belowReorder = bar.values.below_reorder === 'true';
  const open = (m: RecordOf<'materials'>) => void navigate(`/inventory/${m.id}`);
  const add = async () => {
    const saved = await openMaterialDialog(modals);
    if (saved) void navigate(`/inventory/${saved.id}`);
  };
  useScreenAction('add', canEdit ? () => void add() : null);

  const columns: Column<'materials'>[] = [
    {
      key: 'number',
      label: 'Number',
      sortable: true,
      // A material is shown by its number with the description beneath (docs/platform.md, Dialogs).
      render: (m) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {m.number}
          </Text>
          {m.description && (
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {m.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'material_category_name', label: 'Category', visibleFrom: 'sm', render: (m) => m.material_category_name ?? '' },
    {
      key: 'on_hand',
      label: 'On hand',
      sortable: true,
      // The marker goes beneath the number, so a narrow column never cuts its word.
      render: (m) => (
        <Stack gap={2} align="flex-start">
          <span>{formatQty(m.on_hand)}</span>
          <ReorderBadge material={m} />
        </Stack>
      ),
    },
    { key: 'on_order', label: 'On order', sortable: true, visibleFrom: 'xs', render: (m) => formatQty(m.on_order) },
    { key: 'reorder_qty', label: 'Reorder qty', sortable: true, visibleFrom: 'sm', render: (m) => formatQty(m.reorder_qty) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Inventory</ScreenTitle>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => void openMaterialCategoriesDialog(modals)}>
            Categories
          </Button>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void add()}>
              Add Material
            </Button>
          )}
        </Group>
      </Group>
      <StockValue />
      <ResourceTable
        resource="materials"
        columns={columns}
        // On hand and on order are computed from the stock's moves and the open order lines.
        liveOn={['material_transactions', 'purchase_order_materials']}
        filters={{ material_category_id: categoryId ?? undefined, below_reorder: belowReorder ? 'true' : undefined }}
        onRowClick={open}
        rowLabel={(m) => `Open ${m.number}`}
        searchPlaceholder="Search number or description"
        emptyText={belowReorder ? 'No material is below its reorder point.' : canEdit ? 'No materials yet. Add the first one.' : 'No materials yet.'}
        defaultSort={{ column: 'number', direction: 'asc' }}
        toolbar={bar.toolbar}
        testId="materials-table"
      />
    </Stack>
  );
}
