/**
 * Product dialog (docs/domain/catalogue.md, Products; width 5xl): number, name, description, unit, series (picker, or
 * the series lookup), category, cost, sale price and labour hours per unit (only with `edit products_admin`), the
 * Non-Inventory and Assembly toggles, and then either the single material (an inventory product
 * that is not an assembly) or the assembly's product materials. A discontinued (deleted) product
 * says so and can be restored; Delete ("Delete this product?") only with `edit products_admin`.
 *
 * The product and its lines are saved in one request (product-body.ts): never half a product.
 */
import { formatQty } from '@glazier/shared/rules/money';
import { blankMaterial } from '@glazier/shared/rules/catalogue/product-assembly';
import { Alert, Button, Group, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { useRestore } from '../../resource-kit/writes/saves.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { PickerWithLookup } from '../../resource-kit/pickers/picker-with-lookup.tsx';
import { hasRecordDialog, openRecordDialog } from '../../resource-kit/forms/record-dialogs.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { HistoryButton } from '../../resource-kit/detail/history-panel.tsx';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { NoticeLink } from '../../resource-kit/detail/notice-link.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';
import { ModalList } from '../../ui/modal-list.tsx';
import { useModal, useModals } from '../../ui/modal-stack.tsx';
import { draftLines, productBody, withAssemblyToggled, type ProductFormValues, type ProductWithMaterials } from './product-body.ts';
import { editProductMaterialLine, type AddMaterial, type DraftLine } from './product-material-dialog.tsx';

export const DISCONTINUED_NOTICE = 'This product has been discontinued.';

/** Opens Add/Edit Product on the stack (5xl wide), the product read anew with its lines; resolves with the saved product, or null. */
export const openProductDialog = plainDialog<'products', ProductFormValues, PlainDialogProps<'products'>>('products', {
  testId: 'product-dialog',
  size: '5xl',
  right: 'products',
  load: 'fresh',
  // A discontinued product is shown as it was; restoring it makes it editable again.
  useEditable: (_dialog, { record }) => !record?.deleted_at,
  deleteConfirm: 'Delete this product?',
  values: ({ record, initial }) =>
    ({
      ...formValues(record, {
        number: initial?.number ?? '',
        name: initial?.name ?? '',
        description: initial?.description ?? '',
        unit: initial?.unit ?? '',
        series_id: initial?.series_id ?? null,
        category_id: initial?.category_id ?? null,
        cost_per_unit: 0,
        revenue_per_unit: 0,
        hours_per_unit: null,
        non_inventory: initial?.non_inventory ?? false,
        is_assembly: initial?.is_assembly ?? false,
        material_id: initial?.material_id ?? null,
        taxable: initial?.taxable ?? true,
      }),
      product_materials: draftLines((record as ProductWithMaterials | null | undefined) ?? null),
    }) as ProductFormValues,
  useOptions: function useProductOptions() {
    const canSeePrices = useCan('edit', 'products_admin');
    return {
      // Deleting discontinues it: say where it went and how to get it back.
      deletedMessage: (
        <>
          Product discontinued. It moved to <NoticeLink to="/discontinued_products">Discontinued products</NoticeLink>, where it can be restored.
        </>
      ),
      transform: (v) => productBody(v, { canSeePrices }),
      valuesOf: (fresh, values) => ({ ...values, product_materials: draftLines(fresh) }),
    };
  },
  useAccess: function useProductAccess(_dialog, { record, hasRight }) {
    const canSeePrices = useCan('edit', 'products_admin');
    return { canSave: hasRight, canDelete: canSeePrices && !record?.deleted_at };
  },
  useFields: function useProductFields({ form, field }, { record, canEdit }) {
    const modals = useModals();
    const canSeePrices = useCan('edit', 'products_admin');
    // "Add New Material" in the pickers: the inventory area's Material dialog, starting as a blank
    // active material with zero quantities (shared/rules/catalogue/product-assembly.ts) named from the text.
    const canAddMaterial: AddMaterial =
      useCan('edit', 'inventory') && canEdit && hasRecordDialog('materials')
        ? (prefill) => openRecordDialog(modals, 'materials', { initial: newMaterial(prefill.name) })
        : undefined;
    const values = form.getValues();
    const lines = values.product_materials;
    const singleMaterial = useRecord('materials', values.is_assembly || values.non_inventory ? null : values.material_id);

    const setLines = (next: DraftLine[]) => form.setFieldValue('product_materials', next);
    const editLine = async (line: DraftLine | null) => {
      const result = await editProductMaterialLine(modals, { line, canEdit, addMaterial: canAddMaterial });
      if (!result) return;
      if ('removed' in result) setLines(lines.filter((l) => l.key !== line?.key));
      else setLines(line ? lines.map((l) => (l.key === line.key ? result.line : l)) : [...lines, result.line]);
    };
    const toggleAssembly = () => {
      const next = withAssemblyToggled(values);
      form.setValues({ is_assembly: next.is_assembly, material_id: next.material_id, product_materials: next.product_materials });
    };
    const pickSeries = (id: number | null, series: RecordOf<'series'> | null) => {
      form.setFieldValue('series_id', id);
      // A series belongs to a category: an empty category follows it.
      if (series?.category_id && values.category_id == null) form.setFieldValue('category_id', series.category_id);
    };
    return [
      record?.deleted_at && (
        <Alert key="discontinued" color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="status" data-testid="discontinued-notice">
          {DISCONTINUED_NOTICE}
        </Alert>
      ),
      {
        cols: { base: 1, md: 2 },
        spacing: 'lg',
        fields: [
          {
            stack: [
              { row: ['number', ['unit', { placeholder: 'ea, sq ft, lin ft' }]] },
              'name',
              ['category_id', { placeholder: 'Choose a category', clearable: true }],
              <PickerWithLookup
                key="series"
                resource="series"
                {...field('series_id')}
                onChange={pickSeries}
                filters={values.category_id ? { category_id: values.category_id } : undefined}
                data-testid="series-picker"
              />,
              ['description', { maxRows: 6 }],
            ],
          },
          {
            stack: [
              canSeePrices && { row: ['cost_per_unit', 'revenue_per_unit'] },
              // the labour estimate: the analysis compares it with the hours logged
              canSeePrices && ['hours_per_unit', { w: '50%' }],
              { row: ['non_inventory', ['is_assembly', { onChange: toggleAssembly }], 'taxable'], grow: false, gap: 'xl' },
              !values.non_inventory &&
                (values.is_assembly ? (
                  <AssemblyLines key="lines" lines={lines} canEdit={canEdit} onEdit={(l) => void editLine(l)} />
                ) : (
                  ['material_id', { helper: singleMaterial.data?.description, onAddNew: canAddMaterial, 'data-testid': 'material-picker' }]
                )),
              values.non_inventory && (
                <Text key="non-inventory" size="sm" c="dimmed">
                  A non-inventory product uses no stocked material.
                </Text>
              ),
            ],
          },
        ],
      },
    ];
  },
  useExtra: function useProductButtons(_dialog, { record }) {
    const canEdit = useCan('edit', 'products');
    if (!record) return null;
    return (
      <>
        {record.deleted_at && canEdit && <RestoreButton id={record.id} />}
        <HistoryButton resource="products" id={record.id} />
      </>
    );
  },
});

/** A new material's values: blank, active, zero quantities, numbered and described by the typed text. */
function newMaterial(text: string): Partial<InputOf<'materials'>> {
  const { id: _none, ...blank } = blankMaterial();
  return { ...blank, number: text, description: text };
}

function AssemblyLines({ lines, canEdit, onEdit }: { lines: DraftLine[]; canEdit: boolean; onEdit: (line: DraftLine | null) => void }) {
  return (
    <Stack gap={6} data-testid="product-materials">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h5">
          Materials
        </Title>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onEdit(null)}>
            Add Material
          </Button>
        )}
      </Group>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No materials yet.
        </Text>
      ) : (
        <ModalList label="Materials">
          <Table verticalSpacing={6} striped="even">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Material</Table.Th>
                <Table.Th ta="right" w={90}>
                  Qty
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <LineRow key={line.key} line={line} onEdit={() => onEdit(line)} />
              ))}
            </Table.Tbody>
          </Table>
        </ModalList>
      )}
    </Stack>
  );
}

