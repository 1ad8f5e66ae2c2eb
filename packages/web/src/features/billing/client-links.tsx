/**
 * The invoice page's client links: the kit's record links (resource-kit/links/record-links.tsx) of
 * the invoice kind: when each was last opened beside it; Send makes one, and staff with `edit
 * invoices` make another for a sent invoice or revoke one. The client opens it without an account
 * (public-invoice-page.tsx); a revoked one says it is no longer valid.
 */
import { createInvoiceLink, listInvoiceLinks, revokeInvoiceLink, type InvoiceLink } from '@glazier/shared/actions/billing';
import type { InvoiceStatus } from '@glazier/shared/rules/billing/invoice-status';
import { formatDateTime } from '@glazier/shared/rules/dates';
import { callAction } from '../../resource-kit/http/actions.ts';
import { RecordLinks, type RecordLinkKind } from '../../resource-kit/links/record-links.tsx';

const clientLinkKind: RecordLinkKind<InvoiceLink> = {
  // under the invoice's key: Send (a live notice of the invoice) shows the link it made
  key: (id) => ['invoices', 'links', id],
  area: 'invoices',
  list: (id, signal) => callAction(listInvoiceLinks, { params: { id }, signal }).then((a) => a.data),
  create: (id) => callAction(createInvoiceLink, { params: { id }, body: {} }),
  revoke: (id) => callAction(revokeInvoiceLink, { params: { id } }),
  title: 'Client links',
  createLabel: 'Create client link',
  newLinkText: 'The client can open it without an account to view the invoice and its balance.',
  revokeQuestion: 'Revoke this client link? The client will no longer be able to open it.',
  revokedText: 'Client link revoked.',
  columns: [{ label: 'Last opened', render: (link) => (link.last_opened_at ? formatDateTime(link.last_opened_at) : 'Not yet') }],
  testPrefix: 'client',
};

export function ClientLinks({ invoiceId, status }: { invoiceId: number; status: InvoiceStatus | null | undefined }) {
  const linkable = status != null && status !== 'draft' && status !== 'void';
  return (
    <RecordLinks
      kind={clientLinkKind}
      recordId={invoiceId}
      canCreate={linkable}
      empty={
        linkable ? 'No client link yet. Send the invoice, or create a link to give the client yourself.' : 'Client links are made when the invoice is sent.'
      }
    />
  );
}
