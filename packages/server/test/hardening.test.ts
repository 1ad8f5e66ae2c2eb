/**
 * Server hardening: database errors mapped to 409/422, the area right before existence
 * before validation, bounded bodies and lists, TRUST_PROXY and the login throttle, no secrets in
 * logs, sessions after a password change, no-store answers, unknown ids refused, hidden branch ids.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../src/db/client.ts';
import { asDbError } from '../src/db/driver-types.ts';
import { fromDbError } from '../src/engine/errors.ts';
import { LIST_LIMIT } from '@glazier/shared/api';
import { buildApp } from '../src/http/app.ts';
import { LoginThrottle } from '../src/http/login-throttle.ts';
import { DEFAULT_BODY_LIMIT, uploadRoute } from '../src/http/uploads.ts';
import { MAX_JSON_DEPTH, jsonDeeperThan } from '../src/http/json-body.ts';
import { parseTrustProxy, type TrustProxy } from '../src/config.ts';
import { appWithRoles, Client, PASSWORD, signedIn } from './harness.ts';
import { createRecord } from './fixtures.ts';

const { env, as, ids } = appWithRoles();
const extraApps: FastifyInstance[] = [];

afterAll(async () => {
  for (const app of extraApps) await app.close();
});

/** Another app on the same database (own throttle, options, routes); closed after the file. */
async function otherApp(opts: { trustProxy?: TrustProxy; logLines?: string[]; logLevel?: string; routes?: (app: FastifyInstance) => void } = {}) {
  const app = await buildApp({
    db: env.db,
    sessionSecret: 'x'.repeat(48),
    logLevel: opts.logLines ? (opts.logLevel ?? 'info') : 'silent',
    logStream: opts.logLines ? { write: (line: string) => void opts.logLines!.push(line) } : undefined,
    trustProxy: opts.trustProxy,
  });
  opts.routes?.(app);
  await app.ready();
  extraApps.push(app);
  return app;
}

