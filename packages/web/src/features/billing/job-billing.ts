/** A job's billing as its page shows it (docs/domain/billing.md): billed, paid and balance of its invoices not void. Cents summed. */
import { fromCents, toCents } from '@glazier/shared/rules/money';

type Inv = { status?: string | null; total?: number | null; paid?: number | null; deposits_applied?: number | null; balance?: number | null };

/** Billed counts what was sent (a draft bills no one yet); the drafts' totals apart. */
export function jobBilling(invoices: readonly Inv[]): { billed: number; paid: number; balance: number; drafts: number } {
  const live = invoices.filter((i) => i.status !== 'void' && i.status !== 'draft');
  // a final invoice's deposits are billed by the deposit invoices already: counted once
  const billed = live.reduce((a, i) => a + toCents(i.total) - toCents(i.deposits_applied), 0);
  const paid = live.reduce((a, i) => a + toCents(i.paid), 0);
  const balance = live.reduce((a, i) => a + toCents(i.balance), 0);
  const drafts = invoices.filter((i) => i.status === 'draft').reduce((a, i) => a + toCents(i.total), 0);
  return { billed: fromCents(billed), paid: fromCents(paid), balance: fromCents(balance), drafts: fromCents(drafts) };
}
