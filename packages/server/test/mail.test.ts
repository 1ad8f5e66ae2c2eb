/**
 * Mail through the outbox, against a real SMTP server started here (smtp-catcher.ts),
 * on PGlite and PostgreSQL: the test message, the forgot-password link (and the same answer and
 * nothing sent for an unknown address; its limit), the estimator's notice when a client accepts,
 * a 451 then success (one delivery), a 550 (failed, reply kept), two servers delivering one outbox
 * (each message once), a server that died after the commit or while sending (delivered after the
 * restart), nothing for a rolled-back change, and `not_configured` without a mail server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { buildApp } from '../src/http/app.ts';
import { writeSystemSetting } from '../src/platform/settings.ts';
import { hiddenSecret, mailSecretKey } from '../src/platform/mail/mail-secrets.ts';
import { enqueueMail } from '../src/platform/mail/outbox.ts';
import { Client, PASSWORD, appWithRoles, made, startTestApp, signedIn } from './harness.ts';
import { openStream } from './live-stream.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

let smtp: SmtpCatcher;
const PUBLIC_URL = 'https://glazier.example.com';
const mailOptions = () => ({ mail: { smtpUrl: smtp.url, mailFrom: 'Clearview Glass <office@clearview.example>', publicUrl: PUBLIC_URL, pollMs: 3600_000 } });

// The SMTP server must exist before the app is built (appWithRoles' beforeAll runs after this one).
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
const { env, ids, as } = appWithRoles(mailOptions);
afterAll(async () => {
  await smtp?.close();
});

const outboxRow = async (id: unknown) => (await env.db.query<Row>('SELECT * FROM mail_outbox WHERE id = $1', [id]))[0]!;
const deliver = () => env.app.jobs.runDue('mail');

/**
 * A queued message that wakes no deliverer (every deliverer of this process wakes after a commit
 * that enqueued mail): kept first, then queued, so the test chooses which server delivers it.
 */
async function queuedQuietly(to: string, subject: string): Promise<number> {
  const made = await enqueueMail({ db: env.db, user: null }, { kind: 'test', to: [to], subject, html: `<p>${subject}</p>`, text: subject });
  await env.db.query("UPDATE mail_outbox SET status = 'queued' WHERE id = $1", [made.id]);
  return made.id;
}

