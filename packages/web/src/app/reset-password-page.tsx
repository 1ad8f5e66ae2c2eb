/** Sets a new password from a one-time link an admin issued (`/reset-password?token=…`). */
import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { formTarget, reportError } from '../resource-kit/forms/error-mapper.tsx';
import { resetPassword } from '@glazier/shared/actions/session';
import { callAction } from '../resource-kit/http/actions.ts';
import { useLoader } from '../ui/loader.tsx';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { useModals } from '../ui/modal-stack.tsx';
import { PasswordField } from '../ui/text-field.tsx';
import { openLoginDialog } from './login-dialog.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const loader = useLoader();
  const modals = useModals();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { password: '', password_confirmation: '' } });

  const submit = form.onSubmit(async (values) => {
    try {
      await loader.run(callAction(resetPassword, { body: { token, ...values } }));
      setDone(true);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['password', 'password_confirmation']) });
    }
  });

  const login = async () => {
    if (await openLoginDialog(modals)) await navigate('/');
  };

  return (
    <Container size="xs" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        {!token ? (
          <>
            <ScreenTitle mb="md">Reset password</ScreenTitle>
            <Alert color="red" title="Link incomplete">
              This reset link has no token. Ask an administrator for a new link.
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
                  This link works once. If it has expired, ask an administrator for a new one.
                </Text>
              </div>
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
