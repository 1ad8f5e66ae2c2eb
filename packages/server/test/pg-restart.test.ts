/**
 * PostgreSQL restarted under load, on a cluster of this test's own (it stops it): while
 * the database is down every request answers 503 with a clear message, quickly (never a hang,
 * never a 500 or a stack), `/ready` says so and `/health` does not; once it is back the same
 * server serves again by itself, sessions included. PostgreSQL pass only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { openReadyDb } from '../src/runtime.ts';
import { Browser, freePort, havePgBinaries, startServer, ThrowawayCluster, waitFor, type Answer, type ServerProcess } from './server-process.ts';

const PASSWORD = 'restart-pass-1';
/** A request must be answered within this, even while the database is gone (the pool's connect timeout is 5 s). */
const ANSWER_WITHIN_MS = 10_000;

describe.skipIf(!process.env.TEST_DATABASE_URL || !havePgBinaries())('PostgreSQL restarted under load', () => {
  let cluster: ThrowawayCluster;
  let server: ServerProcess;

  beforeAll(async () => {
    cluster = new ThrowawayCluster(await freePort());
    cluster.init();
    const db = await openReadyDb({ databaseUrl: cluster.url, dataDir: cluster.dir });
    await createOrResetUser(db, { email: 'load@restart.test', password: PASSWORD, role: 'manager', name: 'Load' });
    await db.close();
    server = await startServer({ DATABASE_URL: cluster.url });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    cluster?.destroy();
  });

  it('answers 503 while it is down, and recovers by itself when it is back', { timeout: 180_000 }, async () => {
    const browser = new Browser(server.base);
    await browser.login('load@restart.test', PASSWORD);
    type Outcome = { at: number; ms: number; status: number | 'no answer'; body: Answer['json'] };
    const outcomes: Outcome[] = [];
    let stop = false;
    const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const at = Date.now();
      let status: Outcome['status'] = 'no answer';
      let json: Answer['json'] = {};
      try {
        ({ status, json } = await browser.request(method, url, body, ANSWER_WITHIN_MS + 5_000));
      } catch (e) {
        json = { error: String(e) };
      }
      outcomes.push({ at, ms: Date.now() - at, status, body: json });
    };
    // Four clients reading and writing as fast as they are answered.
    const load = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) {
        if (i % 3 === 0) await call('POST', '/api/clients', { name: `Client ${w}-${i}` });
        else await call('GET', '/api/clients?page=1&per_page=20');
      }
    });
    const count = (pred: (o: Outcome) => boolean) => outcomes.filter(pred).length;
    /** What the clients got since `t`, by status, with the slowest answer: said when a wait fails. */
    const since = (t: number) => {
      const after = outcomes.filter((o) => o.at > t);
      const by: Record<string, number> = {};
      for (const o of after) by[String(o.status)] = (by[String(o.status)] ?? 0) + 1;
      return `${JSON.stringify(by)}, slowest ${Math.max(0, ...after.map((o) => o.ms))} ms, first others ${JSON.stringify(after.filter((o) => o.status !== 503).slice(0, 3))}`;
    };

    await waitFor('requests to be served', () => count((o) => o.status === 200) >= 20, 30_000);
    const downAt = Date.now();
    cluster.stop('fast');
    await waitFor('requests to be refused with 503', () => count((o) => o.at > downAt && o.status === 503) >= 10, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}; since the stop: ${since(downAt)}; the server said: ${server.output().slice(-3000)}`);
    });
    const ready = await fetch(`${server.base}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ status: 'unavailable' });
    expect((await fetch(`${server.base}/health`)).status).toBe(200);

    const upAt = Date.now();
    cluster.start();
    await waitFor(
      'requests to be served again',
      () => count((o) => o.at > upAt && o.status === 200) >= 10 && count((o) => o.at > upAt && o.status === 201) >= 3,
      60_000,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; since the start: ${since(upAt)}; the server said: ${server.output().slice(-3000)}`);
    });
    stop = true;
    await Promise.all(load);
    expect((await fetch(`${server.base}/ready`)).status).toBe(200);

    // Every request had an answer in time: served, or 503 with the clear message; nothing else.
    const others = outcomes.filter((o) => ![200, 201, 503].includes(o.status as number));
    expect(others, JSON.stringify(others.slice(0, 5))).toEqual([]);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(ANSWER_WITHIN_MS);
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(o.body).toEqual({ message: 'The database is not available right now. Try again in a moment.' });
    }
    // the server logged the outage without stacks or 500s, and is the same process
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/"statusCode":500|unhandled error/);
  });
});
