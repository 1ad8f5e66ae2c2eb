/**
 * The approval page's way to say no (approvals.decline): "Decline this estimate" opens a short form
 * (the client's name, and a reason if they wish); the estimate is marked lost, the estimator is told,
 * and the page thanks them. A link the server refuses meanwhile (410) says so, as an acceptance's.
 */
import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { TextAreaField } from '../../ui/text-field.tsx';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { AnswerCard, TypedNameField, answerErrors, useTypedName } from './approval-answer.tsx';

export interface Declined {
  declined_at: string;
  declined_name: string;
}

export function ApprovalDecline({ token, onDeclined }: { token: string; onDeclined: (d: Declined) => void }) {
  const [open, setOpen] = useState(false);
  const name = useTypedName('Type your name to decline.');
  const [reason, setReason] = useState('');
  const decline = useMutation({
    mutationFn: (body: { name: string; reason: string }) => callAction(ACTION_ROUTES['approvals.decline'], { params: { token }, body }),
    onSuccess: onDeclined,
  });
  const { fields: fieldErrors, refused } = answerErrors(decline.error);

  if (!open)
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          Not going ahead?
        </Text>
        <Button variant="subtle" color="red" size="xs" onClick={() => setOpen(true)} data-testid="approval-decline-open">
          Decline this estimate
        </Button>
      </Group>
    );
  const submit = () => {
    const signed = name.take();
    if (signed) decline.mutate({ name: signed, reason: reason.trim() });
  };
  return (
    <AnswerCard
      title="Decline this estimate"
      testId="approval-decline"
      onSubmit={submit}
      refused={refused}
      actions={
        <>
          <Button type="submit" color="red" loading={decline.isPending}>
            Decline estimate
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Back
          </Button>
        </>
      }
    >
      <TypedNameField typed={name} serverError={fieldErrors?.name?.[0]} autoFocus />
      <TextAreaField
        label="Reason (optional)"
        helper="It helps us to know why, but you need not say."
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={fieldErrors?.reason?.[0]}
        maxLength={2000}
      />
    </AnswerCard>
  );
}
