import type { Action, Area } from '@glazier/shared/permissions';
import { can } from '@glazier/shared/permissions';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../ui/screen-title.tsx';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { useSession } from './session.tsx';

/** Routes for signed-in users: guests go to /welcome. */
export function RequireUser() {
  const { user, checking } = useSession();
  if (checking)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Checking sign-in" />
      </Center>
    );
  if (!user) return <Navigate to="/welcome" replace />;
  return <Outlet />;
}

/** A screen that needs a permission (the server checks too; this only explains, and offers the way home). */
export function RequirePermission({ action, area, children }: { action: Action; area: Area; children: ReactNode }) {
  const { user } = useSession();
  if (can(user, action, area)) return <>{children}</>;
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" data-testid="not-available">
        <ScreenTitle size="h3">Not available</ScreenTitle>
        <Text c="dimmed" ta="center">
          Your role does not give you access to this screen.
        </Text>
        <Button component={Link} to="/" mt="xs">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
