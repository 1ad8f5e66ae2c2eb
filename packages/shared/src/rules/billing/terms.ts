/**
 * Payment terms and the due date they give (docs/domain/billing.md, Terms): due on receipt (the
 * issue date), net 15, net 30, or a number of days the invoice names.
 */
import { addDays, isIsoDate } from '../dates.ts';
import { decided, refused, type Outcome } from './refusal.ts';

import { INVOICE_TERMS } from '../value-lists.ts';

export { INVOICE_TERMS };

export type InvoiceTerms = (typeof INVOICE_TERMS)[number];

/** The most days a term may give (a year): more reads as a typing mistake. */
export const MAX_TERM_DAYS = 365;

export const TERMS_LABELS: Record<InvoiceTerms, string> = { due_on_receipt: 'Due on receipt', net_15: 'Net 15', net_30: 'Net 30', days: 'Net (days)' };

/** How many days after the issue date the invoice is due; `days` is read only for the `days` term. */
export function termDays(terms: InvoiceTerms, days?: number | null): Outcome<number, 'terms_days'> {
  switch (terms) {
    case 'due_on_receipt':
      return decided(0);
    case 'net_15':
      return decided(15);
    case 'net_30':
      return decided(30);
    case 'days':
      if (days == null || !Number.isInteger(days) || days < 0 || days > MAX_TERM_DAYS) {
        return refused('terms_days', `Terms in days need a whole number of days from 0 to ${MAX_TERM_DAYS}.`);
      }
      return decided(days);
  }
}

/** The terms as words on the invoice and in the export ("Net 45"; QuickBooks names its terms so). */
export function termsText(terms: InvoiceTerms, days?: number | null): string {
  if (terms !== 'days') return TERMS_LABELS[terms];
  return days === 0 ? TERMS_LABELS.due_on_receipt : `Net ${days ?? ''}`.trim();
}

/** The due date: the issue date plus the terms' days. */
export function dueDate(issueDate: string, terms: InvoiceTerms, days?: number | null): Outcome<string, 'terms_days' | 'issue_date'> {
  if (!isIsoDate(issueDate)) return refused('issue_date', 'The invoice needs an issue date (YYYY-MM-DD).');
  const n = termDays(terms, days);
  return n.ok ? decided(addDays(issueDate, n.value)) : n;
}
