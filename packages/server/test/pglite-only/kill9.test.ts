/**
 * Crash safety on PGlite (issue 7): the real server (`main.ts serve`) is killed with SIGKILL while
 * writes are in flight; every write it acknowledged is there after a restart on the same DATA_DIR,
 * and the restart needs no manual step (the dead process's lock file does not block it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'packages/server/src/cli/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-kill9-'));
const running = new Set<ChildProcess>();

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `serve` and resolves once /health answers 200 (or rejects when the process exits). */
async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', WEB_DIST: path.join(dataDir, 'no-web'), SESSION_SECRET: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code, signal) => reject(new Error(`server exited (${code ?? signal}) before it was healthy:\n${output}`))));
  const healthy = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100)); // polling interval while the server starts
    }
  })();
  await Promise.race([healthy, exited]);
  return { child, output: () => output };
}

/** A minimal browser: cookies and the CSRF header. */
class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async request(method: string, url: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : {} };
  }
}

it('keeps every acknowledged write through a SIGKILL and restarts on the same data folder', { timeout: 180_000 }, async () => {
  const port = await freePort();
  const first = await startServer(port);
  const browser = new Browser(`http://127.0.0.1:${port}`);
  await browser.request('GET', '/sanctum/csrf-cookie');
  const setup = await browser.request('POST', '/api/setup', { name: 'Admin', email: 'admin@kill9.test', password: 'long-enough-pass', password_confirmation: 'long-enough-pass' });
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
  const exited = new Promise((r) => first.child.once('exit', r));
  first.child.kill('SIGKILL');
  await exited;
  await Promise.all(inFlight);
  running.delete(first.child);
  expect(acknowledged.length).toBeGreaterThanOrEqual(13);

  // The dead process left its lock behind; the restart takes it over by itself.
  expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(first.child.pid));
  const second = await startServer(port);
  const after = await browser.request('GET', '/api/clients?page=1&per_page=100'); // the session survived too
  expect(after.status, second.output()).toBe(200);
  const names = (after.json.data as { name: string }[]).map((c) => c.name);
  for (const name of acknowledged) expect(names).toContain(name);
  // and it works as before
  expect((await browser.request('POST', '/api/clients', { name: 'After restart' })).status).toBe(201);
  const stopped = new Promise((r) => second.child.once('exit', r));
  second.child.kill('SIGTERM');
  await stopped;
  running.delete(second.child);
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false); // a clean stop releases it
});
