/**
 * A payment and where its money goes (docs/domain/billing.md, Payments): against one invoice, or
 * spread over several open invoices of its client (the ones the person names, each with its share,
 * or oldest due first). Never more than what is open: the app keeps no credit on account, so a
 * larger payment is refused in words, not kept as a silent credit. A payment is voided with a
 * reason; its allocations go, and its invoices' balances and statuses follow.
 */
import { formatCents } from '../money.ts';
import { payable, type InvoiceStatus } from './invoice-status.ts';
import { decided, refused, type Outcome } from './refusal.ts';

import { PAYMENT_METHODS } from '../value-lists.ts';

export { PAYMENT_METHODS };

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { check: 'Check', card: 'Card', ach: 'ACH', cash: 'Cash', other: 'Other' };

/** An invoice a payment may go to, as the allocation reads it (money in cents). */
export interface OpenInvoice {
  id: number;
  number: number | string | null;
  client_id: number;
  status: InvoiceStatus;
  due_date: string | null;
  /** What it still owes (amount due − what is already allocated to it). */
  balance: number;
}

export interface Allocation {
  invoice_id: number;
  cents: number;
}

export interface PaymentInput {
  client_id: number;
  cents: number;
  method: PaymentMethod;
  check_number?: string | null;
  /** The invoices and shares the person chose; none: spread oldest due first over the client's open invoices. */
  shares?: readonly Allocation[];
}

export type AllocationRefusal =
  | 'amount'
  | 'check_number'
  | 'no_open_invoices'
  | 'other_client'
  | 'not_payable'
  | 'unknown_invoice'
  | 'share'
  | 'share_over_balance'
  | 'shares_sum'
  | 'over_payment';

const invoiceName = (i: OpenInvoice) => `invoice ${i.number ?? i.id}`;

/** Oldest due first (no due date last), then by number: the order a spread payment pays in. */
export function byDueDate(a: OpenInvoice, b: OpenInvoice): number {
  const da = a.due_date ?? '9999-12-31';
  const db = b.due_date ?? '9999-12-31';
  if (da !== db) return da < db ? -1 : 1;
  return Number(a.number ?? a.id) - Number(b.number ?? b.id);
}

/**
 * Where the payment's money goes, or why it is refused. `invoices` are the invoices it may go to
 * (the client's open ones, or those the shares name: the action reads them locked).
 */
export function allocatePayment(p: PaymentInput, invoices: readonly OpenInvoice[]): Outcome<Allocation[], AllocationRefusal> {
  if (!Number.isInteger(p.cents) || p.cents <= 0) return refused('amount', 'A payment is an amount more than $0.00.');
  if (p.method === 'check' && !(p.check_number ?? '').trim()) return refused('check_number', 'A check payment needs its check number.');
  const byId = new Map(invoices.map((i) => [i.id, i]));
  if (p.shares?.length) {
    const seen = new Set<number>();
    for (const s of p.shares) {
      const inv = byId.get(s.invoice_id);
      if (!inv || seen.has(s.invoice_id)) return refused('unknown_invoice', `Each invoice is named once, and must be one of the client's.`);
      seen.add(s.invoice_id);
      if (inv.client_id !== p.client_id)
        return refused('other_client', `${capital(invoiceName(inv))} is another client's: a payment pays one client's invoices.`);
      const ok = payable({ number: inv.number, status: inv.status });
      if (!ok.ok) return refused('not_payable', ok.message);
      if (!Number.isInteger(s.cents) || s.cents <= 0) return refused('share', `The amount for ${invoiceName(inv)} must be more than $0.00.`);
      if (s.cents > inv.balance) {
        return refused('share_over_balance', `${formatCents(s.cents)} is more than ${invoiceName(inv)}'s balance of ${formatCents(inv.balance)}.`);
      }
    }
    const sum = p.shares.reduce((a, s) => a + s.cents, 0);
    if (sum !== p.cents) {
      return refused('shares_sum', `The amounts for the invoices add up to ${formatCents(sum)}, not the payment's ${formatCents(p.cents)}.`);
    }
    return decided(p.shares.map((s) => ({ invoice_id: s.invoice_id, cents: s.cents })));
  }
  const open = invoices.filter((i) => i.client_id === p.client_id && i.balance > 0 && payable({ number: i.number, status: i.status }).ok).sort(byDueDate);
  if (!open.length) return refused('no_open_invoices', 'This client has no open invoices to pay.');
  const openSum = open.reduce((a, i) => a + i.balance, 0);
  if (p.cents > openSum) {
    return refused(
      'over_payment',
      `This payment of ${formatCents(p.cents)} is more than the ${formatCents(openSum)} open on the client's invoices. ` +
        `Record ${formatCents(openSum)} or less: there is no credit on account.`,
    );
  }
  const out: Allocation[] = [];
  let left = p.cents;
  for (const inv of open) {
    if (left === 0) break;
    const cents = Math.min(left, inv.balance);
    out.push({ invoice_id: inv.id, cents });
    left -= cents;
  }
  return decided(out);
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export type PaymentVoidRefusal = 'already_void' | 'reason';

/** Void a payment, with a reason; its allocations are removed and its invoices' statuses follow (statusFromPayments). */
export function voidPayment(p: { voided: boolean }, reason: string | null | undefined): Outcome<{ reason: string }, PaymentVoidRefusal> {
  if (p.voided) return refused('already_void', 'This payment is already void.');
  const why = (reason ?? '').trim();
  if (!why) return refused('reason', 'Say why the payment is void.');
  return decided({ reason: why });
}
