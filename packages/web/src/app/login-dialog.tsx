/**
 * The Login dialog (docs/platform.md, Sessions): email and password, server errors under the fields,
 * and "Forgot password?", which asks for the email and has a one-time link sent to it (the same
 * answer whether or not the address has an account; an admin can still make a link by hand).
 * Enter in Email moves to Password; Enter in Password logs in (the kit's DialogForm).
 */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { callAction } from '../resource-kit/http/actions.ts';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { formTarget, reportError } from '../resource-kit/forms/error-mapper.tsx';
import { DialogForm } from '../ui/dialog-actions.tsx';
import { useLoader } from '../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../ui/modal-stack.tsx';
import { PasswordField, TextField } from '../ui/text-field.tsx';
import { useSession } from './session.tsx';

function LoginForm({ forgotPassword }: { forgotPassword: boolean }) {
  const modal = useModal<true>();
  const session = useSession();
  const loader = useLoader();
  const [forgot, setForgot] = useState(forgotPassword);
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await loader.run(session.login(values.email.trim(), values.password));
      if (user) modal.close(true);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['email', 'password']) });
    }
  });

  return (
    <DialogForm
      onSubmit={submit}
      // Credentials are no record: Escape closes the dialog without asking.
      dirty={false}
      footer={
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modal.close(null)}>
            Cancel
          </Button>
          <Button type="submit">Log in</Button>
        </Group>
      }
    >
      <TextField label="Email" type="email" autoComplete="username" autoFocusDelayed {...form.getInputProps('email')} />
      <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
      {forgot ? (
        <ForgotPassword email={form.getValues().email} />
      ) : (
        <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => setForgot(true)}>
          Forgot password?
        </Anchor>
      )}
    </DialogForm>
  );
}

/** Asks for the email and has a reset link sent to it; says what the server answered (the same for any address). */
function ForgotPassword({ email }: { email: string }) {
  const loader = useLoader();
  const form = useForm({ mode: 'controlled', initialValues: { email } });
  const [sent, setSent] = useState<string | null>(null);
  // Its own form inside the login form would nest forms: a button sends it instead.
  const send = async () => {
    try {
      const answer = await loader.run(callAction(ACTION_ROUTES['session.forgot_password'], { body: { email: form.getValues().email.trim() } }));
      setSent(answer.message);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['email']) });
    }
  };
  if (sent)
    return (
      <Alert icon={<IconInfoCircle />} color="blue" title="Check your email" data-testid="forgot-sent">
        {sent} If nothing arrives, an administrator can make you a link from the Employees screen.
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="forgot-password">
      <Text size="sm">Enter the email you sign in with and we will send you a link to set a new password.</Text>
      <TextField
        label="Email for the link"
        type="email"
        autoComplete="username"
        {...form.getInputProps('email')}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation();
            void send();
          }
        }}
      />
      <Button variant="light" w="fit-content" onClick={() => void send()}>
        Send me a link
      </Button>
    </Stack>
  );
}

/** Opens the dialog (with "Forgot password?" open, for a reset link that no longer works); resolves true once signed in. */
export function openLoginDialog(modals: ModalStackApi, opts: { forgotPassword?: boolean } = {}): Promise<true | null> {
  return modals.push<true>(() => <LoginForm forgotPassword={opts.forgotPassword ?? false} />, { title: 'Login', size: 'sm', testId: 'login-dialog' });
}
