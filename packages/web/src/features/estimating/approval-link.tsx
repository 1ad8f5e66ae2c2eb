/**
 * The estimate page's "Approval link" section: `<ApprovalLinks estimateId status />`, the kit's
 * record links (resource-kit/links/record-links.tsx) of the approval kind: who accepted or declined,
 * when and from where beside each link; one is made for an open estimate only. The client opens
 * the link without an account (approval-page.tsx).
 */
import type { ApprovalLink } from '@glazier/shared/actions/estimating';
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import { formatDateTime } from '@glazier/shared/rules/dates';
import type { EstimateStatus } from '@glazier/shared/rules/estimating/estimate-status';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { callAction } from '../../resource-kit/http/actions.ts';
import { RecordLinks, type RecordLinkKind } from '../../resource-kit/links/record-links.tsx';
import { resourceKeys } from '../../resource-kit/records/records.ts';

export const approvalLinksKey = (estimateId: number) => ['estimates', 'approval_links', estimateId] as const;

function DecidedBy({ link }: { link: ApprovalLink }) {
  if (link.accepted_at)
    return (
      <>
        {link.accepted_name}
        <Text span size="xs" c="dimmed" display="block">
          {formatDateTime(link.accepted_at)} from {link.accepted_ip}
        </Text>
      </>
    );
  if (link.declined_at)
    return (
      <>
        {link.declined_name}
        <Text span size="xs" c="dimmed" display="block">
          {formatDateTime(link.declined_at)}
          {link.declined_reason ? `: “${link.declined_reason}”` : ''}
        </Text>
      </>
    );
  return null;
}

const approvalKind: RecordLinkKind<ApprovalLink> = {
  key: approvalLinksKey,
  area: 'estimates',
  list: (id, signal) => callAction(ACTION_ROUTES['estimates.approval_links'], { params: { id }, signal }).then((a) => a.data),
  create: (id) => callAction(ACTION_ROUTES['estimates.create_approval_link'], { params: { id }, body: {} }),
  revoke: (id) => callAction(ACTION_ROUTES['estimate_approvals.revoke'], { params: { id } }),
  title: 'Approval link',
  createLabel: 'Create approval link',
  newLinkText: 'The client can open it without an account, choose alternates and accept.',
  revokeQuestion: 'Revoke this approval link? The client will no longer be able to open it.',
  revokedText: 'Approval link revoked.',
  usedState: (link) => (link.accepted_at ? { label: 'Accepted', color: 'green' } : link.declined_at ? { label: 'Declined', color: 'red' } : null),
  columns: [{ label: 'Decided by', render: (link) => (link.accepted_at || link.declined_at ? <DecidedBy link={link} /> : null) }],
  testPrefix: 'approval',
};

export function ApprovalLinks({ estimateId, status }: { estimateId: number; status: EstimateStatus | null | undefined }) {
  const queryClient = useQueryClient();
  return (
    <RecordLinks
      kind={approvalKind}
      recordId={estimateId}
      canCreate={status === 'open'}
      empty={
        status === 'open' ? 'No approval link yet. Create one to let the client accept this estimate online.' : 'Approval links are made for open estimates.'
      }
      onChange={() => {
        // an acceptance moves the estimate (won, alternates, a note): the page reads it again
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimates') });
        void queryClient.invalidateQueries({ queryKey: resourceKeys.all('notes') });
      }}
    />
  );
}
