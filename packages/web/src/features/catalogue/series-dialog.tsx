/**
 * Series dialog (docs/domain/catalogue.md, Series): name, its category, "Use category settings" (default on: the six
 * feature flags then follow the category and are locked), its own flags otherwise, and the type
 * Stocked / Special Order (clicking the selected one switches to the other), and where its products
 * have dimensions the glass deductions (measure-to-cut, issue 24: the glass is the site opening less
 * them), and, where they are also ordered, the glass a glass order puts on the vendor's lines (issue 36).
 */
import { flagsOf, NO_FLAGS, seriesFlags, type FeatureFlag } from '@glazier/shared/rules/catalogue/series-features';
import { useList } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { fieldBounds } from '../../resource-kit/forms/field-bounds.ts';
import { LengthField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { Group } from '@mantine/core';
import { type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { ToggleChoice } from '../../ui/toggle-choice.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { FeatureFlagFields } from './feature-flags.tsx';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

export const SERIES_TYPES = [
  { value: false, label: 'Stocked' },
  { value: true, label: 'Special Order' },
] as const;

interface Props {
  record?: RecordOf<'series'> | null;
  initial?: Partial<InputOf<'series'>>;
}

function SeriesForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'products');
  const categories = useList('product_categories');
  const dialog = useRecordDialog('series', {
    deleteConfirm: 'Delete this series?',
    initialValues: formValues(record, {
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
    transform: (v) => (v.use_category_settings ? { ...v, ...flagsOf(categoryOf(v.category_id)) } : v),
  });
  const { form, field } = dialog;
  const values = form.getValues();
  const categoryOf = (id: number | null) => categories.data?.find((c) => c.id === id) ?? null;
  const following = values.use_category_settings;
  const flags = seriesFlags(values, categoryOf(values.category_id));

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('name')} />
      <RefSelect placeholder="Choose a category" records={categories.data} {...field('category_id')} />
      <ToggleChoice
        label="Type"
        options={SERIES_TYPES}
        value={values.special_order}
        onChange={(v) => form.setFieldValue('special_order', v)}
        data-testid="series-type"
      />
      <CheckField
        kind="switch"
        label="Use category settings"
        checked={following}
        onChange={(e) => {
          const on = e.currentTarget.checked;
          // Turning it off starts from what was shown (the category's flags), not from stale own ones.
          if (!on) for (const [flag, value] of Object.entries(flagsOf(categoryOf(values.category_id)))) form.setFieldValue(flag as FeatureFlag, value);
          form.setFieldValue('use_category_settings', on);
        }}
      />
      <FeatureFlagFields values={flags} onChange={(flag, on) => form.setFieldValue(flag, on)} readOnly={following || undefined} />
      {flags.enable_dimensions && (
        <Group grow align="flex-start" gap="sm">
          <LengthField bounds={fieldBounds('series', 'glass_width_deduction')} {...field('glass_width_deduction')} />
          <LengthField bounds={fieldBounds('series', 'glass_height_deduction')} {...field('glass_height_deduction')} />
        </Group>
      )}
      {flags.enable_dimensions && flags.enable_ordered && (
        // what "Order glass" on the To Order list puts on the vendor's order (issue 36)
        <Group grow align="flex-start" gap="sm">
          <RecordPicker
            resource="materials"
            // glass materials only (issue 53): of a material category marked glass, not cord locks or screws
            filters={{ glass: 'true' }}
            {...field('glass_material_id')}
            data-testid="series-glass-picker"
          />
          <LengthField bounds={fieldBounds('series', 'glass_thickness')} {...field('glass_thickness')} />
        </Group>
      )}
    </RecordDialogForm>
  );
}

export function openSeriesDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'series'> | null> {
  return modals.push<RecordOf<'series'>>(() => <SeriesForm {...props} />, { testId: 'series-dialog' });
}
