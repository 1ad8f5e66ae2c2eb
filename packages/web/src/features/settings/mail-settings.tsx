/**
 * Settings' Email card (admins): whether a mail server is configured (the sender and the server,
 * never its credentials; where the links point), a link to the Outbox, and "Send a test email" to
 * an address (the admin's own by default), which goes through the outbox like every message.
 */
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { SettingsCard } from './settings-card.tsx';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formTarget, reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { useCurrentUser } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { TextField } from '../../ui/text-field.tsx';

export const useMailStatus = () =>
  useQuery({
    queryKey: ['mail', 'status'],
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['mail.status'], { signal }).then((a) => a.data),
    staleTime: 60_000,
  });

export function MailSettingsCard() {
  const me = useCurrentUser();
  const status = useMailStatus();
  const loader = useLoader();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { to: me?.email ?? '' } });
  const send = form.onSubmit(async ({ to }) => {
    try {
      const answer = await loader.run(callAction(ACTION_ROUTES['mail.send_test'], { body: { to: to.trim() || undefined } }));
      void queryClient.invalidateQueries({ queryKey: ['mail'] });
      reportSuccess(
        answer.data.status === 'not_configured'
          ? 'The test message is in the Outbox, not sent: no mail server is configured.'
          : `The test message to ${answer.data.to.join(', ')} is on its way. The Outbox shows when it is sent.`,
      );
    } catch (e) {
      reportError(e, { form: formTarget(form, ['to']) });
    }
  });
  const s = status.data;
  return (
    <SettingsCard title="Email" testId="mail-settings">
      {s ? (
        s.configured ? (
          <Text size="sm">
            Messages go out through <b>{s.server}</b>
            {s.from ? (
              <>
                {' '}
                from <b>{s.from}</b>
              </>
            ) : null}
            ; their links start with {s.public_url}.
          </Text>
        ) : (
          <Text size="sm">
            No mail server is configured: messages are kept in the Outbox, not sent. Set SMTP_URL, MAIL_FROM and PUBLIC_URL on the server to send them.
          </Text>
        )
      ) : (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      )}
      <Anchor component={Link} to="/outbox" size="sm">
        Open the Outbox
      </Anchor>
      <form onSubmit={send} noValidate>
        <Stack gap="xs" mt="md">
          <Group align="flex-end" gap="sm">
            <TextField label="Send a test email to" type="email" autoComplete="email" maw={360} style={{ flex: 1 }} {...form.getInputProps('to')} />
            <Button type="submit">Send a test email</Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
