/**
 * A plain record dialog, declared rather than written (docs/platform.md, Dialogs): the right that
 * edits it, its starting values, and its fields in order (record-fields.tsx: each field's input,
 * label and help from the definition; a slot for what is special). The opener it returns pushes
 * the dialog on the stack and resolves with the saved record, or null.
 *
 *   export const openVendorDialog = plainDialog('vendors', {
 *     testId: 'vendor-dialog',
 *     right: 'inventory',
 *     deleteConfirm: 'Delete this vendor?',
 *     values: ({ record, initial }) => formValues(record, { name: initial?.name ?? '', active: true }),
 *     useFields: ({ isNew }) => ['name', !isNew && 'active'],
 *   });
 *
 * `useFields` runs as the dialog renders (a hook: it may ask for a right or a record).
 */
import type { Area } from '@glazier/shared/permissions';
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { ReactNode } from 'react';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { useCan } from '../http/session-user.ts';
import { RecordDialogForm, useRecordDialog } from './record-dialog.tsx';
import type { RecordDialogOptions } from './record-dialogs.ts';
import type { RecordFormOptions } from './use-record-form.ts';
import { RecordFields, type FieldEntry } from './record-fields.tsx';

/** What every plain dialog's opener takes: the record or a new one's values, and what follows a delete. */
export interface PlainDialogProps<N extends ResourceName> extends RecordDialogOptions<N> {
  /** Runs after the record is deleted (its detail screen goes back to the list). */
  onDeleted?: () => void;
}

type Dialog<N extends ResourceName, V extends Record<string, unknown>> = ReturnType<typeof useRecordDialog<N, V>>;

interface PlainDialogSpec<N extends ResourceName, V extends Record<string, unknown>, P extends PlainDialogProps<N>> {
  testId: string;
  /** The area whose edit right saves and deletes (else the dialog only shows the record). */
  right: Area;
  /** Whether this record may change at all, whoever looks (a pulled bom may not); a hook: it may read a record. */
  useEditable?: (dialog: Dialog<N, V>, props: P) => boolean;
  deleteConfirm: string;
  /** The form's starting values (`formValues(record, defaults)`). */
  values: (props: P) => V;
  /** The fields the save sends (default: every value's). */
  fields?: readonly string[];
  /** How a save kept on the device is named (use-record-form.ts). */
  offline?: RecordFormOptions<N, V>['offline'];
  /** The values as saved, from the form's (use-record-form.ts); a hook: it may read what it needs. */
  useTransform?: (props: P) => RecordFormOptions<N, V>['transform'];
  /** The fields in order, with slots. */
  useFields: (dialog: Dialog<N, V>, props: P & { canEdit: boolean }) => readonly FieldEntry<keyof V & string>[];
  /** Extra footer buttons (between Delete and Cancel). */
  extra?: (props: P) => ReactNode;
}

export function plainDialog<N extends ResourceName, V extends Record<string, unknown>, P extends PlainDialogProps<N> = PlainDialogProps<N>>(
  resource: N,
  spec: PlainDialogSpec<N, V, P>,
): (modals: ModalStackApi, props?: P) => Promise<RecordOf<N> | null> {
  function PlainForm(props: P) {
    const dialog = useRecordDialog(resource, {
      deleteConfirm: spec.deleteConfirm,
      onDeleted: props.onDeleted,
      fields: spec.fields,
      offline: spec.offline,
      transform: spec.useTransform?.(props),
      initialValues: spec.values(props),
    });
    const editable = spec.useEditable?.(dialog, props) ?? true; // before the right: a hook runs on every render
    const canEdit = useCan('edit', spec.right) && editable;
    const fields = spec.useFields(dialog, { ...props, canEdit });
    return (
      <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit} extra={spec.extra?.(props)}>
        <RecordFields dialog={dialog} fields={fields} />
      </RecordDialogForm>
    );
  }
  return (modals, props = {} as P) => modals.push<RecordOf<N>>(() => <PlainForm {...props} />, { testId: spec.testId });
}
