/**
 * A client's link to an invoice (docs/domain/billing.md, Sending), a record link
 * (platform/record-links.ts) as the estimate's approval link is: valid 60 days unless told,
 * revocable. The client opens it without an account and reads the invoice as printed and its
 * balance, nothing else; each opening is recorded on the link. A token that names no link is a
 * 404; a link revoked or expired, or whose invoice is void or gone, a 410.
 */
import { INVOICE_LINK_DAYS, clientInvoicePath, type InvoiceLink } from '@glazier/shared/actions/billing';
import type { Db } from '../../db/client.ts';
import { invoice_links } from '../../db/schema.ts';
import { linkIsoOrNull, presentLinkBase, recordLinks } from '../../platform/record-links.ts';
import { readInvoiceDocument } from './invoice-document.ts';

export const LINK_NOT_FOUND_MESSAGE = 'This invoice link is not valid. Check that it was copied whole.';
export const REVOKED_MESSAGE = 'This invoice link was withdrawn. Please ask us for a new one.';
export const EXPIRED_MESSAGE = 'This invoice link has expired. Please ask us for a new one.';
export const VOID_MESSAGE = 'This invoice was cancelled. Please contact us if you have a question.';
export const ONLY_SENT_MESSAGE = 'A draft or void invoice has no client link: send it first.';

export const invoiceLinks = recordLinks({
  resource: 'invoices',
  table: invoice_links,
  recordColumn: 'invoice_id',
  label: 'Invoice link',
  days: INVOICE_LINK_DAYS,
  path: clientInvoicePath,
  refusals: { notFound: LINK_NOT_FOUND_MESSAGE, revoked: REVOKED_MESSAGE, expired: EXPIRED_MESSAGE },
  // the Send that makes a draft sent makes its link too
  refuseNew: (invoice, sending) => (invoice.status === 'void' || (invoice.status === 'draft' && !sending) ? ONLY_SENT_MESSAGE : null),
  closed: (invoice) => (!invoice || invoice.status === 'void' ? VOID_MESSAGE : null),
  opener: 'Client, by the invoice link',
  present: (row): InvoiceLink => ({ ...presentLinkBase(row), invoice_id: row.invoice_id, last_opened_at: linkIsoOrNull(row.last_opened_at) }),
});

export const { list: listInvoiceLinks, create: createInvoiceLink, revoke: revokeInvoiceLink } = invoiceLinks;

/** The public read by the token: the invoice as printed and its balance. */
export const showClientInvoice = (db: Db, token: string) => invoiceLinks.open(db, token, (tdb, invoice) => readInvoiceDocument(tdb, invoice.id));
