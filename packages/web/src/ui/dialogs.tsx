/**
 * Alert and confirm on the modal stack (platform.md 2.7): `alert(message)` shows the message with
 * a Close button; `confirm(message)` shows Cancel and Confirm and resolves false or true (closing
 * it any other way counts as Cancel).
 *
 * A destructive confirm (`danger`) focuses Cancel, so a stray Enter does not delete, and is titled
 * "Delete?" unless given a title; other confirms are titled "Please confirm".
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useModal, useModals, type ModalStackApi } from './modal-stack.tsx';

export interface ConfirmOptions {
  title?: ReactNode;
  confirmLabel?: string;
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

function ConfirmBody({ message, options }: { message: ReactNode; options: ConfirmOptions }) {
  const modal = useModal<boolean>();
  return (
    <Stack>
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modal.close(false)} data-autofocus={options.danger || undefined}>
          {options.cancelLabel ?? 'Cancel'}
        </Button>
        <Button color={options.danger ? 'red' : undefined} onClick={() => modal.close(true)} data-autofocus={!options.danger || undefined}>
          {options.confirmLabel ?? 'Confirm'}
        </Button>
      </Group>
    </Stack>
  );
}

export async function alertModal(modals: ModalStackApi, message: ReactNode, title?: ReactNode): Promise<void> {
  await modals.push<true>(() => <AlertBody message={message} />, { title, size: 'sm', fullScreenOnMobile: false, testId: 'alert-dialog' });
}

export async function confirmModal(modals: ModalStackApi, message: ReactNode, options: ConfirmOptions = {}): Promise<boolean> {
  const answer = await modals.push<boolean>(() => <ConfirmBody message={message} options={options} />, {
    title: options.title ?? (options.danger ? 'Delete?' : 'Please confirm'),
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
      confirm: (message: ReactNode, options?: ConfirmOptions) => confirmModal(modals, message, options),
    }),
    [modals],
  );
}
