/**
 * Crash safety on PGlite: the real server (`main.ts serve`) is killed with SIGKILL while
 * writes are in flight; every write it acknowledged is there after a restart on the same DATA_DIR,
 * and the restart needs no manual step (the dead process's lock file does not block it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Browser, freePort, startServer } from '../server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-kill9-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `serve` on this test's data folder, on a port the restart reuses (the browser keeps its session). */
const serve = (port: number) => startServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web') });

it('keeps every acknowledged write through a SIGKILL and restarts on the same data folder', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const first = await serve(port);
  const browser = new Browser(`http://127.0.0.1:${port}`);
  await browser.request('GET', '/sanctum/csrf-cookie');
  const setup = await browser.request('POST', '/api/setup', {
    name: 'Admin',
    email: 'admin@kill9.test',
    password: 'long-enough-pass',
    password_confirmation: 'long-enough-pass',
  });
  expect(setup.status, JSON.stringify(setup.json)).toBe(201);

  const acknowledged: string[] = [];
  const create = async (name: string) => {
    const res = await browser.request('POST', '/api/clients', { name }).catch(() => undefined);
    if (res?.status === 201) acknowledged.push(name);
  };
  for (let i = 0; i < 10; i++) await create(`Before kill ${i}`);
  expect(acknowledged).toHaveLength(10);
  // More writes in flight while the process dies: those answered 201 must survive too.
  const inFlight = Array.from({ length: 10 }, (_, i) => create(`In flight ${i}`));
  await new Promise<void>((resolve) => {
    let done = 0;
    const check = () => (++done === 3 ? resolve() : undefined);
    // kill once a few more writes were acknowledged, while the rest are still running
    for (const p of inFlight.slice(0, 3)) void p.then(check);
  });
  await first.stop('SIGKILL');
  await Promise.all(inFlight);
  expect(acknowledged.length).toBeGreaterThanOrEqual(13);

  // The dead process left its lock behind; the restart takes it over by itself.
  expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(first.child.pid));
  const second = await serve(port);
  const after = await browser.request('GET', '/api/clients?page=1&per_page=100'); // the session survived too
  expect(after.status, second.output()).toBe(200);
  const names = (after.json.data as { name: string }[]).map((c) => c.name);
  for (const name of acknowledged) expect(names).toContain(name);
  // and it works as before
  expect((await browser.request('POST', '/api/clients', { name: 'After restart' })).status).toBe(201);
  await second.stop('SIGTERM');
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false); // a clean stop releases it
});
