/**
 * Product categories (`/product_categories`): the list (a row opens the category), Add Category,
 * the product lookup (Find Product: opens the product), and the way to discontinued products.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconArchive, IconPlus, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { openLookup } from '../../resource-kit/pickers/lookup-dialog.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { ScreenTitle } from '../../ui/screen-title.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { enabledFeatures } from './feature-flags.tsx';
import { openProductCategoryDialog } from './product-category-dialog.tsx';
import { openProductDialog } from './product-dialog.tsx';

export function ProductCategoriesPage() {
  const modals = useModals();
  const navigate = useNavigate();
  const canEdit = useCan('edit', 'products');
  const add = async () => {
    const created = await openProductCategoryDialog(modals);
    if (created) void navigate(`/product_categories/${created.id}`);
  };
  useScreenAction('add', canEdit ? () => void add() : null);

  const findProduct = async () => {
    const product = await openLookup(modals, 'products');
    if (product) void openProductDialog(modals, { record: product });
  };

  const columns: Column<'product_categories'>[] = [
    { key: 'name', label: 'Name', sortable: true },
    {
      key: 'product_selection_method',
      label: 'Products by',
      render: (c) => (
        <Badge variant="light" color={c.product_selection_method === 'series' ? 'blue' : 'grape'}>
          {c.product_selection_method === 'series' ? 'Series' : 'Product'}
        </Badge>
      ),
    },
    {
      key: 'enable_cutlist',
      label: 'Features',
      visibleFrom: 'sm',
      text: (c) => enabledFeatures(c).join(', '),
      render: (c) => (
        <Text size="sm" c={enabledFeatures(c).length ? undefined : 'dimmed'}>
          {enabledFeatures(c).join(', ') || 'None'}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs">
        <ScreenTitle>Product Categories</ScreenTitle>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconSearch size={16} />} onClick={() => void findProduct()}>
            Find Product
          </Button>
          <Button variant="default" component={Link} to="/discontinued_products" leftSection={<IconArchive size={16} />}>
            Discontinued
          </Button>
          {canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => void add()}>
              Add Category
            </Button>
          )}
        </Group>
      </Group>
      <ResourceTable
        resource="product_categories"
        columns={columns}
        defaultSort={{ column: 'name', direction: 'asc' }}
        onRowClick={(c) => void navigate(`/product_categories/${c.id}`)}
        rowLabel={(c) => `Open ${c.name}`}
        searchPlaceholder="Search categories"
        emptyText={canEdit ? 'No product categories yet. Add the first one.' : 'No product categories yet.'}
        testId="product-categories-table"
      />
    </Stack>
  );
}
