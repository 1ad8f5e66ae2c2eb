/** An invoice's status and a payment's state as badges (docs/domain/billing.md, Status). */
import { Badge } from '@mantine/core';
import { INVOICE_STATUSES } from '@glazier/shared/resources/billing';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@glazier/shared/rules/billing/invoice-status';
const COLORS: Record<InvoiceStatus, string> = { draft: 'gray', sent: 'blue', partly_paid: 'orange', paid: 'green', void: 'red' };

export const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }));

/** A narrow phone column never cuts the word. */
const NO_CLIP = { label: { overflow: 'visible' } } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus | null | undefined }) {
  const s = status ?? 'draft';
  return (
    <Badge color={COLORS[s]} variant="light" styles={NO_CLIP} data-testid="invoice-status">
      {INVOICE_STATUS_LABELS[s]}
    </Badge>
  );
}

/** Overdue: open (sent or partly paid) and past its due date, on the given day (YYYY-MM-DD). */
export function isOverdue(invoice: { status?: string | null; due_date?: string | null }, today: string): boolean {
  return (invoice.status === 'sent' || invoice.status === 'partly_paid') && invoice.due_date != null && invoice.due_date < today;
}

export function OverdueBadge() {
  return (
    <Badge color="red" variant="outline" styles={NO_CLIP} data-testid="invoice-overdue">
      Overdue
    </Badge>
  );
}
