/**
 * Vendor Material dialog (docs/domain/purchasing.md, Vendor materials): which vendor sells which material, under what part
 * number, at what unit price and minimum order qty; preferred and active. A new one starts at unit
 * price 0, minimum order qty 1, not preferred, active.
 *
 * Opened from a vendor (`initial.vendor_id`: the vendor is fixed) or from a material
 * (`initial.material_id`: the material is fixed), here and through the kit's record-dialog
 * registry. A material is shown by its number with the description beneath (docs/platform.md, Dialogs).
 *
 * At most one vendor is preferred per material: the server unsets the others when one is marked,
 * and the save refreshes every cached vendor-material list, so the one that lost it shows so.
 * The toggle says beforehand which vendor it replaces.
 */
import { useList, useRecord } from '../../resource-kit/records/queries.ts';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';

/** Opens the Vendor Material dialog; resolves with the saved record, or null (cancelled or deleted). */
export const openVendorMaterialDialog = plainDialog('vendor_materials', {
  testId: 'vendor-material-dialog',
  right: 'inventory',
  deleteConfirm: 'Delete this vendor material?',
  values: ({ record, initial }) =>
    formValues(record, {
      vendor_id: initial?.vendor_id ?? null,
      material_id: initial?.material_id ?? null,
      vendor_part_number: initial?.vendor_part_number ?? '',
      unit_price: initial?.unit_price ?? 0,
      minimum_order_qty: initial?.minimum_order_qty ?? 1,
      is_preferred: initial?.is_preferred ?? false,
      active: initial?.active ?? true,
    }),
  useFields: function useVendorMaterialFields({ form, field }, { initial, canEdit }) {
    const values = form.getValues();
    const vendorFixed = initial?.vendor_id != null;
    const materialFixed = initial?.material_id != null;
    const material = useRecord('materials', values.material_id);
    // The material's preferred vendor now, to say which one a "preferred" here replaces.
    const preferred = useList(
      'vendor_materials',
      { material_id: values.material_id ?? 0, is_preferred: true, active: 'all' },
      { enabled: values.material_id != null },
    );
    const replaced = preferred.data?.find((vm) => vm.id !== values.id);
    return [
      <RecordPicker key="vendor" resource="vendors" readOnly={vendorFixed || undefined} {...field('vendor_id')} data-testid="vendor-picker" />,
      <RecordPicker
        key="material"
        resource="materials"
        readOnly={materialFixed || undefined}
        autoFocus={vendorFixed && !materialFixed}
        {...field('material_id')}
        helper={material.data?.description || undefined}
        data-testid="material-picker"
      />,
      ['vendor_part_number', { autoComplete: 'off', 'data-autofocus': (vendorFixed && materialFixed) || undefined }],
      'unit_price',
      'minimum_order_qty',
      ['is_preferred', { description: replaced && canEdit ? preferredHint(replaced.vendor_name ?? 'Another vendor', values.is_preferred) : undefined }],
      'active',
    ];
  },
});

/** What the Preferred toggle says while another vendor of the material is the preferred one. */
function preferredHint(other: string, on: boolean): string {
  return on ? `Saving makes this the preferred vendor instead of ${other}.` : `${other} is preferred now; this would replace it.`;
}
