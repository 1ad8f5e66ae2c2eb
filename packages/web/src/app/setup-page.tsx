/** First run: create the first administrator (POST /api/setup), then sign in as them. */
import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formTarget, reportError } from '../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../resource-kit/http/actions.ts';
import { useLoader } from '../ui/loader.tsx';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { PasswordField, TextField } from '../ui/text-field.tsx';
import { useSession } from './session.tsx';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { SETUP_KEY, useSetupNeeded } from './setup-status.ts';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

export function SetupPage() {
  const setup = useSetupNeeded();
  const session = useSession();
  const loader = useLoader();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm({ mode: 'controlled', initialValues: { name: '', email: '', password: '', password_confirmation: '' } });

  const submit = form.onSubmit(async (values) => {
    try {
      await loader.run(async () => {
        await callAction(ACTION_ROUTES['session.setup'], { body: { ...values, email: values.email.trim() } });
        await queryClient.invalidateQueries({ queryKey: SETUP_KEY });
        await session.login(values.email.trim(), values.password);
      });
      await navigate('/');
    } catch (e) {
      reportError(e, { form: formTarget(form, FIELDS) });
    }
  });

  if (setup.data && !setup.data.needed && !session.user) {
    return (
      <Container size="xs" py="xl">
        <ScreenTitle mb="md">Set up Glazier</ScreenTitle>
        <Alert title="Already set up" color="gray">
          <Stack gap="sm">
            <Text size="sm">Glazier already has an administrator. Log in from the welcome page.</Text>
            <Button component={Link} to="/welcome" w="fit-content">
              Back to welcome
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="xs" py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <form onSubmit={submit} noValidate>
          <Stack>
            <div>
              <ScreenTitle>Set up Glazier</ScreenTitle>
              <Text c="dimmed" size="sm">
                Create the first administrator. You can add everyone else from the Employees screen.
              </Text>
            </div>
            <TextField label="Your name" autoComplete="name" autoFocusDelayed {...form.getInputProps('name')} />
            <TextField label="Email" type="email" autoComplete="username" {...form.getInputProps('email')} />
            <PasswordField label="Password" autoComplete="new-password" helper="At least 8 characters." {...form.getInputProps('password')} />
            <PasswordField label="Confirm password" autoComplete="new-password" {...form.getInputProps('password_confirmation')} />
            <Button type="submit">Create administrator</Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
