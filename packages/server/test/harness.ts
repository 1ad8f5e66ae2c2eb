/**
 * Test harness: a fresh database per test file (from the global template), the real Fastify app,
 * and an HTTP client with a cookie jar and the CSRF header, driven through `app.inject`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ROLES, type Role } from '@glazier/shared/permissions';
import type { Db, Row } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { buildApp, type AppOptions } from '../src/http/app.ts';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { withDatabase } from './global-setup.ts';
import { checkAnswer } from './answer-check.ts';

export interface TestEnv {
  db: Db;
  app: FastifyInstance;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh database; on PostgreSQL also its URL (a test may open a second pool on it, as a second server would). */
export async function openTestDb(): Promise<{ db: Db; dispose: () => Promise<void>; url?: string }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `glazier_t_${process.pid}_${process.env.VITEST_POOL_ID ?? 0}_${counter++}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    await admin.end();
    const db = await openDb({ databaseUrl: withDatabase(url, name), dataDir: os.tmpdir() });
    return {
      db,
      url: withDatabase(url, name),
      dispose: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  // Beside the template (global-setup.ts), so the run's end removes a copy a crashed file left.
  const template = inject('pgliteTemplate');
  const dir = fs.mkdtempSync(path.join(path.dirname(template), 'db-'));
  fs.cpSync(template, dir, { recursive: true });
  const db = await openDb({ dataDir: dir });
  return {
    db,
    dispose: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startTestApp(options: Partial<AppOptions> = {}): Promise<TestEnv & { url?: string }> {
  const { db, dispose, url } = await openTestDb();
  const app = await buildApp({ db, sessionSecret: 'x'.repeat(48), logLevel: 'silent', ...options });
  await app.ready();
  return {
    db,
    app,
    url,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

export const PASSWORD = 'correct-horse-9';

/** One active user per role: `{admin: {id, email}, ...}`. */
export async function createRoleUsers(db: Db): Promise<Record<Role, { id: number; email: string }>> {
  const out = {} as Record<Role, { id: number; email: string }>;
  for (const role of ROLES) {
    const r = await createOrResetUser(db, { email: `${role}@test.local`, password: PASSWORD, role, name: `${role[0]!.toUpperCase()}${role.slice(1)} User` });
    out[role] = { id: r.id, email: r.email };
  }
  return out;
}

export interface Res {
  status: number;
  body: Row & { data?: Row[]; errors?: Record<string, string[]>; message?: string };
  headers: Record<string, unknown>;
}

export type FormPart = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body. */
export function formData(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const boundary = `----glazier${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'filename' in p
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n`;
    chunks.push(Buffer.from(head), 'filename' in p ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The smallest PDF the upload check accepts, with `text` inside to make it distinct. */
export const pdfBytes = (text = 'hello', pad = 0) =>
  Buffer.concat([Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\n`), Buffer.alloc(pad, 0x20), Buffer.from('\n%%EOF\n')]);

/** A 1×1 PNG as a data URL (the spec's image bulk save). */
export const PNG_DATA_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A browser-like client: keeps cookies and sends X-XSRF-TOKEN from the XSRF-TOKEN cookie. */
export class Client {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The client's address as the server sees it (a test of many sign-ins gives each client its own, under the per-address limits). */
    private readonly remoteAddress?: string,
  ) {}

  private store(setCookie: unknown) {
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const c of list as string[]) {
      const [pair, ...attrs] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res> {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.jar.get('XSRF-TOKEN');
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      ...(this.remoteAddress && { remoteAddress: this.remoteAddress }),
      payload: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
    });
    this.store(res.headers['set-cookie']);
    let parsed: Row = {};
    try {
      parsed = res.body ? JSON.parse(res.body) : {};
    } catch {
      parsed = { raw: res.body };
    }
    checkAnswer(method, url, res.statusCode, res.headers['content-type'], parsed);
    return { status: res.statusCode, body: parsed as Res['body'], headers: res.headers };
  }

  /** A multipart/form-data POST, as a browser's FormData sends it (file and image uploads). */
  async upload(url: string, parts: FormPart[]): Promise<Res> {
    const { payload, contentType } = formData(parts);
    const xsrf = this.jar.get('XSRF-TOKEN');
    const res = await this.app.inject({
      method: 'POST',
      url,
      payload,
      headers: {
        'content-type': contentType,
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
      },
    });
    this.store(res.headers['set-cookie']);
    const body = res.body ? JSON.parse(res.body) : {};
    checkAnswer('POST', url, res.statusCode, res.headers['content-type'], body);
    return { status: res.statusCode, body, headers: res.headers };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers);
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  del = (url: string) => this.request('DELETE', url);

  async login(email: string, password = PASSWORD): Promise<Res> {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/login', { email, password });
  }
}

