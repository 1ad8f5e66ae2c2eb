/**
 * Settings → Security (docs/platform.md, Sessions and second factors): whether the shop requires
 * a passkey or an authenticator app (of administrators, or of everyone: who has none is led to
 * set one up at their next call, and the server refuses all else meanwhile), and the security
 * events of every account (sign-ins, refused codes, factors added, removed or reset, sessions ended).
 */
import { listSecurityEvents, readRequirement, setRequirement, type SecondFactorRequirement } from '@glazier/shared/actions/security';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reportError, reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { actionLabel } from '../../resource-kit/detail/history-panel.tsx';
import { useLoader } from '../../ui/loader.tsx';
import { SettingsCard } from './settings-card.tsx';

const REQUIREMENT_KEY = ['security', 'requirement'] as const;
const EVENTS_KEY = ['security', 'events'] as const;

const CHOICES: { value: SecondFactorRequirement; label: string }[] = [
  { value: 'none', label: 'Not required' },
  { value: 'admins', label: 'Administrators' },
  { value: 'everyone', label: 'Everyone' },
];

function Requirement({ canEdit }: { canEdit: boolean }) {
  const loader = useLoader();
  const queryClient = useQueryClient();
  const requirement = useQuery({ queryKey: REQUIREMENT_KEY, queryFn: ({ signal }) => callAction(readRequirement, { signal }) });
  const change = async (value: string) => {
    const require = CHOICES.find((c) => c.value === value)?.value;
    if (!require) return;
    try {
      await loader.run(callAction(setRequirement, { body: { require } }));
      void queryClient.invalidateQueries({ queryKey: REQUIREMENT_KEY });
      reportSuccess(require === 'none' ? 'A second step is no longer required.' : 'Saved: who has none is asked to set one up next.');
    } catch (e) {
      reportError(e);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="factor-requirement-label">
        Require a passkey or an authenticator app
      </Text>
      <SegmentedControl
        aria-labelledby="factor-requirement-label"
        data={CHOICES}
        value={requirement.data?.require ?? 'none'}
        onChange={(v) => void change(v)}
        disabled={!canEdit || !requirement.data}
        w="fit-content"
        data-testid="factor-requirement"
      />
      <Text size="xs" c="dimmed">
        Who must have one and does not is led to set one up at their next sign-in, and can do nothing else until they have.
      </Text>
    </Stack>
  );
}

function SecurityEvents() {
  const events = useQuery({ queryKey: EVENTS_KEY, queryFn: ({ signal }) => callAction(listSecurityEvents, { signal }).then((a) => a.data), staleTime: 0 });
  if (events.isError)
    return (
      <Text c="red" size="sm">
        The security events could not be loaded.
      </Text>
    );
  if (!events.data)
    return (
      <Text c="dimmed" size="sm">
        Loading…
      </Text>
    );
  if (!events.data.length)
    return (
      <Text c="dimmed" size="sm">
        No security events yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560} mah={360}>
      <Table fz="sm" verticalSpacing={4} stickyHeader data-testid="security-events">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Account</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Details</Table.Th>
            <Table.Th>By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.data.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
              <Table.Td>{e.user_name ?? '—'}</Table.Td>
              <Table.Td>{actionLabel(e.action)}</Table.Td>
              <Table.Td c="dimmed">{e.detail ?? ''}</Table.Td>
              <Table.Td>{e.by_name ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function SecuritySettingsCard({ canEdit, admin }: { canEdit: boolean; admin: boolean }) {
  return (
    <SettingsCard title="Security" description="How people sign in, and what happened at the door." testId="security-settings">
      <Stack gap="md">
        <Requirement canEdit={canEdit} />
        {admin && <SecurityEvents />}
      </Stack>
    </SettingsCard>
  );
}
