/**
 * Background work is one runner (platform/jobs/): a scheduled task runs when due and records when
 * and by whom, is not due again within its period, and runs once across servers (two runners on one
 * database: on PostgreSQL each with its own pool, as two processes). A failed run rolls back and is
 * tried again after the backoff; a job queued by a transaction is done once by its kind's handler.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { backgroundJobs, enqueueJob, type JobHandler, type ScheduledTask } from '../src/platform/jobs/background-jobs.ts';
import { createJobRunner } from '../src/platform/jobs/job-runner.ts';
import { openDb } from '../src/db/open.ts';
import { withDatabase } from './global-setup.ts';
import { appWithUsers } from './harness.ts';

const { env } = appWithUsers();
const JOBS = 'background jobs';

const runnerOf = (db: Db, opts: Parameters<typeof backgroundJobs>[1]) => createJobRunner([backgroundJobs(db, opts)]);
const jobRow = async (where: string, params: unknown[]) =>
  (await env.db.query<Record<string, unknown>>(`SELECT * FROM background_jobs WHERE ${where}`, params))[0]!;
/** As if the task's period had passed. */
const makeDue = (key: string) => env.db.query(`UPDATE background_jobs SET next_attempt_at = now() - interval '1 second' WHERE key = $1`, [key]);

describe('scheduled work', () => {
  it('runs when due, once per period, and records when and by whom', async () => {
    let runs = 0;
    const task: ScheduledTask = { name: 'test once', everyMs: 3600_000, run: async () => `run ${++runs}` };
    const runner = runnerOf(env.db, { tasks: [task], pollMs: 3600_000 });
    expect(await runner.runDue(JOBS)).toBe(1);
    expect(await runner.runDue(JOBS)).toBe(0); // not due again within the hour
    expect(await jobRow('key = $1', ['test once'])).toMatchObject({
      status: 'queued',
      last_summary: 'run 1',
      last_run_by: expect.stringContaining(String(process.pid)),
    });
    const [next] = await env.db.query<{ ahead: boolean }>(
      `SELECT next_attempt_at BETWEEN now() + interval '59 minutes' AND now() + interval '61 minutes' AS ahead FROM background_jobs WHERE key = 'test once'`,
    );
    expect(next?.ahead).toBe(true);
    await makeDue('test once');
    expect(await runner.runDue(JOBS)).toBe(1);
    expect(runs).toBe(2);
  });

  it('two runners on one database run a due task once', async () => {
    let runs = 0;
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const task: ScheduledTask = {
      name: 'test twice',
      everyMs: 3600_000,
      run: async () => {
        runs++;
        entered();
        await held;
        return 'ran';
      },
    };
    // PGlite serves one process: there the second runner shares its one connection
    const other = env.db.kind === 'postgres' ? await openTestDbOnSameDatabase() : env.db;
    try {
      const a = runnerOf(env.db, { tasks: [task], pollMs: 3600_000 });
      const b = runnerOf(other, { tasks: [task], pollMs: 3600_000 });
      const first = a.runDue(JOBS);
      await inside;
      // the task is claimed (running, by a): b finds nothing due, while a's run is still going on
      expect(await b.runDue(JOBS)).toBe(0);
      release();
      expect(await first).toBe(1);
      expect(await b.runDue(JOBS)).toBe(0);
      expect(runs).toBe(1);
      expect(await jobRow('key = $1', ['test twice'])).toMatchObject({ status: 'queued', claimed_by: null, last_summary: 'ran' });
    } finally {
      if (other !== env.db) await other.close();
    }
  });

  it('a failed run rolls back, waits the backoff and is tried again', async () => {
    let fail = true;
    const task: ScheduledTask = {
      name: 'test failing',
      everyMs: 24 * 3600_000,
      run: async (tx) => {
        await tx.query(`INSERT INTO settings (name, value) VALUES ('test failing ran', 'yes')`);
        if (fail) throw new Error('boom');
        return 'fine now';
      },
    };
    const runner = runnerOf(env.db, { tasks: [task], pollMs: 3600_000 });
    expect(await runner.runDue(JOBS)).toBe(0);
    expect(await jobRow('key = $1', ['test failing'])).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom', last_summary: null });
    expect(await env.db.query(`SELECT 1 FROM settings WHERE name = 'test failing ran'`)).toEqual([]);
    expect(await runner.runDue(JOBS)).toBe(0); // a minute's backoff first
    await makeDue('test failing');
    fail = false;
    expect(await runner.runDue(JOBS)).toBe(1);
    expect(await jobRow('key = $1', ['test failing'])).toMatchObject({ status: 'queued', attempts: 0, last_error: null, last_summary: 'fine now' });
  });
});

describe('jobs run once', () => {
  it('a job queued by a transaction is done once by its handler; one rolled back never runs', async () => {
    const done: string[] = [];
    const handler: JobHandler<{ to: string }> = {
      kind: 'test reminder',
      perform: async (_tx, { to }) => {
        done.push(to);
        return `reminded ${to}`;
      },
    };
    const id = await env.db.transaction((tx) => enqueueJob(tx, 'test reminder', { to: 'pat' }));
    await expect(
      env.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test reminder', { to: 'never' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const runner = runnerOf(env.db, { handlers: [handler], pollMs: 3600_000 });
    expect(await runner.runDue(JOBS)).toBe(1);
    expect(await runner.runDue(JOBS)).toBe(0);
    expect(done).toEqual(['pat']);
    expect(await jobRow('id = $1', [id])).toMatchObject({ status: 'done', attempts: 1, last_summary: 'reminded pat' });
  });
});

/** Another pool on the same PostgreSQL database as `env.db`. */
async function openTestDbOnSameDatabase() {
  const [row] = await env.db.query<{ name: string }>('SELECT current_database() AS name');
  return openDb({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, row!.name), dataDir: '/nonexistent' });
}
