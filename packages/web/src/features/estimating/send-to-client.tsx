/**
 * Send to client (docs/domain/estimating.md, Sending the estimate): an open estimate emailed to its
 * contact (To and CC editable, a message) with a new approval link and the estimate PDF attached
 * (estimates.send). The page's Sent line, the Client Approval tab's links and Email section, and
 * the history then show it.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { resourceKeys } from '../../resource-kit/records/records.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { approvalLinksKey } from './approval-link.tsx';

export function SendToClientButton({ estimate }: { estimate: RecordWithRelations<'estimates'> }) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const send = async () => {
    // The compose dialog is fetched when opened, not with the estimate.
    const { mailQueuedNotice, openComposeMail } = await import('../../resource-kit/mail/compose-mail.tsx');
    const sent = await openComposeMail(modals, {
      title: 'Send to client',
      to: estimate.contact_email ? [estimate.contact_email] : [],
      attachment: 'The estimate as a PDF is attached, with a new approval link for the client to review and accept it online.',
      record: { resource: 'estimates', id: estimate.id },
      send: (body) => callAction(ACTION_ROUTES['estimates.send'], { params: { id: estimate.id }, body }),
      testId: 'send-to-client-dialog',
    });
    if (!sent) return;
    storeRecords(queryClient, 'estimates', [sent.data]);
    void queryClient.invalidateQueries({ queryKey: approvalLinksKey(estimate.id) });
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all('estimates') });
    reportSuccess(mailQueuedNotice('The estimate', sent.mail));
  };
  return (
    <Button leftSection={<IconSend size={16} />} onClick={() => void send()} data-testid="send-to-client">
      Send to client
    </Button>
  );
}
