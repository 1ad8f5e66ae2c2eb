/**
 * Reminders of an overdue invoice (docs/domain/billing.md, Reminders): Settings says after how many
 * days past the due date (e.g. 7 and 21); each step is sent once. An invoice the schedule reaches
 * late (the setting was just turned on, the server was down) gets the latest step it has reached,
 * once: the steps it passed unsent are not sent after it.
 */
import { daysBetween } from './aging.ts';
import { decided, refused, type Outcome } from './refusal.ts';
import type { InvoiceStatus } from './invoice-status.ts';

/** The most steps, and the latest day, a schedule may name. */
export const MAX_REMINDER_STEPS = 6;
export const MAX_REMINDER_DAY = 365;

/** The reminder days setting ("7, 21") read as steps in order; empty text: no reminders. */
export function parseReminderDays(text: string | null | undefined): Outcome<number[], 'reminder_days'> {
  const parts = (text ?? '')
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const days: number[] = [];
  for (const p of parts) {
    if (!/^\d+$/.test(p) || Number(p) < 1 || Number(p) > MAX_REMINDER_DAY) {
      return refused('reminder_days', `Reminder days are whole numbers of days after the due date, from 1 to ${MAX_REMINDER_DAY}, e.g. "7, 21".`);
    }
    days.push(Number(p));
  }
  if (days.length > MAX_REMINDER_STEPS) return refused('reminder_days', `At most ${MAX_REMINDER_STEPS} reminders.`);
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  return decided(sorted);
}

export interface ReminderCandidate {
  status: InvoiceStatus;
  due_date: string;
  /** Cents still owed. */
  balance: number;
  /** The steps (days) already sent for this invoice. */
  sent: readonly number[];
  /** The client asked for no reminders. */
  clientOptOut?: boolean;
}

/** The step due today for the invoice, or null: none reached, all reached sent, or nothing owed. */
export function reminderStepDue(inv: ReminderCandidate, steps: readonly number[], today: string): number | null {
  if (inv.clientOptOut || inv.balance <= 0) return null;
  if (inv.status !== 'sent' && inv.status !== 'partly_paid') return null;
  const late = daysBetween(inv.due_date, today);
  const reached = steps.filter((d) => d <= late);
  const latest = reached.at(-1);
  if (latest == null) return null;
  const lastSent = Math.max(0, ...inv.sent);
  return latest > lastSent ? latest : null;
}
