/**
 * Compression: the built web app is sent precompressed (.br/.gz written at build
 * time) by Accept-Encoding, API JSON is compressed on the fly above a threshold, and neither gets in
 * the way of sessions and CSRF.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNED_IN_HOME_FILE, USER_MARKS } from '@glazier/shared/signed-in-page';
import { buildApp } from '../src/http/app.ts';
import { createRoleUsers, openTestDb, PASSWORD } from './harness.ts';

let app: FastifyInstance;
let dispose: () => Promise<void>;
let webDist: string;
const INLINE = "document.documentElement.dataset.x = '1';";
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

beforeAll(async () => {
  const opened = await openTestDb();
  dispose = opened.dispose;
  await createRoleUsers(opened.db);
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(webDist, name), text);
    fs.writeFileSync(path.join(webDist, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(webDist, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', `<!doctype html><title>Glazier</title><script>${INLINE}</script>${'<!-- padding -->'.repeat(100)}`);
  write('assets/app-abc123.js', SCRIPT);
  fs.mkdirSync(path.join(webDist, 'prerendered'));
  write(
    'prerendered/welcome.html',
    `<!doctype html><title>Glazier</title><script>${INLINE}</script><p>Pre-rendered welcome</p>${'<!-- padding -->'.repeat(100)}`,
  );
  fs.mkdirSync(path.join(webDist, 'prerendered', 'signed-in'));
  write(
    SIGNED_IN_HOME_FILE,
    `<!doctype html><title>Glazier</title><script>${INLINE}</script><button aria-label="${USER_MARKS.name}">${USER_MARKS.initials}</button><h1>Hello, ${USER_MARKS.firstName}</h1>`,
  );
  app = await buildApp({ db: opened.db, sessionSecret: 'x'.repeat(48), logLevel: 'silent', webDist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await dispose?.();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const decode = (encoding: unknown, raw: Buffer) =>
  encoding === 'br' ? zlib.brotliDecompressSync(raw).toString() : encoding === 'gzip' ? zlib.gunzipSync(raw).toString() : raw.toString();

/** Signs the admin in (the CSRF cookie, then /login): the Cookie header and the XSRF token for writes. */
async function signIn(): Promise<{ jar: string; xsrf: string }> {
  const cookies = new Map<string, string>();
  const keep = (set: unknown) => {
    for (const c of (Array.isArray(set) ? set : set ? [set] : []) as string[]) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const jar = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = () => decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
  keep((await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' })).headers['set-cookie']);
  expect(xsrf()).not.toBe('');
  const login = await app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie: jar(), 'x-xsrf-token': xsrf(), 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'admin@test.local', password: PASSWORD }),
  });
  expect(login.statusCode).toBe(204);
  keep(login.headers['set-cookie']);
  return { jar: jar(), xsrf: xsrf() };
}

describe('static assets', () => {
  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const res = await app.inject({ method: 'GET', url: '/jobs' });
    const csp = String(res.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it.each([
    ['br', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ])('Accept-Encoding %s → the precompressed %s file, long-cached', async (accept, expected) => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(decode(expected, res.rawPayload)).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('compresses the app shell of a client route (SPA fallback), which is never long-cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/lists/clients', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode('br', res.rawPayload)).toContain('<title>Glazier</title>');
  });

  it('sends a pre-rendered public page for its own path only, compressed and revalidated like the shell', async () => {
    for (const url of ['/welcome', '/welcome?from=logout']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode('gzip', res.rawPayload)).toContain('Pre-rendered welcome');
    }
    for (const url of ['/', '/welcome/more', '/jobs']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(decode('br', res.rawPayload)).not.toContain('Pre-rendered welcome');
    }
  });
});

describe('the signed-in home page (shared/signed-in-page.ts)', () => {
  it('is sent for / to a signed-in visitor with their name in it, kept by no cache; a guest gets index.html', async () => {
    const { jar } = await signIn();
    const home = await app.inject({ method: 'GET', url: '/', headers: { cookie: jar } });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    expect(home.headers['cache-control']).toBe('no-store');
    expect(home.body).toContain('<h1>Hello, Admin</h1>');
    expect(home.body).toContain('aria-label="Admin User"');
    expect(home.body).not.toMatch(/Жfirstmark|Щlastmark|ЖЩ/);
    // by the same CSP as index.html: its inline script is the same
    expect(String(home.headers['content-security-policy'])).toContain(crypto.createHash('sha256').update(INLINE).digest('base64'));

    const guest = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect(decode(guest.headers['content-encoding'], guest.rawPayload)).not.toContain('Hello');
  });
});

