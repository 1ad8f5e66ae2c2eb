/**
 * The fixed lists of values records take (a job's scopes, an estimate's or an invoice's statuses,
 * terms, payment methods, client colours, a PO line's statuses): below both the resources, whose
 * fields offer them, and the rules, which decide on them, so either imports them without the other.
 */

/** The five scopes of work a job can have (docs/domain/jobs.md, Scopes and completion). */
export const SCOPES = ['Hardware', 'Mirrors', 'Shelving', 'Shower Glass', 'Window Coverings'] as const;

export const ESTIMATE_STATUSES = ['draft', 'open', 'won', 'lost'] as const;
/** What a client decided of an estimate (estimates.decision). */
export const DECISIONS = ['won', 'lost'] as const;

export const INVOICE_STATUSES = ['draft', 'sent', 'partly_paid', 'paid', 'void'] as const;
export const INVOICE_TERMS = ['due_on_receipt', 'net_15', 'net_30', 'days'] as const;
export const PAYMENT_METHODS = ['check', 'card', 'ach', 'cash', 'other'] as const;

/** The twelve fixed client colours (docs/domain/people.md, Clients; the values are ours). */
export const CLIENT_COLORS = [
  '#e03131',
  '#c2255c',
  '#9c36b5',
  '#6741d9',
  '#3b5bdb',
  '#1971c2',
  '#0c8599',
  '#099268',
  '#2f9e44',
  '#66a80f',
  '#f08c00',
  '#e8590c',
] as const;

export const PO_LINE_STATUSES = ['ordered', 'received', 'backordered'] as const;
export type PoLineStatus = (typeof PO_LINE_STATUSES)[number];
export const PO_LINE_STATUS_LABELS: Record<PoLineStatus, string> = {
  ordered: 'Ordered',
  received: 'Received',
  backordered: 'Backordered',
};
