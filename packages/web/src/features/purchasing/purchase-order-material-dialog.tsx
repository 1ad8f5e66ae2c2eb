/**
 * PO Material dialog (docs/domain/purchasing.md, Lines): one line of an order — the material (required: "The
 * material is required"), qty, the vendor's minimum order qty, unit price and price.
 *
 * Choosing a material finds the order's vendor's price for it (its vendor material): qty becomes
 * max(current qty, the vendor's minimum order qty, the material's economic order qty) and price =
 * qty × the vendor's unit price. Changing qty or unit price recomputes the price; raising the
 * minimum order qty above qty lifts qty to it. The rules are @glazier/shared/rules/purchasing/purchase-order-line.
 * The status is not edited here: saved lines change it through the status picker (line-status-dialog).
 *
 * The material picker lists the order's vendor's materials first, each with the vendor's part
 * number and price, and the others below, marked as not sold by this vendor (the materials'
 * `sold_by` / `not_sold_by` filters). A material already on the order is flagged in the list, and
 * once picked a warning says so: saving adds a second line, which the user may want.
 */
import { formatMoney, formatQty } from '@glazier/shared/rules/money';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type ReactNode } from 'react';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { fieldLabel } from '../../resource-kit/forms/field-text.ts';
import { reportError } from '../../resource-kit/forms/error-mapper.tsx';
import { fetchList, useList, useRecord } from '../../resource-kit/records/queries.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import type { PickerGroup } from '../../resource-kit/pickers/record-picker.tsx';
import { MoneyField, QtyField } from '../../ui/fields.tsx';
import { linePrice, lineUnitPrice, lineWithMinimumOrderQty, qtyForChosenMaterial } from '@glazier/shared/rules/purchasing/purchase-order-line';

export const PO_MATERIAL_REQUIRED = 'The material is required';
export const REMOVE_LINE_CONFIRM = 'Remove this material from this order?';

type Material = RecordOf<'materials'>;

/** "Already on this order (10)": a material's lines on the order, other than the one being edited. */
function onOrderText(lines: RecordOf<'purchase_order_materials'>[]): string {
  const qty = lines.reduce((sum, l) => sum + (l.qty ?? 0), 0);
  return `Already on this order (${formatQty(qty)})`;
}

/**
 * The picker's groups on an order of a known vendor: its materials (part number, price), then the
 * rest; each row flagged when the material is already on the order.
 */
function useVendorGroups(order: RecordOf<'purchase_orders'> | undefined, lineId: number | null) {
  const vendorId = order?.vendor_id ?? null;
  const vendorName = order?.vendor_name || 'this vendor';
  const [shownIds, setShownIds] = useState('');
  const onResults = useCallback((rows: Material[]) => setShownIds(rows.map((r) => r.id).join(',')), []);
  const prices = useList(
    'vendor_materials',
    { vendor_id: vendorId ?? undefined, material_id_list: shownIds },
    { enabled: vendorId != null && shownIds !== '' },
  );
  const lines = useList('purchase_order_materials', { purchase_order_id: order?.id }, { enabled: order != null });
  const linesOf = (materialId: number) => (lines.data ?? []).filter((l) => l.material_id === materialId && l.id !== lineId);
  const priceOf = (materialId: number) => prices.data?.find((v) => v.material_id === materialId && v.active) ?? null;

  const flag = (m: Material): ReactNode => {
    const on = linesOf(m.id);
    return on.length ? (
      <Badge size="sm" color="orange" variant="light" tt="none" data-testid="already-on-order">
        {onOrderText(on)}
      </Badge>
    ) : null;
  };
  const row = (m: Material, what: ReactNode) => (
    <Group gap={6} wrap="wrap">
      <span>{what}</span>
      {flag(m)}
    </Group>
  );
  const groups: readonly [PickerGroup<'materials'>, PickerGroup<'materials'>] | undefined =
    vendorId == null
      ? undefined
      : [
          {
            label: `Sold by ${vendorName}`,
            filters: { sold_by: vendorId },
            describe: (m) => {
              const vm = priceOf(m.id);
              const parts = [m.description, vm && `Part ${vm.vendor_part_number || '—'} · ${formatMoney(vm.unit_price)}`].filter(Boolean);
              return row(m, parts.join(' · '));
            },
          },
          {
            label: `Other materials`,
            filters: { not_sold_by: vendorId },
            describe: (m) => row(m, [m.description, `Not sold by ${vendorName}`].filter(Boolean).join(' · ')),
          },
        ];
  return { groups, onResults, linesOf };
}

/** Opens Add/Edit PO Material; resolves with the saved line, or null (cancelled or removed). */
export const openPurchaseOrderMaterialDialog = plainDialog<
  'purchase_order_materials',
  ReturnType<typeof lineValues>,
  PlainDialogProps<'purchase_order_materials'>,
  ReturnType<typeof useLinePrices>
