import { Button, Center, Stack, Text } from '@mantine/core';
import { ScreenTitle } from '../ui/screen-title.tsx';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center py={60}>
      <Stack align="center" gap="sm" data-testid="not-found">
        <ScreenTitle>Page not found</ScreenTitle>
        <Text c="dimmed" ta="center">
          There is nothing at this address.
        </Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Center>
  );
}
