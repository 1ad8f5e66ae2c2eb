/**
 * Records sent out of the shop: an estimate to its client (Send to client: the approval
 * link and the PDF in the message, the Sent line and history), the client's answer by the link
 * (accept or decline, each telling the estimator), and a purchase order to its vendor (Email to
 * vendor: the PDF attached, the order marked sent by the rule of Send). Against a real SMTP server
 * (smtp-catcher.ts), reading what arrived with a mail parser and the PDFs with a text extractor.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { Client, appWithRoles, made } from './harness.ts';
import { startSmtpCatcher, type SmtpCatcher } from './smtp-catcher.ts';

let smtp: SmtpCatcher;
const PUBLIC_URL = 'https://glazier.example.com';
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
const { env, ids, as } = appWithRoles(() => ({
  mail: { smtpUrl: smtp.url, mailFrom: 'Clearview Glass <office@clearview.example>', publicUrl: PUBLIC_URL, pollMs: 3600_000 },
}));
afterAll(async () => {
  await smtp?.close();
});

let seq = 0;
const outboxCount = async () => (await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox'))[0]!.n;

/** A message's text after the shop's name that heads every message: what the sender's words open with. */
const opening = (mail: ParsedMail) => mail.text!.replace(/^\s*Glazier\s*/, '');
/** The app's sign-off: the sender's name (createRoleUsers names them so) over the shop's. */
const SIGN_OFF = 'Manager User\nGlazier';

/** The next message to arrive. */
async function nextMail(): Promise<ParsedMail> {
  const before = smtp.received.length;
  return (await smtp.waitFor(before + 1))[before]!;
}

async function pdfText(bytes: Buffer): Promise<string> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function openEstimate(extra: Row = {}): Promise<Row> {
  const client = await made(as.admin, 'clients', { name: `Harbor Dental ${++seq}` });
  const estimate = await made(as.manager, 'estimates', {
    client_id: client.id,
    name: `Lobby mirrors ${seq}`,
    job_number: `E-${seq}`,
    contact_name: 'Dr. Reyes',
    contact_email: 'reyes@harbor.test',
    items: [{ description: 'Beveled mirror 48 x 36', qty: 2, amount: 640, cost: 200 }], // $320.00 each
    ...extra,
  });
  expect((await as.manager.post(`/api/estimates/${String(estimate.id)}/status`, { status: 'open' })).status).toBe(200);
  return estimate;
}

const send = (id: unknown, body: Row) => as.manager.post(`/api/estimates/${String(id)}/send`, body);

