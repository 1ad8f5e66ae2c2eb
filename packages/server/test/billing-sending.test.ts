/**
 * Sending an invoice (docs/domain/billing.md, Sending): the message through the outbox with the
 * PDF attached (its text extracted) and the client's link, which opens without signing in and
 * answers the invoice and its balance, and is refused once revoked, expired or the invoice void;
 * the PDF download; every status Send moves and refuses; the rights.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { Client, appWithRoles, made, madeJob } from './harness.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

let smtp: SmtpCatcher;
const PUBLIC_URL = 'https://glazier.example.com';
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
const { env, as } = appWithRoles(() => ({
  mail: { smtpUrl: smtp.url, mailFrom: 'Clearview Glass <office@clearview.example>', publicUrl: PUBLIC_URL, pollMs: 3600_000 },
}));
afterAll(async () => {
  await smtp?.close();
});
const sql = <T extends Row = Row>(text: string, params: unknown[] = []) => env.db.query<T>(text, params);

let seq = 0;
async function nextMail(): Promise<ParsedMail> {
  const before = smtp.received.length;
  return (await smtp.waitFor(before + 1))[before]!;
}
async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
async function download(c: Client, url: string) {
  const cookie = [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await env.app.inject({ method: 'GET', url, headers: { cookie } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}
const ok = async (path: string, body: Row = {}, status = 200) => {
  const res = await as.manager.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data as unknown as Row;
};

/** A job of a new client with one taxable product and a trip charge; a paid deposit, then its final invoice (a draft). */
async function finalWithDeposit() {
  await as.admin.post('/api/settings', { name: 'tax1_name', value: 'State tax' });
  await as.admin.post('/api/settings', { name: 'tax1_percent', value: '6.25' });
  await as.admin.post('/api/settings', { name: 'company_name', value: 'Clearview Glass' });
  const client = await made(as.manager, 'clients', { name: `Harbor Dental ${++seq}` });
  const job = await madeJob(as.admin, { client_id: client.id, name: `Lobby ${seq}`, trip_charge: 80 });
  const product = await made(as.admin, 'products', { name: `Tempered panel ${++seq}` });
  await made(as.admin, 'job_products', { job_id: job.id, product_id: product.id, name: 'Tempered panel 48 x 96', qty: 4, revenue: 2000 });
  const deposit = await ok('/api/invoices/deposit', { job_id: job.id, amount: 500 }, 201);
  const depositMail = nextMail();
  await ok(`/api/invoices/${deposit.id}/send`, { to: ['reyes@harbor.test'] });
  await depositMail;
  await ok('/api/payments/record', { client_id: client.id, payment_date: '2026-11-02', amount: 500, method: 'check', check_number: '881' }, 201);
  const final = await ok('/api/invoices/from_job', { job_id: job.id, issue_date: '2026-11-10', terms: 'net_30', memo: 'Thank you for your business.' }, 201);
  return { client, job, deposit, final };
}

