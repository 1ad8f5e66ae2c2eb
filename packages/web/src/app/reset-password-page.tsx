/**
 * Sets a new password from a one-time link (`/reset-password?token=…`), emailed by "Forgot
 * password?" or made by an administrator. A link that no longer works (used, expired) says so and
 * opens "Forgot password?" for a new one.
 */
import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formTarget, reportError } from '../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../resource-kit/http/actions.ts';
import { useLoader } from '../ui/loader.tsx';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { useModals } from '../ui/modal-stack.tsx';
import { PasswordField } from '../ui/text-field.tsx';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { openLoginDialog } from './login-dialog.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loader = useLoader();
  const modals = useModals();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  /** The server's word on the link itself (used or expired). */
  const [linkError, setLinkError] = useState<string | null>(null);
  const form = useForm({ mode: 'controlled', initialValues: { password: '', password_confirmation: '' } });

  const submit = form.onSubmit(async (values) => {
    try {
      await loader.run(callAction(ACTION_ROUTES['session.password_reset'], { body: { token, ...values } }));
      setDone(true);
    } catch (e) {
      const fields = formTarget(form, ['password', 'password_confirmation']);
      reportError(e, {
        form: {
          fields: [...fields.fields, 'token'],
          setFieldError: (field, message) => (field === 'token' ? setLinkError(message) : fields.setFieldError(field, message)),
        },
      });
    }
  });

  const login = async (opts?: { forgotPassword: true }) => {
    if (await openLoginDialog(modals, opts)) await navigate('/');
  };
  const newLink = (
    <Button variant="light" w="fit-content" mt="sm" onClick={() => void login({ forgotPassword: true })}>
      Forgot password?
    </Button>
  );

  return (
    <Container size="xs" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        {!token ? (
          <>
            <ScreenTitle mb="md">Reset password</ScreenTitle>
            <Alert color="red" title="Link incomplete">
              This reset link has no token. Get a new one with Forgot password.
              <div>{newLink}</div>
            </Alert>
          </>
        ) : done ? (
          <Stack>
            <ScreenTitle documentTitle="Reset password">Password changed</ScreenTitle>
            <Text>You can now log in with your new password.</Text>
            <Button onClick={() => void login()} w="fit-content">
              Login
            </Button>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <div>
                <ScreenTitle documentTitle="Reset password">Choose a new password</ScreenTitle>
                <Text c="dimmed" size="sm">
                  This link works once, for a limited time. If it has expired, get a new one with Forgot password.
                </Text>
              </div>
              {linkError && (
                <Alert color="red" title="This link no longer works" data-testid="reset-link-expired">
                  {linkError}
                  <div>{newLink}</div>
                </Alert>
              )}
              <PasswordField
                label="New password"
                autoComplete="new-password"
                helper="At least 8 characters."
                autoFocusDelayed
                {...form.getInputProps('password')}
              />
              <PasswordField label="Confirm new password" autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
              <Button type="submit">Set password</Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
