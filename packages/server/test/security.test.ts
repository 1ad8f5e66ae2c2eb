/**
 * Trust at the door, through the API: the signed-in browsers a person sees and ends, the
 * authenticator app (its key confirmed by a first code, codes taken once, throttled), recovery
 * codes (once each), passkeys (challenges once, of this session, expiring; a removed passkey signs
 * in no more), the shop's requirement (refused until enrolled), an administrator's reset, the
 * messages and the security events.
 */
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { Client, PASSWORD, appWithUsers } from './harness.ts';
import { SoftAuthenticator } from './webauthn-authenticator.ts';

const PUBLIC_URL = 'http://glazier.test';
const { env, ids } = appWithUsers(() => ({ publicUrl: PUBLIC_URL }));

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let addresses = 0;
/** A browser of its own address (each under the per-address limits of sign-in). */
const browser = () => {
  const n = ++addresses;
  return new Client(env.app, `127.0.${Math.floor(n / 250)}.${(n % 250) + 1}`);
};
async function signedIn(_app: unknown, email: string): Promise<Client> {
  const c = browser();
  const res = await c.login(email);
  if (res.status !== 204) throw new Error(`login failed for ${email}: ${res.status}`);
  return c;
}

let people = 0;
/** A fresh employee (each test its own, so codes and throttles do not meet). */
async function person(role: 'employee' | 'admin' = 'employee') {
  const email = `person${++people}@test.local`;
  const u = await createOrResetUser(env.db, { email, password: PASSWORD, role, name: `Person ${people}` });
  return { id: u.id, email };
}

async function loginWith(email: string, ua = CHROME, password = PASSWORD) {
  const c = browser();
  await c.request('GET', '/sanctum/csrf-cookie', undefined, { 'user-agent': ua });
  const res = await c.request('POST', '/login', { email, password }, { 'user-agent': ua });
  return { c, res };
}

const mails = (userId: number) =>
  env.db.query<{ subject: string; text: string }>("SELECT subject, text FROM mail_outbox WHERE kind = 'security_notice' AND record_id = $1 ORDER BY id", [
    userId,
  ]);
const events = (userId: number) =>
  env.db.query<{ action: string; after: Row }>(
    "SELECT action, after FROM audit_log WHERE resource = 'users' AND record_id = $1 AND action NOT IN ('create', 'update') ORDER BY id",
    [userId],
  );

