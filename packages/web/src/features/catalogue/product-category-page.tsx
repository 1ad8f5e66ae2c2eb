/**
 * A product category (`/product_categories/{id}`): the header card (name, selection method,
 * features; Edit), its series (Series dialog) and its products — grouped by series when the
 * category selects products by series, one flat list when by product. Each section has its Add.
 */
import { formatMoney } from '@glazier/shared/rules/money';
import { Badge, Button, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DetailPage, useRouteId } from '../../resource-kit/detail/detail-page.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useList } from '../../resource-kit/records/queries.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { useQueryOffline } from '../../resource-kit/offline/offline.ts';
import { NoRows } from '../../resource-kit/offline/offline-state.tsx';
import { ResourceTable, type Column } from '../../resource-kit/lists/resource-table.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { useScreenAction } from '../../ui/screen-actions.tsx';
import { enabledFeatures } from './feature-flags.tsx';
import { openProductCategoryDialog } from './product-category-dialog.tsx';
import { openProductDialog } from './product-dialog.tsx';
import { openSeriesDialog } from './series-dialog.tsx';

type Category = RecordOf<'product_categories'>;

export function ProductCategoryPage() {
  const id = useRouteId('product_category_id');
  const modals = useModals();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCan('edit', 'products');

  const addProduct = (initial: { category_id: number; series_id?: number }) => void openProductDialog(modals, { initial });
  useScreenAction('add', canEdit && id ? () => addProduct({ category_id: id }) : null);

  const edit = async (category: Category) => {
    const saved = await openProductCategoryDialog(modals, { record: category });
    // Deleted: its cached copy is gone, and so is the screen's subject.
    if (!saved && !queryClient.getQueryData(resourceKeys.record('product_categories', category.id))) void navigate('/product_categories');
  };

  return (
    <DetailPage
      resource="product_categories"
      id={id}
      parent={{ label: 'Product Categories', to: '/product_categories' }}
      badge={(c) => <SelectionBadge category={c} />}
      // Two columns of the grid (all of a phone's): in one, five features wrapped a word to a line.
      fields={[{ label: 'Features', span: 2, value: (c) => enabledFeatures(c).join(', ') || 'None' }]}
      actions={(c) =>
        canEdit ? (
          <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit(c)}>
            Edit
          </Button>
        ) : null
      }
      sections={[
        {
          key: 'products',
          label: 'Products',
          addLabel: 'Add Product',
          onAdd: canEdit ? (c) => addProduct({ category_id: c.id }) : undefined,
          render: (c) => <CategoryProducts category={c} modals={modals} canEdit={canEdit} onAdd={addProduct} />,
        },
        {
          key: 'series',
          label: 'Series',
          addLabel: 'Add Series',
          onAdd: canEdit ? (c) => void openSeriesDialog(modals, { initial: { category_id: c.id } }) : undefined,
          render: (c) => <CategorySeries category={c} modals={modals} />,
        },
      ]}
      notFoundText="This product category does not exist or was deleted."
      testId="product-category"
    />
  );
}

function SelectionBadge({ category }: { category: Category }) {
  return (
    <Badge variant="light" color={category.product_selection_method === 'series' ? 'blue' : 'grape'}>
      By {category.product_selection_method}
    </Badge>
  );
}

function SeriesTypeBadge({ series }: { series: RecordOf<'series'> }) {
  return series.special_order ? (
    <Badge variant="light" color="orange">
      Special Order
    </Badge>
  ) : (
    <Badge variant="light" color="teal">
      Stocked
    </Badge>
  );
}

function CategorySeries({ category, modals }: { category: Category; modals: ModalStackApi }) {
  const columns: Column<'series'>[] = [
    { key: 'name', label: 'Name', sortable: true },
    { key: 'special_order', label: 'Type', render: (s) => <SeriesTypeBadge series={s} /> },
    {
      key: 'use_category_settings',
      label: 'Features',
      visibleFrom: 'sm',
      render: (s) =>
        s.use_category_settings ? (
          <Text size="sm" c="dimmed">
            As the category
          </Text>
        ) : (
          enabledFeatures(s).join(', ') || 'None'
        ),
    },
  ];
  return (
    <ResourceTable
      resource="series"
      columns={columns}
      filters={{ category_id: category.id }}
      defaultSort={{ column: 'name', direction: 'asc' }}
      onRowClick={(s) => void openSeriesDialog(modals, { record: s })}
      rowLabel={(s) => `Edit ${s.name}`}
      searchPlaceholder="Search series"
      emptyText="No series in this category yet."
      testId="series-table"
    />
  );
}

interface ProductsProps {
  category: Category;
  modals: ModalStackApi;
  canEdit: boolean;
  onAdd: (initial: { category_id: number; series_id?: number }) => void;
}

function CategoryProducts(props: ProductsProps) {
  return props.category.product_selection_method === 'series' ? <ProductsBySeries {...props} /> : <FlatProducts {...props} />;
}

