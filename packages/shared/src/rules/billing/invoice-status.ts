/**
 * An invoice's status (docs/domain/billing.md, Status): draft → sent by Send; sent → partly paid →
 * paid as payments are allocated to it (and back as a payment is voided); void, with a reason, from
 * any status but paid. A void invoice keeps its number and is never sent or paid again. Only a draft
 * that no export has taken is edited; an exported invoice can only be voided.
 */
import { formatCents } from '../money.ts';
import { decided, refused, type Outcome } from './refusal.ts';

import { INVOICE_STATUSES } from '../value-lists.ts';

export { INVOICE_STATUSES };

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  void: 'Void',
};

/** The invoice as its status rules read it. */
export interface InvoiceState {
  number: number | string | null;
  status: InvoiceStatus;
  /** The export batch that took it, if one did. */
  exported?: boolean;
}

const name = (i: InvoiceState) => `Invoice ${i.number ?? ''}`.trim();

export type EditRefusal = 'not_draft' | 'exported';

/** Whether the invoice's fields and lines may change: a draft no export has taken. */
export function editable(i: InvoiceState): Outcome<true, EditRefusal> {
  if (i.exported) return refused('exported', `${name(i)} has been exported to the books: it can no longer be changed, only voided.`);
  if (i.status !== 'draft') {
    return refused('not_draft', `${name(i)} is ${INVOICE_STATUS_LABELS[i.status].toLowerCase()}: only a draft invoice can be changed.`);
  }
  return decided(true);
}

export type SendRefusal = 'void' | 'empty';

/**
 * Send (or send again): a draft becomes sent; a sent, partly paid or paid invoice keeps its status
 * (sending again mails a copy). A void invoice is not sent; nor an invoice of $0.00 with no lines.
 */
export function statusAfterSend(i: InvoiceState & { lineCount: number }): Outcome<InvoiceStatus, SendRefusal> {
  if (i.status === 'void') return refused('void', `${name(i)} is void: a void invoice is not sent.`);
  if (i.status === 'draft' && i.lineCount === 0) return refused('empty', `${name(i)} has no lines: add what it bills before sending it.`);
  return decided(i.status === 'draft' ? 'sent' : i.status);
}

export type PayableRefusal = 'draft' | 'void' | 'paid';

/** Whether payments may be allocated to the invoice: only once sent, and not when void or paid. */
export function payable(i: InvoiceState): Outcome<true, PayableRefusal> {
  if (i.status === 'draft') return refused('draft', `${name(i)} is a draft: send it before recording a payment against it.`);
  if (i.status === 'void') return refused('void', `${name(i)} is void: it takes no payments.`);
  if (i.status === 'paid') return refused('paid', `${name(i)} is already paid in full.`);
  return decided(true);
}

/**
 * The status its payments give a sent invoice: paid when they cover what is due (in cents; a final
 * invoice its deposits cover is paid with no payment of its own), partly paid when some is paid,
 * else sent. A draft and a void invoice keep theirs.
 */
export function statusFromPayments(status: InvoiceStatus, amountDue: number, paid: number): InvoiceStatus {
  if (status === 'draft' || status === 'void') return status;
  if (paid >= amountDue) return 'paid';
  return paid > 0 ? 'partly_paid' : 'sent';
}

/** What the invoice still owes, in cents (none on a draft's behalf is owed yet, none on a void one). */
export function balanceDue(status: InvoiceStatus, amountDue: number, paid: number): number {
  return status === 'void' ? 0 : amountDue - paid;
}

export type VoidRefusal = 'paid' | 'already_void' | 'reason';

/** Void, with a reason: from any status but paid. What becomes of the payments a partly paid invoice holds is the Void action's to decide (docs/domain/billing.md, Status). */
export function voidInvoice(i: InvoiceState, reason: string | null | undefined): Outcome<{ status: 'void'; reason: string }, VoidRefusal> {
  if (i.status === 'void') return refused('already_void', `${name(i)} is already void.`);
  if (i.status === 'paid') return refused('paid', `${name(i)} is paid: void its payments first if it was billed by mistake.`);
  const why = (reason ?? '').trim();
  if (!why) return refused('reason', 'Say why the invoice is void.');
  return decided({ status: 'void', reason: why });
}

/** The refusal of a generic write that names a status (the `state` message of the field). */
export const STATUS_STATE_MESSAGE = 'Use Send, Record payment or Void to change an invoice’s status.';

/** How a status reads with the money behind it ("Partly paid: $120.00 due"). */
export function statusLine(status: InvoiceStatus, balance: number): string {
  return status === 'partly_paid' || status === 'sent' ? `${INVOICE_STATUS_LABELS[status]}: ${formatCents(balance)} due` : INVOICE_STATUS_LABELS[status];
}
