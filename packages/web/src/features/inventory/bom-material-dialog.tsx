/**
 * Bom Material dialog (docs/domain/inventory.md, Boms): the material (looked up by number or
 * description, shown with its description beneath) and a numeric qty, default 1; errors show under
 * material and qty; "Delete this bom material?". A line of a pulled bom is read-only.
 */
import { useRecord } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';

/** Opens Add/Edit Bom Material; resolves with the saved line, or null. */
export const openBomMaterialDialog = plainDialog('bom_materials', {
  testId: 'bom-material-dialog',
  right: 'boms',
  deleteConfirm: 'Delete this bom material?',
  fields: ['material_id', 'qty'],
  values: ({ record, initial }) => formValues(record, { bom_id: initial?.bom_id ?? null, material_id: initial?.material_id ?? null, qty: initial?.qty ?? 1 }),
  useEditable: function useBomOpen({ form }) {
    return !useRecord('boms', form.getValues().bom_id).data?.pulled_at;
  },
  useFields: function useBomMaterialFields({ form, field }) {
    const values = form.getValues();
    const material = useRecord('materials', values.material_id);
    return [
      <RecordPicker
        key="material"
        resource="materials"
        autoFocus={values.material_id == null}
        {...field('material_id')}
        helper={material.data?.description || undefined}
        data-testid="material-picker"
      />,
      'qty',
    ];
  },
});
