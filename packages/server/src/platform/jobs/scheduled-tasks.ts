/**
 * The server's scheduled work, run once across every app server on the database by the job
 * runner (background-jobs.ts): expired sessions dropped hourly, so the table does not grow without
 * end; jobs in the trash for more than 30 days deleted for good, daily; idempotency keys past their
 * keeping time, daily; overdue invoices' payment reminders, hourly (each step sent once,
 * areas/billing/invoice-reminders.ts), with the server's mail context for their links. A new
 * periodic task is one entry here.
 */
import { purgeOldIdempotencyKeys } from '../idempotency-keys.ts';
import { purgeTrash } from '../purge-trash.ts';
import { purgeExpiredSessions } from '../session-store.ts';
import type { ScheduledTask } from './background-jobs.ts';
import type { MailContext } from '../../engine/context.ts';
import { sendInvoiceReminders } from '../../areas/billing/invoice-reminders.ts';

export const SCHEDULED_TASKS: ScheduledTask[] = [
  { name: 'expired sessions purge', everyMs: 3600_000, run: async (tx) => `${await purgeExpiredSessions(tx)} sessions` },
  {
    name: 'trash purge',
    everyMs: 24 * 3600_000,
    run: async (tx) =>
      Object.entries(await purgeTrash(tx))
        .map(([name, ids]) => `${ids.length} ${name}`)
        .join(', ') || 'nothing',
  },
  { name: 'idempotency keys purge', everyMs: 24 * 3600_000, run: async (tx) => `${await purgeOldIdempotencyKeys(tx)} keys` },
];

/** Every scheduled task, those that mail with the server's mail context. */
export function scheduledTasks({ mail }: { mail?: MailContext } = {}): ScheduledTask[] {
  return [...SCHEDULED_TASKS, { name: 'invoice reminders', everyMs: 3600_000, run: (tx) => sendInvoiceReminders(tx, mail) }];
}
