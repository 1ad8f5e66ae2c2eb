/**
 * Pickup Item dialog (docs/domain/jobs.md, Pickup items): job, category (one of the five scopes), reason (one of
 * nine), note, status and complete; and the Pickup Item Status dialog (`edit pickup_items`), where
 * any status may follow any other.
 */
import { PICKUP_STATUSES, PICKUP_STATUS_LABELS } from '@glazier/shared/resources/jobs';
import type { RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { RecordPicker } from '../../resource-kit/pickers/record-picker.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { SelectField } from '../../ui/select-field.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { plainDialog } from '../../resource-kit/form-body/plain-dialog.tsx';

export const STATUS_OPTIONS = PICKUP_STATUSES.map((s) => ({ value: s, label: PICKUP_STATUS_LABELS[s] }));

/** A pickup item's change made without a connection is kept on the device and sent later. */
const OFFLINE = {
  label: (item: { id?: number | null; status?: string | null; note?: string | null }) =>
    `Pickup item${item.note ? ` “${item.note.slice(0, 40)}”` : item.id ? ` ${item.id}` : ''}: ${item.status ? PICKUP_STATUS_LABELS[item.status as keyof typeof PICKUP_STATUS_LABELS] : 'no status'}`,
};

/** Opens the Pickup Item dialog (the job screen passes `initial: { job_id }`); resolves with the saved item, or null. */
export const openPickupItemDialog = plainDialog('pickup_items', {
  testId: 'pickup-item-dialog',
  right: 'pickup_items',
  deleteConfirm: 'Delete this pickup item?',
  offline: OFFLINE,
  values: ({ record, initial }) =>
    formValues(record, {
      job_id: initial?.job_id ?? null,
      category_name: initial?.category_name ?? null,
      reason: initial?.reason ?? null,
      note: initial?.note ?? '',
      status: initial?.status ?? 'ready',
      complete: initial?.complete ?? false,
    }),
  useFields: ({ field }) => [
    <RecordPicker key="job" resource="jobs" {...field('job_id')} data-testid="pickup-job-picker" />,
    'category_name',
    'reason',
    ['note', { autosize: false, minRows: undefined }],
    ['status', { data: STATUS_OPTIONS }],
    'complete',
  ],
});

function PickupItemStatusForm({ record }: { record: RecordOf<'pickup_items'> }) {
  const canEdit = useCan('edit', 'pickup_items');
  const dialog = useRecordDialog('pickup_items', {
    deleteConfirm: 'Delete this pickup item?',
    offline: { label: (item) => OFFLINE.label({ ...item, note: record.note }) },
    initialValues: formValues(record, { status: 'ready' }),
  });
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={false} title="Pickup Item Status">
      <SelectField data={STATUS_OPTIONS} autoFocus {...dialog.field('status')} />
    </RecordDialogForm>
  );
}

/** Opens the Pickup Item Status dialog; resolves with the saved item, or null. */
export function openPickupItemStatusDialog(modals: ModalStackApi, record: RecordOf<'pickup_items'>): Promise<RecordOf<'pickup_items'> | null> {
  return modals.push<RecordOf<'pickup_items'>>(() => <PickupItemStatusForm record={record} />, { testId: 'pickup-item-status-dialog', size: 'sm' });
}
