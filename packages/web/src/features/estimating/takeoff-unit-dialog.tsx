/**
 * Takeoff Unit dialog (docs/domain/estimating.md, Takeoffs): a row of a takeoff — a room or a unit type — with its
 * description (required), notes and qty (how many of it: "Unit type B × 12"). Delete asks "Delete
 * this unit?" (its cells go with it).
 */
import { formValues } from '../../resource-kit/forms/pick.ts';
import { plainDialog, type PlainDialogProps } from '../../resource-kit/form-body/plain-dialog.tsx';

export const DELETE_UNIT_CONFIRM = 'Delete this unit?';

interface Props extends PlainDialogProps<'takeoff_units'> {
  /** A unit of an estimate that is no longer a draft is only shown. */
  readOnly?: boolean;
}

/** Opens Add/Edit Takeoff Unit; resolves with the saved unit, or null (cancelled or deleted). */
export const openTakeoffUnitDialog = plainDialog('takeoff_units', {
  testId: 'takeoff-unit-dialog',
  right: 'estimates',
  useEditable: (_, { readOnly }) => !readOnly,
  deleteConfirm: DELETE_UNIT_CONFIRM,
  fields: ['description', 'notes', 'qty'],
  values: ({ record, initial }: Props) =>
    formValues(record, {
      takeoff_id: initial?.takeoff_id ?? null,
      description: initial?.description ?? '',
      notes: initial?.notes ?? '',
      qty: initial?.qty ?? 1,
      sort: initial?.sort ?? 0,
    }),
  useFields: () => [['description', { placeholder: 'Unit type B', withAsterisk: true }], 'qty', ['notes', { maxRows: 6 }]],
});
