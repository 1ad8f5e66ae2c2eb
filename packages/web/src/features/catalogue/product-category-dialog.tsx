/**
 * Product Category dialog (docs/domain/catalogue.md, Product categories): name, the six feature flags, and the product selection
 * method (series or product; clicking the selected one switches to the other).
 */
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { FeatureFlagFields } from './feature-flags.tsx';

export const SELECTION_METHODS = [
  { value: 'series', label: 'Series' },
  { value: 'product', label: 'Product' },
] as const;

/** Opens Add/Edit Product Category; resolves with the saved category, or null. */
export const openProductCategoryDialog = plainDialog('product_categories', {
  testId: 'product-category-dialog',
  right: 'products',
  deleteConfirm: 'Delete this category?',
  values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', ...NO_FLAGS, product_selection_method: 'series' }),
  useFields: ({ form, labelOf }) => {
    const values = form.getValues();
    return [
      'name',
      <FeatureFlagFields key="flags" values={values} onChange={(flag, on) => form.setFieldValue(flag, on)} />,
      <ToggleChoice
        key="selection"
        label={labelOf('product_selection_method')}
        options={SELECTION_METHODS}
        value={values.product_selection_method}
        onChange={(v) => form.setFieldValue('product_selection_method', v)}
        data-testid="selection-method"
      />,
    ];
  },
});