describe('Send to client', () => {
  it('emails the client the approval link and the PDF (with its amounts), records the Sent line and its history, and the link works', async () => {
    const estimate = await openEstimate();
    const arriving = nextMail();
    const words = 'Hi Ana,\n\nAs promised <b>today</b>.\n\nThanks,\nMorgan';
    const res = await send(estimate.id, { to: ['reyes@harbor.test'], cc: ['office@harbor.test'], message: words });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: estimate.id, sent_to: 'reyes@harbor.test, cc office@harbor.test' });
    expect((res.body.data as unknown as Row).sent_at).toBeTruthy();
    expect(res.body.mail).toMatchObject({ kind: 'estimate_to_client', to: ['reyes@harbor.test'], cc: ['office@harbor.test'], resource: 'estimates' });

    const mail = await arriving;
    expect(mail.to).toMatchObject({ text: 'reyes@harbor.test' });
    expect(mail.cc).toMatchObject({ text: 'office@harbor.test' });
    expect(mail.replyTo).toMatchObject({ text: ids.manager.email });
    expect(mail.subject).toBe(`Estimate ${String(estimate.job_number)} ${String(estimate.name)} from Glazier`);
    // the sender's words as text, never as markup, and standing alone: they greet and sign, so the
    // app adds no "Dear Dr. Reyes," above them nor the sender's name under them
    expect(mail.text).toContain('As promised <b>today</b>.');
    expect(mail.html).toContain('As promised &lt;b&gt;today&lt;/b&gt;.');
    expect(opening(mail)).toMatch(/^Hi Ana,/);
    expect(mail.text).not.toContain('Dear');
    expect(mail.text).not.toContain(SIGN_OFF);
    expect(mail.text!.split('Thanks,')).toHaveLength(2);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `Estimate ${String(estimate.name)}.pdf` });
    const text = await pdfText(pdf!.content);
    expect(text).toContain('Beveled mirror 48 x 36');
    expect(text).toContain('$640.00'); // the client's copy shows the amounts, as the approval page

    // the link in the message opens the estimate and accepts it
    const url = mail.text!.match(new RegExp(`${PUBLIC_URL}/approve/([A-Za-z0-9_-]+)`));
    expect(url).not.toBeNull();
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.get(`/api/approvals/${url![1]!}`)).status).toBe(200);
    const notice = nextMail();
    expect((await guest.post(`/api/approvals/${url![1]!}/accept`, { name: 'Dr. Reyes', alternate_categories: [] })).status).toBe(200);
    expect((await notice).subject).toBe(`Harbor Dental ${seq} accepted ${String(estimate.job_number)} ${String(estimate.name)}`);
    // at rest the link does not work: the stored message (what a backup holds) and what the Outbox
    // and the estimate's messages answer have a marker where the token goes
    const messageId = (res.body.mail as unknown as Row).id;
    await env.app.jobs.runDue('mail');
    const [stored] = await env.db.query<Row>('SELECT * FROM mail_outbox WHERE id = $1', [messageId]);
    expect(stored).toMatchObject({ status: 'sent', secrets: null });
    expect(String(stored!.html)).toMatch(new RegExp(`href="${PUBLIC_URL}/approve/hidden-in-the-outbox-[0-9a-f]+"`));
    for (const seen of [stored, (await as.admin.get('/api/mail/outbox')).body, (await as.admin.get(`/api/mail/outbox/${String(messageId)}`)).body, res.body])
      expect(JSON.stringify(seen)).not.toContain(url![1]);

    // the history has the send, with whom it went to
    const history = await as.manager.get(`/api/history/estimates/${String(estimate.id)}`);
    const sent = (history.body.data as Row[]).find((e) => e.action === 'send') as { changes: Row[] } | undefined;
    expect(sent?.changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'sent_to', to: 'reyes@harbor.test, cc office@harbor.test' })]));
    // and the estimate's messages: the one to the client and the notice of acceptance
    const onRecord = await as.manager.get(`/api/estimates/${String(estimate.id)}/mail`);
    expect((onRecord.body.data as Row[]).map((m) => m.kind).sort()).toEqual(['estimate_accepted', 'estimate_to_client']);
  });

  it('refuses a draft (409), a bad address (422 under it) and a reader without edit estimates (403), writing nothing', async () => {
    const draft = await made(as.manager, 'estimates', { client_id: (await made(as.admin, 'clients', { name: `Draft client ${++seq}` })).id, name: 'Draft' });
    const open = await openEstimate();
    const before = await outboxCount();
    const links = async (id: unknown) => (await as.manager.get(`/api/estimates/${String(id)}/approval_links`)).body.data as Row[];

    expect((await send(draft.id, { to: ['a@b.test'] })).status).toBe(409);
    const bad = await send(open.id, { to: ['reyes@harbor.test', 'not an address'], message: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['to.1']);
    expect((await send(open.id, { to: [] })).body.errors).toHaveProperty('to');
    expect((await as.employee.post(`/api/estimates/${String(open.id)}/send`, { to: ['a@b.test'] })).status).toBe(403);
    expect((await send(999_999, { to: ['a@b.test'] })).status).toBe(404);

    expect(await outboxCount()).toBe(before);
    expect(await links(draft.id)).toEqual([]);
    expect(await links(open.id)).toEqual([]);
    expect((await as.manager.get(`/api/estimates/${String(open.id)}`)).body.sent_at).toBeNull();
  });
});

