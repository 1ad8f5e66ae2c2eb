/** The public welcome page (docs/platform.md, Users and roles): what Glazier is, Login, and first-run setup. */
import { Alert, Button, Container, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconSparkles } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useModals } from '../ui/modal-stack.tsx';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { useSetupNeeded } from './setup-status.ts';
import { afterLoginPath } from './guards.tsx';
import { useSession } from './session.tsx';

export function WelcomePage() {
  const { user } = useSession();
  const modals = useModals();
  const navigate = useNavigate();
  const setup = useSetupNeeded();
  const needed = setup.data?.needed === true;

  // The dialog (and its form code) loads when asked for: the welcome page stays light.
  const login = async () => {
    const { openLoginDialog } = await import('./login-dialog.tsx');
    if (await openLoginDialog(modals)) await navigate(afterLoginPath(window.location.search));
  };

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <img src="/icon-192.png" alt="" width={64} height={64} />
          <div>
            <ScreenTitle size="h1" documentTitle="Welcome">
              Glazier
            </ScreenTitle>
            <Text c="dimmed">Job management for glass, mirror and window-covering contractors</Text>
          </div>
        </Group>
        <Text size="lg">
          One place for the office and the crew: estimates and takeoffs, jobs and cut lists, materials and purchase orders, the schedule, and time cards — on a
          desktop in the office or a phone on site.
        </Text>
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          <List.Item>Track jobs, products, measurements and cut lists, and print labels.</List.Item>
          <List.Item>Estimate with takeoffs, then turn won estimates into jobs.</List.Item>
          <List.Item>Keep inventory, vendors and purchase orders in step.</List.Item>
          <List.Item>Schedule crews and record time against jobs.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Glazier is for staff only. Ask your administrator for an account.
        </Text>
        {needed && !user && (
          <Alert color="cyan" icon={<IconSparkles />} title="Welcome! Let's set things up.">
            <Stack gap="sm">
              <Text size="sm">No account exists yet. Create the first administrator to start using Glazier.</Text>
              <Button component={Link} to="/setup" w="fit-content" data-testid="setup-link">
                Set up Glazier
              </Button>
            </Stack>
          </Alert>
        )}
        <Group>
          {user ? (
            <Button component={Link} to="/" size="md">
              Go to your dashboard
            </Button>
          ) : (
            <Button size="md" onClick={() => void login()} disabled={needed}>
              Login
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
