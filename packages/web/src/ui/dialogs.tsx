/**
 * Alert and confirm on the modal stack (docs/platform.md, Dialogs): `alert(message)` shows the message with
 * a Close button; `confirm(message, { confirmLabel })` shows Cancel and a button named for the
 * action ("Delete", "Pull": so `confirmLabel` is required) and resolves false or true
 * (closing it any other way counts as Cancel).
 *
 * A destructive confirm (`danger`) focuses Cancel, so a stray Enter does not delete, and is titled
 * "Delete?" unless given a title; other confirms are titled "Please confirm".
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { ConfirmBody } from './confirm-body.tsx';
import { useModal, useModals, type ModalStackApi } from './modal-stack.tsx';

export interface ConfirmOptions {
  /** The action the button does, named: "Delete", "Remove", "Pull", "Receive All". */
  confirmLabel: string;
  title?: ReactNode;
  cancelLabel?: string;
  /** Red confirm button (deletes); Cancel gets the focus. */
  danger?: boolean;
}

function AlertBody({ message }: { message: ReactNode }) {
  const modal = useModal<true>();
  return (
    <Stack>
      {typeof message === 'string' ? <Text style={{ whiteSpace: 'pre-wrap' }}>{message}</Text> : message}
      <Group justify="flex-end">
        <Button onClick={() => modal.close(true)} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

export async function alertModal(modals: ModalStackApi, message: ReactNode, title?: ReactNode): Promise<void> {
  await modals.push<true>(() => <AlertBody message={message} />, { title, size: 'sm', fullScreenOnMobile: false, testId: 'alert-dialog' });
}

export async function confirmModal(modals: ModalStackApi, message: ReactNode, options: ConfirmOptions): Promise<boolean> {
  const { title, ...body } = options;
  const answer = await modals.push<boolean>((m) => <ConfirmBody message={message} {...body} onClose={m.close} />, {
    title: title ?? (options.danger ? 'Delete?' : 'Please confirm'),
    size: 'sm',
    fullScreenOnMobile: false,
    testId: 'confirm-dialog',
  });
  return answer === true;
}

export function useDialogs() {
  const modals = useModals();
  return useMemo(
    () => ({
      alert: (message: ReactNode, title?: ReactNode) => alertModal(modals, message, title),
      confirm: (message: ReactNode, options: ConfirmOptions) => confirmModal(modals, message, options),
    }),
    [modals],
  );
}
