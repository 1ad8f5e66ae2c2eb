/** Discontinued products (`/discontinued_products`): the deleted ones, searchable, each restorable. */
import { Button, Stack } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { useRestore } from '../../resource-kit/writes/saves.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { openProductDialog } from './product-dialog.tsx';

export function DiscontinuedProductsPage() {
  const modals = useModals();
  const canEdit = useCan('edit', 'products');
  const restore = useRestore('products');
  const loader = useLoader();

  const onRestore = async (p: RecordOf<'products'>) => {
    try {
      await loader.run(restore.mutateAsync(p.id));
      reportSuccess(`${p.name} restored.`);
    } catch (e) {
      reportError(e);
    }
  };

  const columns: Column<'products'>[] = [
    { key: 'number', label: 'Number', sortable: true, render: (p) => p.number || '—' },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'series_name', label: 'Series', visibleFrom: 'sm', render: (p) => p.series_name ?? '' },
    ...(canEdit
      ? [
          {
            key: 'actions' as const,
            label: '',
            width: 1,
            render: (p: RecordOf<'products'>) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRestore size={14} />}
                aria-label={`Restore ${p.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void onRestore(p);
                }}
              >
                Restore
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Stack gap="md">
      <ScreenTitle>Discontinued Products</ScreenTitle>
      <ResourceTable
        resource="products"
        columns={columns}
        filters={{ discontinued: true }}
        defaultSort={{ column: 'name', direction: 'asc' }}
        onRowClick={(p) => void openProductDialog(modals, { record: p })}
        rowLabel={(p) => `Open ${p.name}`}
        searchPlaceholder="Search discontinued products"
        emptyText="No discontinued products."
        testId="discontinued-products-table"
      />
    </Stack>
  );
}