/** Sets up the authenticator of the signed-in `c`; answers its key and recovery codes. */
async function enrolTotp(c: Client) {
  const start = await c.post('/api/security/totp');
  expect(start.status).toBe(200);
  const key = start.body.key as string;
  expect(start.body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  const confirm = await c.post('/api/security/totp/confirm', { code: await generate({ secret: key }) });
  expect(confirm.status).toBe(200);
  return { key, codes: confirm.body.recovery_codes as string[] };
}

/** A code of the next time step: accepted after the current one was taken. */
const nextCode = (key: string, steps = 1) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

describe('signed-in sessions', () => {
  it('lists each browser with its device, address, times, "this browser" marked; ends one and the others', async () => {
    const p = await person();
    const a = await loginWith(p.email, CHROME);
    const b = await loginWith(p.email, FIREFOX);
    const c = await loginWith(p.email, FIREFOX);
    expect([a.res.status, b.res.status, c.res.status]).toEqual([204, 204, 204]);
    const list = await a.c.get('/api/sessions');
    expect(list.status).toBe(200);
    const rows = list.body.data as Row[];
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.current)).toMatchObject([{ device: 'Chrome on Windows', ip: expect.stringMatching(/^127\.0\./) }]);
    expect(rows.filter((r) => !r.current).map((r) => r.device)).toEqual(['Firefox on Linux', 'Firefox on Linux']);
    for (const r of rows) expect(Date.parse(r.created_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(rows)).not.toContain(b.c.jar.get('glazier_session')!.split('.')[0]); // no session id leaves

    const current = rows.find((r) => r.current)!;
    expect((await a.c.del(`/api/sessions/${current.id as string}`)).status).toBe(409);
    expect((await a.c.del('/api/sessions/no-such-session-id')).status).toBe(404);
    // b's own list names b as current: end it from a
    const bId = ((await b.c.get('/api/sessions')).body.data as Row[]).find((r) => r.current)!.id as string;
    expect((await a.c.del(`/api/sessions/${bId}`)).status).toBe(204);
    expect((await b.c.get('/api/user')).status).toBe(401);
    expect((await c.c.get('/api/user')).status).toBe(200);
    // another person cannot end it
    const other = await signedIn(env.app, 'manager@test.local');
    const cId = ((await c.c.get('/api/sessions')).body.data as Row[]).find((r) => r.current)!.id as string;
    expect((await other.del(`/api/sessions/${cId}`)).status).toBe(404);

    const ended = await a.c.post('/api/sessions/end_others');
    expect(ended.body).toEqual({ ended: 1 });
    expect((await c.c.get('/api/user')).status).toBe(401);
    expect((await a.c.get('/api/user')).status).toBe(200);
    expect((await events(p.id)).map((e) => e.action)).toEqual(['signed_in', 'signed_in', 'signed_in', 'session_ended', 'other_sessions_ended']);
  });

  it('a new browser is mailed about (not the first sign-in, nor a known browser again); a password change ends the others and is mailed', async () => {
    const p = await person();
    const first = await loginWith(p.email);
    expect(await mails(p.id)).toEqual([]);
    // the same browser again (its cookie): no message
    await first.c.post('/logout');
    await first.c.get('/sanctum/csrf-cookie');
    expect((await first.c.post('/login', { email: p.email, password: PASSWORD })).status).toBe(204);
    expect(await mails(p.id)).toEqual([]);
    const second = await loginWith(p.email, FIREFOX);
    const [notice] = await mails(p.id);
    expect(notice!.subject).toContain('a sign-in from a new browser');
    expect(notice!.text).toContain('Firefox on Linux');
    expect(notice!.text).toContain('If it was not');

    const changed = await first.c.patch(`/api/users/${p.id}`, { password: 'another-horse-7', password_confirmation: 'another-horse-7' });
    expect(changed.status).toBe(200);
    expect((await second.c.get('/api/user')).status).toBe(401);
    expect((await first.c.get('/api/user')).status).toBe(200);
    expect((await mails(p.id)).map((m) => m.subject).at(-1)).toContain('your password was changed');
  });

  it('a password reset by its link ends every session and is mailed', async () => {
    const p = await person();
    const { c } = await loginWith(p.email);
    const admin = await signedIn(env.app, 'admin@test.local');
    const link = await admin.post(`/api/users/${p.id}/reset_link`);
    const token = new URL(link.body.url as string, PUBLIC_URL).searchParams.get('token');
    const guest = browser();
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.post('/api/password_reset', { token, password: 'a-new-horse-8', password_confirmation: 'a-new-horse-8' })).status).toBe(204);
    expect((await c.get('/api/user')).status).toBe(401);
    expect((await mails(p.id)).map((m) => m.subject).at(-1)).toContain('your password was changed');
  });

  it('records the last use and the address at most every few minutes, not on every request', async () => {
    const p = await person();
    const { c } = await loginWith(p.email);
    const old = async () =>
      (await env.db.query<{ old: boolean }>("SELECT last_used_at < now() - interval '30 minutes' AS old FROM sessions WHERE user_id = $1", [p.id]))[0]!.old;
    await env.db.query("UPDATE sessions SET last_used_at = now() - interval '1 hour' WHERE user_id = $1", [p.id]);
    await c.get('/api/jobs'); // its first use on this server: written
    expect(await old()).toBe(false);
    await env.db.query("UPDATE sessions SET last_used_at = now() - interval '1 hour' WHERE user_id = $1", [p.id]);
    await c.get('/api/jobs'); // again within minutes: not written
    expect(await old()).toBe(true);
  });
});

