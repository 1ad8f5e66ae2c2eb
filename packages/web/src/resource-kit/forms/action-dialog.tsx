/**
 * A dialog around one write that is not a record's own save (a named action such as Count stock,
 * or a record made from a few typed values): the form, the app's busy indicator while it is sent,
 * the server's errors under the fields they name, a brief "done" notice, and the footer with the
 * write's own name (Save Count, Take Snapshot).
 *
 *   const dialog = useActionDialog({ date: today }, (values) => callAction(takeMaterialSnapshots, { body: values }), 'Snapshot taken.');
 *   <ActionDialogForm dialog={dialog} saveLabel="Take Snapshot"><DateField label="Date" {...dialog.form.getInputProps('date')} /></ActionDialogForm>
 *
 * The modal closes with what `send` resolves with.
 */
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { DialogActions, DialogForm } from '../../ui/dialog-actions.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { useModal } from '../../ui/modal-stack.tsx';
import { formTarget, reportError, reportSuccess } from './error-mapper.tsx';

export function useActionDialog<V extends Record<string, unknown>, R>(initialValues: V, send: (values: V) => Promise<R>, doneMessage: string) {
  const modal = useModal<R>();
  const loader = useLoader();
  const form = useForm<V>({ mode: 'controlled', initialValues, clearInputErrorOnChange: true });
  const onSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await loader.run(send(values));
      reportSuccess(doneMessage);
      modal.close(answer);
    } catch (e) {
      reportError(e, { form: formTarget(form, Object.keys(initialValues)) });
    }
  });
  return { form, onSubmit, dismiss: modal.dismiss };
}

interface ActionDialogFormProps {
  dialog: Pick<ReturnType<typeof useActionDialog>, 'onSubmit' | 'dismiss'> & { form: { isDirty: () => boolean } };
  saveLabel: string;
  children: ReactNode;
}

export function ActionDialogForm({ dialog, saveLabel, children }: ActionDialogFormProps) {
  return (
    <DialogForm onSubmit={dialog.onSubmit} dirty={dialog.form.isDirty()} footer={<DialogActions onCancel={dialog.dismiss} saveLabel={saveLabel} />}>
      {children}
    </DialogForm>
  );
}
