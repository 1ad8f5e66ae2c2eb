/**
 * A mail message's statuses and how they read, and the live topic of the outbox: without zod (the
 * declarations, mail.ts, hold the schemas), for the screens that show a record's mail.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'not_configured'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** How each status reads, on its own (the reason, when there is one, goes after it). */
export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_configured: 'Not sent: no mail server configured',
};

/**
 * What a live notice names for a message of the outbox (its status changed, or it was written):
 * the Outbox's administrators hear of every message, whoever may read its record of that record's.
 */
export const MAIL_LIVE_TOPIC = 'mail_outbox';

/** A message's status as one line: "Sent", "Failed: 550 No such mailbox", "Queued: retrying after 451 …". */
export function mailStatusText(m: { status: MailStatus; last_error: string | null; attempts: number }): string {
  const label = MAIL_STATUS_LABELS[m.status];
  if (m.status === 'failed' && m.last_error) return `${label}: ${m.last_error}`;
  if (m.status === 'queued' && m.attempts > 0 && m.last_error) return `${label}, to be tried again: ${m.last_error}`;
  return label;
}
