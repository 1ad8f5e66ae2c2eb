/**
 * Purchase Order dialog (the record-dialog registry's opener, and Edit on the order's screen): the
 * vendor and a note. A new order gets the next number from the server when it is saved.
 */
import { Text } from '@mantine/core';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

interface Props {
  record?: RecordOf<'purchase_orders'> | null;
  initial?: Partial<InputOf<'purchase_orders'>>;
  onDeleted?: () => void;
}

function PurchaseOrderForm({ record, initial, onDeleted }: Props) {
  const canEdit = useCan('edit', 'purchase_orders');
  const dialog = useRecordDialog('purchase_orders', {
    deleteConfirm: 'Delete this purchase order?',
    onDeleted,
    initialValues: formValues(record, { vendor_id: initial?.vendor_id ?? null, note: initial?.note ?? '' }),
  });
  const { field } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      {record && <Text fw={600}>PO {record.number}</Text>}
      <RecordPicker resource="vendors" {...field('vendor_id')} data-testid="vendor-picker" />
      <TextAreaField autosize minRows={2} {...field('note')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Purchase Order; resolves with the saved order, or null. */
export function openPurchaseOrderDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'purchase_orders'> | null> {
  return modals.push<RecordOf<'purchase_orders'>>(() => <PurchaseOrderForm {...props} />, { testId: 'purchase-order-dialog' });
}
