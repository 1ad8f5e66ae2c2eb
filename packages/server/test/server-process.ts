/**
 * Real app servers for the tests that need processes (several servers on one PostgreSQL, faults,
 * SIGTERM): `serve` started as `npm start` would, a minimal browser over fetch, a database of the
 * PostgreSQL pass of its own, and a throwaway PostgreSQL cluster that a test may stop and start.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from './global-setup.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAIN = path.join(ROOT, 'packages/server/src/cli/main.ts');
export const SECRET = 's'.repeat(48);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once `check` answers true; throws with `what` past `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 25): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs)); // polling interval of a wait-for-condition
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `main.ts serve` and resolves once /health answers (rejects when the process exits first). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'serve'], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SESSION_SECRET: SECRET,
      DATABASE_URL: '',
      WEB_DIST: path.join(os.tmpdir(), 'glazier-no-web'),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const healthy = waitFor(
    'the server to answer /health',
    () =>
      fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    120_000,
    100,
  );
  await Promise.race([healthy, exited.then((code) => Promise.reject(new Error(`server exited (${code}) before it was healthy:\n${output}`)))]);
  return {
    child,
    port,
    base,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface Answer {
  status: number;
  json: Record<string, unknown>;
}

/** A minimal browser: cookies and the CSRF header, over real HTTP. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(public base: string) {}

  async request(method: string, url: string, body?: unknown, timeoutMs = 30_000): Promise<Answer> {
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const res = await fetch(this.base + url, {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const value = pair!.slice(i + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(pair!.slice(0, i));
      else this.cookies.set(pair!.slice(0, i), value);
    }
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      json = { raw: text };
    }
    return { status: res.status, json };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body: unknown = {}) => this.request('POST', url, body);
  patch = (url: string, body: unknown = {}) => this.request('PATCH', url, body);

  async login(email: string, password: string): Promise<void> {
    await this.get('/sanctum/csrf-cookie');
    const res = await this.post('/login', { email, password });
    if (res.status !== 204) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.json)}`);
  }

  /** The same cookies, against another server (a proxy may send the user to either). */
  on(base: string): Browser {
    const other = new Browser(base);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }
}

/** A fresh migrated database on the PostgreSQL pass's cluster (cloned from the template), and how to drop it. */
export async function pgTestDatabase(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `glazier_t_${process.pid}_p_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

const PGBIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const havePgBinaries = () => fs.existsSync(path.join(PGBIN, 'initdb'));

/** Runs a PostgreSQL binary, as the postgres user when this is root (PostgreSQL refuses root). */
function pgRun(bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const r = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', path.join(PGBIN, bin), ...args], { encoding: 'utf8' })
    : spawnSync(path.join(PGBIN, bin), args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
}

/** A PostgreSQL cluster of a test's own, which it may stop and start (a restart under load). */
export class ThrowawayCluster {
  readonly dir: string;
  readonly url: string;
  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-pg-'));
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  init(): void {
    fs.chmodSync(this.dir, 0o777);
    if (process.getuid?.() === 0) spawnSync('chown', ['postgres', this.dir]);
    pgRun('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    this.start();
  }

  start(): void {
    pgRun('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }

  /** `fast`: running transactions rolled back, connections closed (what a restart does). */
  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    pgRun('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', mode, '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop('immediate');
    } catch {
      /* not running */
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