describe('the authenticator app', () => {
  it('counts once confirmed by a first code; a wrong code is refused; the key is kept sealed', async () => {
    const p = await person();
    const c = await signedIn(env.app, p.email);
    expect((await c.post('/api/security/totp/confirm', { code: '123456' })).status).toBe(409);
    const start = await c.post('/api/security/totp');
    const key = start.body.key as string;
    const [stored] = await env.db.query<{ secret_sealed: string; confirmed_at: string | null }>(
      'SELECT secret_sealed, confirmed_at FROM user_totp WHERE user_id = $1',
      [p.id],
    );
    expect(stored!.secret_sealed).not.toContain(key);
    expect(stored!.confirmed_at).toBeNull();
    expect((await c.get('/api/security')).body).toMatchObject({ totp: false, recovery_codes_left: 0 });
    const wrong = await c.post('/api/security/totp/confirm', { code: '000000' === (await generate({ secret: key })) ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors!.code).toBeTruthy();
    const ok = await c.post('/api/security/totp/confirm', { code: await generate({ secret: key }) });
    expect(ok.status).toBe(200);
    const codes = ok.body.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await env.db.query<{ code_hash: string }>('SELECT code_hash FROM recovery_codes WHERE user_id = $1', [p.id]);
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(codes[0]!.replace('-', ''));
    expect((await c.get('/api/security')).body).toMatchObject({ totp: true, recovery_codes_left: 10 });
    expect((await c.post('/api/security/totp')).status).toBe(409); // one at a time
    expect((await mails(p.id)).map((m) => m.subject).at(-1)).toContain('a second step was added');
  });

  it('signs in in two steps: the password leaves the browser signed out until a code; a code is taken once', async () => {
    const p = await person();
    const { key } = await enrolTotp(await signedIn(env.app, p.email));
    const { c, res } = await loginWith(p.email);
    expect(res.status).toBe(204);
    expect((await c.get('/api/user')).status).toBe(401); // not yet
    expect((await c.get('/api/jobs')).status).toBe(401);
    expect((await c.get('/login/two_factor')).body).toEqual({ pending: true });
    const code = await nextCode(key);
    expect((await c.post('/login/two_factor', { code })).status).toBe(204);
    expect((await c.get('/api/user')).body).toMatchObject({ email: p.email });
    expect((await c.get('/login/two_factor')).body).toEqual({ pending: false });

    // the same code again, in its window, from another browser: refused
    const again = await loginWith(p.email);
    const replay = await again.c.post('/login/two_factor', { code });
    expect(replay.status).toBe(422);
    expect(replay.body.errors!.code![0]).toMatch(/used already/);
    // and the code of the confirmation's step, before the one taken
    expect((await again.c.post('/login/two_factor', { code: await generate({ secret: key }) })).status).toBe(422);
    expect((await again.c.get('/api/user')).status).toBe(401);
    expect((await events(p.id)).map((e) => e.action)).toContain('code_refused');
  });

  it('without a password first there is no second step', async () => {
    const c = browser();
    await c.get('/sanctum/csrf-cookie');
    const res = await c.post('/login/two_factor', { code: '123456' });
    expect(res.status).toBe(422);
    expect(res.body.errors!.code![0]).toMatch(/expired/);
  });

  it('throttles wrong codes per account (429 with Retry-After), like the password', async () => {
    const p = await person();
    const { key } = await enrolTotp(await signedIn(env.app, p.email));
    const { c } = await loginWith(p.email);
    for (let i = 0; i < 5; i++) expect((await c.post('/login/two_factor', { code: '999999' })).status).toBe(422);
    const blocked = await c.post('/login/two_factor', { code: await nextCode(key) });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // a new password sign-in of the same account is still throttled at its second step
    const other = await loginWith(p.email);
    expect((await other.c.post('/login/two_factor', { code: await nextCode(key) })).status).toBe(429);
  });

  it('recovery codes sign in once each, are regenerated (the old ones then fail), and removing the app needs the password', async () => {
    const p = await person();
    const me = await signedIn(env.app, p.email);
    const { codes } = await enrolTotp(me);
    for (const [i, code] of codes.entries()) {
      const { c } = await loginWith(p.email);
      const typed = i % 2 ? code.toUpperCase().replace('-', ' ') : code; // case, spaces and hyphens do not matter
      expect((await c.post('/login/two_factor', { code: typed })).status, code).toBe(204);
    }
    expect((await me.get('/api/security')).body.recovery_codes_left).toBe(0);
    const { c } = await loginWith(p.email);
    expect((await c.post('/login/two_factor', { code: codes[0] })).status).toBe(422); // used
    const fresh = await me.post('/api/security/recovery_codes');
    expect(fresh.body.recovery_codes).toHaveLength(10);
    expect((await c.post('/login/two_factor', { code: codes[1] })).status).toBe(422);
    expect((await c.post('/login/two_factor', { code: (fresh.body.recovery_codes as string[])[0] })).status).toBe(204);
    expect((await events(p.id)).filter((e) => e.action === 'recovery_code_used').at(-1)!.after).toEqual({ detail: '9 left' });

    expect((await me.post('/api/security/totp/remove', { password: 'wrong' })).status).toBe(422);
    expect((await me.post('/api/security/totp/remove', { password: PASSWORD })).status).toBe(204);
    expect((await me.get('/api/security')).body).toMatchObject({ totp: false, recovery_codes_left: 0 });
    const plain = await loginWith(p.email);
    expect((await plain.c.get('/api/user')).status).toBe(200);
  });
});

describe('passkeys', () => {
  const auth = () => new SoftAuthenticator(PUBLIC_URL, 'glazier.test');

  async function addKey(c: Client, a: SoftAuthenticator, name = 'Laptop') {
    const options = await c.post('/api/passkeys/options');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ rp: { id: 'glazier.test' }, authenticatorSelection: { residentKey: 'required', userVerification: 'required' } });
    return c.post('/api/passkeys', { name, response: a.create(options.body as { challenge: string; user: { id: string } }) });
  }

  async function passkeyLogin(a: SoftAuthenticator, which = 0, opts: { origin?: string; counter?: number } = {}) {
    const c = browser();
    await c.get('/sanctum/csrf-cookie');
    const options = await c.post('/login/passkey/options');
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials ?? []).toEqual([]); // discoverable: no email asked
    const res = await c.post('/login/passkey', { response: a.get(options.body as { challenge: string }, which, opts) });
    return { c, res, options };
  }

  it('adds, names, lists and removes passkeys; signs in with one without an email, both factors at once', async () => {
    const p = await person();
    const me = await signedIn(env.app, p.email);
    await enrolTotp(me); // a passkey skips the authenticator's step
    const a = auth();
    const added = await addKey(me, a, 'Work laptop');
    expect(added.status).toBe(201);
    expect(added.body.data as unknown).toMatchObject({ name: 'Work laptop', last_used_at: null });
    const id = (added.body.data as unknown as Row).id as number;
    expect((await me.patch(`/api/passkeys/${id}`, { name: '  ' })).status).toBe(422);
    expect((await me.patch(`/api/passkeys/${id}`, { name: 'Desk' })).body.data).toMatchObject({ name: 'Desk' });
    expect((await mails(p.id)).map((m) => m.subject).at(-1)).toContain('a passkey was added');

    const { c, res } = await passkeyLogin(a);
    expect(res.status).toBe(204);
    expect((await c.get('/api/user')).body).toMatchObject({ id: p.id });
    const listed = (await me.get('/api/security')).body.passkeys as Row[];
    expect(listed).toMatchObject([{ id, name: 'Desk' }]);
    expect(listed[0]!.last_used_at).not.toBeNull();
    expect((await events(p.id)).map((e) => e.after.detail).at(-1)).toMatch(/by passkey/);

    // another person cannot touch it
    const other = await signedIn(env.app, 'manager@test.local');
    expect((await other.del(`/api/passkeys/${id}`)).status).toBe(404);
    expect((await other.patch(`/api/passkeys/${id}`, { name: 'Mine' })).status).toBe(404);

    expect((await me.del(`/api/passkeys/${id}`)).status).toBe(204);
    const removed = await passkeyLogin(a);
    expect(removed.res.status).toBe(422);
    expect((await removed.c.get('/api/user')).status).toBe(401);
  });

  it('refuses a reused, expired, foreign or wrong-origin challenge, and a counter that went back', async () => {
    const p = await person();
    const me = await signedIn(env.app, p.email);
    const a = auth();
    expect((await addKey(me, a)).status).toBe(201);

    // reused: the challenge is taken by the first answer
    const first = await passkeyLogin(a);
    expect(first.res.status).toBe(204);
    const reuse = await first.c.post('/login/passkey', { response: a.get(first.options.body as { challenge: string }) });
    expect(reuse.status).toBe(422);

    // another browser's challenge: bound to the session that asked for it
    const asker = browser();
    await asker.get('/sanctum/csrf-cookie');
    const theirs = await asker.post('/login/passkey/options');
    const thief = browser();
    await thief.get('/sanctum/csrf-cookie');
    await thief.post('/login/passkey/options');
    expect((await thief.post('/login/passkey', { response: a.get(theirs.body as { challenge: string }) })).status).toBe(422);

    // expired
    const late = browser();
    await late.get('/sanctum/csrf-cookie');
    const options = await late.post('/login/passkey/options');
    await env.db.query(
      "UPDATE sessions SET data = jsonb_set(data, '{challenge,at}', to_jsonb((data->'challenge'->>'at')::bigint - 6 * 60000)) WHERE data ? 'challenge' AND data->'challenge'->>'value' = $1",
      [options.body.challenge],
    );
    const { forgetSession } = await import('../src/platform/session-store.ts');
    for (const sid of await env.db.query<{ sid: string }>("SELECT sid FROM sessions WHERE data->'challenge'->>'value' = $1", [options.body.challenge]))
      forgetSession(sid.sid);
    expect((await late.post('/login/passkey', { response: a.get(options.body as { challenge: string }) })).status).toBe(422);

    // signed for another site
    expect((await passkeyLogin(a, 0, { origin: 'https://evil.example' })).res.status).toBe(422);
    // a counter that went back: a cloned authenticator
    expect((await passkeyLogin(a, 0, { counter: 1 })).res.status).toBe(422);
    // a registration answer to a sign-in challenge of the same session
    const signInOptions = await me.post('/login/passkey/options');
    const wrongPurpose = await me.post('/api/passkeys', {
      name: 'X',
      response: auth().create({ challenge: signInOptions.body.challenge as string, user: { id: 'eA' } }),
    });
    expect(wrongPurpose.status).toBe(422);
    expect((await me.get('/api/security')).body.passkeys).toHaveLength(1);
  });
});

