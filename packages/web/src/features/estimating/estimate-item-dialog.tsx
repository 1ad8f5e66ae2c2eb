/**
 * Estimate Item dialog (docs/domain/estimating.md, Items): product and alternate product (picker or the product
 * lookup), qty, description, alternate description, notes; amount, alternate amount, cost and
 * alternate cost only with `edit estimates_admin` (neither shown nor sent without it: the server
 * leaves them out too). An amount follows qty × the product's standard price until typed over
 * (shared/rules/line-amount.ts), the alternate's by the alternate product's as the base's by its own. Warnings that do not block the save: the unit price or unit cost
 * differs from the product's standard one, or qty from the takeoff's calculated qty
 * (shared/rules/estimating/estimate-item.ts). Money rounds to 2 decimals, quantities show up to 5.
 * Only a draft estimate's items change: otherwise the dialog is read-only.
 */
import { estimateItemWarnings } from '@glazier/shared/rules/estimating/estimate-item';
import { nextAmount } from '@glazier/shared/rules/line-amount';
import { Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { ProductPicker } from '../../resource-kit/pickers/picker-with-lookup.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';

type Item = RecordOf<'estimate_items'>;
type Product = RecordOf<'products'>;

/** What only `edit estimates_admin` sees and sends. */
const ADMIN_FIELDS = ['amount', 'alternate_amount', 'cost', 'alternate_cost'] as const;

export interface EstimateItemDialogOptions extends PlainDialogProps<'estimate_items'> {
  /** The takeoff's calculated qty for the item's option (absent: not from a takeoff). */
  calculatedQty?: number;
  /** The estimate is not a draft (or is an older revision): nothing here changes. */
  readOnly?: boolean;
}

/** A warning beneath a field: it informs, the save still goes. */
function Warning({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" c="orange.8" role="status">
      <IconAlertTriangle size={14} aria-hidden />
      <Text span fz="xs" c="inherit">
        {children}
      </Text>
    </Group>
  );
}

type Standard = { price: number | null; cost: number | null };

/** A product's standard unit price and cost, as far as the user may see them. */
const standardOf = (p: Product | null): Standard => ({ price: p?.revenue_per_unit ?? null, cost: p?.cost_per_unit ?? null });

/** Opens Add/Edit Estimate Item; resolves with the saved item, or null. */
export const openEstimateItemDialog = plainDialog<'estimate_items', ReturnType<typeof itemValues>, EstimateItemDialogOptions, ReturnType<typeof useStandards>>(
  'estimate_items',
  {
    testId: 'estimate-item-dialog',
    size: 'xl',
    right: 'estimates',
    useEditable: (_dialog, { readOnly }) => !readOnly,
    deleteConfirm: 'Delete this item?',
    values: itemValues,
    useTransform: function useAdminFields() {
      const canAdmin = useCan('edit', 'estimates_admin');
      return (v) => {
        const body: Record<string, unknown> = { ...v };
        if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
        return body as InputOf<'estimate_items'>;
      };
    },
    useLocal: (_dialog, { record }) => useStandards(record),
    useFields: function useItemFields({ form, field, isNew }, { calculatedQty, local }) {
      const canAdmin = useCan('edit', 'estimates_admin');
      const { standard, setStandard, alternateStandard, setAlternateStandard } = local;
      const values = form.getValues();
      const warnings = estimateItemWarnings(values, standard, calculatedQty);

      /** Qty or a product's standard prices changed: amounts still at their default follow, the alternate's as the base's. */
      const follow = (qty: number, next: Standard, nextAlternate: Standard) => {
        const was = values.qty;
        form.setValues({
          qty,
          amount: nextAmount(values.amount, { unit: standard.price, qty: was }, { unit: next.price, qty }),
          cost: nextAmount(values.cost, { unit: standard.cost, qty: was }, { unit: next.cost, qty }),
          alternate_amount: nextAmount(values.alternate_amount, { unit: alternateStandard.price, qty: was }, { unit: nextAlternate.price, qty }),
          alternate_cost: nextAmount(values.alternate_cost, { unit: alternateStandard.cost, qty: was }, { unit: nextAlternate.cost, qty }),
        });
        setStandard(next);
        setAlternateStandard(nextAlternate);
      };
      const pickProduct = (id: number | null, product: Product | null) => {
        form.setFieldValue('product_id', id);
        if (!product) return;
        if (!values.description) form.setFieldValue('description', product.name);
        follow(values.qty ?? 1, standardOf(product), alternateStandard);
      };
      const pickAlternate = (id: number | null, product: Product | null) => {
        form.setFieldValue('alternate_product_id', id);
        if (!product) return;
        if (!values.alternate_description) form.setFieldValue('alternate_description', product.name);
        follow(values.qty ?? 1, standard, standardOf(product));
      };
      const warned = (text: string | undefined) => (text ? <Warning>{text}</Warning> : undefined);
      const heading = (text: string) => (
        <Text key={text} fw={600} size="sm">
          {text}
        </Text>
      );
      const qtyHelp = warned(warnings.qty) ?? (calculatedQty !== undefined ? `Calculated from the takeoff: ${calculatedQty}` : undefined);

      return [
        {
          cols: { base: 1, sm: 2 },
          spacing: 'lg',
          fields: [
            {
              stack: [
                heading('Base'),
                <ProductPicker key="product" {...field('product_id')} onChange={pickProduct} autoFocus={isNew} data-testid="item-product-picker" />,
                'description',
                ['qty', { onChange: (n: number | null) => follow(n ?? 0, standard, alternateStandard), helper: qtyHelp, 'data-testid': 'item-qty' }],
                canAdmin && ['amount', { helper: warned(warnings.amount), 'data-testid': 'item-amount' }],
                canAdmin && ['cost', { helper: warned(warnings.cost), 'data-testid': 'item-cost' }],
              ],
            },
            {
              stack: [
                heading('Alternate'),
                <ProductPicker key="alternate" {...field('alternate_product_id')} onChange={pickAlternate} data-testid="item-alternate-picker" />,
                'alternate_description',
                canAdmin && 'alternate_amount',
                canAdmin && 'alternate_cost',
              ],
            },
          ],
        },
        // the estimator's own: never printed nor shown to the client (the description is what the client reads)
        ['notes', { maxRows: 6 }],
      ];
    },
  },
);

/** The base and alternate products' standard prices: the saved ones come with the item; a product picked here brings its own. */
function useStandards(record: Item | null | undefined) {
  const [standard, setStandard] = useState<Standard>({ price: record?.standard_price ?? null, cost: record?.standard_cost ?? null });
  const [alternateStandard, setAlternateStandard] = useState<Standard>({
    price: record?.alternate_standard_price ?? null,
    cost: record?.alternate_standard_cost ?? null,
  });
  return { standard, setStandard, alternateStandard, setAlternateStandard };
}

function itemValues({ record, initial }: EstimateItemDialogOptions) {
  return formValues(record, {
    estimate_id: initial?.estimate_id ?? null,
    takeoff_option_id: initial?.takeoff_option_id ?? null,
    product_id: initial?.product_id ?? null,
    alternate_product_id: initial?.alternate_product_id ?? null,
    qty: initial?.qty ?? 1,
    amount: null,
    alternate_amount: null,
    cost: null,
    alternate_cost: null,
    description: initial?.description ?? '',
    alternate_description: '',
    notes: '',
  });
}
