/**
 * A client's approval of an estimate, through the API on PGlite and PostgreSQL: the
 * link's token is made once and stored hashed, only for an open estimate, by `edit estimates`; the
 * public calls answer the estimate as printed and nothing else, 404 for a wrong token, 410 for a
 * link used, revoked or expired, 429 past their limit; accepting records who, when, from where and
 * the alternates, marks the estimate won and leaves a note for the estimator.
 */
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { Client, appWithRoles, made, type Res } from './harness.ts';
import { checkAnswer } from './answer-check.ts';
import { suiteFields, suiteShop, type SuiteShop } from './estimate-fixtures.ts';

const { env, ids, as } = appWithRoles();
let client: Row;
let mirrors: Row;
let shower: Row;
let shop: SuiteShop;
let ipSeq = 0;

beforeAll(async () => {
  shop = await suiteShop(as.admin, [{ name: 'burden_rate', value: '31' }]);
  ({ client, mirrors, shower } = shop);
  // an estimator: a supervisor given `edit estimates` (not estimates_admin), as estimating.test.ts does
  const [row] = await env.db.query<Row>("SELECT * FROM role_permissions WHERE role = 'supervisor' AND area = 'estimates'");
  expect((await as.admin.patch(`/api/role_permissions/${String(row!.id)}`, { ...row, view: true, edit: true })).status).toBe(200);
});

/** An open estimate: the shared suite (estimate-fixtures.ts), with internal details. */
async function openEstimate(): Promise<Row> {
  const e = await made(as.manager, 'estimates', { ...(await suiteFields(as.admin, shop, 'Framed mirror')), details: 'internal: client pays slowly' });
  expect((await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'open' })).status).toBe(200);
  return e;
}

/** An answer's `data` when it is one record. */
const one = (res: Res) => res.body.data as unknown as Row;
const makeLink = (c: Client, estimateId: unknown, body: Row = {}) => c.post(`/api/estimates/${String(estimateId)}/approval_links`, body);

/** A caller without a session, from its own address (the public calls' limit counts per address). */
async function guest(method: 'GET' | 'POST', url: string, body?: unknown, ip = `198.51.100.${++ipSeq}`): Promise<Res> {
  const headers: Record<string, string> = {};
  if (method === 'POST') {
    // a browser's guest session carries the CSRF token the app sends with every write
    const csrf = await env.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie', remoteAddress: ip });
    const cookies = csrf.cookies as { name: string; value: string }[];
    headers.cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    headers['x-xsrf-token'] = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
    headers['content-type'] = 'application/json';
  }
  const res = await env.app.inject({ method, url, remoteAddress: ip, headers, payload: body === undefined ? undefined : JSON.stringify(body) });
  const parsed = res.body ? (JSON.parse(res.body) as Row) : {};
  checkAnswer(method, url, res.statusCode, res.headers['content-type'], parsed);
  return { status: res.statusCode, body: parsed as Res['body'], headers: res.headers };
}

const stored = async (estimateId: unknown) => (await env.db.query<Row>('SELECT status, alternate_categories FROM estimates WHERE id = $1', [estimateId]))[0]!;