function LineRow({ line, onEdit }: { line: DraftLine; onEdit: () => void }) {
  const loaded = useRecord('materials', line.material ? null : line.material_id);
  const material = line.material ?? loaded.data ?? null;
  return (
    <Table.Tr data-testid="product-material-row">
      <Table.Td>
        <UnstyledButton onClick={onEdit} fz="sm" style={{ textAlign: 'left' }} aria-label={`Material ${material?.number ?? ''}`}>
          <Text size="sm" fw={500}>
            {material?.number ?? '…'}
          </Text>
          {material?.description && (
            <Text size="xs" c="dimmed">
              {material.description}
            </Text>
          )}
        </UnstyledButton>
      </Table.Td>
      <Table.Td ta="right">{formatQty(line.qty)}</Table.Td>
    </Table.Tr>
  );
}

function RestoreButton({ id }: { id: number }) {
  const modal = useModal<RecordOf<'products'>>();
  const restore = useRestore('products');
  const loader = useLoader();
  const queryClient = useQueryClient();
  const onRestore = async () => {
    try {
      const restored = await loader.run(restore.mutateAsync(id));
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      reportSuccess('Product restored.');
      modal.close(restored);
    } catch (e) {
      reportError(e);
    }
  };
  return (
    <Button variant="light" onClick={() => void onRestore()}>
      Restore
    </Button>
  );
}
