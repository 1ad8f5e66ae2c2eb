/**
 * The estimate page's "Approval link" section: `<ApprovalLinks estimateId status />`
 * lists the estimate's links (made when and by whom, when they expire, their state, and who
 * accepted, when, from where); staff with `edit estimates` make one for an open estimate (its URL
 * shown this once, with Copy: only its hash is kept) and revoke an unused one (after a
 * confirmation). The client opens the link without an account (approval-page.tsx).
 */
import type { ApprovalLink } from '@glazier/shared/actions/estimating';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDate, formatDateTime } from '@glazier/shared/rules/dates';
import type { EstimateStatus } from '@glazier/shared/rules/estimating/estimate-status';
import { Alert, Badge, Button, Card, CloseButton, CopyButton, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callAction } from '../../resource-kit/http/actions.ts';
import { reportError, useConfirmedRun } from '../../resource-kit/forms/error-mapper.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useCan } from '../../resource-kit/http/session-user.ts';
import { useLoader } from '../../ui/loader.tsx';

export const approvalLinksKey = (estimateId: number) => ['estimates', 'approval_links', estimateId] as const;

type LinkState = 'accepted' | 'declined' | 'revoked' | 'expired' | 'active';

const STATE: Record<LinkState, { label: string; color: string }> = {
  accepted: { label: 'Accepted', color: 'green' },
  declined: { label: 'Declined', color: 'red' },
  revoked: { label: 'Revoked', color: 'gray' },
  expired: { label: 'Expired', color: 'orange' },
  active: { label: 'Active', color: 'blue' },
};

export function linkState(link: ApprovalLink, now = Date.now()): LinkState {
  if (link.accepted_at) return 'accepted';
  if (link.declined_at) return 'declined';
  if (link.revoked_at) return 'revoked';
  return Date.parse(link.expires_at) <= now ? 'expired' : 'active';
}

/** The URL just made: shown this once (the server keeps only its hash). */
function NewLink({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Alert color="blue" icon={<IconLink />} title="Send this link to the client" data-testid="approval-new-link" withCloseButton={false}>
      <Stack gap="xs">
        <Text size="sm">It is shown only now: copy it before closing. The client can open it without an account, choose alternates and accept.</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput value={url} readOnly aria-label="Approval link" onFocus={(e) => e.currentTarget.select()} style={{ flex: 1 }} data-testid="approval-url" />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <CloseButton aria-label="Close the new link" onClick={onClose} mt={6} />
        </Group>
      </Stack>
    </Alert>
  );
}

export function ApprovalLinks({ estimateId, status }: { estimateId: number; status: EstimateStatus | null | undefined }) {
  const canEdit = useCan('edit', 'estimates');
  const loader = useLoader();
  const confirmedRun = useConfirmedRun();
  const queryClient = useQueryClient();
  const [made, setMade] = useState<string | null>(null);
  const links = useQuery({
    queryKey: approvalLinksKey(estimateId),
    queryFn: ({ signal }) => callAction(ACTION_ROUTES['estimates.approval_links'], { params: { id: estimateId }, signal }).then((a) => a.data),
    staleTime: 0,
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: approvalLinksKey(estimateId) });
    // an acceptance moves the estimate (won, alternates, a note): the page reads it again
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimates') });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('notes') });
  };
  const create = async () => {
    try {
      const answer = await loader.run(callAction(ACTION_ROUTES['estimates.create_approval_link'], { params: { id: estimateId }, body: {} }));
      setMade(new URL(answer.path, window.location.origin).toString());
      refresh();
    } catch (e) {
      reportError(e);
    }
  };
  const revoke = async (link: ApprovalLink) => {
    const revoked = await confirmedRun(
      'Revoke this approval link? The client will no longer be able to open it.',
      { confirmLabel: 'Revoke', title: 'Revoke link', danger: true },
      () => callAction(ACTION_ROUTES['estimate_approvals.revoke'], { params: { id: link.id } }),
      'Approval link revoked.',
    );
    if (revoked !== null) refresh();
  };

  const rows = links.data ?? [];
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="approval-links">
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h4">
          Approval link
        </Title>
        {canEdit && status === 'open' && (
          <Button size="xs" leftSection={<IconLink size={14} />} onClick={() => void create()}>
            Create approval link
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        {made && <NewLink url={made} onClose={() => setMade(null)} />}
        {links.isPending ? (
          <Text c="dimmed" size="sm">
            Loading…
          </Text>
        ) : links.isError ? (
          <Text c="red" size="sm">
            The approval links could not be loaded.
          </Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" size="sm">
            {status === 'open'
              ? 'No approval link yet. Create one to let the client accept this estimate online.'
              : 'Approval links are made for open estimates.'}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Decided by</Table.Th>
                  {canEdit && <Table.Th aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((link) => {
                  const state = linkState(link);
                  return (
                    <Table.Tr key={link.id} data-testid="approval-link-row">
                      <Table.Td>
                        {formatDateTime(link.created_at)}
                        {link.created_by_name && (
                          <Text span size="xs" c="dimmed" display="block">
                            by {link.created_by_name}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{formatDate(link.expires_at)}</Table.Td>
                      <Table.Td>
                        <Badge color={STATE[state].color} variant="light">
                          {STATE[state].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {link.accepted_at ? (
                          <>
                            {link.accepted_name}
                            <Text span size="xs" c="dimmed" display="block">
                              {formatDateTime(link.accepted_at)} from {link.accepted_ip}
                            </Text>
                          </>
                        ) : link.declined_at ? (
                          <>
                            {link.declined_name}
                            <Text span size="xs" c="dimmed" display="block">
                              {formatDateTime(link.declined_at)}
                              {link.declined_reason ? `: “${link.declined_reason}”` : ''}
                            </Text>
                          </>
                        ) : (
                          ''
                        )}
                      </Table.Td>
                      {canEdit && (
                        <Table.Td ta="right">
                          {state === 'active' && (
                            <Button size="xs" variant="subtle" color="red" onClick={() => void revoke(link)}>
                              Revoke
                            </Button>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
