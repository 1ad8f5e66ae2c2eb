/** How a payment's method reads (docs/domain/billing.md, Payments): a check with its number. */
import type { PAYMENT_METHODS } from '@glazier/shared/resources/billing';

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { check: 'Check', card: 'Card', ach: 'ACH', cash: 'Cash', other: 'Other' };

/** "Check 1042", "Card", … */
export function methodText(p: { method?: PaymentMethod | null; check_number?: string | null }): string {
  const label = PAYMENT_METHOD_LABELS[p.method ?? 'other'];
  return p.method === 'check' && p.check_number ? `${label} ${p.check_number}` : label;
}
