import { Button, Center, Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** A screen that failed to load or render. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Center py={60}>
      <Stack align="center" gap="sm">
        <ScreenTitle>Something went wrong</ScreenTitle>
        <Text c="dimmed" ta="center">
          This screen could not be shown. Reloading usually fixes it.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
