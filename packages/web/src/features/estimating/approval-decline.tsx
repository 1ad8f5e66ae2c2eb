/**
 * The approval page's way to say no (approvals.decline): "Decline this estimate" opens a short form
 * (the client's name, and a reason if they wish); the estimate is marked lost, the estimator is told,
 * and the page thanks them. A link the server refuses meanwhile (410) says so, as an acceptance's.
 */
import { declineApproval } from '@glazier/shared/actions/estimating';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { HttpError } from '../../resource-kit/http/http.ts';
import { callAction } from '../../resource-kit/http/actions.ts';
import { TextAreaField, TextField } from '../../ui/text-field.tsx';

const NAME_REQUIRED = 'Type your name to decline.';

export interface Declined {
  declined_at: string;
  declined_name: string;
}

export function ApprovalDecline({
  token,
  onDeclined,
  refusal,
}: {
  token: string;
  onDeclined: (d: Declined) => void;
  refusal: (e: unknown) => { title: string; message: string };
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (body: { name: string; reason: string }) => callAction(declineApproval, { params: { token }, body }),
    onSuccess: onDeclined,
  });
  const fieldErrors = decline.error instanceof HttpError && decline.error.status === 422 ? decline.error.body?.errors : undefined;
  const refused = decline.error && !fieldErrors ? refusal(decline.error) : null;

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
    if (!name.trim()) return setNameError(NAME_REQUIRED);
    setNameError(null);
    decline.mutate({ name: name.trim(), reason: reason.trim() });
  };
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={(e) => (e.preventDefault(), submit())}
      noValidate
      data-testid="approval-decline"
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          Decline this estimate
        </Title>
        <TextField
          label="Your full name"
          value={name}
          onChange={(e) => (setName(e.currentTarget.value), setNameError(null))}
          error={nameError ?? fieldErrors?.name?.[0]}
          required
          maw={420}
          autoComplete="name"
          enterNext={false}
          data-autofocus
        />
        <TextAreaField
          label="Reason (optional)"
          helper="It helps us to know why, but you need not say."
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={fieldErrors?.reason?.[0]}
          maxLength={2000}
        />
        {refused && (
          <Alert color="red" title={refused.title}>
            {refused.message}
          </Alert>
        )}
        <Group>
          <Button type="submit" color="red" loading={decline.isPending}>
            Decline estimate
          </Button>
          <Button variant="default" onClick={() => setOpen(false)}>
            Back
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