describe('mail with a mail server', () => {
  it('sends the test message at once after the commit: HTML and text, the shop name escaped, a stable Message-ID', async () => {
    await writeSystemSetting(env.db, 'company_name', 'Clearview <script>alert(1)</script> Glass');
    const before = smtp.received.length;
    const res = await as.admin.post('/api/mail/test', {});
    expect(res.status).toBe(201);
    const message = res.body.data as unknown as Row;
    expect(message).toMatchObject({ kind: 'test', to: [ids.admin.email] });
    // delivery starts once the enqueueing transaction commits, which may be before this answer is read
    expect(['queued', 'sending', 'sent']).toContain(message.status);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(smtp.count(String(message.message_id))).toBe(1);
    expect(mail!.from?.text).toContain('office@clearview.example');
    expect(mail!.html).toContain('Clearview &lt;script&gt;alert(1)&lt;/script&gt; Glass');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).not.toMatch(/<img[^>]+src="https?:/); // no remote images
    expect(mail!.text).toContain('This is a test message from Glazier.');
    // the row says sent (the deliverer records it right after the server's acceptance)
    await deliver();
    const row = await outboxRow(message.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(row.sent_at).not.toBeNull();
    // the server's acceptance is its reply, not an error
    expect(row).toMatchObject({ last_error: null, sent_reply: expect.stringMatching(/^250/) });
    await writeSystemSetting(env.db, 'company_name', 'Clearview Glass');
  });

  it('is for administrators only, and the test goes to the address given', async () => {
    expect((await as.manager.post('/api/mail/test', {})).status).toBe(403);
    expect((await as.manager.get('/api/mail/outbox')).status).toBe(403);
    expect((await as.admin.post('/api/mail/test', { to: 'not an address' })).status).toBe(422);
    const res = await as.admin.post('/api/mail/test', { to: 'someone@elsewhere.example' });
    expect(res.body.data).toMatchObject({ to: ['someone@elsewhere.example'] });
    await deliver();
    expect(smtp.count(String((res.body.data as unknown as Row).message_id))).toBe(1);
    const status = await as.admin.get('/api/mail/status');
    expect(status.body.data).toEqual({
      configured: true,
      from: 'Clearview Glass <office@clearview.example>',
      server: expect.stringMatching(/^smtp:\/\/127\.0\.0\.1:\d+$/),
      public_url: PUBLIC_URL,
    });
    expect(JSON.stringify(status.body)).not.toContain('secret');
  });

  it('emails a working one-time link for a forgotten password, and answers the same for an unknown address', async () => {
    const user = await made(as.admin, 'users', {
      name: 'Forgetful Fay',
      email: 'fay@test.local',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      role: 'employee',
      active: true,
    });
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const before = smtp.received.length;
    const known = await guest.post('/api/forgot_password', { email: 'FAY@test.local' });
    expect(known.status).toBe(201);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: 'fay@test.local' });
    const link = mail!.text!.match(/https:\/\/glazier\.example\.com\/reset-password\?token=([\w-]+)/);
    expect(link, mail!.text).not.toBeNull();
    expect(mail!.html).toContain(`href="${link![0]}"`);
    const outbox = await env.db.query<Row>("SELECT * FROM mail_outbox WHERE kind = 'password_reset'");
    expect(outbox).toMatchObject([{ resource: 'users', record_id: user.id }]);
    // at rest the link does not work: the stored message (what a backup holds), the Outbox and the
    // message's view have a marker where the token goes, and once sent not even its sealed copy is kept
    await deliver();
    const stored = await outboxRow(outbox[0]!.id);
    expect(stored).toMatchObject({ status: 'sent', secrets: null });
    expect(JSON.stringify(stored)).not.toContain(link![1]);
    expect(String(stored.text)).toMatch(/\/reset-password\?token=hidden-in-the-outbox-[0-9a-f]+/);
    expect(JSON.stringify((await as.admin.get('/api/mail/outbox')).body)).not.toContain(link![1]);
    const shown = await as.admin.get(`/api/mail/outbox/${String(stored.id)}`);
    expect(String((shown.body.data as unknown as Row).html)).toMatch(/reset-password\?token=hidden-in-the-outbox-/);
    expect(JSON.stringify(shown.body)).not.toContain(link![1]);

    const unknownCount = (await env.db.query<Row>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n;
    const unknown = await guest.post('/api/forgot_password', { email: 'nobody@test.local' });
    expect(unknown.status).toBe(201);
    expect(unknown.body).toEqual(known.body);
    expect((await env.db.query<Row>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n).toBe(unknownCount);

    // the link sets a new password once, and tells the person their password changed
    const beforeReset = smtp.received.length;
    expect((await guest.post('/api/password_reset', { token: link![1], password: 'new-password-9', password_confirmation: 'new-password-9' })).status).toBe(
      204,
    );
    // (waited for here, so it cannot arrive in a later test's count)
    const [changed] = (await smtp.waitFor(beforeReset + 1)).slice(beforeReset);
    expect(changed!.to).toMatchObject({ text: 'fay@test.local' });
    expect(changed!.subject).toMatch(/password/i);
    expect((await new Client(env.app).login('fay@test.local', 'new-password-9')).status).toBe(204);
    expect((await guest.post('/api/password_reset', { token: link![1], password: 'again-password-9', password_confirmation: 'again-password-9' })).status).toBe(
      422,
    );
  });

  it('limits forgot-password requests per address asked about (429 with Retry-After)', async () => {
    const ask = async (email: string, ip: string) => {
      const c = new Client(env.app);
      await c.get('/sanctum/csrf-cookie');
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/forgot_password',
        remoteAddress: ip,
        headers: {
          cookie: [...c.jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-xsrf-token': decodeURIComponent(c.jar.get('XSRF-TOKEN')!),
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ email }),
      });
      return res;
    };
    for (let i = 0; i < 3; i++) expect((await ask('limited@test.local', `203.0.113.${i + 1}`)).statusCode).toBe(201);
    const refused = await ask('limited@test.local', '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // per client address too: 10 requests about different addresses, then 429
    for (let i = 0; i < 10; i++) expect((await ask(`spray${i}@test.local`, '203.0.113.99')).statusCode).toBe(201);
    expect((await ask('spray-last@test.local', '203.0.113.99')).statusCode).toBe(429);
  });

  it("emails the estimator when the client accepts through the approval link, in the acceptance's transaction", async () => {
    const client = await made(as.admin, 'clients', { name: 'Harbor <b>Dental</b>' });
    const estimate = await made(as.manager, 'estimates', {
      client_id: client.id,
      name: 'Lobby mirrors',
      job_number: 'E-77',
      items: [{ description: 'Mirror', qty: 1, amount: 500, cost: 200 }],
    });
    expect((await as.manager.post(`/api/estimates/${String(estimate.id)}/status`, { status: 'open' })).status).toBe(200);
    const link = await as.manager.post(`/api/estimates/${String(estimate.id)}/approval_links`, {});
    expect(link.status).toBe(201);
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const before = smtp.received.length;
    expect((await guest.post(`/api/approvals/${String(link.body.token)}/accept`, { name: 'Dr. Reyes', alternate_categories: [] })).status).toBe(200);
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toMatchObject({ text: ids.manager.email });
    expect(mail!.subject).toBe('Harbor <b>Dental</b> accepted E-77 Lobby mirrors');
    expect(mail!.html).toContain('Harbor &lt;b&gt;Dental&lt;/b&gt;');
    expect(mail!.text).toContain('Dr. Reyes accepted the estimate E-77 Lobby mirrors');
    expect(mail!.text).toContain(`${PUBLIC_URL}/estimates/${String(estimate.id)}`);
    // the estimate's page lists it
    const onRecord = await as.manager.get(`/api/estimates/${String(estimate.id)}/mail`);
    expect(onRecord.body.data).toMatchObject([{ kind: 'estimate_accepted', resource: 'estimates', record_id: estimate.id }]);
    expect((await as.employee.get(`/api/estimates/${String(estimate.id)}/mail`)).status).toBe(403);
  });

  it('retries a 451 with backoff and delivers once; keeps a 550 as failed with the reply; Retry sends it again', async () => {
    smtp.refuseNext(451, 'Greylisted, try again later');
    const res = await as.admin.post('/api/mail/test', { to: 'grey@elsewhere.example' });
    const id = (res.body.data as unknown as Row).id;
    await deliver();
    let row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(String(row.last_error)).toContain('Greylisted');
    expect(new Date(String(row.next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 30_000);
    await deliver(); // not due yet: nothing happens
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 1 });
    await env.db.query('UPDATE mail_outbox SET next_attempt_at = now() WHERE id = $1', [id]); // the backoff has passed
    await deliver();
    row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smtp.count(String(row.message_id))).toBe(1);

    smtp.refuseNext(550, 'No such mailbox here');
    const bad = await as.admin.post('/api/mail/test', { to: 'gone@elsewhere.example' });
    const badId = (bad.body.data as unknown as Row).id;
    await deliver();
    row = await outboxRow(badId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    // the server's reply as it gave it, without the mail library's code before it (EENVELOPE)
    expect(String(row.last_error)).toMatch(/^550 .*No such mailbox here/);
    expect(smtp.count(String(row.message_id))).toBe(0);
    const listed = await as.admin.get('/api/mail/outbox?status=failed');
    expect(listed.body.data).toMatchObject([{ id: badId, status: 'failed', last_error: expect.stringContaining('No such mailbox') }]);
    // Retry: queued again, delivered, with the same Message-ID
    const retried = (await as.admin.post(`/api/mail/outbox/${String(badId)}/retry`, {})).body.data as unknown as Row;
    expect(['queued', 'sending', 'sent']).toContain(retried.status);
    expect((await as.admin.post(`/api/mail/outbox/${String(id)}/retry`, {})).status).toBe(409); // sent already
    await deliver();
    expect(await outboxRow(badId)).toMatchObject({ status: 'sent' });
    expect(smtp.count(String(row.message_id))).toBe(1);
  });

  it('Send now sends a message waiting for its next try at once, through the claim: once for a double click; refused when it is not waiting; live notices tell the Outbox and the record’s readers', async () => {
    const admin = await openStream(as.admin, env.app);
    const employee = await openStream(as.employee, env.app);
    try {
      smtp.refuseNext(451, 'Mailbox busy, try later');
      const id = await queuedQuietly('busy-now@elsewhere.example', 'Hurry');
      await deliver();
      const waiting = await as.admin.get(`/api/mail/outbox/${String(id)}`);
      expect(waiting.body.data).toMatchObject({ status: 'queued', attempts: 1, last_error: expect.stringContaining('Mailbox busy') });
      expect(new Date(String((waiting.body.data as unknown as Row).next_attempt_at)).getTime()).toBeGreaterThan(Date.now() + 30_000);
      expect((await as.manager.post(`/api/mail/outbox/${String(id)}/send_now`, {})).status).toBe(403);

      const clicks = await Promise.all([1, 2].map(() => as.admin.post(`/api/mail/outbox/${String(id)}/send_now`, {})));
      for (const click of clicks) expect([200, 409]).toContain(click.status);
      expect(clicks.some((c) => c.status === 200)).toBe(true);
      await deliver();
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(smtp.count(String(row.message_id))).toBe(1);
      const again = await as.admin.post(`/api/mail/outbox/${String(id)}/send_now`, {});
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This message was sent already.');
      // the admin heard it go: written, hurried, delivered (one notice each, naming nothing but the message);
      // the notices arrive after their commits, so each is waited for (the first attempt's 'deliver' comes before 'send_now')
      await admin.change((c) => c.resource === 'mail_outbox' && c.id === id && c.action === 'send_now');
      await admin.change((c) => c.resource === 'mail_outbox' && c.id === id && c.action === 'deliver');
      expect(
        admin
          .changes()
          .filter((c) => c.resource === 'mail_outbox' && c.id === id)
          .map((c) => c.action),
      ).toEqual(expect.arrayContaining(['send_now', 'deliver']));
      expect(admin.raw()).not.toContain('busy-now@');

      // a message of a record: its readers hear of it, others not (employees read no estimates)
      const client = await made(as.admin, 'clients', { name: 'Notice Dental' });
      const estimate = await made(as.manager, 'estimates', { client_id: client.id, name: 'Heard' });
      const manager = await openStream(as.manager, env.app);
      try {
        const ofRecord = await enqueueMail(
          { db: env.db, user: null },
          {
            kind: 'test',
            to: ['x@elsewhere.example'],
            subject: 'Of a record',
            html: '<p>r</p>',
            text: 'r',
            record: { resource: 'estimates', id: Number(estimate.id) },
          },
        );
        await manager.change((c) => c.resource === 'mail_outbox' && c.id === ofRecord.id);
        await admin.change((c) => c.resource === 'mail_outbox' && c.id === ofRecord.id);
      } finally {
        manager.close();
      }
      expect(employee.changes().filter((c) => c.resource === 'mail_outbox')).toEqual([]);
    } finally {
      admin.close();
      employee.close();
    }
  });

  it('a connection refused is temporary: queued again with the reason', async () => {
    const app = await buildApp({
      db: env.db,
      sessionSecret: 'y'.repeat(48),
      logLevel: 'silent',
      mail: { smtpUrl: 'smtp://127.0.0.1:1', publicUrl: PUBLIC_URL, pollMs: 3600_000 },
    });
    try {
      const made = { id: await queuedQuietly('x@elsewhere.example', 'Refused') };
      await app.jobs.runDue('mail');
      const row = await outboxRow(made.id);
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(String(row.last_error)).toMatch(/ECONNREFUSED|ECONNECTION/);
      await env.db.query("UPDATE mail_outbox SET status = 'failed' WHERE id = $1", [made.id]); // out of the other tests' way
    } finally {
      await app.close();
    }
  });

  it('fails a message whose link this server cannot open (sealed under another session secret), with the reason, sending nothing', async () => {
    const hidden = hiddenSecret('a-token-of-another-server');
    const made = await enqueueMail(
      { db: env.db, user: null, mail: { configured: false, origin: PUBLIC_URL, messageIdDomain: 'test.example', secretKey: mailSecretKey('o'.repeat(48)) } },
      {
        kind: 'password_reset',
        to: ['moved@elsewhere.example'],
        subject: 'Moved',
        html: `<a href="/r?t=${hidden.marker}">r</a>`,
        text: hidden.marker,
        secrets: [hidden],
      },
    );
    await env.db.query("UPDATE mail_outbox SET status = 'queued' WHERE id = $1", [made.id]);
    await deliver();
    const row = await outboxRow(made.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('session secret') });
    expect(smtp.count(made.message_id)).toBe(0);
  });

  it('sends nothing for a change that rolls back', async () => {
    const before = (await env.db.query<Row>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n;
    await expect(
      env.db.transaction(async (tx) => {
        await enqueueMail(
          { db: tx, user: null, mail: { configured: true, origin: PUBLIC_URL, messageIdDomain: 'test.example' } },
          { kind: 'test', to: ['rolled@back.example'], subject: 'Never', html: '<p>never</p>', text: 'never' },
        );
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect((await env.db.query<Row>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n).toBe(before);
    await deliver();
    expect(smtp.received.some((m) => m.subject === 'Never')).toBe(false);
  });

  it('two servers on one database deliver each message once; a message left queued or stuck sending by a dead server goes out after the restart', async () => {
    // A server that committed and died before delivering: its messages stay queued.
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await queuedQuietly(`many${i}@elsewhere.example`, `Many ${i}`));
    // and one it had claimed when it died, mid-send
    const stuck = { id: await queuedQuietly('stuck@elsewhere.example', 'Stuck') };
    await env.db.query(
      "UPDATE mail_outbox SET status = 'sending', claimed_by = 'dead-server', claimed_at = now() - interval '1 hour', attempts = 1 WHERE id = $1",
      [stuck.id],
    );
    // a claim of a live server (recent) is left alone
    const busy = { id: await queuedQuietly('busy@elsewhere.example', 'Busy') };
    await env.db.query("UPDATE mail_outbox SET status = 'sending', claimed_by = 'live-server', claimed_at = now(), attempts = 1 WHERE id = $1", [busy.id]);

    // Two servers on the database: on PostgreSQL, each with its own pool, as two processes; PGlite
    // serves one process, so there the two apps share its one connection.
    const second = env.url ? await openDb({ databaseUrl: env.url, dataDir: '/nonexistent' }) : env.db;
    const apps: FastifyInstance[] = [];
    try {
      for (const db of [env.db, second])
        apps.push(await buildApp({ db, sessionSecret: 'z'.repeat(48), logLevel: 'silent', listenForChanges: false, ...mailOptions() }));
      const sent = await Promise.all(apps.map((a) => a.jobs.runDue('mail')));
      expect(sent[0]! + sent[1]!).toBe(13);
      const rows = await env.db.query<Row>('SELECT id, status, message_id, claimed_by FROM mail_outbox WHERE id = ANY($1::int[])', [
        `{${[...ids, stuck.id].join(',')}}`,
      ]);
      expect(rows.map((r) => r.status)).toEqual(Array(13).fill('sent'));
      for (const r of rows) expect(smtp.count(String(r.message_id)), String(r.message_id)).toBe(1);
      expect(await outboxRow(busy.id)).toMatchObject({ status: 'sending', claimed_by: 'live-server' });
    } finally {
      for (const a of apps) await a.close();
      if (second !== env.db) await second.close();
      await env.db.query("UPDATE mail_outbox SET status = 'failed' WHERE id = $1", [busy.id]);
    }
  });
});

describe('mail without a mail server', () => {
  it('keeps each message as not_configured, viewable as it would be sent, and sends nothing', async () => {
    const plain = await startTestApp();
    try {
      const { createOrResetUser } = await import('../src/cli/user-create.ts');
      await createOrResetUser(plain.db, { email: 'admin@plain.local', password: PASSWORD, role: 'admin', name: 'Plain Admin' });
      const admin = await signedIn(plain.app, 'admin@plain.local');
      expect((await admin.get('/api/mail/status')).body.data).toEqual({ configured: false, from: null, server: null, public_url: null });
      expect(plain.app.jobs.kinds).not.toContain('mail');
      const before = smtp.received.length;
      const res = await admin.post('/api/mail/test', {});
      expect(res.body.data).toMatchObject({ status: 'not_configured', sent_at: null });
      const id = (res.body.data as unknown as Row).id;
      const shown = await admin.get(`/api/mail/outbox/${String(id)}`);
      expect(shown.body.data).toMatchObject({ status: 'not_configured', to: ['admin@plain.local'], attachments: [] });
      expect(String((shown.body.data as unknown as Row).html)).toContain('This is a test message from Glazier.');
      expect(String((shown.body.data as unknown as Row).text)).toContain('This is a test message from Glazier.');
      // Retry without a server keeps it so
      expect((await admin.post(`/api/mail/outbox/${String(id)}/retry`, {})).body.data).toMatchObject({ status: 'not_configured' });
      // the forgot-password link is kept too (links on the request's own address)
      const guest = new Client(plain.app);
      await guest.get('/sanctum/csrf-cookie');
      expect((await guest.post('/api/forgot_password', { email: 'admin@plain.local' })).status).toBe(201);
      const [reset] = await plain.db.query<Row>("SELECT status, text FROM mail_outbox WHERE kind = 'password_reset'");
      expect(reset).toMatchObject({ status: 'not_configured' });
      expect(String(reset!.text)).toMatch(/http:\/\/localhost(:\d+)?\/reset-password\?token=/);
      expect(smtp.received.length).toBe(before);
    } finally {
      await plain.close();
    }
  });
});

describe('the Outbox’s pages', () => {
  it('lists newest first (the same moment by id), a status’s own pages too, read from an index rather than sorted', async () => {
    const made: number[] = [];
    for (const subject of ['Oldest', 'Same moment, first', 'Same moment, second', 'Newest']) made.push(await queuedQuietly('pages@client.example', subject));
    const at = ['2100-01-01T08:00:00Z', '2100-01-01T09:00:00Z', '2100-01-01T09:00:00Z', '2100-01-01T10:00:00Z'];
    for (const [i, id] of made.entries()) await env.db.query("UPDATE mail_outbox SET created_at = $2, status = 'failed' WHERE id = $1", [id, at[i]]);
    const order = ['Newest', 'Same moment, second', 'Same moment, first', 'Oldest'];
    const subjects = (res: { body: { data?: unknown } }) => (res.body.data as Row[]).map((m) => m.subject);
    expect(subjects(await as.admin.get('/api/mail/outbox?per_page=4'))).toEqual(order);
    expect(subjects(await as.admin.get('/api/mail/outbox?status=failed&per_page=2&page=2'))).toEqual(order.slice(2));
    // a page deep in 10 000 messages sorted them all (bench/README.md, the Outbox): the indexes give the order as it is read
    const plan = async (where: string) =>
      env.db.transaction(async (tx) => {
        // the test's few rows would be read whole and sorted: the plan for a full outbox
        await tx.query('SET LOCAL enable_seqscan = off');
        await tx.query('SET LOCAL enable_bitmapscan = off');
        const rows = await tx.query<Row>(`EXPLAIN SELECT m.id, m.subject FROM mail_outbox m ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT 50 OFFSET 50`);
        return rows.map((r) => String(Object.values(r)[0])).join('\n');
      });
    const all = await plan('');
    expect(all).toMatch(/Index (Only )?Scan Backward using mail_outbox_created_at_id_idx/);
    expect(all).not.toMatch(/\bSort\b/);
    const failed = await plan("WHERE m.status = 'failed'");
    expect(failed).toMatch(/Index (Only )?Scan Backward using mail_outbox_status_created_at_id_idx/);
    expect(failed).not.toMatch(/\bSort\b/);
  });
});
