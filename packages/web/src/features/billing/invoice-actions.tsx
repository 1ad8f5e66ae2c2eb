/**
 * The invoice page's buttons, by its status (docs/domain/billing.md, Status): Send (the compose
 * dialog, with the PDF and a new client link) while not void; Record payment while sent or partly
 * paid; Edit while a draft no export took (delete there); Void (with a reason) but when paid or
 * void; Download PDF always.
 */
import { ACTION_ROUTES } from '@glazier/shared/actions/routes';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { Button } from '@mantine/core';
import { IconBan, IconCash, IconFileTypePdf, IconPencil, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { reportSuccess } from '../../resource-kit/forms/error-mapper.tsx';
import { callAction, downloadHref } from '../../resource-kit/http/actions.ts';
import { storeRecords } from '../../resource-kit/records/queries.ts';
import { useModals } from '../../ui/modal-stack.tsx';
import { refreshBilling, voidInvoice } from './billing-actions.ts';
import { isEditable } from './invoice-rules.ts';

type Invoice = RecordWithRelations<'invoices'>;

/** Which buttons an invoice's status offers (an editor's; a viewer gets the PDF only). */
export function invoiceButtons(i: Pick<Invoice, 'number' | 'status' | 'exported_batch_id'>) {
  const status = i.status ?? 'draft';
  return {
    send: status !== 'void',
    recordPayment: status === 'sent' || status === 'partly_paid',
    edit: isEditable(i),
    void: status !== 'void' && status !== 'paid',
  };
}

export function InvoiceActions({ invoice, canEdit }: { invoice: Invoice; canEdit: boolean }) {
  const modals = useModals();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = invoiceButtons(invoice);
  const name = `Invoice ${invoice.number ?? ''}`;

  const send = async () => {
    // The compose dialog is fetched when opened, not with the invoice.
    const { mailQueuedNotice, openComposeMail } = await import('../../resource-kit/mail/compose-mail.tsx');
    const sent = await openComposeMail(modals, {
      title: 'Send invoice',
      // the client's address by default; the sender may type another
      to: invoice.client?.email ? [invoice.client.email] : [],
      attachment: `${name} as a PDF is attached, with a link for the client to view it and its balance online.`,
      record: { resource: 'invoices', id: invoice.id },
      send: (body) => callAction(ACTION_ROUTES['invoices.send'], { params: { id: invoice.id }, body }),
      testId: 'send-invoice-dialog',
    });
    if (!sent) return;
    storeRecords(queryClient, 'invoices', [sent.data]);
    refreshBilling(queryClient);
    reportSuccess(mailQueuedNotice('The invoice', sent.mail));
  };
  const recordPayment = async () => {
    const { openRecordPaymentDialog } = await import('./record-payment-dialog.tsx');
    await openRecordPaymentDialog(modals, { clientId: invoice.client_id ?? null, invoiceId: invoice.id });
  };
  const edit = async () => {
    let deleted = false;
    const { openInvoiceDialog } = await import('./invoice-dialog.tsx');
    await openInvoiceDialog(modals, { record: invoice, editable: can.edit, onDeleted: () => (deleted = true) });
    if (deleted) void navigate('/invoices', { replace: true });
  };
  const doVoid = async () => {
    const { openVoidDialog } = await import('./void-dialog.tsx');
    await openVoidDialog(modals, {
      title: 'Void invoice',
      question: `Void ${name}? It keeps its number and bills nothing; this cannot be undone.`,
      done: `${name} voided.`,
      send: (reason) => voidInvoice(queryClient, invoice.id, reason),
      testId: 'void-invoice-dialog',
    });
  };

  return (
    <>
      {canEdit && can.send && (
        <Button
          leftSection={<IconSend size={16} />}
          variant={invoice.status === 'draft' ? 'filled' : 'default'}
          onClick={() => void send()}
          data-testid="send-invoice"
        >
          {invoice.status === 'draft' ? 'Send' : 'Send again'}
        </Button>
      )}
      {canEdit && can.recordPayment && (
        <Button leftSection={<IconCash size={16} />} onClick={() => void recordPayment()} data-testid="record-payment">
          Record payment
        </Button>
      )}
      <Button
        variant="default"
        component="a"
        href={downloadHref(ACTION_ROUTES['invoices.pdf'], { id: invoice.id })}
        download
        leftSection={<IconFileTypePdf size={16} />}
      >
        Download PDF
      </Button>
      {canEdit && can.edit && (
        <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => void edit()}>
          Edit
        </Button>
      )}
      {canEdit && can.void && (
        <Button variant="subtle" color="red" leftSection={<IconBan size={16} />} onClick={() => void doVoid()} data-testid="void-invoice">
          Void
        </Button>
      )}
    </>
  );
}
