/**
 * Email to vendor (docs/domain/purchasing.md, Emailing the order): the order's PDF attached to a
 * message to the vendor's email (To and CC editable, a message), and the order marked sent by the
 * rule of Send (purchase_orders.email). The order's Email tab then lists the message and its status.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordOf } from '@glazier/shared/resources/records';
import { Button } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction } from '../../resource-kit/http/actions.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { refreshStock } from './order-actions.ts';

export function EmailToVendorButton({
  order,
  vendorEmail,
  disabled,
}: {
  order: RecordOf<'purchase_orders'>;
  vendorEmail: string | null | undefined;
  disabled?: boolean;
}) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const email = async () => {
    // the compose dialog's code is fetched when it opens, not with the order's page
    const { mailQueuedNotice, openComposeMail } = await import('../../resource-kit/mail/compose-mail.tsx');
    const sent = await openComposeMail(modals, {
      title: 'Email to vendor',
      to: vendorEmail ? [vendorEmail] : [],
      attachment: `Purchase order ${order.number ?? ''} is attached as a PDF. Sending it marks the order sent.`,
      record: { resource: 'purchase_orders', id: order.id },
      send: (body) => callAction(ACTION_ROUTES['purchase_orders.email'], { params: { id: order.id }, body }),
      testId: 'email-to-vendor-dialog',
    });
    if (!sent) return;
    storeRecords(queryClient, 'purchase_orders', [sent.data]);
    refreshStock(queryClient); // sent: the materials' on order
    reportSuccess(mailQueuedNotice(`Purchase order ${order.number ?? ''}`, sent.mail));
  };
  return (
    <Button variant="default" leftSection={<IconMailForward size={16} />} onClick={() => void email()} disabled={disabled} data-testid="email-to-vendor">
      Email to vendor
    </Button>
  );
}