/** Creates a record through the API as `c`; throws (failing the test) unless it answers 201. */
export async function made(c: Client, name: string, body: Row): Promise<Row> {
  const res = await c.post(`/api/${name}`, body);
  if (res.status !== 201) throw new Error(`create ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The file's app (appWithUsers), for fixtures that need a row before the API can make theirs. */
let fileEnv: TestEnv | undefined;
let fileClientId: Promise<number> | undefined;

/** A client for jobs to belong to (every job has one), made once per test file. */
export function jobClientId(): Promise<number> {
  if (!fileEnv) throw new Error('jobClientId needs appWithUsers() or appWithRoles() in the file.');
  const db = fileEnv.db;
  return (fileClientId ??= db.query<{ id: number }>("INSERT INTO clients (name) VALUES ('Job Client') RETURNING id").then((rows) => rows[0]!.id));
}

/** A job's body with the file's client unless it names one. */
export async function jobBody(body: Row = {}): Promise<Row> {
  return { client_id: await jobClientId(), ...body };
}

/** Creates a job (of the file's client unless the body names one) through the API as `c`. */
export async function madeJob(c: Client, body: Row = {}): Promise<Row> {
  return made(c, 'jobs', await jobBody(body));
}

export async function signedIn(app: FastifyInstance, email: string): Promise<Client> {
  const c = new Client(app);
  const res = await c.login(email);
  if (res.status !== 204) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return c;
}

/** A signed-in client per role (the users `createRoleUsers` made). */
export async function signedInRoles(app: FastifyInstance): Promise<Record<Role, Client>> {
  const clients = {} as Record<Role, Client>;
  for (const role of ROLES) clients[role] = await signedIn(app, `${role}@test.local`);
  return clients;
}

/**
 * The app on a fresh database with a user of every role (`ids.manager`) and no session yet,
 * started before the file's tests and closed after them, for tests of sessions themselves.
 * `env` and `ids` are filled in before the first test runs.
 */
export function appWithUsers(options: () => Partial<AppOptions> = () => ({})): {
  env: TestEnv & { url?: string };
  ids: Record<Role, { id: number; email: string }>;
} {
  // Filled in place, so a file may destructure `{ env, ids }` before its tests run.
  const t = { env: {} as TestEnv & { url?: string }, ids: {} as Record<Role, { id: number; email: string }> };
  beforeAll(async () => {
    Object.assign(t.env, await startTestApp(options()));
    Object.assign(t.ids, await createRoleUsers(t.env.db));
    fileEnv = t.env;
    fileClientId = undefined;
  });
  afterAll(async () => {
    await t.env.close?.();
  });
  return t;
}

/**
 * The usual setup of an API test file: the app on a fresh database, a user of every role and a
 * signed-in client for each (`as.manager`), started before the file's tests and closed after them:
 * `const { env, ids, as } = appWithRoles();` (filled in before the first test runs).
 */
export function appWithRoles(options?: () => Partial<AppOptions>): {
  env: TestEnv & { url?: string };
  ids: Record<Role, { id: number; email: string }>;
  as: Record<Role, Client>;
} {
  const t = Object.assign(appWithUsers(options), { as: {} as Record<Role, Client> });
  beforeAll(async () => {
    Object.assign(t.as, await signedInRoles(t.env.app));
  });
  return t;
}
