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
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { ProductPicker } from '../../resource-kit/pickers/picker-with-lookup.tsx';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import type { RecordDialogOptions } from '../../resource-kit/forms/record-dialogs.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { MoneyField, QtyField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';

type Item = RecordOf<'estimate_items'>;
type Product = RecordOf<'products'>;

/** What only `edit estimates_admin` sees and sends. */
const ADMIN_FIELDS = ['amount', 'alternate_amount', 'cost', 'alternate_cost'] as const;

export interface EstimateItemDialogOptions extends RecordDialogOptions<'estimate_items'> {
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

function EstimateItemForm({ record, initial, calculatedQty, readOnly }: EstimateItemDialogOptions) {
  const canAdmin = useCan('edit', 'estimates_admin');
  const canEdit = useCan('edit', 'estimates') && !readOnly;
  // The saved product's standard prices come with the item; a product picked here brings its own.
  const [standard, setStandard] = useState<Standard>({ price: record?.standard_price ?? null, cost: record?.standard_cost ?? null });
  const [alternateStandard, setAlternateStandard] = useState<Standard>({
    price: record?.alternate_standard_price ?? null,
    cost: record?.alternate_standard_cost ?? null,
  });
  const dialog = useRecordDialog('estimate_items', {
    deleteConfirm: 'Delete this item?',
    initialValues: formValues(record, {
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
    }),
    transform: (v) => {
      const body: Record<string, unknown> = { ...v };
      if (!canAdmin) for (const key of ADMIN_FIELDS) delete body[key];
      return body as InputOf<'estimate_items'>;
    },
  });
  const { form, field } = dialog;
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

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Base
          </Text>
          <ProductPicker {...field('product_id')} onChange={pickProduct} autoFocus={dialog.isNew} data-testid="item-product-picker" />
          <TextField {...field('description')} />
          <QtyField
            {...field('qty')}
            onChange={(n) => follow(n ?? 0, standard, alternateStandard)}
            helper={
              warnings.qty ? <Warning>{warnings.qty}</Warning> : calculatedQty !== undefined ? `Calculated from the takeoff: ${calculatedQty}` : undefined
            }
            data-testid="item-qty"
          />
          {canAdmin && (
            <>
              <MoneyField {...field('amount')} helper={warnings.amount ? <Warning>{warnings.amount}</Warning> : undefined} data-testid="item-amount" />
              <MoneyField {...field('cost')} helper={warnings.cost ? <Warning>{warnings.cost}</Warning> : undefined} data-testid="item-cost" />
            </>
          )}
        </Stack>
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Alternate
          </Text>
          <ProductPicker {...field('alternate_product_id')} onChange={pickAlternate} data-testid="item-alternate-picker" />
          <TextField {...field('alternate_description')} />
          {canAdmin && (
            <>
              <MoneyField {...field('alternate_amount')} />
              <MoneyField {...field('alternate_cost')} />
            </>
          )}
        </Stack>
      </SimpleGrid>
      {/* the estimator's own: never printed nor shown to the client (the description is what the client reads) */}
      <TextAreaField autosize minRows={2} maxRows={6} {...field('notes')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Estimate Item; resolves with the saved item, or null. */
export function openEstimateItemDialog(modals: ModalStackApi, props: EstimateItemDialogOptions = {}): Promise<Item | null> {
  return modals.push<Item>(() => <EstimateItemForm {...props} />, { testId: 'estimate-item-dialog', size: 'xl' });
}
