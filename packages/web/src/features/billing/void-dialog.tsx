/**
 * Void, with its reason (docs/domain/billing.md, Status and Payments): the question, the reason
 * (required; the server's message under it otherwise), and the button that voids. A refusal (a paid
 * invoice, a partly paid one whose payments are not voided) comes back in the server's words.
 */
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ActionDialogForm, useActionDialog } from '../../resource-kit/forms/action-dialog.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { TextAreaField } from '../../ui/text-field.tsx';

interface VoidOptions<R> {
  title: string;
  question: ReactNode;
  done: string;
  send: (reason: string) => Promise<R>;
  testId: string;
}

function VoidForm<R>({ options }: { options: VoidOptions<R> }) {
  const dialog = useActionDialog({ reason: '' }, (v) => options.send(v.reason), options.done);
  return (
    <ActionDialogForm dialog={dialog} saveLabel={options.title}>
      <Text size="sm">{options.question}</Text>
      <TextAreaField label="Reason" required autosize minRows={2} autoFocusDelayed {...dialog.form.getInputProps('reason')} />
    </ActionDialogForm>
  );
}

/** Resolves with what the void answered, or null (cancelled). */
export function openVoidDialog<R>(modals: ModalStackApi, options: VoidOptions<R>): Promise<R | null> {
  return modals.push<R>(() => <VoidForm options={options} />, { title: options.title, size: 'md', testId: options.testId });
}
