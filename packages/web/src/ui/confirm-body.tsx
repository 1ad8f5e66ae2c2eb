/**
 * The body of a confirmation: the question, then Cancel and the button that names the action
 * ("Delete", "Pull", "Discard"; docs/platform.md, Dialogs, never a bare "Confirm"). A destructive
 * one (`danger`) has a red action and puts the focus on Cancel, so a stray Enter does nothing.
 *
 * Given its `onClose` rather than reading the modal it is in, so the modal stack can show it (its
 * "Discard unsaved changes?") without an import cycle.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ConfirmBodyProps {
  message: ReactNode;
  /** The action, on its button: "Delete", "Receive All". */
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  onClose: (answer: boolean) => void;
}

export function ConfirmBody({ message, confirmLabel, cancelLabel = 'Cancel', danger = false, onClose }: ConfirmBodyProps) {
  return (
    <Stack>
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose(false)} data-autofocus={danger || undefined}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={() => onClose(true)} data-autofocus={!danger || undefined}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
