/**
 * Where a payment's money goes by default in the Record payment dialog (docs/domain/billing.md,
 * Payments): the invoice it was opened from first, up to its balance, then the client's other open
 * invoices oldest due first (the server's order, rules/billing/payments.ts). Money in cents.
 */
import { byDueDate, type OpenInvoice } from '@glazier/shared/rules/billing/payments';

export interface Share {
  invoice_id: number;
  cents: number;
}

export function defaultShares(cents: number, invoices: readonly OpenInvoice[], firstId: number | null): Share[] {
  const ordered = [...invoices].filter((i) => i.balance > 0).sort(byDueDate);
  const first = ordered.findIndex((i) => i.id === firstId);
  if (first > 0) ordered.unshift(...ordered.splice(first, 1));
  let left = Math.max(0, cents);
  return ordered.map((i) => {
    const share = Math.min(left, i.balance);
    left -= share;
    return { invoice_id: i.id, cents: share };
  });
}

/**
 * What the dialog sends: the shares over 0 when they add up to the amount; none otherwise (the
 * amount is more than is open), so the server answers with its own words about the over-payment.
 */
export function sharesToSend(cents: number, shares: readonly Share[]): Share[] | undefined {
  const given = shares.filter((s) => s.cents > 0);
  const sum = given.reduce((a, s) => a + s.cents, 0);
  return given.length && sum === cents ? given : undefined;
}
