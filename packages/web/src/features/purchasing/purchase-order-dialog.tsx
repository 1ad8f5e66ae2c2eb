/**
 * Purchase Order dialog (the record-dialog registry's opener, and Edit on the order's screen): the
 * vendor and a note. A new order gets the next number from the server when it is saved.
 */
import { Text } from '@mantine/core';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';

/** Opens Add/Edit Purchase Order; resolves with the saved order, or null. */
export const openPurchaseOrderDialog = plainDialog('purchase_orders', {
  testId: 'purchase-order-dialog',
  right: 'purchase_orders',
  deleteConfirm: 'Delete this purchase order?',
  values: ({ record, initial }) => formValues(record, { vendor_id: initial?.vendor_id ?? null, note: initial?.note ?? '' }),
  useFields: ({ field }, { record }) => [
    record && (
      <Text key="number" fw={600}>
        PO {record.number}
      </Text>
    ),
    <RecordPicker key="vendor" resource="vendors" {...field('vendor_id')} data-testid="vendor-picker" />,
    'note',
  ],
});
