/**
 * Series dialog (docs/domain/catalogue.md, Series): name, its category, "Use category settings" (default on: the six
 * feature flags then follow the category and are locked), its own flags otherwise, and the type
 * Stocked / Special Order (clicking the selected one switches to the other), and where its products
 * have dimensions the glass deductions (measure-to-cut, the glass is the site opening less
 * them), and, where they are also ordered, the glass a glass order puts on the vendor's lines.
 */
import { flagsOf, NO_FLAGS, seriesFlags, type FeatureFlag } from '@glazier/shared/rules/catalogue/series-features';
import { useList } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { FeatureFlagFields } from './feature-flags.tsx';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

export const SERIES_TYPES = [
  { value: false, label: 'Stocked' },
  { value: true, label: 'Special Order' },
] as const;

/** Opens Add/Edit Series; resolves with the saved series, or null. */
export const openSeriesDialog = plainDialog('series', {
  testId: 'series-dialog',
  right: 'products',
  deleteConfirm: 'Delete this series?',
  values: ({ record, initial }) =>
    formValues(record, {
      name: initial?.name ?? '',
      category_id: initial?.category_id ?? null,
      use_category_settings: true,
      ...NO_FLAGS,
      special_order: initial?.special_order ?? false,
      glass_width_deduction: null,
      glass_height_deduction: null,
      glass_material_id: null,
      glass_thickness: null,
    }),
  // While the series follows its category, it saves the category's flags (what the dialog shows).
  useTransform: function useFollowedFlags() {
    const categoryOf = useCategoryOf();
    return (v) => (v.use_category_settings ? { ...v, ...flagsOf(categoryOf(v.category_id)) } : v);
  },
  useFields: function useSeriesFields({ form, field, labelOf }) {
    const categories = useList('product_categories');
    const categoryOf = useCategoryOf();
    const values = form.getValues();
    const following = values.use_category_settings;
    const flags = seriesFlags(values, categoryOf(values.category_id));
    return [
      'name',
      <RefSelect key="category" placeholder="Choose a category" records={categories.data} {...field('category_id')} />,
      <ToggleChoice
        key="type"
        label="Type"
        options={SERIES_TYPES}
        value={values.special_order}
        onChange={(v) => form.setFieldValue('special_order', v)}
        data-testid="series-type"
      />,
      <CheckField
        key="follow"
        kind="switch"
        label={labelOf('use_category_settings')}
        checked={following}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          // Turning it off starts from what was shown (the category's flags), not from stale own ones.
          if (!on) for (const [flag, value] of Object.entries(flagsOf(categoryOf(values.category_id)))) form.setFieldValue(flag as FeatureFlag, value);
          form.setFieldValue('use_category_settings', on);
        }}
      />,
      <FeatureFlagFields key="flags" values={flags} onChange={(flag, on) => form.setFieldValue(flag, on)} readOnly={following || undefined} />,
      flags.enable_dimensions && { cols: 2, fields: ['glass_width_deduction', 'glass_height_deduction'] },
      // what "Order glass" on the To Order list puts on the vendor's order
      flags.enable_dimensions &&
        flags.enable_ordered && {
          cols: 2,
          fields: [
            // glass materials only: of a material category marked glass, not cord locks or screws
            <RecordPicker key="glass" resource="materials" filters={{ glass: 'true' }} {...field('glass_material_id')} data-testid="series-glass-picker" />,
            'glass_thickness',
          ],
        },
    ];
  },
});

/** A product category by its id, from the list of them. */
function useCategoryOf() {
  const categories = useList('product_categories');
  return (id: number | null) => categories.data?.find((c) => c.id === id) ?? null;
}