describe("the shop's requirement", () => {
  it('admins first: an admin without a factor may only set one up; once set up, everything; an employee is not asked', async () => {
    const admin = await person('admin');
    const a = await signedIn(env.app, admin.email);
    const employee = await signedIn(env.app, 'employee@test.local');
    expect((await employee.put('/api/security/requirement', { require: 'admins' })).status).toBe(403);
    expect((await a.put('/api/security/requirement', { require: 'nobody' })).status).toBe(422);
    expect((await a.put('/api/security/requirement', { require: 'admins' })).body).toEqual({ require: 'admins' });

    expect((await a.get('/api/user')).body).toMatchObject({ must_enrol: true });
    const refused = await a.get('/api/jobs');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/second step/);
    expect((await a.post('/api/clients', { name: 'Not yet' })).status).toBe(403);
    expect((await a.get('/api/security')).body).toMatchObject({ required: true, must_enrol: true });
    expect((await employee.get('/api/jobs')).status).toBe(200);
    expect((await employee.get('/api/user')).body.must_enrol).toBeUndefined();

    await enrolTotp(a);
    expect((await a.get('/api/jobs')).status).toBe(200);
    expect((await a.get('/api/user')).body.must_enrol).toBeUndefined();
    expect((await a.get('/api/security/requirement')).body).toEqual({ require: 'admins' });

    // everyone: the employee is led to it too; a passkey meets it as well
    expect((await a.put('/api/security/requirement', { require: 'everyone' })).status).toBe(200);
    expect((await employee.get('/api/jobs')).status).toBe(403);
    const authn = new SoftAuthenticator(PUBLIC_URL, 'glazier.test');
    const options = await employee.post('/api/passkeys/options');
    expect(
      (await employee.post('/api/passkeys', { name: 'Phone', response: authn.create(options.body as { challenge: string; user: { id: string } }) })).status,
    ).toBe(201);
    expect((await employee.get('/api/jobs')).status).toBe(200);
    expect((await a.put('/api/security/requirement', { require: 'none' })).status).toBe(200);
  });

  it("an admin resets a person's factors: gone, signed out everywhere, mailed, and in their history and the events", async () => {
    const p = await person();
    const me = await signedIn(env.app, p.email);
    await enrolTotp(me);
    const admin = await signedIn(env.app, 'admin@test.local');
    const manager = await signedIn(env.app, 'manager@test.local');
    expect((await manager.post(`/api/users/${p.id}/reset_factors`)).status).toBe(403);
    expect((await admin.post(`/api/users/${p.id}/reset_factors`)).status).toBe(204);
    expect((await me.get('/api/user')).status).toBe(401);
    const again = await loginWith(p.email);
    expect((await again.c.get('/api/user')).status).toBe(200); // no second step any more
    expect((await mails(p.id)).map((m) => m.subject)).toContainEqual(expect.stringContaining('your second factors were reset'));

    const history = await admin.get(`/api/history/users/${p.id}`);
    expect((history.body.data as Row[]).map((e) => e.action)).toContain('factors_reset');
    expect((history.body.data as Row[]).find((e) => e.action === 'factors_reset')).toMatchObject({ user_name: 'Admin User' });
    const list = await admin.get(`/api/security/events?user_id=${p.id}`);
    expect((list.body.data as Row[])[1]).toMatchObject({ action: 'factors_reset', user_name: expect.stringMatching(/^Person/), by_name: 'Admin User' });
    expect((await manager.get('/api/security/events')).status).toBe(403);
    expect(ids.admin.id).toBeGreaterThan(0);
  });
});
