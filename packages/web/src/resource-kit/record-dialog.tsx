/**
 * A record form inside a modal of the stack, with the usual wiring: Save closes the modal with the
 * saved record; Delete asks first, then closes it with null; Cancel closes it with null.
 *
 *   const dialog = useRecordDialog('vendors', { initialValues, deleteConfirm: 'Delete this vendor?' });
 *   return (
 *     <RecordDialogForm dialog={dialog} canSave={canEdit} canDelete={canEdit}>
 *       <TextField label="Name" {...dialog.form.getInputProps('name')} />
 *     </RecordDialogForm>
 *   );
 *
 * `useRecordForm` (fields, server errors, 409 reload) does the data side; this only adds the modal.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { DialogActions } from '../ui/dialog-actions.tsx';
import { useDialogs } from '../ui/dialogs.tsx';
import { useModal, type ModalHandle } from '../ui/modal-stack.tsx';
import type { Rec } from './hooks.ts';
import { useRecordForm, type RecordFormOptions } from './use-record-form.ts';

export interface RecordDialogOptions<V> extends RecordFormOptions<V> {
  /** The question asked before deleting (the spec's text). */
  deleteConfirm: string;
}

export function useRecordDialog<V extends Record<string, unknown>>(resource: ResourceName, options: RecordDialogOptions<V>) {
  const modal = useModal<Rec>();
  const dialogs = useDialogs();
  const record = useRecordForm(resource, options);

  const onSubmit: (event?: FormEvent<HTMLFormElement>) => void = record.form.onSubmit(async () => {
    const saved = await record.submit();
    if (saved) modal.close(saved);
  });

  const onDelete = async () => {
    if (!(await dialogs.confirm(options.deleteConfirm, { danger: true }))) return;
    if (await record.remove()) modal.close(null);
  };

  return { ...record, modal, onSubmit, onDelete };
}

export type RecordDialog = Pick<ReturnType<typeof useRecordDialog>, 'onSubmit' | 'onDelete' | 'isNew' | 'busy'> & { modal: ModalHandle<Rec> };

interface RecordDialogFormProps {
  dialog: RecordDialog;
  /** Show Save (else the dialog is read-only and Cancel reads Close). */
  canSave: boolean;
  /** Offer Delete (only ever for a saved record). */
  canDelete: boolean;
  /** Extra footer buttons, between Delete and Cancel. */
  extra?: ReactNode;
  children: ReactNode;
}

/** The form element, the fields in a column, and the footer. */
export function RecordDialogForm({ dialog, canSave, canDelete, extra, children }: RecordDialogFormProps) {
  return (
    <form noValidate onSubmit={dialog.onSubmit}>
      <Stack gap="sm">
        {children}
        <DialogActions
          onCancel={() => dialog.modal.close(null)}
          onDelete={!dialog.isNew && canDelete ? () => void dialog.onDelete() : null}
          canSave={canSave}
          saving={dialog.busy}
          extra={extra}
        />
      </Stack>
    </form>
  );
}