describe('API responses', () => {
  it('sends the shell, never a bare 404, when a pre-rendered page is missing (a rebuild under a running server), and a page built after the start', async () => {
    // The pages were listed once at start; a rebuild (vite empties dist first) took welcome.html
    // away, and the static plugin's "not found" inside the 404 handler answered Fastify's plain
    // "404 Not Found" (log: "Trying to send a NotFound error inside a 404 handler").
    const page = path.join(webDist, 'prerendered', 'welcome.html');
    const kept = fs.readFileSync(page);
    for (const suffix of ['', '.br', '.gz']) fs.rmSync(`${page}${suffix}`);
    try {
      const res = await app.inject({ method: 'GET', url: '/welcome', headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(decode(res.headers['content-encoding'], res.rawPayload)).toContain('<title>Glazier</title>');
    } finally {
      fs.writeFileSync(page, kept);
    }
    const later = path.join(webDist, 'prerendered', 'setup.html');
    fs.writeFileSync(later, '<!doctype html><title>Glazier</title><p>Pre-rendered setup</p>');
    const res = await app.inject({ method: 'GET', url: '/setup' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Pre-rendered setup');
  });

  it('compresses large JSON and keeps the session and CSRF cookies working', async () => {
    const { jar, xsrf } = await signIn();
    const headers = (cookie = '', token = '') => ({
      'accept-encoding': 'gzip',
      ...(cookie ? { cookie } : {}),
      ...(token ? { 'x-xsrf-token': token } : {}),
      'content-type': 'application/json',
    });

    const created = await app.inject({
      method: 'POST',
      url: '/api/clients/store_many',
      headers: headers(jar, xsrf),
      payload: JSON.stringify({
        data: Array.from({ length: 60 }, (_, i) => ({ name: `Compression client ${i}`, note: 'A note long enough to make the list worth compressing.' })),
      }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', created.rawPayload)).data).toHaveLength(60);

    const list = await app.inject({ method: 'GET', url: '/api/clients', headers: headers(jar) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(String(list.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(decode('gzip', list.rawPayload)).data.length).toBeGreaterThanOrEqual(30);

    const brList = await app.inject({ method: 'GET', url: '/api/clients?per_page=100', headers: { ...headers(jar), 'accept-encoding': 'br' } });
    expect(brList.headers['content-encoding']).toBe('br');
    const brText = decode('br', brList.rawPayload);
    expect(JSON.parse(brText).data.length).toBeGreaterThanOrEqual(30);
    // an answer past the in-line size: brotli's quick level off the thread, in one piece with its length (answer-compression.ts)
    expect(brText.length).toBeGreaterThan(8192);
    expect(brList.rawPayload).toEqual(zlib.brotliCompressSync(brText, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }));
    expect(brList.headers['content-length']).toBe(String(brList.rawPayload.length));
    expect(brList.headers['transfer-encoding']).toBeUndefined();
    // q=0 refuses an encoding; x-no-compression asks for none
    const gzipOnly = await app.inject({ method: 'GET', url: '/api/clients', headers: { ...headers(jar), 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/api/clients', headers: { ...headers(jar), 'x-no-compression': '1' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.length).toBeGreaterThanOrEqual(30);

    // an answer of a few KB, compressed in line, gets brotli's quickest level (answer-compression.ts)
    const fewKb = await app.inject({ method: 'GET', url: '/api/clients?page=1&per_page=8', headers: { ...headers(jar), 'accept-encoding': 'br' } });
    const text = decode('br', fewKb.rawPayload);
    expect(text.length).toBeGreaterThan(1024);
    expect(text.length).toBeLessThan(8192);
    expect(fewKb.rawPayload).toEqual(zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } }));

    // a small answer is not worth compressing
    const me = await app.inject({ method: 'GET', url: '/api/setup', headers: headers(jar) });
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json()).toEqual({ needed: false });
  });
});
