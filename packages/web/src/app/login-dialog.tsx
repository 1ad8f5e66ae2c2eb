/**
 * The Login dialog (docs/platform.md, Sessions): a passkey (no email typed), or email and password
 * and then, for an account with an authenticator app, its code (or a recovery code) on a step of
 * its own; server errors under the fields, and "Forgot password?", which asks for the email and has a one-time link sent to it (the same
 * answer whether or not the address has an account; an admin can still make a link by hand).
 * Enter in Email moves to Password; Enter in Password logs in (the kit's DialogForm).
 */
import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { signInWithPasskey } from '../resource-kit/security/passkey-ceremonies.ts';
import { callAction } from '../resource-kit/http/actions.ts';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconKey } from '@tabler/icons-react';
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
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await loader.run(session.login(values.email.trim(), values.password));
      if (user) modal.close(true);
      // Not signed in after a right password: the account's second step comes next.
      else if ((await loader.run(callAction(ACTION_ROUTES['session.two_factor_status']))).pending) setSecondStep(true);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['email', 'password']) });
    }
  });

  if (secondStep) return <SecondStep onBack={() => setSecondStep(false)} />;

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
      <PasskeySignIn />
      <TextField label="Email" type="email" autoComplete="username webauthn" autoFocusDelayed {...form.getInputProps('email')} />
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

/** The second step after a right password: a code of the authenticator app, or a recovery code. */
function SecondStep({ onBack }: { onBack: () => void }) {
  const modal = useModal<true>();
  const session = useSession();
  const loader = useLoader();
  const form = useForm({ mode: 'controlled', initialValues: { code: '' } });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      await loader.run(callAction(ACTION_ROUTES['session.two_factor'], { body: { code: code.trim() } }));
      if (await loader.run(session.signedIn())) modal.close(true);
    } catch (e) {
      reportError(e, { form: formTarget(form, ['code']) });
    }
  });
  return (
    <DialogForm
      onSubmit={submit}
      dirty={false}
      footer={
        <Group justify="space-between">
          <Button variant="subtle" onClick={onBack}>
            Back
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={() => modal.close(null)}>
              Cancel
            </Button>
            <Button type="submit">Verify</Button>
          </Group>
        </Group>
      }
    >
      <Text size="sm" data-testid="second-step">
        Enter the 6-digit code your authenticator app shows for this account. Lost your phone? Enter one of your recovery codes instead.
      </Text>
      <TextField label="Code" autoComplete="one-time-code" inputMode="text" autoFocusDelayed {...form.getInputProps('code')} />
    </DialogForm>
  );
}

/** Signs in with a passkey the browser or phone holds for this site: no email typed, both steps at once. */
function PasskeySignIn() {
  const modal = useModal<true>();
  const session = useSession();
  const loader = useLoader();
  if (typeof window.PublicKeyCredential === 'undefined') return null;
  const signIn = async () => {
    try {
      const user = await loader.run(signInWithPasskey().then(() => session.signedIn()));
      if (user) modal.close(true);
    } catch (e) {
      // The person closed the browser's passkey prompt: nothing to say.
      if (e instanceof Error && e.name === 'NotAllowedError') return;
      reportError(e);
    }
  };
  return (
    <Stack gap={6}>
      <Button variant="default" leftSection={<IconKey size={16} />} onClick={() => void signIn()} data-testid="passkey-sign-in">
        Sign in with a passkey
      </Button>
      <Divider label="or with your password" labelPosition="center" />
    </Stack>
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
