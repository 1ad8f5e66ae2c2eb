/**
 * Scheduled work runs once across app servers (platform/scheduled.ts): a task runs when due and
 * records when, is not due again within its period, and while one run holds the task's lock a
 * second (another server's) skips instead of running it too. A failed run records nothing, so the
 * next check tries again.
 */
import { describe, expect, it } from 'vitest';
import { runIfDue, scheduleSettingName, type ScheduledTask } from '../src/platform/scheduled.ts';
import { readSetting } from '../src/platform/settings.ts';
import { openDb } from '../src/db/open.ts';
import { withDatabase } from './global-setup.ts';
import { appWithUsers } from './harness.ts';

const { env } = appWithUsers();

describe('scheduled work', () => {
  it('runs when due, once per period, and records when', async () => {
    let runs = 0;
    const task: ScheduledTask = { name: 'test once', everyMs: 3600_000, run: async () => `run ${++runs}` };
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    expect(await runIfDue(env.db, task, t0)).toEqual({ ran: true, summary: 'run 1' });
    expect(await runIfDue(env.db, task, t0 + 60_000)).toMatchObject({ ran: false, why: 'not due' });
    expect(JSON.parse((await readSetting(env.db, scheduleSettingName('test once')))!)).toMatchObject({ at: '2026-01-01T00:00:00.000Z', summary: 'run 1' });
    expect(await runIfDue(env.db, task, t0 + 3600_000)).toEqual({ ran: true, summary: 'run 2' });
    expect(runs).toBe(2);
  });

  it('skips while another run holds the lock (another server), and a failed run is tried again', async () => {
    // A second connection stands for the other server (PGlite: one connection, so the "other
    // server" is the same process and the lock is re-entrant; PostgreSQL shows the skip).
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const slow: ScheduledTask = {
      name: 'test lock',
      everyMs: 3600_000,
      run: async () => {
        entered();
        await held;
        return 'slow run';
      },
    };
    const first = runIfDue(env.db, slow);
    if (env.db.kind === 'postgres') {
      await inside;
      const other = await openTestDbOnSameDatabase();
      try {
        expect(await runIfDue(other, { ...slow, run: async () => 'must not run' })).toEqual({ ran: false, why: 'busy' });
      } finally {
        await other.close();
      }
    }
    release();
    expect(await first).toEqual({ ran: true, summary: 'slow run' });

    const failing: ScheduledTask = { name: 'test failing', everyMs: 3600_000, run: async () => Promise.reject(new Error('boom')) };
    await expect(runIfDue(env.db, failing)).rejects.toThrow('boom');
    expect(await readSetting(env.db, scheduleSettingName('test failing'))).toBeNull();
    expect(await runIfDue(env.db, { ...failing, run: async () => 'fine now' })).toEqual({ ran: true, summary: 'fine now' });
  });
});

/** Another pool on the same PostgreSQL database as `env.db`. */
async function openTestDbOnSameDatabase() {
  const [row] = await env.db.query<{ name: string }>('SELECT current_database() AS name');
  return openDb({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, row!.name), dataDir: '/nonexistent' });
}