describe('the client accepts through the link', () => {
  it('tells the estimator which alternates the client chose, and when none, that they took the base', async () => {
    const n = ++seq;
    const mirrors = await made(as.admin, 'product_categories', { name: `Mirrors ${n}` });
    const doors = await made(as.admin, 'product_categories', { name: `Shower doors ${n}` });
    const plate = await made(as.admin, 'products', { name: `Plate mirror ${n}`, category_id: mirrors.id });
    const framed = await made(as.admin, 'products', { name: `Framed mirror ${n}`, category_id: mirrors.id });
    const door = await made(as.admin, 'products', { name: `Framed door ${n}`, category_id: doors.id });
    const frameless = await made(as.admin, 'products', { name: `Frameless door ${n}`, category_id: doors.id });
    const items = [
      {
        product_id: plate.id,
        qty: 2,
        amount: 200,
        alternate_product_id: framed.id,
        alternate_amount: 320,
        alternate_description: 'Framed mirror, brushed nickel',
      },
      { product_id: door.id, qty: 1, amount: 900, alternate_product_id: frameless.id, alternate_amount: 1200 },
    ];
    const accept = async (alternates: unknown[]) => {
      const estimate = await openEstimate({ items });
      const link = await as.manager.post(`/api/estimates/${String(estimate.id)}/approval_links`, {});
      const guest = new Client(env.app);
      await guest.get('/sanctum/csrf-cookie');
      const notice = nextMail();
      expect((await guest.post(`/api/approvals/${String(link.body.token)}/accept`, { name: 'Dr. Reyes', alternate_categories: alternates })).status).toBe(200);
      return (await notice).text!;
    };

    const chose = await accept([mirrors.id]);
    expect(chose).toContain('Accepted total: $1,220.00');
    expect(chose).toContain(`Alternates chosen:\n• Mirrors ${n}: Framed mirror, brushed nickel in place of Plate mirror ${n}`);
    expect(chose).not.toContain(`Frameless door ${n}`); // the doors' alternate was not chosen
    expect(await accept([])).toContain('Alternates chosen: none (the base items).');
  });
});