const count = async (table: string) => (await env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe('database errors', () => {
  // Each statement fails on a real database with the named code; the mapper answers 409/422.
  const cases: [code: string, setup: string, failing: string, status: number][] = [
    ['22001', 'CREATE TEMP TABLE t (v varchar(2))', "INSERT INTO t VALUES ('abc')", 422],
    ['22003', '', 'SELECT 2147483648::int', 422],
    ['22007', '', "SELECT 'not a date'::date", 422],
    ['22008', '', "SELECT '2026-13-45'::date", 422],
    ['22012', '', 'SELECT 1 / 0', 422],
    ['22021', '', "SELECT convert_from('\\x00'::bytea, 'UTF8')", 422],
    ['22P02', '', "SELECT 'abc'::int", 422],
    ['22P05', '', `SELECT ('"\\u0000"'::jsonb) #>> '{}'`, 422],
    ['23502', 'CREATE TEMP TABLE t (v int NOT NULL)', 'INSERT INTO t VALUES (NULL)', 422],
    ['23505', 'CREATE TEMP TABLE t (v int UNIQUE)', 'INSERT INTO t VALUES (1), (1)', 422],
    ['23503', 'CREATE TEMP TABLE p (id int PRIMARY KEY); CREATE TEMP TABLE t (p int REFERENCES p)', 'INSERT INTO t VALUES (5)', 422],
    // PostgreSQL 17 (PGlite) answers a RESTRICT with 23001, older servers with 23503 (on delete)
    [
      '23001|23503',
      'CREATE TEMP TABLE p (id int PRIMARY KEY); CREATE TEMP TABLE t (p int REFERENCES p ON DELETE RESTRICT); INSERT INTO p VALUES (1); INSERT INTO t VALUES (1)',
      'DELETE FROM p',
      409,
    ],
    ['23514', 'CREATE TEMP TABLE t (v int CHECK (v > 0))', 'INSERT INTO t VALUES (0)', 422],
    ['23P01', 'CREATE TEMP TABLE t (r int4range, EXCLUDE USING gist (r WITH &&))', "INSERT INTO t VALUES ('[1,5)'), ('[2,3)')", 409],
  ];
  it.each(cases)('maps %s', async (code, setup, failing, status) => {
    let caught: unknown;
    await env.db
      .transaction(async (tx) => {
        for (const statement of setup.split(';').filter((s) => s.trim())) await tx.query(statement);
        await tx.query(failing);
      })
      .catch((e: unknown) => (caught = e));
    const dbError = asDbError(caught);
    expect(code.split('|')).toContain(dbError?.code);
    const mapped = fromDbError(dbError!, { deleting: failing.startsWith('DELETE') });
    expect(mapped?.status).toBe(status);
    expect(mapped?.message).toBeTruthy();
    if (status === 422) expect(Object.keys(mapped!.errors ?? {})).toHaveLength(1);
  });

  it('maps every other data (22xxx) and integrity (23xxx) error too, and a restrict on delete names where it is used', () => {
    expect(fromDbError({ code: '22023', message: 'x', name: 'DbError' })?.status).toBe(422);
    expect(fromDbError({ code: '23000', message: 'x', name: 'DbError' })?.status).toBe(409);
    const used = fromDbError(
      { code: '23001', message: 'x', name: 'DbError', detail: 'Key (id)=(1) is referenced from table "bom_materials".' },
      { deleting: true, label: 'Material' },
    );
    expect(used?.message).toBe('This material is used by bom materials and cannot be deleted.');
  });

  it('answers 409 saying where a material is used when it is deleted', async () => {
    const bomLine = await createRecord(as.admin, 'bom_materials');
    const res = await as.admin.del(`/api/materials/${bomLine.material_id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This material is used by 1 bom line and cannot be deleted.');
    const poLine = await createRecord(as.admin, 'purchase_order_materials');
    const res2 = await as.admin.del(`/api/materials/${poLine.material_id}`);
    expect(res2.status).toBe(409);
    expect(res2.body.message).toBe('This material is used by 1 purchase order line and cannot be deleted.');
  });

  it('refuses NUL and lone surrogates in text with 422 on the field, and in a search or filter', async () => {
    for (const name of ['a\u0000b', 'a\ud800b', 'bell\u0007']) {
      const res = await as.admin.post('/api/clients', { name });
      expect(res.status).toBe(422);
      expect(res.body.errors?.name).toEqual(['Must not contain control characters.']);
    }
    const client = await createRecord(as.admin, 'clients');
    const patched = await as.admin.patch(`/api/clients/${client.id}`, { ...client, note: 'x\u0000' });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toHaveProperty('note');
    const many = await as.admin.post('/api/clients/store_many', { data: [{ name: 'fine' }, { name: 'a\u0000' }] });
    expect(many.status).toBe(422);
    expect(many.body.errors).toHaveProperty(['data.1.name']);
    for (const q of ['search=a%00b', 'page=1&search=%00', 'client_type_id=%00', 'sort_column=name%00']) {
      const res = await as.admin.get(`/api/clients?${q}`);
      expect(res.status, q).toBe(422);
    }
    expect((await as.admin.get('/api/clients?search=line%0Abreak')).status).toBe(200); // a line break is only text
  });
});

describe('order of checks: the area right (403), then existence (404), then validation (422)', () => {
  it('answers 403 to a caller without the right on every write path, whatever the id or body', async () => {
    const client = await createRecord(as.admin, 'clients');
    const employee = as.employee; // clients: view only
    const paths: [string, string, unknown][] = [
      ['POST', '/api/clients', {}],
      ['POST', '/api/clients', { name: 'a\u0000' }],
      ['PATCH', '/api/clients/999999999', {}],
      ['PATCH', `/api/clients/${client.id}`, { name: '' }],
      ['PUT', '/api/clients/999999999', { name: 5 }],
      ['DELETE', '/api/clients/999999999', undefined],
      ['DELETE', `/api/clients/${client.id}`, undefined],
      ['POST', '/api/clients/store_many', { data: [{}] }],
      ['POST', '/api/clients/store_many', { data: [{ id: 999999999 }] }],
      ['POST', '/api/clients/store_many', { data: 'not a list' }],
      ['PATCH', '/api/products/999999999/restore', {}],
      ['GET', '/api/purchase_orders/next_number', undefined],
    ];
    for (const [method, url, body] of paths) {
      const res = await employee.request(method, url, body);
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
    }
  });

  it('answers 404 before 422 to a caller with the right', async () => {
    expect((await as.admin.patch('/api/clients/999999999', { name: '' })).status).toBe(404);
    expect((await as.admin.request('PATCH', '/api/products/999999999/restore', {})).status).toBe(404);
    const res = await as.admin.post('/api/clients/store_many', { data: [{ id: 999999999, name: '' }] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty(['data.0.id']);
  });

  it('still applies record rules: an employee may update only their own profile', async () => {
    expect((await as.employee.patch('/api/users/999999999', { name: 'x' })).status).toBe(404);
    expect((await as.employee.patch(`/api/users/${ids.manager.id}`, { name: 'Mallory' })).status).toBe(403);
    expect((await as.employee.post('/api/users', {})).status).toBe(403);
    expect((await as.employee.del('/api/users/999999999')).status).toBe(403);
  });
});

describe('bodies', () => {
  const big = (bytes: number) => JSON.stringify({ email: 'a@b.c', password: 'x', name: 'x'.repeat(bytes) });

  it('allows 1 MB of JSON by default: a larger body to /login or a resource is a 413 with a JSON message', async () => {
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const login = await guest.request('POST', '/login', big(DEFAULT_BODY_LIMIT + 10), { 'content-type': 'application/json' });
    expect(login.status).toBe(413);
    expect(login.body.message).toBe('The request body is too large (at most 1 MB).');
    const res = await as.admin.request('POST', '/api/clients', big(2 * DEFAULT_BODY_LIMIT));
    expect(res.status).toBe(413);
    expect(res.body.message).toMatch(/too large/);
    const twenty = await guest.request('POST', '/login', big(20 * 1024 * 1024));
    expect(twenty.status).toBe(413);
    // just under the limit is read (and refused for what it says, not for its size)
    const under = await as.admin.request('POST', '/api/clients', big(DEFAULT_BODY_LIMIT - 1000));
    expect(under.status).toBe(422);
  });

  it('refuses a body nested deeper than the limit with 400 at the parser, on every route, and takes the deepest real body', async () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const tooDeep = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;
    // a unique field's check went to the database with 10 000 levels: "Maximum call stack size exceeded", 500
    for (const [c, url, body] of [
      [as.admin, '/api/settings', `{"name":${deep(10_000)}}`],
      [as.admin, '/api/settings/store_many', `{"data":[{"name":${deep(10_000)}}]}`],
      [as.admin, '/api/job_products', `{"cut_list_json":${'[{"text":"","sub_rows":'.repeat(10_000)}[]${'}]'.repeat(10_000)}}`],
      [as.admin, '/api/purchase_orders/from_suggestions', `{"lines":${deep(MAX_JSON_DEPTH)}}`],
      [guest, '/login', deep(MAX_JSON_DEPTH + 1)],
      [guest, '/api/setup', `[${deep(MAX_JSON_DEPTH)}]`],
    ] as const) {
      const res = await c.request('POST', url, body);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(tooDeep);
    }
    // brackets and braces inside strings are text, not depth
    expect(jsonDeeperThan(JSON.stringify({ name: '[{'.repeat(1000) }), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ name: '\\"[[[' }), 2)).toBe(false);
    expect(jsonDeeperThan(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    // the deepest real body: a cut list of the most levels, in a store_many batch
    const job = await createRecord(as.admin, 'jobs');
    let rows: unknown[] = [];
    for (let level = 0; level < 8; level++) rows = [{ text: `Level ${8 - level}`, sub_rows: rows }];
    const saved = await as.admin.post('/api/job_products/store_many', { data: [{ job_id: job.id, name: 'Deep cut list', cut_list_json: rows }] });
    expect(saved.status).toBe(200);
  });

  it('raises the limit on upload routes only for signed-in users with the right', async () => {
    const app = await otherApp({
      routes: (a) => a.post('/api/test_uploads', uploadRoute(env.db, 'images'), async (request) => ({ bytes: JSON.stringify(request.body).length })),
    });
    const admin = await signedIn(app, ids.admin.email);
    const employee = await signedIn(app, ids.employee.email); // images: view only
    const body = JSON.stringify({ data: 'x'.repeat(5 * 1024 * 1024) });
    const ok = await admin.request('POST', '/api/test_uploads', body);
    expect(ok.status).toBe(200);
    expect(ok.body.bytes).toBeGreaterThan(5 * 1024 * 1024);
    expect((await employee.request('POST', '/api/test_uploads', body)).status).toBe(403);
    const guest = new Client(app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.request('POST', '/api/test_uploads', body)).status).toBe(401);
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/test_uploads',
      payload: body,
      headers: { 'content-type': 'application/json', cookie: [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(noCsrf.statusCode).toBe(419);
    expect((await admin.request('POST', '/api/test_uploads', JSON.stringify({ data: 'x'.repeat(31 * 1024 * 1024) }))).status).toBe(413);
    // other routes of the same app keep the small limit
    expect((await admin.request('POST', '/api/clients', body)).status).toBe(413);
  });
});

describe('login throttle and TRUST_PROXY', () => {
  const failLogin = (c: Client, i: number, forwardedFor: string) =>
    c.request('POST', '/login', { email: `nobody${i}@test.local`, password: 'wrong-password' }, { 'x-forwarded-for': forwardedFor });

  it('reads TRUST_PROXY: off by default, a hop count or a list of proxy addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 10.0.1.0/24,::1')).toEqual(['10.0.0.1', '10.0.1.0/24', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/TRUST_PROXY/);
  });

  it('by default ignores X-Forwarded-For, so a spoofed header does not escape the per-address limit', async () => {
    const app = await otherApp();
    const c = new Client(app);
    await c.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 20; i++) expect((await failLogin(c, i, `203.0.113.${i}`)).status).toBe(422);
    for (let i = 20; i < 25; i++) expect((await failLogin(c, i, `198.51.100.${i}`)).status).toBe(429);
  });

  it('with TRUST_PROXY set, takes the client address the trusted proxy forwards', async () => {
    const app = await otherApp({ trustProxy: 1 });
    const c = new Client(app);
    await c.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 20; i++) expect((await failLogin(c, i, '203.0.113.7')).status).toBe(422);
    expect((await failLogin(c, 20, '203.0.113.7')).status).toBe(429);
    expect((await failLogin(c, 21, '203.0.113.8')).status).toBe(422); // another client behind the proxy
    const listed = await otherApp({ trustProxy: ['10.9.9.9'] }); // the socket (127.0.0.1) is not that proxy
    const d = new Client(listed);
    await d.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 20; i++) await failLogin(d, i, `203.0.113.${i}`);
    expect((await failLogin(d, 20, '203.0.113.99')).status).toBe(429);
  });

  it('evicts the least recently failed keys under a flood instead of forgetting everyone', () => {
    const throttle = new LoginThrottle(10);
    const now = Date.now();
    for (let i = 0; i < 50; i++) throttle.fail(`flood${i}@x`, `ip${i}`, now);
    for (let i = 0; i < 5; i++) throttle.fail('victim@x', 'attacker', now + 1);
    expect(throttle.size).toBeLessThanOrEqual(10);
    expect(throttle.blockedFor('victim@x', 'elsewhere', now + 2)).toBeGreaterThan(0);
    for (let i = 50; i < 53; i++) throttle.fail(`flood${i}@x`, `ip${i}`, now + 3); // 6 newer keys
    expect(throttle.size).toBeLessThanOrEqual(10);
    expect(throttle.blockedFor('victim@x', 'elsewhere', now + 4)).toBeGreaterThan(0);
  });
});

describe('logs', () => {
  it('never contain query parameters: no password hash, password or email of a failed user insert', async () => {
    const lines: string[] = [];
    const app = await otherApp({ logLines: lines, logLevel: 'trace' });
    const admin = await signedIn(app, ids.admin.email);
    const secret = 'log-test-password-1';
    const email = 'log-test-person@example.com';
    const body = { name: 'Log Test', email, role: 'employee', password: secret, password_confirmation: secret };
    expect((await admin.post('/api/users', body)).status).toBe(201);
    // a duplicate that reaches the database (the unique index), and an error nothing maps
    expect((await admin.post('/api/users', { ...body, email: email.toUpperCase() })).status).toBe(422);
    await env.db.query(
      `CREATE FUNCTION glazier_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by a test trigger' USING ERRCODE = 'XX000'; END $$`,
    );
    await env.db.query('CREATE TRIGGER glazier_test_fail BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION glazier_test_fail()');
    try {
      const failed = await admin.post('/api/users', { ...body, email: `2${email}` });
      expect(failed.status).toBe(500);
    } finally {
      await env.db.query('DROP TRIGGER glazier_test_fail ON users');
      await env.db.query('DROP FUNCTION glazier_test_fail()');
    }
    const log = lines.join('\n');
    expect(log).toMatch(/refused by a test trigger/); // the error is logged...
    expect(log).toMatch(/"code":"XX000"/);
    expect(log).not.toMatch(/\$argon2/); // ...without the values it was about
    expect(log).not.toContain(secret);
    expect(log).not.toContain(`2${email}`);
    expect(log).not.toMatch(/params/i);
  });
});

describe('sessions after a password change', () => {
  it('ends the user’s sessions when an admin changes their password', async () => {
    const user = await createRecord(as.admin, 'users', { password: PASSWORD, password_confirmation: PASSWORD });
    const session = await signedIn(env.app, user.email as string);
    expect((await session.get('/api/user')).status).toBe(200);
    const res = await as.admin.patch(`/api/users/${user.id}`, { password: 'a-new-password-2', password_confirmation: 'a-new-password-2' });
    expect(res.status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);
    expect((await as.admin.get('/api/user')).status).toBe(200); // the changer stays signed in
  });

  it('keeps the changer’s own session and ends their other ones when it is their own password', async () => {
    const user = await createRecord(as.admin, 'users', { password: PASSWORD, password_confirmation: PASSWORD });
    const here = await signedIn(env.app, user.email as string);
    const phone = await signedIn(env.app, user.email as string);
    const res = await here.patch(`/api/users/${user.id}`, { password: 'a-new-password-3', password_confirmation: 'a-new-password-3' });
    expect(res.status).toBe(200);
    expect((await here.get('/api/user')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
    // a change of other fields ends nothing
    const again = await signedIn(env.app, user.email as string).catch(() => undefined);
    expect(again).toBeUndefined(); // the old password no longer works
    const fresh = new Client(env.app);
    await fresh.get('/sanctum/csrf-cookie');
    expect((await fresh.post('/login', { email: user.email, password: 'a-new-password-3' })).status).toBe(204);
    expect((await here.patch(`/api/users/${user.id}`, { name: 'Renamed' })).status).toBe(200);
    expect((await fresh.get('/api/user')).status).toBe(200);
  });
});

describe('lists and answers', () => {
  it('caps plain lists and says so; pages still reach every row', async () => {
    const before = await count('material_categories');
    await env.db.query(`INSERT INTO material_categories (name) SELECT 'Capped ' || g FROM generate_series(1, ${LIST_LIMIT + 5 - before}) g`);
    const res = await as.admin.get('/api/material_categories');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(LIST_LIMIT);
    expect(res.body.truncated).toBe(true);
    const small = await as.admin.get('/api/material_categories?search=Capped%2010');
    expect(small.body.truncated).toBeUndefined();
    expect(small.body.data!.length).toBeGreaterThan(0);
    const last = await as.admin.get(`/api/material_categories?page=${Math.ceil((LIST_LIMIT + 5) / 100)}&per_page=100`);
    expect(last.body.total).toBe(LIST_LIMIT + 5);
  });

  it('answers Cache-Control: no-store on /api/user and every JSON answer', async () => {
    for (const url of ['/api/user', '/api/clients', '/api/clients?page=1', `/api/users/${ids.admin.id}`]) {
      const res = await as.admin.get(url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    expect((await new Client(env.app).get('/api/user')).headers['cache-control']).toBe('no-store');
  });

  it('refuses unknown ids in id lists and polymorphic ids with 422', async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const ok = await as.admin.post('/api/client_types', { name: 'Known ids', product_category_list: [category.id] });
    expect(ok.status).toBe(201);
    const before = await count('client_types');
    const bad = await as.admin.post('/api/client_types', { name: 'Unknown ids', product_category_list: [category.id, 999999] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.product_category_list?.[0]).toMatch(/999999/);
    const many = await as.admin.post('/api/estimates/store_many', {
      data: [{ ...(await createRecord(as.admin, 'estimates')), product_category_list: [888888] }],
    });
    expect(many.status).toBe(422);
    expect(many.body.errors).toHaveProperty(['data.0.product_category_list']);
    expect(await count('client_types')).toBe(before);
    const option = await as.admin.post('/api/takeoff_options', { takeoffable_type: 'series', takeoffable_id: 999999, description: 'Nope' });
    expect(option.status).toBe(422);
    expect(option.body.errors).toHaveProperty('takeoffable_id');
    const series = await createRecord(as.admin, 'series');
    expect((await as.admin.post('/api/takeoff_options', { takeoffable_type: 'series', takeoffable_id: series.id, description: 'Yes' })).status).toBe(201);
  });

  it('hides other users’ branch_id from those without view users', async () => {
    await as.admin.patch(`/api/users/${ids.employee.id}`, { branch_id: 7 });
    await as.admin.patch(`/api/users/${ids.supervisor.id}`, { branch_id: 8 });
    const seen = (res: { body: Row }) => res.body.branch_id;
    expect(seen(await as.supervisor.get(`/api/users/${ids.employee.id}`))).toBeUndefined();
    expect((await as.supervisor.get('/api/users')).body.data!.find((u) => u.id === ids.employee.id)).not.toHaveProperty('branch_id');
    expect(seen(await as.supervisor.get(`/api/users/${ids.supervisor.id}`))).toBe(8); // oneself
    expect(seen(await as.manager.get(`/api/users/${ids.employee.id}`))).toBe(7); // view users
  });
});
