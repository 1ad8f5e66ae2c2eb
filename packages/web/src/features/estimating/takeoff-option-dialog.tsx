/**
 * Takeoff Option dialog (docs/domain/estimating.md, Takeoffs): what the option takes off — a product category,
 * a series or a product (`takeoffable_type`), then that record, picked with the matching picker
 * (`takeoffable_id`) — its category, description and active. Picking the record fills the
 * description (its name) and the category (its category; a category is its own) when they are
 * still empty. Changing what kind of record it takes off clears the record picked.
 */
import { TAKEOFFABLE_TYPES } from '@glazier/shared/resources/estimating';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';

export type TakeoffableType = (typeof TAKEOFFABLE_TYPES)[number];

export const TAKEOFFABLE_LABELS: Record<TakeoffableType, string> = { product_category: 'Product category', series: 'Series', product: 'Product' };

/** Opens Add/Edit Takeoff Option; resolves with the saved option, or null (cancelled or deleted). */
export const openTakeoffOptionDialog = plainDialog('takeoff_options', {
  testId: 'takeoff-option-dialog',
  right: 'estimates_admin',
  deleteConfirm: 'Delete this takeoff option?',
  fields: ['takeoffable_type', 'takeoffable_id', 'product_category_id', 'description', 'active'],
  values: ({ record, initial }) =>
    formValues(record, {
      takeoffable_type: initial?.takeoffable_type ?? ('product' as TakeoffableType),
      takeoffable_id: initial?.takeoffable_id ?? (null as number | null),
      product_category_id: initial?.product_category_id ?? null,
      description: initial?.description ?? '',
      active: initial?.active ?? true,
      sort: initial?.sort ?? 0,
    }),
  useFields: ({ form }) => {
    const values = form.getValues();
    /** The record picked: its name and category fill the empty fields. */
    const picked = (id: number | null, name: string | undefined, categoryId: number | null | undefined) => {
      form.setFieldValue('takeoffable_id', id);
      if (id == null) return;
      const now = form.getValues();
      if (!now.description.trim() && name) form.setFieldValue('description', name);
      if (now.product_category_id == null && categoryId != null) form.setFieldValue('product_category_id', categoryId);
    };
    const pickerProps = {
      label: TAKEOFFABLE_LABELS[values.takeoffable_type],
      value: values.takeoffable_id,
      error: form.errors.takeoffable_id,
      required: true,
      'data-testid': 'takeoffable-picker',
    } as const;
    const type = values.takeoffable_type;
    return [
      [
        'takeoffable_type',
        {
          data: TAKEOFFABLE_TYPES.map((t) => ({ value: t, label: TAKEOFFABLE_LABELS[t] })),
          allowDeselect: false,
          onChange: (v: string | null) => {
            if (!v || v === type) return;
            form.setFieldValue('takeoffable_type', v as TakeoffableType);
            form.setFieldValue('takeoffable_id', null);
          },
          'data-testid': 'takeoffable-type',
        },
      ],
      type === 'product' && <RecordPicker key="product" resource="products" {...pickerProps} onChange={(id, p) => picked(id, p?.name, p?.category_id)} />,
      type === 'series' && <RecordPicker key="series" resource="series" {...pickerProps} onChange={(id, s) => picked(id, s?.name, s?.category_id)} />,
      type === 'product_category' && (
        <RecordPicker key="category" resource="product_categories" {...pickerProps} onChange={(id, c) => picked(id, c?.name, id)} />
      ),
      ['product_category_id', { placeholder: 'Choose a category', clearable: true }],
      ['description', { withAsterisk: true }],
      'active',
    ];
  },
});
