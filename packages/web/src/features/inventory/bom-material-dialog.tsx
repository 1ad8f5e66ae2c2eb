/**
 * Bom Material dialog (docs/domain/inventory.md, Boms): the material (looked up by number or
 * description, shown with its description beneath) and a numeric qty, default 1; errors show under
 * material and qty; "Delete this bom material?". A line of a pulled bom is read-only.
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { useRecord } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { QtyField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';

interface Props {
  record?: RecordOf<'bom_materials'> | null;
  initial?: Partial<InputOf<'bom_materials'>>;
}

function BomMaterialForm({ record, initial }: Props) {
  const dialog = useRecordDialog('bom_materials', {
    deleteConfirm: 'Delete this bom material?',
    fields: ['material_id', 'qty'],
    initialValues: formValues(record, { bom_id: initial?.bom_id ?? null, material_id: initial?.material_id ?? null, qty: initial?.qty ?? 1 }),
  });
  const { form, field } = dialog;
  const values = form.getValues();
  const bom = useRecord('boms', values.bom_id);
  const material = useRecord('materials', values.material_id);
  const canEdit = useCan('edit', 'boms') && !bom.data?.pulled_at;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <RecordPicker
        resource="materials"
        autoFocus={values.material_id == null}
        {...field('material_id')}
        helper={material.data?.description || undefined}
        data-testid="material-picker"
      />
      <QtyField {...field('qty')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Bom Material; resolves with the saved line, or null. */
export function openBomMaterialDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'bom_materials'> | null> {
  return modals.push<RecordOf<'bom_materials'>>(() => <BomMaterialForm {...props} />, { testId: 'bom-material-dialog' });
}