describe('the client declines through the link', () => {
  it('marks the estimate lost as the client decided, notes and emails the estimator with the reason, and the link is used up', async () => {
    const estimate = await openEstimate();
    const link = await as.manager.post(`/api/estimates/${String(estimate.id)}/approval_links`, {});
    const token = String(link.body.token);
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');

    expect((await guest.post(`/api/approvals/${token}/decline`, { name: '  ' })).body.errors).toHaveProperty('name');
    const notice = nextMail();
    const res = await guest.post(`/api/approvals/${token}/decline`, { name: 'Dr. Reyes', reason: 'We went with a <cheaper> bid.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ declined_name: 'Dr. Reyes' });

    const mail = await notice;
    expect(mail.to).toMatchObject({ text: ids.manager.email });
    expect(mail.subject).toBe(`Harbor Dental ${seq} declined ${String(estimate.job_number)} ${String(estimate.name)}`);
    expect(mail.text).toContain('We went with a <cheaper> bid.');
    expect(mail.html).toContain('We went with a &lt;cheaper&gt; bid.');

    const after = (await as.manager.get(`/api/estimates/${String(estimate.id)}`)).body;
    expect(after).toMatchObject({ status: 'lost', decision: 'lost' });
    expect(after.decided_by).toContain('Dr. Reyes');
    const notes = (await as.manager.get(`/api/notes?estimate_id=${String(estimate.id)}`)).body.data as Row[];
    expect(notes.map((n) => n.note)).toEqual([expect.stringContaining('Declined online by Dr. Reyes')]);
    const [stored] = (await as.manager.get(`/api/estimates/${String(estimate.id)}/approval_links`)).body.data as Row[];
    expect(stored).toMatchObject({ declined_name: 'Dr. Reyes', declined_reason: 'We went with a <cheaper> bid.', accepted_at: null });

    // used: neither shown nor answered again, nor revoked
    expect((await guest.get(`/api/approvals/${token}`)).status).toBe(410);
    expect((await guest.post(`/api/approvals/${token}/accept`, { name: 'Dr. Reyes' })).status).toBe(410);
    expect((await as.manager.post(`/api/estimate_approvals/${String(stored!.id)}/revoke`, {})).status).toBe(409);
  });
});

describe('Email to vendor', () => {
  async function order(priced = true): Promise<Row> {
    const vendor = await made(as.admin, 'vendors', { name: `Pacific Glass ${++seq}`, contact_name: 'Lee Park', email: 'orders@pacific.test' });
    const material = await made(as.manager, 'materials', { number: `GL-${seq}`, description: 'Clear float 1/4"' });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: material.id, qty: 4, price: priced ? 50 : 0 });
    return po;
  }

  it('sends the order as a PDF to the vendor and marks it sent by the rule of Send', async () => {
    const po = await order();
    const arriving = nextMail();
    const res = await as.manager.post(`/api/purchase_orders/${String(po.id)}/email`, {
      to: ['orders@pacific.test'],
      message: 'Please confirm the delivery date.',
    });
    expect(res.status).toBe(200);
    expect((res.body.data as unknown as Row).sent_at).toBeTruthy();
    // named as people know the order, in the answer and the Outbox (not "#21", its id)
    expect(res.body.mail).toMatchObject({
      kind: 'purchase_order_to_vendor',
      resource: 'purchase_orders',
      record_id: po.id,
      record_label: `PO ${String(po.number)}`,
    });
    const listed = (await as.admin.get('/api/mail/outbox')).body.data as Row[];
    expect(listed.find((m) => m.id === (res.body.mail as unknown as Row).id)).toMatchObject({ record_label: `PO ${String(po.number)}` });

    const mail = await arriving;
    expect(mail.to).toMatchObject({ text: 'orders@pacific.test' });
    expect(mail.subject).toBe(`Purchase order ${String(po.number)} from Glazier`);
    // the sender's words alone: no greeting of the app's above them, no sign-off under them
    expect(opening(mail)).toMatch(/^Please confirm the delivery date\./);
    expect(mail.text).not.toContain('Dear Lee Park,');
    expect(mail.text).not.toContain(SIGN_OFF);
    const [pdf] = mail.attachments;
    expect(pdf).toMatchObject({ contentType: 'application/pdf', filename: `Purchase Order ${String(po.number)}.pdf` });
    const text = await pdfText(pdf!.content);
    expect(text).toContain(`GL-${seq}`);
    expect(text).not.toContain('Draft'); // the PDF is of the order as sent

    const history = await as.manager.get(`/api/history/purchase_orders/${String(po.id)}`);
    expect((history.body.data as Row[]).filter((e) => e.action === 'send')).toHaveLength(1);
    // emailed again: sent again, the order unchanged; without words of the sender's, the app greets
    // the vendor's contact and signs with the sender's name and the shop
    const againArriving = nextMail();
    const again = await as.manager.post(`/api/purchase_orders/${String(po.id)}/email`, { to: ['orders@pacific.test'] });
    const plain = await againArriving;
    expect(opening(plain)).toMatch(/^Dear Lee Park,/);
    expect(plain.text).toContain(SIGN_OFF);
    expect((again.body.data as unknown as Row).sent_at).toBe((res.body.data as unknown as Row).sent_at);
    expect((await as.manager.get(`/api/purchase_orders/${String(po.id)}/mail`)).body.data).toHaveLength(2);
  });

  it('refuses as Send does (an unpriced line the vendor does not sell: 422) and then sends nothing; needs edit purchase orders', async () => {
    const po = await order(false);
    const before = await outboxCount();
    const res = await as.manager.post(`/api/purchase_orders/${String(po.id)}/email`, { to: ['orders@pacific.test'] });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(['purchase_order_materials.0.price']);
    expect((await as.employee.post(`/api/purchase_orders/${String(po.id)}/email`, { to: ['orders@pacific.test'] })).status).toBe(403);
    expect(await outboxCount()).toBe(before);
    expect((await as.manager.get(`/api/purchase_orders/${String(po.id)}`)).body.sent_at).toBeNull();
  });
});
