/**
 * Product Category dialog (docs/domain/catalogue.md, Product categories): name, the six feature flags, and the product selection
 * method (series or product; clicking the selected one switches to the other).
 */
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { FeatureFlagFields } from './feature-flags.tsx';

export const SELECTION_METHODS = [
  { value: 'series', label: 'Series' },
  { value: 'product', label: 'Product' },
] as const;

interface Props {
  record?: RecordOf<'product_categories'> | null;
  initial?: Partial<InputOf<'product_categories'>>;
}

function ProductCategoryForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'products');
  const dialog = useRecordDialog('product_categories', {
    deleteConfirm: 'Delete this category?',
    initialValues: formValues(record, { name: initial?.name ?? '', ...NO_FLAGS, product_selection_method: 'series' }),
  });
  const { form, field } = dialog;
  const values = form.getValues();

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <FeatureFlagFields values={values} onChange={(flag, on) => form.setFieldValue(flag, on)} />
      <ToggleChoice
        label="Product selection"
        options={SELECTION_METHODS}
        value={values.product_selection_method}
        onChange={(v) => form.setFieldValue('product_selection_method', v)}
        data-testid="selection-method"
      />
    </RecordDialogForm>
  );
}

export function openProductCategoryDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'product_categories'> | null> {
  return modals.push<RecordOf<'product_categories'>>(() => <ProductCategoryForm {...props} />, { testId: 'product-category-dialog' });
}
