/**
 * The server's scheduled work, run once across every app server on the database by the job
 * runner (background-jobs.ts): expired sessions dropped hourly, so the table does not grow without
 * end; jobs in the trash for more than 30 days deleted for good, daily; idempotency keys past their
 * keeping time, daily. A new periodic task is one entry here; an area's task, which may not be
 * imported here, is added beside these where the runner is made (http/app.ts: billing's overdue
 * invoice reminders, with the server's mail context for their links).
 */
import { purgeOldIdempotencyKeys } from '../idempotency-keys.ts';
import { purgeTrash } from '../purge-trash.ts';
import { purgeExpiredSessions } from '../session-store.ts';
import type { ScheduledTask } from './background-jobs.ts';

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
