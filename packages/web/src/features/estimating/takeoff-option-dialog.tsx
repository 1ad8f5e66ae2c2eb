/**
 * Takeoff Option dialog (docs/domain/estimating.md, Takeoffs): what the option takes off — a product category,
 * a series or a product (`takeoffable_type`), then that record, picked with the matching picker
 * (`takeoffable_id`) — its category, description and active. Picking the record fills the
 * description (its name) and the category (its category; a category is its own) when they are
 * still empty. Changing what kind of record it takes off clears the record picked.
 */
import { TAKEOFFABLE_TYPES } from '@glazier/shared/resources/estimating';
import { useList } from '../../resource-kit/records/queries.ts';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { CheckField } from '../../ui/check-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { RefSelect } from '../../resource-kit/pickers/ref-select.tsx';

export type TakeoffableType = (typeof TAKEOFFABLE_TYPES)[number];

export const TAKEOFFABLE_LABELS: Record<TakeoffableType, string> = { product_category: 'Product category', series: 'Series', product: 'Product' };

interface Props {
  record?: RecordOf<'takeoff_options'> | null;
  initial?: Partial<InputOf<'takeoff_options'>>;
}

function TakeoffOptionForm({ record, initial }: Props) {
  const canEdit = useCan('edit', 'estimates_admin');
  const categories = useList('product_categories');
  const dialog = useRecordDialog('takeoff_options', {
    deleteConfirm: 'Delete this takeoff option?',
    fields: ['takeoffable_type', 'takeoffable_id', 'product_category_id', 'description', 'active'],
    initialValues: formValues(record, {
      takeoffable_type: initial?.takeoffable_type ?? ('product' as TakeoffableType),
      takeoffable_id: initial?.takeoffable_id ?? (null as number | null),
      product_category_id: initial?.product_category_id ?? null,
      description: initial?.description ?? '',
      active: initial?.active ?? true,
      sort: initial?.sort ?? 0,
    }),
  });
  const { form, field } = dialog;
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

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <SelectField
        label="Takes off"
        data={TAKEOFFABLE_TYPES.map((t) => ({ value: t, label: TAKEOFFABLE_LABELS[t] }))}
        value={values.takeoffable_type}
        allowDeselect={false}
        onChange={(v) => {
          if (!v || v === values.takeoffable_type) return;
          form.setFieldValue('takeoffable_type', v as TakeoffableType);
          form.setFieldValue('takeoffable_id', null);
        }}
        error={form.errors.takeoffable_type}
        data-testid="takeoffable-type"
      />
      {values.takeoffable_type === 'product' && (
        <RecordPicker key="product" resource="products" {...pickerProps} onChange={(id, p) => picked(id, p?.name, p?.category_id)} />
      )}
      {values.takeoffable_type === 'series' && (
        <RecordPicker key="series" resource="series" {...pickerProps} onChange={(id, s) => picked(id, s?.name, s?.category_id)} />
      )}
      {values.takeoffable_type === 'product_category' && (
        <RecordPicker key="category" resource="product_categories" {...pickerProps} onChange={(id, c) => picked(id, c?.name, id)} />
      )}
      <RefSelect placeholder="Choose a category" records={categories.data} {...field('product_category_id')} clearable />
      <TextField withAsterisk {...field('description')} />
      <CheckField kind="switch" {...field('active')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Takeoff Option; resolves with the saved option, or null (cancelled or deleted). */
export function openTakeoffOptionDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'takeoff_options'> | null> {
  return modals.push<RecordOf<'takeoff_options'>>(() => <TakeoffOptionForm {...props} />, { testId: 'takeoff-option-dialog' });
}