describe('Send', () => {
  it('emails the PDF and a link; the draft becomes sent; the link opens without signing in and answers the balance', async () => {
    const { deposit, final } = await finalWithDeposit();
    expect((await as.manager.get(`/api/invoices/${deposit.id}`)).body).toMatchObject({ status: 'paid' });
    const arriving = nextMail();
    const res = await as.manager.post(`/api/invoices/${final.id}/send`, { to: ['reyes@harbor.test'], message: 'Please find our invoice.' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'sent', total: 2205, deposits_applied: 500, balance: 1705 });
    expect(res.body.mail).toMatchObject({ kind: 'invoice_to_client', resource: 'invoices', to: ['reyes@harbor.test'] });
    const mail = await arriving;
    expect(mail.subject).toBe(`Invoice ${String(final.number)} from Clearview Glass`);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `Invoice ${String(final.number)}.pdf` });
    const text = await pdfText(pdf!.content);
    for (const part of [
      'Clearview Glass',
      'INVOICE',
      `No. ${String(final.number)}`,
      'Due 12/10/2026',
      'Terms: Net 30',
      'BILL TO',
      'Harbor Dental',
      'Tempered panel 48 x 96',
      '$2,000.00',
      'Trip charge',
      '$80.00',
      'Subtotal $2,080.00',
      'State tax (6.25%) $125.00',
      'Total $2,205.00',
      `Deposit paid (invoice ${String(deposit.number)}) -$500.00`,
      'Balance due $1,705.00',
      'Thank you for your business.',
      'Page 1 of 1',
    ]) {
      expect(text, `${part} in ${text}`).toContain(part);
    }
    // sent, not a draft: the PDF made before the send says nothing of a draft
    expect(text).not.toContain('Draft');

    const url = mail.text!.match(new RegExp(`${PUBLIC_URL}/invoice-view/([A-Za-z0-9_-]+)`));
    expect(url).not.toBeNull();
    const guest = new Client(env.app);
    const shown = await guest.get(`/api/client_invoices/${url![1]!}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      invoice: { number: final.number, status: 'sent', client_name: expect.stringMatching(/^Harbor Dental/) },
      total: 2205,
      deposits_applied: 500,
      deposits: [{ number: deposit.number, amount: 500 }],
      taxes: [{ name: 'State tax', percent: 6.25, amount: 125 }],
      balance: 1705,
    });
    // a part payment shows on the link
    await ok('/api/payments/record', { client_id: final.client_id, payment_date: '2026-11-20', amount: 705, method: 'card' }, 201);
    expect((await guest.get(`/api/client_invoices/${url![1]!}`)).body.data).toMatchObject({ paid: 705, balance: 1000 });
    // the outbox never keeps the token
    const [stored] = await sql<Row>("SELECT html FROM mail_outbox WHERE kind = 'invoice_to_client' ORDER BY id DESC LIMIT 1");
    expect(String(stored!.html)).not.toContain(url![1]!);
  });

  it('refuses a void invoice and a draft without lines; sending again keeps the status', async () => {
    const client = await made(as.manager, 'clients', { name: `Empty ${++seq}` });
    const job = await madeJob(as.admin, { client_id: client.id });
    const empty = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id });
    const r = await as.manager.post(`/api/invoices/${String(empty.id)}/send`, { to: ['a@b.test'] });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/has no lines/);
    await made(as.manager, 'invoice_lines', { invoice_id: empty.id, description: 'Service call', qty: 1, rate: 90 });
    const first = nextMail();
    expect((await ok(`/api/invoices/${String(empty.id)}/send`, { to: ['a@b.test'] })).status).toBe('sent');
    await first;
    await ok('/api/payments/record', { client_id: client.id, payment_date: '2026-11-20', amount: 40, method: 'cash' }, 201);
    const again = nextMail();
    expect((await ok(`/api/invoices/${String(empty.id)}/send`, { to: ['a@b.test'] })).status).toBe('partly_paid');
    await again;
    // a sent invoice no longer changes by a generic write
    expect((await as.manager.patch(`/api/invoices/${String(empty.id)}`, { memo: 'x' })).status).toBe(409);
    const v = await as.manager.post(`/api/invoices/${String(empty.id)}/void`, { reason: 'x' });
    expect(v.status).toBe(409);
    const voidJob = await madeJob(as.admin, { client_id: client.id });
    const toVoid = await made(as.manager, 'invoices', { job_id: voidJob.id, client_id: client.id });
    await ok(`/api/invoices/${String(toVoid.id)}/void`, { reason: 'Duplicate' });
    const refused = await as.manager.post(`/api/invoices/${String(toVoid.id)}/send`, { to: ['a@b.test'] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is void/);
  });
});

describe("the client's link", () => {
  it('is refused once revoked, expired, or its invoice void; a token that names none is a 404', async () => {
    const client = await made(as.manager, 'clients', { name: `Links ${++seq}` });
    const job = await madeJob(as.admin, { client_id: client.id });
    const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id });
    await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Glass', qty: 1, rate: 100 });
    const draftLink = await as.manager.post(`/api/invoices/${String(inv.id)}/links`, {});
    expect(draftLink.status).toBe(409);
    const arriving = nextMail();
    await ok(`/api/invoices/${String(inv.id)}/send`, { to: ['a@b.test'] });
    await arriving;
    const guest = new Client(env.app);
    const make = async () => {
      const res = await as.manager.post(`/api/invoices/${String(inv.id)}/links`, { days: 5 });
      expect(res.status).toBe(201);
      return res.body as unknown as { token: string; url: string; data: Row };
    };
    const a = await make();
    expect(a.url).toMatch(/\/invoice-view\/[A-Za-z0-9_-]{43}$/);
    expect((await guest.get(`/api/client_invoices/${a.token}`)).status).toBe(200);
    const links = (await as.manager.get(`/api/invoices/${String(inv.id)}/links`)).body.data as unknown as Row[];
    expect(links.find((l) => l.id === a.data.id)!.last_opened_at).toBeTruthy();
    expect(JSON.stringify(links)).not.toContain(a.token);
    // revoking needs edit invoices, checked by the server
    for (const role of ['supervisor', 'employee'] as const) {
      expect((await as[role].post(`/api/invoice_links/${String(a.data.id)}/revoke`, {})).status).toBe(403);
    }
    expect((await guest.get(`/api/client_invoices/${a.token}`)).status).toBe(200);
    const revoke = await as.manager.post(`/api/invoice_links/${String(a.data.id)}/revoke`, {});
    expect(revoke.status).toBe(200);
    const revokedAt = (revoke.body.data as unknown as Row).revoked_at;
    expect(revokedAt).toBeTruthy();
    const revoked = await guest.get(`/api/client_invoices/${a.token}`);
    expect(revoked.status).toBe(410);
    expect(revoked.body.message).toMatch(/withdrawn/);
    // revoking again changes nothing; the history names the revoke, without the link's hash
    expect(((await as.manager.post(`/api/invoice_links/${String(a.data.id)}/revoke`, {})).body.data as unknown as Row).revoked_at).toBe(revokedAt);
    const audit = await sql<{ action: string }>(`SELECT * FROM audit_log WHERE resource = 'invoice_links' AND record_id = $1 ORDER BY id`, [a.data.id]);
    expect(audit.map((r) => r.action)).toEqual(['create', 'open', 'open', 'revoke']);
    expect(JSON.stringify(audit)).not.toContain('token_hash');
    expect((await as.manager.post('/api/invoice_links/999999/revoke', {})).status).toBe(404);

    const b = await make();
    await sql("UPDATE invoice_links SET expires_at = now() - interval '1 minute' WHERE id = $1", [b.data.id]);
    expect((await guest.get(`/api/client_invoices/${b.token}`)).body.message).toMatch(/expired/);

    const c = await make();
    await ok(`/api/invoices/${String(inv.id)}/void`, { reason: 'Billed by mistake' });
    expect((await guest.get(`/api/client_invoices/${c.token}`)).status).toBe(410);
    expect((await guest.get(`/api/client_invoices/${'x'.repeat(43)}`)).status).toBe(404);
  });
});

describe('the PDF download and rights', () => {
  it('answers the PDF to a manager, and 403 to supervisors and employees for every billing action', async () => {
    const client = await made(as.manager, 'clients', { name: `Rights ${++seq}` });
    const job = await madeJob(as.admin, { client_id: client.id });
    const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id, memo: 'Draft memo' });
    await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Mirror', qty: 2, rate: 12.5 });
    const res = await download(as.manager, `/api/invoices/${String(inv.id)}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.bytes);
    expect(text).toContain('Mirror');
    expect(text).toContain('$25.00');
    expect(text).toContain('Draft');
    for (const role of ['supervisor', 'employee'] as const) {
      expect((await download(as[role], `/api/invoices/${String(inv.id)}/pdf`)).status).toBe(403);
      expect((await as[role].post(`/api/invoices/${String(inv.id)}/send`, { to: ['a@b.test'] })).status).toBe(403);
      expect((await as[role].get(`/api/invoices/${String(inv.id)}/links`)).status).toBe(403);
      expect((await as[role].post(`/api/invoices/${String(inv.id)}/links`, {})).status).toBe(403);
    }
  });
});

