/**
 * Takeoff Unit dialog (docs/domain/estimating.md, Takeoffs): a row of a takeoff — a room or a unit type — with its
 * description (required), notes and qty (how many of it: "Unit type B × 12"). Delete asks "Delete
 * this unit?" (its cells go with it).
 */
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import { formValues } from '../../resource-kit/forms/pick.ts';
import { RecordDialogForm, useRecordDialog } from '../../resource-kit/forms/record-dialog.tsx';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { QtyField } from '../../ui/fields.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';

export const DELETE_UNIT_CONFIRM = 'Delete this unit?';

interface Props {
  record?: RecordOf<'takeoff_units'> | null;
  initial?: Partial<InputOf<'takeoff_units'>>;
  /** A unit of an estimate that is no longer a draft is only shown. */
  readOnly?: boolean;
}

function TakeoffUnitForm({ record, initial, readOnly }: Props) {
  const canEdit = useCan('edit', 'estimates') && !readOnly;
  const dialog = useRecordDialog('takeoff_units', {
    deleteConfirm: DELETE_UNIT_CONFIRM,
    fields: ['description', 'notes', 'qty'],
    initialValues: formValues(record, {
      takeoff_id: initial?.takeoff_id ?? null,
      description: initial?.description ?? '',
      notes: initial?.notes ?? '',
      qty: initial?.qty ?? 1,
      sort: initial?.sort ?? 0,
    }),
  });
  const { field } = dialog;
  return (
    <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
      <TextField placeholder="Unit type B" autoFocusDelayed withAsterisk {...field('description')} />
      <QtyField {...field('qty')} />
      <TextAreaField autosize minRows={2} maxRows={6} {...field('notes')} />
    </RecordDialogForm>
  );
}

/** Opens Add/Edit Takeoff Unit; resolves with the saved unit, or null (cancelled or deleted). */
export function openTakeoffUnitDialog(modals: ModalStackApi, props: Props = {}): Promise<RecordOf<'takeoff_units'> | null> {
  return modals.push<RecordOf<'takeoff_units'>>(() => <TakeoffUnitForm {...props} />, { testId: 'takeoff-unit-dialog' });
}
