/**
 * The server process under signals, as a process manager or an orchestrator sends them:
 * SIGTERM drains (the request in flight finishes, new connections are refused, then the process
 * exits 0), on the database of the pass; and on PostgreSQL, kill -9 under writes loses no
 * acknowledged write (PGlite's own kill -9 test is test/pglite-only/kill9.test.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { Browser, pgTestDatabase, startServer, waitFor } from './server-process.ts';

const PASSWORD = 'signals-pass-1';
const pgUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

/** A database of this pass for one server process: its env, and a way to open it while the server is down. */
async function serverDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Db> }> {
  if (pgUrl) {
    const { url, drop } = await pgTestDatabase(inject('pgTemplate'));
    cleanups.push(drop);
    return { env: { DATABASE_URL: url }, open: () => openDb({ databaseUrl: url, dataDir: os.tmpdir() }) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-signals-'));
  fs.cpSync(inject('pgliteTemplate'), dir, { recursive: true });
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { env: { DATA_DIR: dir }, open: () => openDb({ dataDir: dir }) };
}

describe(`SIGTERM on ${pgUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('finishes the request in flight, refuses new connections, then exits 0', { timeout: 120_000 }, async () => {
    const database = await serverDatabase();
    const setup = await database.open();
    await createOrResetUser(setup, { email: 'drain@signals.test', password: PASSWORD, role: 'manager', name: 'Drain' });
    await setup.close();
    // at debug level the server logs each request as it arrives (http/metrics.ts)
    const server = await startServer({ ...database.env, LOG_LEVEL: 'debug' });
    const browser = new Browser(server.base);
    await browser.login('drain@signals.test', PASSWORD);

    // A request in flight: its headers are in, its body arrives slowly.
    const body = JSON.stringify({ name: 'Sent during shutdown' });
    const half = Math.floor(body.length / 2);
    let inFlight!: http.ClientRequest;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${server.base}/api/clients`, {
        method: 'POST',
        headers: {
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.write(body.slice(0, half));
      cleanups.push(() => void req.destroy());
      inFlight = req;
    });
    await waitFor('the server to receive the request', () => /"route":"\/api\/:resource","msg":"request received"/.test(server.output()), 10_000);

    server.child.kill('SIGTERM');
    await waitFor('the server to start draining', () => server.output().includes('SIGTERM: finishing the requests in flight'), 10_000);
    // New connections are refused while the old request is still open.
    await waitFor(
      'new connections to be refused',
      () =>
        fetch(`${server.base}/health`).then(
          () => false,
          () => true,
        ),
      10_000,
    );
    expect(server.child.exitCode).toBeNull();

    inFlight.end(body.slice(half));
    const done = await answer;
    expect(done.status, done.text).toBe(201);
    expect(JSON.parse(done.text)).toMatchObject({ name: 'Sent during shutdown' });
    // and then it exits at once, not when a kept-alive connection times out
    const answeredAt = Date.now();
    expect(await server.exited).toBe(0);
    expect(Date.now() - answeredAt).toBeLessThan(3_000);
    expect(server.output()).toContain('SIGTERM: stopped');

    const after = await database.open();
    expect(await after.query("SELECT name FROM clients WHERE name = 'Sent during shutdown'")).toHaveLength(1);
    await after.close();
  });
});

describe.skipIf(!pgUrl)('kill -9 on PostgreSQL', () => {
  it('keeps every acknowledged write, and the restarted server serves the same sessions', { timeout: 180_000 }, async () => {
    const database = await serverDatabase();
    const first = await startServer(database.env);
    const browser = new Browser(first.base);
    await browser.get('/sanctum/csrf-cookie');
    const setup = await browser.post('/api/setup', {
      name: 'Admin',
      email: 'admin@kill9.test',
      password: 'long-enough-pass',
      password_confirmation: 'long-enough-pass',
    });
    expect(setup.status, JSON.stringify(setup.json)).toBe(201);

    const acknowledged: string[] = [];
    const create = async (name: string) => {
      const res = await browser.post('/api/clients', { name }).catch(() => undefined);
      if (res?.status === 201) acknowledged.push(name);
    };
    for (let i = 0; i < 10; i++) await create(`Before kill ${i}`);
    expect(acknowledged).toHaveLength(10);
    // Writers keep writing while the process dies; those answered 201 must all be there.
    let stop = false;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; !stop; i++) await create(`Writer ${w} #${i}`);
    });
    await waitFor('more writes to be acknowledged', () => acknowledged.length >= 30, 60_000);
    first.child.kill('SIGKILL');
    await first.exited;
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    const second = await startServer({ ...database.env, PORT: String(first.port) });
    const after = await browser.get('/api/clients?page=1&per_page=100&sort_column=id&sort_direction=desc');
    expect(after.status).toBe(200); // the session survived too
    const total = Number(after.json.total);
    const names = new Set<string>();
    for (let page = 1; page <= Math.ceil(total / 100); page++) {
      for (const c of (await browser.get(`/api/clients?page=${page}&per_page=100`)).json.data as { name: string }[]) names.add(c.name);
    }
    for (const name of acknowledged) expect(names.has(name), name).toBe(true);
    expect((await browser.post('/api/clients', { name: 'After restart' })).status).toBe(201);
    expect(await second.stop()).toBe(0);
  });
});