>('purchase_order_materials', {
  testId: 'po-material-dialog',
  right: 'purchase_orders',
  deleteConfirm: REMOVE_LINE_CONFIRM,
  // The visible fields (the order and the vendor material are not: their errors go to a notification).
  fields: ['material_id', 'qty', 'price'],
  values: lineValues,
  useLocal: ({ form }, { record }) => useLinePrices(form.getValues(), record),
  // the material is required before anything is sent
  useSubmit:
    ({ form, onSubmit }) =>
    (event) => {
      if (form.getValues().material_id != null) return onSubmit(event);
      event?.preventDefault();
      form.setFieldError('material_id', PO_MATERIAL_REQUIRED);
    },
  useFields: function useLineFields({ form }, { record, local }) {
    const queryClient = useQueryClient();
    const values = form.getValues();
    const order = useRecord('purchase_orders', values.purchase_order_id);
    const material = useRecord('materials', values.material_id);
    const { unitPrice, setUnitPrice, setMinimum, shownMinimum, vendorMaterial } = local;

    const setQtyAndPrice = (qty: number, unit: number | null) => {
      form.setFieldValue('qty', qty);
      form.setFieldValue('price', linePrice(qty, unit));
    };

    const chooseMaterial = async (id: number | null, picked: RecordOf<'materials'> | null) => {
      form.setFieldValue('material_id', id);
      if (id == null) return;
      const vendorId = order.data?.vendor_id;
      let vm: RecordOf<'vendor_materials'> | null = null;
      if (vendorId != null) {
        try {
          const found = await fetchList('vendor_materials', { material_id: id, vendor_id: vendorId });
          vm = found.find((v) => v.active) ?? found[0] ?? null;
          if (vm) queryClient.setQueryData(resourceKeys.record('vendor_materials', vm.id), vm);
        } catch (e) {
          reportError(e);
        }
      }
      const min = vm?.minimum_order_qty ?? 0;
      const unit = vm ? vm.unit_price : unitPrice;
      form.setFieldValue('vendor_material_id', vm?.id ?? null);
      setMinimum(min);
      setUnitPrice(unit);
      setQtyAndPrice(qtyForChosenMaterial(form.getValues().qty, min, picked?.economic_order_qty), unit);
    };

    const partNumber = vendorMaterial?.vendor_part_number ?? record?.vendor_part_number;
    const vendor = useVendorGroups(order.data, record?.id ?? null);
    const twice = values.material_id != null ? vendor.linesOf(values.material_id) : [];
    return [
      [
        'material_id',
        {
          onChange: (id: number | null, m: RecordOf<'materials'> | null) => void chooseMaterial(id, m),
          helper: material.data?.description || undefined,
          autoFocus: values.material_id == null,
          groups: vendor.groups,
          onResults: vendor.onResults,
          'data-testid': 'material-picker',
        },
      ],
      twice.length > 0 && (
        <Alert key="twice" color="orange" variant="light" icon={<IconAlertTriangle size={18} />} py={8} data-testid="already-on-order-warning">
          {material.data?.number ?? 'This material'} is already on this order ({formatQty(twice.reduce((sum, l) => sum + (l.qty ?? 0), 0))}). Saving adds it a
          second time; to order more, you can change that line's qty instead.
        </Alert>
      ),
      values.material_id != null && (
        <Text key="part" size="sm" c="dimmed" data-testid="vendor-part-number">
          {values.vendor_material_id == null
            ? `${order.data?.vendor_name ?? 'This vendor'} has no price for this material.`
            : `Vendor part number: ${partNumber || '—'}`}
        </Text>
      ),
      ['qty', { onChange: (q: number | null) => setQtyAndPrice(q ?? 0, unitPrice) }],
      // the vendor's, kept on the vendor material: shown here to work out the line, not stored on it
      <QtyField
        key="minimum"
        label={fieldLabel('vendor_materials', 'minimum_order_qty')}
        helper="The vendor's"
        value={shownMinimum}
        bounds={fieldBounds('vendor_materials', 'minimum_order_qty')}
        onChange={(m) => {
          setMinimum(m);
          const { qty, price } = form.getValues();
          const lifted = lineWithMinimumOrderQty({ qty, price, unit_price: unitPrice ?? 0, minimum_order_qty: shownMinimum }, m ?? 0).qty;
          if (lifted !== qty) setQtyAndPrice(lifted, unitPrice);
        }}
      />,
      <MoneyField
        key="unit-price"
        label={fieldLabel('vendor_materials', 'unit_price')}
        value={unitPrice}
        bounds={fieldBounds('vendor_materials', 'unit_price')}
        onChange={(u) => {
          setUnitPrice(u);
          form.setFieldValue('price', linePrice(form.getValues().qty, u));
        }}
      />,
      [
        'price',
        {
          onChange: (p: number | null) => {
            form.setFieldValue('price', p ?? 0);
            setUnitPrice(lineUnitPrice(form.getValues().qty, p));
          },
        },
      ],
    ];
  },
});

function lineValues({ record, initial }: PlainDialogProps<'purchase_order_materials'>) {
  return formValues(record, {
    purchase_order_id: initial?.purchase_order_id ?? null,
    material_id: initial?.material_id ?? null,
    vendor_material_id: initial?.vendor_material_id ?? null,
    qty: initial?.qty ?? 0,
    price: initial?.price ?? 0,
  });
}

/** Not stored on the line: the price per unit (price ÷ qty) and the vendor's minimum. */
function useLinePrices(
  values: { qty: number; price: number; vendor_material_id: number | null },
  record: RecordOf<'purchase_order_materials'> | null | undefined,
) {
  const vendorMaterial = useRecord('vendor_materials', values.vendor_material_id).data;
  const [unitPrice, setUnitPrice] = useState<number | null>(() => lineUnitPrice(values.qty, values.price));
  const [minimum, setMinimum] = useState<number | null>(record?.vendor_material_id ? null : 0);
  const shownMinimum = minimum ?? vendorMaterial?.minimum_order_qty ?? 0;
  return { unitPrice, setUnitPrice, setMinimum, shownMinimum, vendorMaterial };
}
