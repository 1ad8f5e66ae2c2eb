/**
 * The session rules of http/session.ts: saved only when a request changes it, the cookie's
 * attributes and expiry, forged and unknown cookies, Secure cookies, and rows written before
 * (by @fastify/session) still signing their users in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/http/app.ts';
import { SESSION_COOKIE } from '../src/http/auth-routes.ts';
import { rememberingSigner } from '../src/http/session-signer.ts';
import { Client, appWithUsers, signedIn } from './harness.ts';

const SECRET = 'x'.repeat(48); // startTestApp's
const { env, ids } = appWithUsers();

const setCookies = (headers: Record<string, unknown>) => {
  const h = headers['set-cookie'];
  return (Array.isArray(h) ? h : h ? [h] : []).map(String);
};
const sessionCookie = (headers: Record<string, unknown>) => setCookies(headers).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
const rows = () =>
  env.db.query<{ sid: string; user_id: number | null; expires_at: string }>('SELECT sid, user_id, expires_at FROM sessions ORDER BY expires_at');

describe('sessions', () => {
  it('a guest who only reads gets no session: no cookie, no row', async () => {
    const before = (await rows()).length;
    const res = await env.app.inject({ method: 'GET', url: '/api/jobs' });
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res.headers)).toBeUndefined();
    expect((await rows()).length).toBe(before);
  });

  it('the CSRF cookie starts a session: an HttpOnly, SameSite=Lax cookie and a row, both for 7 days', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const cookie = sessionCookie(res.headers)!;
    expect(cookie).toBeTruthy();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/; Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    const week = 7 * 24 * 3600 * 1000;
    expect(Math.abs(expires - (Date.now() + week))).toBeLessThan(60_000);
    const sid = rememberingSigner(SECRET).unsign(decodeURIComponent(cookie.split(';')[0]!.slice(SESSION_COOKIE.length + 1)));
    expect(sid.valid).toBe(true);
    const [row] = await env.db.query<{ expires_at: string; user_id: number | null }>('SELECT expires_at, user_id FROM sessions WHERE sid = $1', [sid.value]);
    expect(row!.user_id).toBeNull();
    expect(Math.abs(Date.parse(row!.expires_at) - (Date.now() + week))).toBeLessThan(60_000);
  });

  it('a signed-in request that changes nothing writes nothing: no cookie, the row untouched', async () => {
    const c = await signedIn(env.app, 'employee@test.local');
    const [before] = await env.db.query<{ expires_at: string }>('SELECT expires_at FROM sessions WHERE user_id = $1 ORDER BY expires_at DESC LIMIT 1', [
      ids.employee.id,
    ]);
    await new Promise((r) => setTimeout(r, 20));
    const res = await c.get('/api/jobs');
    expect(res.status).toBe(200);
    expect(sessionCookie(res.headers as Record<string, unknown>)).toBeUndefined();
    const [after] = await env.db.query<{ expires_at: string }>('SELECT expires_at FROM sessions WHERE user_id = $1 ORDER BY expires_at DESC LIMIT 1', [
      ids.employee.id,
    ]);
    expect(after!.expires_at).toBe(before!.expires_at);
  });

  it('a forged or unknown cookie is a guest, and the cookie is left alone', async () => {
    const c = await signedIn(env.app, 'supervisor@test.local');
    const real = c.jar.get(SESSION_COOKIE)!;
    const [sid] = decodeURIComponent(real).split('.');
    for (const value of [`${sid}.forged-signature`, encodeURIComponent(rememberingSigner(SECRET).sign('no-such-session')), '%E0%A4%A']) {
      const res = await env.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${SESSION_COOKIE}=${value}` } });
      expect(res.statusCode, value).toBe(401);
      expect(setCookies(res.headers).join('\n'), value).not.toContain(`${SESSION_COOKIE}=`);
    }
    expect((await c.get('/api/user')).status).toBe(200); // the real one still works
  });

  it('a session written by the previous session plugin (its row holds a cookie object) still signs its user in', async () => {
    const sid = 'Older-plugin-session-id-0123456789ab';
    const data = {
      cookie: {
        originalMaxAge: 604800000,
        expires: new Date(Date.now() + 86_400_000).toISOString(),
        secure: false,
        httpOnly: true,
        path: '/',
        sameSite: 'lax',
      },
      csrf: 'old-token',
      userId: ids.manager.id,
    };
    await env.db.query("INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ($1, $2, $3, now() + interval '1 day')", [
      sid,
      ids.manager.id,
      JSON.stringify(data),
    ]);
    const c = new Client(env.app);
    c.jar.set(SESSION_COOKIE, encodeURIComponent(rememberingSigner(SECRET).sign(sid)));
    c.jar.set('XSRF-TOKEN', 'old-token');
    expect((await c.get('/api/user')).body).toMatchObject({ email: 'manager@test.local' });
    expect((await c.post('/api/clients', { name: 'Made in an old session' })).status).toBe(201); // its CSRF token holds
  });

  it('the pre-login session is gone after login, and logout ends the new one', async () => {
    const c = new Client(env.app);
    await c.get('/sanctum/csrf-cookie');
    const before = rememberingSigner(SECRET).unsign(decodeURIComponent(c.jar.get(SESSION_COOKIE)!));
    expect((await c.post('/login', { email: 'admin@test.local', password: 'correct-horse-9' })).status).toBe(204);
    expect(await env.db.query('SELECT 1 FROM sessions WHERE sid = $1', [before.value])).toEqual([]);
    const after = rememberingSigner(SECRET).unsign(decodeURIComponent(c.jar.get(SESSION_COOKIE)!));
    expect(after.value).not.toBe(before.value);
    expect(await env.db.query('SELECT user_id FROM sessions WHERE sid = $1', [after.value])).toEqual([{ user_id: ids.admin.id }]);
    expect((await c.post('/logout')).status).toBe(204);
    expect(await env.db.query('SELECT 1 FROM sessions WHERE sid = $1', [after.value])).toEqual([]);
  });
});

describe('Secure session cookies (SECURE_COOKIES behind a TLS proxy)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: env.db, sessionSecret: SECRET, logLevel: 'silent', secureCookies: true, trustProxy: 1 });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('are Secure over HTTPS, and not issued over plain HTTP, where the browser would not send them back', async () => {
    const https = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', headers: { 'x-forwarded-proto': 'https' } });
    expect(sessionCookie(https.headers)).toMatch(/; Secure/i);
    const plain = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(sessionCookie(plain.headers)).toBeUndefined();
  });
});
