/**
 * What a person whose shop requires a second factor sees until they have one: the server refuses
 * every other call meanwhile, so this is the whole screen. Once one is set up (and the recovery
 * codes noted), Continue reads the person again and the app opens as usual.
 */
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { securityStatus } from '@glazier/shared/actions/security';
import { callAction } from '../http/actions.ts';
import { SESSION_KEY } from '../http/session-user.ts';
import { FactorsSection, SECURITY_KEY } from './factors-section.tsx';

export default function EnrolScreen({ onLogout }: { onLogout: () => void }) {
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: SECURITY_KEY, queryFn: ({ signal }) => callAction(securityStatus, { signal }), staleTime: 0 });
  const done = status.data && !status.data.must_enrol;
  return (
    <Container size="sm" py="md" data-testid="enrol-screen">
      <Stack gap="sm">
        <Title order={2}>Protect your sign-in</Title>
        <Text size="sm">
          Your shop asks you to sign in with a second step. Add a passkey (your fingerprint, face or screen lock) or set up an authenticator app; then Glazier
          opens as usual.
        </Text>
        <FactorsSection holdSession />
        <Group gap="xs">
          {done && (
            <Button onClick={() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY })} data-testid="enrol-continue">
              Continue to Glazier
            </Button>
          )}
          <Button variant="subtle" onClick={onLogout}>
            Log out
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
