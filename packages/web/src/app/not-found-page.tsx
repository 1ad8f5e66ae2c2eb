import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center py={60}>
      <Stack align="center" gap="sm" data-testid="not-found">
        <Title order={2}>Page not found</Title>
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
