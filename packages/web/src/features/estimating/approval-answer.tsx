/**
 * What the approval page's two answers (accept, approval-page.tsx; decline, approval-decline.tsx)
 * share: their card, the typed name that signs them, and what the page says when the server refuses the link.
 */
import { Alert, Card, Group, Stack, Title } from '@mantine/core';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { HttpError } from '../../resource-kit/http/http.ts';
import { linkRefusal } from '../../resource-kit/links/public-link-page.tsx';
import { TextField } from '../../ui/text-field.tsx';

/** Why the link cannot be used, as the page says it (the kit's words, in the server's where it gave them). */
export const refusal = (error: unknown) => linkRefusal(error, 'the estimate');

/** A call's answer split as the forms show it: the fields' 422 errors, or why the link was refused. */
export function answerErrors(error: unknown): { fields?: Record<string, string[] | undefined>; refused: { title: string; message: string } | null } {
  const fields = error instanceof HttpError && error.status === 422 ? error.body?.errors : undefined;
  return { fields, refused: error && !fields ? refusal(error) : null };
}

/**
 * The name that signs an answer: `take()` gives it trimmed, or null with `required` shown under the
 * field when none is typed; typing clears that.
 */
export function useTypedName(required: string) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    take: (): string | null => {
      const typed = name.trim();
      setError(typed ? null : required);
      return typed || null;
    },
    value: name,
    error,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setName(e.currentTarget.value);
      setError(null);
    },
  };
}

/** The "Your full name" field of an answer; `serverError` is the call's own (422) error for it. */
export function TypedNameField({
  typed,
  serverError,
  helper,
  autoFocus,
}: {
  typed: ReturnType<typeof useTypedName>;
  serverError?: string;
  helper?: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Your full name"
      helper={helper}
      value={typed.value}
      onChange={typed.onChange}
      error={typed.error ?? serverError}
      required
      maw={420}
      autoComplete="name"
      enterNext={false}
      data-autofocus={autoFocus || undefined}
    />
  );
}

/** An answer's form: its title, its fields (`children`), why the link was refused if it was, and its buttons. */
export function AnswerCard({
  title,
  testId,
  onSubmit,
  refused,
  actions,
  children,
}: {
  title: string;
  testId: string;
  onSubmit: () => void;
  refused: { title: string; message: string } | null;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={(e) => (e.preventDefault(), onSubmit())}
      noValidate
      data-testid={testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
        {refused && (
          <Alert color="red" title={refused.title}>
            {refused.message}
          </Alert>
        )}
        <Group>{actions}</Group>
      </Stack>
    </Card>
  );
}
