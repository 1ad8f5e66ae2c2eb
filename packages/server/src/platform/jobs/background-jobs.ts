/**
 * Background jobs (the table `background_jobs`), a job kind of the runner (job-runner.ts): a
 * scheduled task (the purges) is a row that runs every `everyMs` on whichever server claims it
 * first; a job run once (an export, a reminder) is a row a transaction queues with `enqueueJob`
 * and that a handler of its kind does. Each runs in a transaction with its own settlement, so a
 * run that fails rolls back and is tried again after the backoff (claims.ts), and a run whose claim
 * was taken over (its server too slow past the claim's timeout) rolls back instead of running twice.
 */
import os from 'node:os';
import type { Db } from '../../db/client.ts';
import { claimDue, retryDelayMs, settleClaim, type WorkQueue } from './claims.ts';
import type { JobKind, JobLog } from './job-runner.ts';

/** Work that runs every `everyMs`, once across the servers. */
export interface ScheduledTask {
  name: string;
  everyMs: number;
  /** The work, in the transaction that settles its claim; answers a line for the log. */
  run(tx: Db): Promise<string>;
}

/** What does the jobs of one kind that `enqueueJob` queues. */
export interface JobHandler<P = unknown> {
  kind: string;
  /** The work, in the transaction that settles its claim; answers a line for the log. */
  perform(tx: Db, payload: P): Promise<string>;
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
}

/** A scheduled task's rows are of this kind, told apart by their key (the task's name). */
export const SCHEDULED_KIND = 'scheduled';

export const BACKGROUND_JOBS: WorkQueue = { table: 'background_jobs', running: 'running', claimTimeoutMs: 15 * 60_000 };
const BATCH = 10;
const DEFAULT_MAX_ATTEMPTS = 5;

/** Queues a job of `kind` (its handler declared to the runner), in the caller's transaction: a change that rolls back queues nothing. */
export async function enqueueJob(db: Db, kind: string, payload: unknown): Promise<number> {
  const [row] = await db.query<{ id: number }>(`INSERT INTO background_jobs (kind, payload) VALUES ($1, $2::jsonb) RETURNING id`, [
    kind,
    JSON.stringify(payload ?? null),
  ]);
  return row!.id;
}

interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: unknown;
  every_ms: number | null;
  attempts: number;
}

/** The runner's kind for `background_jobs`: these scheduled tasks and the handlers of jobs run once. */
export function backgroundJobs(
  db: Db,
  { tasks = [], handlers = [], pollMs }: { tasks?: ScheduledTask[]; handlers?: JobHandler<never>[]; pollMs: number },
): JobKind {
  const taskOf = new Map(tasks.map((t) => [t.name, t]));
  const handlerOf = new Map(handlers.map((h) => [h.kind, h as JobHandler]));
  let declared: Promise<void> | undefined;

  // A task's row is made by the first server that declares it; a changed period is taken over.
  const declareTasks = async () => {
    for (const t of tasks)
      await db.query(
        `INSERT INTO background_jobs (kind, key, every_ms) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO UPDATE SET every_ms = EXCLUDED.every_ms WHERE background_jobs.every_ms IS DISTINCT FROM EXCLUDED.every_ms`,
        [SCHEDULED_KIND, t.name, t.everyMs],
      );
  };

  const label = (job: ClaimedJob) => (job.key != null ? `scheduled ${job.key}` : `job ${job.kind} #${job.id}`);

  const runOne = async (job: ClaimedJob, claimer: string, log: JobLog): Promise<boolean> => {
    try {
      const summary = await db.transaction(async (tx) => {
        const task = job.key != null ? taskOf.get(job.key) : undefined;
        const handler = handlerOf.get(job.kind);
        const line = task ? await task.run(tx) : await handler!.perform(tx, job.payload as never);
        const done =
          job.every_ms != null
            ? `status = 'queued', attempts = 0, next_attempt_at = now() + make_interval(secs => ${job.every_ms}::double precision / 1000), last_error = NULL`
            : `status = 'done', last_error = NULL`;
        const settled = await settleClaim(tx, BACKGROUND_JOBS, {
          id: job.id,
          claimer,
          sets: `${done}, last_summary = $3, last_run_by = $4, last_run_at = now()`,
          params: [line, `${os.hostname()}:${process.pid}`],
        });
        if (!settled.length) throw new Error('its claim was taken over by another server; this run is rolled back');
        return line;
      });
      log.info(`${label(job)} ran: ${summary}`);
      return true;
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).slice(0, 2000);
      const max = handlerOf.get(job.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
      // a scheduled task never gives up: past its tries it waits for its next period
      const sets =
        job.every_ms == null && job.attempts >= max
          ? `status = 'failed', last_error = $3`
          : `status = 'queued', last_error = $3, next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)`;
      const delay = job.attempts >= max ? (job.every_ms ?? 0) : Math.min(retryDelayMs(job.attempts), job.every_ms ?? Infinity);
      await settleClaim(db, BACKGROUND_JOBS, { id: job.id, claimer, sets, params: job.every_ms == null && job.attempts >= max ? [reason] : [reason, delay] });
      log.warn({ err: e }, `${label(job)} failed; it is tried again later`);
      return false;
    }
  };

  return {
    name: 'background jobs',
    pollMs,
    async runDue(claimer, log) {
      await (declared ??= declareTasks().catch((e: unknown) => {
        declared = undefined;
        throw e;
      }));
      let ran = 0;
      for (;;) {
        // only what this server knows how to run: a task or kind another version declared waits for it
        const batch = await claimDue<ClaimedJob>(db, BACKGROUND_JOBS, {
          claimer,
          limit: BATCH,
          returning: 'id, kind, key, payload, every_ms, attempts',
          where: `(kind = '${SCHEDULED_KIND}' AND key = ANY($4::text[])) OR (kind <> '${SCHEDULED_KIND}' AND kind = ANY($5::text[]))`,
          params: [`{${[...taskOf.keys()].map((k) => JSON.stringify(k)).join(',')}}`, `{${[...handlerOf.keys()].map((k) => JSON.stringify(k)).join(',')}}`],
        });
        for (const job of batch) if (await runOne(job, claimer, log)) ran++;
        if (batch.length < BATCH) return ran;
      }
    },
  };
}