describe('receivables', () => {
  it("a client's statement: brought forward, the range's invoices and payments with the running balance, and what is open", async () => {
    const client = await made(as.manager, 'clients', { name: `Statement Client ${++seq}` });
    const bill = async (issue: string, rate: number) => {
      const job = await madeJob(as.admin, { client_id: client.id });
      const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id, issue_date: issue, terms: 'net_30' });
      await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Work', qty: 1, rate, taxable: false });
      const mail = nextMail();
      await ok(`/api/invoices/${String(inv.id)}/send`, { to: ['ap@client.test'] });
      await mail;
      return inv;
    };
    const old = await bill('2026-08-10', 300);
    await ok('/api/payments/record', { client_id: client.id, payment_date: '2026-08-20', amount: 100, method: 'cash' }, 201);
    const inRange = await bill('2026-10-05', 1000);
    await ok('/api/payments/record', { client_id: client.id, payment_date: '2026-10-20', amount: 450, method: 'check', check_number: '5521' }, 201);
    const res = await download(as.manager, `/api/clients/${String(client.id)}/statement?start=2026-10-01&end=2026-10-31`);
    expect(res.status).toBe(200);
    const text = await pdfText(res.bytes);
    for (const part of [
      'STATEMENT',
      String(client.name),
      'Balance brought forward $200.00',
      `Invoice ${String(inRange.number)}, due 2026-11-04 $1,000.00 $1,200.00`,
      'Payment, Check no. 5521 $450.00 $750.00',
      'Balance on 10/31/2026 $750.00',
      'Open invoices',
      'Total open $750.00',
      'Page 1 of 1',
    ]) {
      expect(text, `${part} in ${text}`).toContain(part);
    }
    // oldest due first: the payment of 450 paid the old invoice's 200 and 250 of the new one
    expect(text).not.toContain(`${String(old.number)} 08/10/2026`);
    expect((await as.manager.get(`/api/clients/${String(client.id)}/statement?start=2026-10-31&end=2026-10-01`)).status).toBe(422);
    expect((await download(as.supervisor, `/api/clients/${String(client.id)}/statement?start=2026-10-01&end=2026-10-31`)).status).toBe(403);
  });

  it("sends a client's statement through the outbox with the PDF attached, as one of the client's messages", async () => {
    const client = await made(as.manager, 'clients', { name: `Statement Mail ${++seq}`, email: 'books@statement.test' });
    const job = await madeJob(as.admin, { client_id: client.id });
    const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id, issue_date: '2026-10-05', terms: 'net_30' });
    await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Work', qty: 1, rate: 640, taxable: false });
    const first = nextMail();
    await ok(`/api/invoices/${String(inv.id)}/send`, { to: ['books@statement.test'] });
    await first;
    const arriving = nextMail();
    const body = { start: '2026-10-01', end: '2026-10-31', to: ['books@statement.test'], cc: ['owner@statement.test'], message: 'Our statement for October.' };
    const res = await as.manager.post(`/api/clients/${String(client.id)}/statement/send`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mail).toMatchObject({ kind: 'statement_to_client', resource: 'clients', record_id: client.id, to: ['books@statement.test'] });
    const mail = await arriving;
    expect(mail.subject).toMatch(/^Statement of account 10\/1\/2026 to 10\/31\/2026 from /);
    expect(mail.text).toContain('Our statement for October.');
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/\.pdf$/);
    const text = await pdfText(pdf!.content);
    for (const part of ['STATEMENT', String(client.name), `Invoice ${String(inv.number)}`, 'Balance on 10/31/2026 $640.00', 'Total open $640.00']) {
      expect(text, `${part} in ${text}`).toContain(part);
    }
    // the client's messages list it; the history names the send
    const listed = (await as.manager.get(`/api/clients/${String(client.id)}/mail`)).body.data as unknown as Row[];
    expect(listed.some((m) => m.kind === 'statement_to_client')).toBe(true);
    const audit = await sql<{ action: string }>("SELECT action FROM audit_log WHERE resource = 'clients' AND record_id = $1 AND action = 'send_statement'", [
      client.id,
    ]);
    expect(audit).toHaveLength(1);
    // refused: a bad range, no recipient, and without the edit right
    expect((await as.manager.post(`/api/clients/${String(client.id)}/statement/send`, { ...body, end: '2026-09-01' })).status).toBe(422);
    expect((await as.manager.post(`/api/clients/${String(client.id)}/statement/send`, { ...body, to: [] })).status).toBe(422);
    expect((await as.supervisor.post(`/api/clients/${String(client.id)}/statement/send`, body)).status).toBe(403);
    expect((await as.manager.post('/api/clients/999999/statement/send', body)).status).toBe(404);
  });

  it('billed vs collected by month', async () => {
    const before = (await as.manager.get('/api/invoices/billed_collected?start=2027-01-01&end=2027-03-31')).body.data as unknown as {
      months: { month: string; billed: number; collected: number }[];
    };
    expect(before.months.map((m) => m.month)).toEqual(['2027-01', '2027-02', '2027-03']);
    const client = await made(as.manager, 'clients', { name: `Monthly ${++seq}` });
    const job = await madeJob(as.admin, { client_id: client.id });
    const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id, issue_date: '2027-01-15' });
    await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Work', qty: 2, rate: 250, taxable: false });
    const draft = await made(as.manager, 'invoices', { job_id: job.id, client_id: client.id, issue_date: '2027-01-16' });
    await made(as.manager, 'invoice_lines', { invoice_id: draft.id, description: 'Not billed yet', qty: 1, rate: 999, taxable: false });
    const mail = nextMail();
    await ok(`/api/invoices/${String(inv.id)}/send`, { to: ['ap@client.test'] });
    await mail;
    await ok('/api/payments/record', { client_id: client.id, payment_date: '2027-03-02', amount: 120, method: 'card' }, 201);
    const after = (await as.manager.get('/api/invoices/billed_collected?start=2027-01-01&end=2027-03-31')).body.data as unknown as {
      months: { month: string; billed: number; collected: number }[];
      totals: { billed: number; collected: number };
    };
    const delta = after.months.map((m, i) => [m.month, m.billed - before.months[i]!.billed, m.collected - before.months[i]!.collected]);
    expect(delta).toEqual([
      ['2027-01', 500, 0],
      ['2027-02', 0, 0],
      ['2027-03', 0, 120],
    ]);
    expect((await as.employee.get('/api/invoices/billed_collected?start=2027-01-01&end=2027-03-31')).status).toBe(403);
  });
});