describe('approval links (staff)', () => {
  it('makes a random token, answers it once with the URL, and stores only its sha256', async () => {
    const e = await openEstimate();
    const res = await makeLink(as.supervisor, e.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const token = res.body.token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes, base64url
    expect(res.body.path).toBe(`/approve/${token}`);
    expect(res.body.url).toMatch(new RegExp(`^https?://[^/]+/approve/${token}$`));
    const link = one(res);
    expect(link).toMatchObject({ estimate_id: e.id, revoked_at: null, accepted_at: null, created_by: ids.supervisor.id, created_by_name: expect.any(String) });
    expect(link).not.toHaveProperty('token_hash');
    // 14 days by default
    expect(Date.parse(link.expires_at as string) - Date.parse(link.created_at as string)).toBe(14 * 86_400_000);

    const [row] = await env.db.query<Row>('SELECT token_hash FROM estimate_approvals WHERE id = $1', [link.id]);
    expect(row!.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const dump = JSON.stringify(await env.db.query('SELECT * FROM estimate_approvals'));
    expect(dump).not.toContain(token);
    // the audit keeps neither the token nor its hash
    const audit = JSON.stringify(await env.db.query("SELECT before, after FROM audit_log WHERE resource = 'estimate_approvals'"));
    expect(audit).not.toContain(row!.token_hash as string);

    const listed = await as.supervisor.get(`/api/estimates/${String(e.id)}/approval_links`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([link]);
    expect(JSON.stringify(listed.body)).not.toContain(token);

    const week = await makeLink(as.manager, e.id, { days: 7 });
    expect(Date.parse(one(week).expires_at as string) - Date.parse(one(week).created_at as string)).toBe(7 * 86_400_000);
    expect(week.body.token).not.toBe(token);
    expect((await makeLink(as.manager, e.id, { days: 0 })).body.errors).toEqual({ days: ['A link is valid for at least 1 day.'] });
  });

  it('is made only for an open estimate (409 for a draft or a won one)', async () => {
    const draft = await made(as.manager, 'estimates', { client_id: client.id, name: 'Draft' });
    const refused = await makeLink(as.manager, draft.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only an open estimate can be sent to the client for approval. Finalize it first.');
    const e = await openEstimate();
    await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'won' });
    expect((await makeLink(as.manager, e.id)).status).toBe(409);
    expect((await makeLink(as.manager, 999999)).status).toBe(404);
    expect(await env.db.query('SELECT id FROM estimate_approvals WHERE estimate_id IN ($1, $2)', [draft.id, e.id])).toEqual([]);
  });

  it('needs a session (401) and edit estimates to make or revoke (403), view estimates to list', async () => {
    const e = await openEstimate();
    const link = one(await makeLink(as.manager, e.id));
    const nobody = new Client(env.app);
    await nobody.get('/sanctum/csrf-cookie');
    expect((await makeLink(nobody, e.id)).status).toBe(401);
    expect((await nobody.post(`/api/estimate_approvals/${String(link.id)}/revoke`)).status).toBe(401);
    expect((await nobody.get(`/api/estimates/${String(e.id)}/approval_links`)).status).toBe(401);
    // an employee has no estimates right at all; a supervisor only views them (by default)
    expect((await makeLink(as.employee, e.id)).status).toBe(403);
    expect((await as.employee.get(`/api/estimates/${String(e.id)}/approval_links`)).status).toBe(403);
    expect((await as.employee.post(`/api/estimate_approvals/${String(link.id)}/revoke`)).status).toBe(403);
  });

  it('revokes a link: the client is refused (410); revoking again changes nothing', async () => {
    const e = await openEstimate();
    const res = await makeLink(as.manager, e.id);
    const revoked = await as.manager.post(`/api/estimate_approvals/${String(one(res).id)}/revoke`);
    expect(revoked.status).toBe(200);
    expect(one(revoked).revoked_at).toEqual(expect.any(String));
    const again = await as.manager.post(`/api/estimate_approvals/${String(one(res).id)}/revoke`);
    expect(one(again).revoked_at).toBe(one(revoked).revoked_at);
    const show = await guest('GET', `/api/approvals/${String(res.body.token)}`);
    expect(show.status).toBe(410);
    expect(show.body.message).toBe('This approval link was withdrawn. Please ask us for a new one.');
    expect((await guest('POST', `/api/approvals/${String(res.body.token)}/accept`, { name: 'Ana', alternate_categories: [] })).status).toBe(410);
    expect((await stored(e.id)).status).toBe('open');
    expect((await as.manager.post('/api/estimate_approvals/999999/revoke')).status).toBe(404);
  });
});

describe('the public link', () => {
  it('answers the estimate as printed, and nothing else of the company', async () => {
    const e = await openEstimate();
    const { token } = (await makeLink(as.manager, e.id)).body as { token: string };
    const res = await guest('GET', `/api/approvals/${token}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const doc = one(res);
    expect(doc.company).toEqual({ name: 'Clearview Glass', details: '12 Pane St\nSpringfield\n555-0100', terms: 'Half down, half on completion.' });
    expect(doc.estimate).toEqual({
      name: e.name,
      date: null,
      job_address: '1 Main St',
      client_name: 'Harbor Dental',
      contact_name: 'Dr. Reyes',
      total: 1100,
      alternate_categories: [],
    });
    expect(doc.categories).toEqual([
      { id: mirrors.id, name: 'Mirrors', sort: 1 },
      { id: shower.id, name: 'Shower Doors', sort: 2 },
    ]);
    expect(doc.category_notes).toEqual([{ product_category_id: mirrors.id, note: 'Mirrors are 1/4" clear.' }]);
    expect(doc.items).toEqual([
      expect.objectContaining({ product_category_id: mirrors.id, qty: 2, amount: 200, alternate_amount: 320, alternate_description: 'Framed mirror' }),
      expect.objectContaining({ product_category_id: shower.id, description: 'Frameless door', qty: 1, amount: 900, alternate_amount: null }),
    ]);
    // no costs, internal notes or details, other settings (the estimate's own fields are pinned above)
    const text = JSON.stringify(res.body);
    for (const secret of ['cost', 'internal', 'burden', '"notes"', 'status']) expect(text).not.toContain(secret);
    expect(Object.keys((doc.items as Row[])[0]!).sort()).toEqual(
      [
        'alternate_amount',
        'alternate_description',
        'alternate_product_id',
        'alternate_product_name',
        'amount',
        'description',
        'product_category_id',
        'product_name',
        'qty',
      ].sort(),
    );
    expect(res.body.expires_at).toEqual(expect.any(String));
  });

  it('answers nothing without a token, and 404 for a wrong one', async () => {
    expect((await guest('GET', '/api/approvals/')).status).toBe(404);
    const wrong = await guest('GET', `/api/approvals/${crypto.randomBytes(32).toString('base64url')}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: 'This approval link is not valid. Check that it was copied whole.' });
    expect((await guest('GET', '/api/approvals/short')).status).toBe(404);
    expect((await guest('POST', `/api/approvals/${crypto.randomBytes(32).toString('base64url')}/accept`, { name: 'X', alternate_categories: [] })).status).toBe(
      404,
    );
  });

  it('refuses an expired link (410)', async () => {
    const e = await openEstimate();
    const res = await makeLink(as.manager, e.id);
    await env.db.query("UPDATE estimate_approvals SET expires_at = now() - interval '1 minute' WHERE id = $1", [one(res).id]);
    const show = await guest('GET', `/api/approvals/${String(res.body.token)}`);
    expect(show.status).toBe(410);
    expect(show.body.message).toBe('This approval link has expired. Please ask us for a new one.');
    expect((await guest('POST', `/api/approvals/${String(res.body.token)}/accept`, { name: 'Ana', alternate_categories: [] })).status).toBe(410);
    expect((await stored(e.id)).status).toBe('open');
  });

  it('accepts in one go: who, when, from where and the alternates; the estimate won with the choice; a note for the estimator; then 410', async () => {
    const e = await openEstimate();
    const made1 = await makeLink(as.supervisor, e.id);
    const token = made1.body.token as string;
    // a typed name is required; only categories that offer alternates may be chosen
    expect((await guest('POST', `/api/approvals/${token}/accept`, { name: '  ', alternate_categories: [] })).body.errors).toEqual({
      name: ['Type your name to accept.'],
    });
    expect((await guest('POST', `/api/approvals/${token}/accept`, { name: 'Ana', alternate_categories: [shower.id] })).body.errors).toEqual({
      alternate_categories: ['Choose alternates only among the categories that offer them.'],
    });
    expect((await stored(e.id)).status).toBe('open');

    const before = Date.now();
    const ip = '203.0.113.45';
    const res = await guest('POST', `/api/approvals/${token}/accept`, { name: ' Ana Reyes ', alternate_categories: [mirrors.id] }, ip);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the framed mirror (320) instead of the plate one (200), with the door (900)
    expect(res.body).toMatchObject({ accepted_name: 'Ana Reyes', total: 1220 });
    expect(Date.parse(res.body.accepted_at as string)).toBeGreaterThanOrEqual(before - 5_000);

    expect(await stored(e.id)).toEqual({ status: 'won', alternate_categories: [mirrors.id] });
    const [link] = (await as.manager.get(`/api/estimates/${String(e.id)}/approval_links`)).body.data as Row[];
    expect(link).toMatchObject({ accepted_name: 'Ana Reyes', accepted_ip: ip, accepted_alternates: [mirrors.id], accepted_at: res.body.accepted_at });
    const estimate = (await as.manager.get(`/api/estimates/${String(e.id)}`)).body;
    expect(estimate.total).toBe(1220);
    // the estimator's note, on the estimate, by the link's maker
    const notes = estimate.notes as Row[];
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ user_id: ids.supervisor.id, estimate_id: e.id });
    expect(notes[0]!.note).toMatch(new RegExp(`^Accepted online by Ana Reyes on \\d{1,2}/\\d{1,2}/\\d{4} from ${ip.replace(/\./g, '\\.')}\\.$`));
    // the status moved by its rule, audited without a user (the client has no account)
    const audit = await env.db.query<Row>("SELECT user_id, action FROM audit_log WHERE resource = 'estimates' AND record_id = $1 ORDER BY id", [e.id]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status', 'status']);
    expect(audit[2]!.user_id).toBeNull();
    // the history names the signer, not "a removed user"; the estimate keeps who decided
    const history = (await as.manager.get(`/api/history/estimates/${String(e.id)}`)).body.data as Row[];
    expect(history[0]).toMatchObject({ action: 'status', user_id: null, user_name: 'Ana Reyes, by the approval link' });
    const [accepted] = await env.db.query<Row>(
      "SELECT user_id, actor FROM audit_log WHERE resource = 'estimate_approvals' AND record_id = $1 AND action = 'accept'",
      [link!.id],
    );
    expect(accepted).toEqual({ user_id: null, actor: 'Ana Reyes, by the approval link' });
    expect(estimate).toMatchObject({ decision: 'won', decided_by: 'Ana Reyes, by the approval link', decided_at: res.body.accepted_at });
    // set open by mistake and back: the client's decision stays theirs, the history has each move
    expect((await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'open' })).status).toBe(200);
    expect((await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'won' })).status).toBe(200);
    expect((await as.manager.get(`/api/estimates/${String(e.id)}`)).body).toMatchObject({
      status: 'won',
      decided_by: 'Ana Reyes, by the approval link',
      decided_at: res.body.accepted_at,
    });
    expect(((await as.manager.get(`/api/history/estimates/${String(e.id)}`)).body.data as Row[]).filter((h) => h.action === 'status')).toHaveLength(4);

    const used = await guest('GET', `/api/approvals/${token}`);
    expect(used.status).toBe(410);
    expect(used.body.message).toBe('This estimate has already been accepted with this link.');
    expect((await guest('POST', `/api/approvals/${token}/accept`, { name: 'Ana', alternate_categories: [] })).status).toBe(410);
    // an accepted link stays as it was
    expect((await as.manager.post(`/api/estimate_approvals/${String(link!.id)}/revoke`)).status).toBe(409);
  });

  it('refuses a link once its estimate is no longer open (410)', async () => {
    const e = await openEstimate();
    const { token } = (await makeLink(as.manager, e.id)).body as { token: string };
    await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'lost' });
    const res = await guest('GET', `/api/approvals/${token}`);
    expect(res.status).toBe(410);
    expect(res.body.message).toBe('This estimate is no longer open for approval. Please ask us for a new link.');
  });

  it('is rate-limited per address: 429 past 20 calls a minute', async () => {
    const ip = '192.0.2.77';
    const wrong = `/api/approvals/${crypto.randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 20; i++) expect((await guest('GET', wrong, undefined, ip)).status).toBe(404);
    const limited = await guest('GET', wrong, undefined, ip);
    expect(limited.status).toBe(429);
    // another address is not held back
    expect((await guest('GET', wrong, undefined, '192.0.2.78')).status).toBe(404);
  });
});
