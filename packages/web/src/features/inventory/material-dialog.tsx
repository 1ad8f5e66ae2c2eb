/**
 * Material dialog (docs/domain/inventory.md, Materials): number, description, category (picker; a new category can be
 * added on the spot), reorder qty, economic order qty, starting qty and price, and the active
 * toggle when editing. A material still used by products, orders or boms is refused on delete;
 * the server's words say where (the kit shows them).
 */
import { SimpleGrid } from '@mantine/core';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { MoneyField, QtyField } from '../../ui/fields.tsx';
import { CheckField } from '../../ui/check-field.tsx';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';
import { openMaterialCategoryDialog } from './material-category-dialog.tsx';

interface Props {
  record?: RecordOf<'materials'> | null;
  initial?: Partial<InputOf<'materials'>>;
}

function MaterialForm({ record, initial = {} }: Props) {
  const modals = useModals();
  const canEdit = useCan('edit', 'inventory');
  const dialog = useRecordDialog('materials', {
    deleteConfirm: 'Delete this material?',
    initialValues: formValues(record, {
      number: initial.number ?? '',
      description: initial.description ?? '',
      material_category_id: initial.material_category_id ?? null,
      reorder_qty: initial.reorder_qty ?? 0,
      economic_order_qty: initial.economic_order_qty ?? 0,
      starting_qty: initial.starting_qty ?? 0,
      starting_price: initial.starting_price ?? 0,
      active: initial.active ?? true,
    }),
  });
  const { field, isNew } = dialog;

  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField autoFocusDelayed {...field('number')} />
      <TextAreaField autosize minRows={2} {...field('description')} />
      <RecordPicker
        resource="material_categories"
        {...field('material_category_id')}
        onAddNew={canEdit ? (prefill) => openMaterialCategoryDialog(modals, { initial: { name: prefill.name } }) : undefined}
        data-testid="material-category-picker"
      />
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <QtyField {...field('reorder_qty')} />
        <QtyField {...field('economic_order_qty')} />
        <QtyField {...field('starting_qty')} />
        <MoneyField {...field('starting_price')} />
      </SimpleGrid>
      {!isNew && <CheckField kind="switch" {...field('active')} />}
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Material on the stack; resolves with the saved record (null otherwise). */
export function openMaterialDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'materials'> | null> {
  // The form sets the title: Add Material, Edit Material, or Material when read-only.
  return modals.push<RecordOf<'materials'>>(() => <MaterialForm {...props} />, { testId: 'material-dialog' });
}
