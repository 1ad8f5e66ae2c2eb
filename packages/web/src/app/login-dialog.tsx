/**
 * The Login dialog (docs/platform.md, Sessions): email and password, server errors under the fields,
 * and a forgot-password note (an admin issues a one-time reset link from the employee screen).
 * Enter in Email moves to Password; Enter in Password logs in (the kit's DialogForm).
 */
import { Alert, Anchor, Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { formTarget, reportError } from '../resource-kit/forms/error-mapper.tsx';
import { DialogForm } from '../ui/dialog-actions.tsx';
import { useLoader } from '../ui/loader.tsx';
import { useModal, type ModalStackApi } from '../ui/modal-stack.tsx';
import { PasswordField, TextField } from '../ui/text-field.tsx';
import { useSession } from './session.tsx';

function LoginForm() {
  const modal = useModal<true>();
  const session = useSession();
  const loader = useLoader();
  const [forgot, setForgot] = useState(false);
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
        <Alert icon={<IconInfoCircle />} color="blue" title="Forgot your password?">
          Ask an administrator for a password reset link. They can make one for you from the Employees screen.
        </Alert>
      ) : (
        <Anchor component="button" type="button" size="sm" w="fit-content" onClick={() => setForgot(true)}>
          Forgot password?
        </Anchor>
      )}
    </DialogForm>
  );
}

/** Opens the dialog; resolves true once signed in. */
export function openLoginDialog(modals: ModalStackApi): Promise<true | null> {
  return modals.push<true>(() => <LoginForm />, { title: 'Login', size: 'sm', testId: 'login-dialog' });
}
