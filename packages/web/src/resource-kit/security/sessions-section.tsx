/**
 * Profile → Sessions: every browser signed in to the person's account, with its device and
 * browser, address, when it signed in and was last used, this one marked; sign one out, or all
 * the others. An ended session's screen leaves for sign-in at once (its live stream closes).
 */
import { endOtherSessions, endSession, listSessions } from '@glazier/shared/actions/security';
import { formatDateTime, formatWhen } from '@glazier/shared/rules/dates';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedRun } from '../forms/error-mapper.tsx';
import { callAction } from '../http/actions.ts';

const SESSIONS_KEY = ['security', 'sessions'] as const;

export function SessionsSection() {
  const queryClient = useQueryClient();
  const confirmedRun = useConfirmedRun();
  const sessions = useQuery({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => callAction(listSessions, { signal }).then((a) => a.data), staleTime: 0 });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const end = async (id: string, device: string) => {
    const done = await confirmedRun(
      `Sign out ${device}? Whoever uses it must sign in again.`,
      { confirmLabel: 'Sign out', title: 'Sign out a browser' },
      async () => (await callAction(endSession, { params: { id } }), true),
      'Signed out.',
    );
    if (done) refresh();
  };
  const endOthers = async () => {
    const done = await confirmedRun(
      'Sign out every other browser signed in to your account? This one stays signed in.',
      { confirmLabel: 'Sign out others', title: 'Sign out other browsers' },
      () => callAction(endOtherSessions),
      'Every other browser was signed out.',
    );
    if (done) refresh();
  };
  if (sessions.isError)
    return (
      <Text c="red" size="sm">
        Your sessions could not be loaded.
      </Text>
    );
  if (!sessions.data)
    return (
      <Text c="dimmed" size="sm">
        Loading…
      </Text>
    );
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <Stack gap="xs" data-testid="sessions-section">
      {sessions.data.map((s) => (
        <Paper key={s.id} withBorder radius="md" p="sm" data-testid="session-row">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              <IconDeviceDesktop size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
              <div style={{ minWidth: 0 }}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {s.device}
                  </Text>
                  {s.current && (
                    <Badge size="sm" variant="light" color="green">
                      This browser
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {s.ip ?? 'Unknown address'} · signed in {formatDateTime(s.created_at)} · last used {formatWhen(s.last_used_at)}
                </Text>
              </div>
            </Group>
            {!s.current && (
              <Button size="xs" variant="subtle" color="red" onClick={() => void end(s.id, s.device)} style={{ flexShrink: 0 }}>
                Sign out
              </Button>
            )}
          </Group>
        </Paper>
      ))}
      {others > 0 && (
        <Button size="xs" variant="default" onClick={() => void endOthers()} w="fit-content" data-testid="sessions-end-others">
          Sign out all other browsers
        </Button>
      )}
    </Stack>
  );
}