function FlatProducts({ category, modals }: ProductsProps) {
  const canSeePrices = useCan('edit', 'products_admin');
  const columns: Column<'products'>[] = [
    { key: 'number', label: 'Number', sortable: true, render: (p) => p.number || '—' },
    { key: 'name', label: 'Name', sortable: true },
    { key: 'series_name', label: 'Series', visibleFrom: 'sm', render: (p) => p.series_name ?? '' },
    { key: 'is_assembly', label: 'Kind', visibleFrom: 'sm', render: (p) => <ProductKind product={p} />, text: productKind },
    ...(canSeePrices
      ? [{ key: 'revenue_per_unit' as const, label: 'Price', visibleFrom: 'md' as const, render: (p: RecordOf<'products'>) => formatMoney(p.revenue_per_unit) }]
      : []),
  ];
  return (
    <ResourceTable
      resource="products"
      columns={columns}
      filters={{ product_category_id: category.id }}
      defaultSort={{ column: 'name', direction: 'asc' }}
      onRowClick={(p) => void openProductDialog(modals, { record: p })}
      rowLabel={(p) => `Open ${p.name}`}
      searchPlaceholder="Search products"
      emptyText="No products in this category yet."
      testId="products-table"
    />
  );
}

/** A product's kind in words (the list's badge, the export's cell): none for a plain stocked product. */
const productKind = (product: RecordOf<'products'>) => (product.non_inventory ? 'Non-Inventory' : product.is_assembly ? 'Assembly' : '');

function ProductKind({ product }: { product: RecordOf<'products'> }) {
  const kind = productKind(product);
  if (!kind) return null;
  // The whole word, even in a narrow column ("NON-INVENT…" was cut at 1280 px).
  return (
    <Badge variant="light" color={product.non_inventory ? 'gray' : 'indigo'} styles={{ label: { overflow: 'visible' } }}>
      {kind}
    </Badge>
  );
}

const byNumberThenName = (a: RecordOf<'products'>, b: RecordOf<'products'>) =>
  (a.number ?? '').localeCompare(b.number ?? '', undefined, { numeric: true }) || a.name.localeCompare(b.name);

/** The category's products under their series (series by name; products without one last). */
function ProductsBySeries({ category, modals, canEdit, onAdd }: ProductsProps) {
  const series = useList('series', { category_id: category.id });
  const products = useList('products', { product_category_id: category.id });
  const offline = useQueryOffline(products);
  if (series.isLoading || products.isLoading) return <Text c="dimmed">Loading…</Text>;
  // Offline with nothing cached: say so, not "No series in this category yet.".
  const missing = series.data === undefined ? series : products.data === undefined ? products : null;
  if (missing && (offline || !missing.isError)) return <NoRows query={missing} empty="" what="The products" />;
  if (series.isError || products.isError) return <Text c="red">Could not load the products.</Text>;

  const all = [...(products.data ?? [])].sort(byNumberThenName);
  const groups = [...(series.data ?? [])]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({ key: String(s.id), series: s as RecordOf<'series'> | null, title: s.name, items: all.filter((p) => p.series_id === s.id) }));
  const known = new Set(groups.map((g) => Number(g.key)));
  const loose = all.filter((p) => p.series_id == null || !known.has(p.series_id));
  if (loose.length) groups.push({ key: 'none', series: null, title: 'No series', items: loose });

  if (groups.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        No series in this category yet{canEdit ? ': add a series, then its products.' : '.'}
      </Text>
    );
  }
  return (
    <Stack gap="lg" data-testid="products-by-series">
      {groups.map((g) => (
        <Stack key={g.key} gap={6} component="section" aria-labelledby={`series-group-${g.key}`} data-testid="series-group">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap="xs" style={{ minWidth: 0 }}>
              <Title order={3} size="h5" id={`series-group-${g.key}`}>
                {g.title}
              </Title>
              {g.series && <SeriesTypeBadge series={g.series} />}
            </Group>
            {canEdit && g.series && (
              <Button
                size="compact-sm"
                variant="subtle"
                style={{ flexShrink: 0 }}
                leftSection={<IconPlus size={14} />}
                onClick={() => onAdd({ category_id: category.id, series_id: g.series!.id })}
                aria-label={`Add product to ${g.title}`}
              >
                Add
              </Button>
            )}
          </Group>
          {g.items.length === 0 ? (
            <Text size="sm" c="dimmed">
              No products in this series yet.
            </Text>
          ) : (
            <ProductRows products={g.items} onOpen={(p) => void openProductDialog(modals, { record: p })} />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

function ProductRows({ products, onOpen }: { products: RecordOf<'products'>[]; onOpen: (p: RecordOf<'products'>) => void }) {
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table verticalSpacing={6} striped="even" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="30%">Number</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th visibleFrom="sm" w={90}>
              Unit
            </Table.Th>
            <Table.Th visibleFrom="sm" w={140}>
              Kind
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((p) => (
            <Table.Tr key={p.id} onClick={() => onOpen(p)} style={{ cursor: 'pointer' }} data-testid="products-row">
              <Table.Td>
                <UnstyledButton
                  fz="sm"
                  fw={500}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(p);
                  }}
                  aria-label={`Open ${p.name}`}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {p.number || '—'}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td visibleFrom="sm">{p.unit}</Table.Td>
              <Table.Td visibleFrom="sm">
                <ProductKind product={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
