/**
 * A record's history from the audit log (`GET /api/history/{resource}/{id}`, newest first): who
 * changed which fields from what to what, and when.
 *
 *   <HistoryPanel resource="jobs" id={job.id} />
 *   <HistoryButton resource="clients" id={client.id} />   // a footer button opening it in a dialog
 *
 * The server decides what the caller may see (guarded costs never show); this only words it.
 */
import type { HistoryChange } from '@glazier/shared/actions/records';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { Button, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useModals, type ModalStackApi } from '../../ui/modal-stack.tsx';
import { useDelayedFlag } from '../../ui/loader.tsx';
import { fieldLabel, fieldText, fieldWords } from '../forms/field-text.ts';
import { callAction } from '../http/actions.ts';
import { NoRows, OfflineAsOf } from '../offline/offline-state.tsx';

const ACTIONS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  duplicate: 'Duplicated',
  discontinue: 'Discontinued',
  restore: 'Restored',
  // a person's security events (server platform/security): their history and Settings → Security
  signed_in: 'Signed in',
  session_ended: 'Signed a browser out',
  other_sessions_ended: 'Signed the other browsers out',
  totp_enabled: 'Authenticator app added',
  totp_removed: 'Authenticator app removed',
  recovery_codes_made: 'New recovery codes',
  recovery_code_used: 'Recovery code used',
  code_refused: 'Wrong code refused',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey removed',
  factors_reset: 'Sign-in reset',
};

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? fieldWords(action);
}

/**
 * A value of `field` as the screens show it (field-text.ts); an empty one reads "—". A reference
 * reads as the name the server gave it (`label`), or as "#id" when the caller may not see it.
 */
export function historyValue(resource: ResourceName, field: string, value: unknown, label?: string | null): string {
  if (label && value !== null && value !== undefined) return label;
  return fieldText(resource, field, value, '—');
}

/** The two sides of a change as text. */
function changeText(resource: ResourceName, c: HistoryChange): { from: string; to: string } {
  return { from: historyValue(resource, c.field, c.from, c.from_label), to: historyValue(resource, c.field, c.to, c.to_label) };
}

export const historyKey = (resource: ResourceName, id: number) => [resource, 'history', id] as const;

export function HistoryPanel({ resource, id }: { resource: ResourceName; id: number }) {
  const query = useQuery({
    queryKey: historyKey(resource, id),
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['records.history'], { params: { resource, id }, signal }),
    // a history is read when asked for: always fresh
    staleTime: 0,
  });
  const loading = useDelayedFlag(query.isLoading);
  const entries = query.data?.data ?? [];
  if (query.isLoading)
    return loading ? (
      <Text c="dimmed" size="sm">
        Loading…
      </Text>
    ) : null;
  // Offline with nothing cached it says so: never "No history yet." for a history it could not ask for.
  if (!entries.length) return <NoRows query={query} size="sm" empty="No history yet." what="The history" />;
  return (
    <Stack gap="md" data-testid="history-panel">
      <OfflineAsOf query={query} />
      {entries.map((e) => {
        const creating = e.action === 'create';
        return (
          <Stack key={e.id} gap={4} data-testid="history-entry">
            <Text size="sm">
              <Text span fw={600}>
                {actionLabel(e.action)}
              </Text>{' '}
              by {e.user_name ?? (e.user_id == null ? 'someone without an account' : 'a removed user')} ·{' '}
              <Text span c="dimmed">
                {formatDateTime(e.at)}
              </Text>
            </Text>
            {e.changes.length > 0 && e.action !== 'delete' && (
              <Table.ScrollContainer minWidth={320}>
                {/* fixed columns, so the entries' fields and values line up under each other */}
                <Table fz="sm" verticalSpacing={4} withRowBorders={false} layout="fixed" style={{ overflowWrap: 'anywhere' }}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w="30%">Field</Table.Th>
                      {!creating && <Table.Th w="35%">From</Table.Th>}
                      <Table.Th>{creating ? 'Value' : 'To'}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {e.changes.map((c) => {
                      const text = changeText(resource, c);
                      return (
                        <Table.Tr key={c.field}>
                          <Table.Td>{fieldLabel(resource, c.field)}</Table.Td>
                          {!creating && <Table.Td c="dimmed">{text.from}</Table.Td>}
                          <Table.Td>{text.to}</Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** Opens a record's history in a dialog of the stack. */
export function openHistory(modals: ModalStackApi, resource: ResourceName, id: number): Promise<null> {
  return modals.push<null>(() => <HistoryPanel resource={resource} id={id} />, {
    title: `${RESOURCES[resource].label} History`,
    size: 'lg',
    testId: 'history-dialog',
  });
}

/** A "History" button (for a dialog's footer) opening the record's history. */
export function HistoryButton({ resource, id }: { resource: ResourceName; id: number }) {
  const modals = useModals();
  return (
    <Button variant="subtle" leftSection={<IconHistory size={16} />} onClick={() => void openHistory(modals, resource, id)}>
      History
    </Button>
  );
}
