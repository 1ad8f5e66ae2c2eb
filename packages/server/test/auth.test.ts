/** Sessions, CSRF, first-run setup, throttling, logout, inactive users and password resets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD, createRoleUsers, signedIn, startTestApp, type TestEnv } from './harness.ts';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { SESSION_COOKIE } from '../src/http/auth-routes.ts';
import { purgeExpiredSessions } from '../src/platform/session-store.ts';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestApp();
});
afterAll(async () => {
  await env?.close();
});

describe('first run', () => {
  it('creates the first admin while no user exists, then refuses with 403', async () => {
    const c = new Client(env.app);
    expect((await c.get('/api/setup')).body).toEqual({ needed: true });
    await c.get('/sanctum/csrf-cookie');
    const bad = await c.post('/api/setup', { name: 'Ada', email: 'not-email', password: 'short', password_confirmation: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)).toEqual(expect.arrayContaining(['email', 'password']));
    const ok = await c.post('/api/setup', { name: 'Ada', email: 'ada@test.local', password: PASSWORD, password_confirmation: PASSWORD });
    expect(ok.status).toBe(201);
    const me = await c.get('/api/user');
    expect(me.body).toMatchObject({ name: 'Ada', role: 'admin' });
    expect(me.body.permissions).toMatchObject({ settings: { view: true, edit: true } });

    const again = new Client(env.app);
    await again.get('/sanctum/csrf-cookie');
    const refused = await again.post('/api/setup', { name: 'Eve', email: 'eve@test.local', password: PASSWORD, password_confirmation: PASSWORD });
    expect(refused.status).toBe(403);
    expect((await again.get('/api/setup')).body).toEqual({ needed: false });
  });
});

describe('sessions', () => {
  beforeAll(async () => {
    await createRoleUsers(env.db);
  });

  it('needs a matching X-XSRF-TOKEN on every state-changing request (419)', async () => {
    const c = await signedIn(env.app, 'admin@test.local');
    const noHeader = await c.request('POST', '/api/clients', { name: 'X' }, { 'x-xsrf-token': '' });
    expect(noHeader.status).toBe(419);
    const wrong = await c.request('POST', '/api/clients', { name: 'X' }, { 'x-xsrf-token': 'a'.repeat(43) });
    expect(wrong.status).toBe(419);
    const del = await c.request('DELETE', '/api/clients/1', undefined, { 'x-xsrf-token': 'nope' });
    expect(del.status).toBe(419);
    expect((await c.post('/api/clients', { name: 'X' })).status).toBe(201);
  });

  it('rotates the session id at login and answers the user without secrets', async () => {
    const c = new Client(env.app);
    await c.get('/sanctum/csrf-cookie');
    const before = c.jar.get(SESSION_COOKIE);
    expect(before).toBeTruthy();
    expect((await c.post('/login', { email: 'manager@test.local', password: PASSWORD })).status).toBe(204);
    const after = c.jar.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const me = await c.get('/api/user');
    expect(me.body).toMatchObject({ email: 'manager@test.local', role: 'manager' });
    expect(JSON.stringify(me.body)).not.toContain('argon2');
    const users = await c.get('/api/users?active=all');
    expect(JSON.stringify(users.body)).not.toMatch(/password_hash|argon2/);

    // the pre-login session id no longer signs anybody in, and a request still carrying it (one in
    // flight during the login) must not clear the new cookie in the browser
    const old = new Client(env.app);
    old.jar.set(SESSION_COOKIE, before!);
    const stale = await old.get('/api/user');
    expect(stale.status).toBe(401);
    expect(String(stale.headers['set-cookie'] ?? '')).not.toContain(`${SESSION_COOKIE}=;`);
  });

  it('answers 422 on email for bad credentials and 429 after repeated failures', async () => {
    const c = new Client(env.app);
    await c.get('/sanctum/csrf-cookie');
    const missing = await c.post('/login', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('email');
    for (let i = 0; i < 5; i++) {
      const res = await c.post('/login', { email: 'supervisor@test.local', password: 'wrong-password' });
      expect(res.status).toBe(422);
      expect(res.body.errors!.email![0]).toMatch(/credentials/);
    }
    const blocked = await c.post('/login', { email: 'supervisor@test.local', password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
    // another account is not blocked by these failures
    expect((await c.post('/login', { email: 'employee@test.local', password: PASSWORD })).status).toBe(204);
  });

  it('logs out on the server: the old cookie is dead', async () => {
    const c = await signedIn(env.app, 'employee@test.local');
    const cookie = c.jar.get(SESSION_COOKIE)!;
    const out = await c.post('/logout');
    expect(out.status).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain(`${SESSION_COOKIE}=;`);
    expect(c.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await c.get('/api/user')).status).toBe(401);
    const replay = new Client(env.app);
    replay.jar.set(SESSION_COOKIE, cookie);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('answers a guest 401, or 200 null when asked with ?guest=null (no failed request in the console)', async () => {
    const guest = new Client(env.app);
    expect((await guest.get('/api/user')).status).toBe(401);
    const asked = await env.app.inject({ method: 'GET', url: '/api/user?guest=null' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toBeNull();
    const c = await signedIn(env.app, 'employee@test.local');
    expect((await c.get('/api/user?guest=null')).body).toMatchObject({ email: 'employee@test.local' });
  });

  it('keeps inactive users out, also from sessions they already had', async () => {
    const u = await createOrResetUser(env.db, { email: 'temp@test.local', password: PASSWORD, role: 'employee', name: 'Temp' });
    const session = await signedIn(env.app, 'temp@test.local');
    const admin = await signedIn(env.app, 'admin@test.local');
    const rec = (await admin.get(`/api/users/${u.id}`)).body;
    expect((await admin.patch(`/api/users/${u.id}`, { ...rec, active: false })).status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);
    const again = new Client(env.app);
    const res = await again.login('temp@test.local');
    expect(res.status).toBe(422);
    expect(res.body.errors!.email![0]).toMatch(/inactive/);
  });

  it('lets an admin issue a one-time reset link', async () => {
    const admin = await signedIn(env.app, 'admin@test.local');
    const target = await createOrResetUser(env.db, { email: 'forgot@test.local', password: PASSWORD, role: 'employee', name: 'Forgetful' });
    const oldSession = await signedIn(env.app, 'forgot@test.local');
    expect((await oldSession.get('/api/user')).status).toBe(200);
    const manager = await signedIn(env.app, 'manager@test.local');
    expect((await manager.post(`/api/users/${target.id}/reset_link`)).status).toBe(403);
    const link = await admin.post(`/api/users/${target.id}/reset_link`);
    expect(link.status).toBe(200);
    const token = new URL(link.body.url as string, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const mismatch = await guest.post('/api/password_reset', { token, password: 'brand-new-pass', password_confirmation: 'other' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toHaveProperty('password_confirmation');
    expect((await guest.post('/api/password_reset', { token, password: 'brand-new-pass', password_confirmation: 'brand-new-pass' })).status).toBe(204);
    expect((await guest.post('/api/password_reset', { token, password: 'another-pass1', password_confirmation: 'another-pass1' })).status).toBe(422);
    expect((await oldSession.get('/api/user')).status).toBe(401); // a reset signs the user out everywhere
    expect((await new Client(env.app).login('forgot@test.local', 'brand-new-pass')).status).toBe(204);
    expect((await new Client(env.app).login('forgot@test.local', PASSWORD)).status).toBe(422);
  });

  it('user:create resets the password of an existing email', async () => {
    const r = await createOrResetUser(env.db, { email: 'MANAGER@test.local', password: 'reset-by-cli-1' });
    expect(r.created).toBe(false);
    expect((await new Client(env.app).login('manager@test.local', 'reset-by-cli-1')).status).toBe(204);
  });

  it('answers /health: 200 while the database answers', async () => {
    const res = await new Client(env.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('expired sessions', () => {
  it('are purged, and never sign anybody in', async () => {
    const c = await signedIn(env.app, 'admin@test.local');
    await env.db.query("UPDATE sessions SET expires_at = now() - interval '1 minute'");
    await new Promise((r) => setTimeout(r, 2100)); // past the per-process session cache
    expect((await c.get('/api/user')).status).toBe(401);
    await purgeExpiredSessions(env.db);
    const [left] = await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE expires_at <= now()');
    expect(left!.n).toBe(0);
  });
});
