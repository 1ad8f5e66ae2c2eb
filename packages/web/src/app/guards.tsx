import type { Action, Area } from '@glazier/shared/permissions';
import { can } from '@glazier/shared/permissions';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../ui/screen-title.tsx';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from './session.tsx';

/**
 * Where signing in goes: back to the address a guest opened (`/welcome?next=…`, e.g. a label's QR
 * code opening `/job_products/17`), else home. Only a path of this app (one leading slash).
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

/** Routes for signed-in users: guests go to /welcome, which returns them here after signing in. */
export function RequireUser() {
  const { user, checking } = useSession();
  const location = useLocation();
  if (checking)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Checking sign-in" />
      </Center>
    );
  if (!user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={here === '/' ? '/welcome' : `/welcome?next=${encodeURIComponent(here)}`} replace />;
  }
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
