/**
 * Billing's named actions (docs/domain/billing.md): invoices from a job and deposits, the totals
 * with deposits subtracted, payments recorded (spread, shares, over-payment refused) and voided,
 * every status move and its refusals, Void and its rules, the job's invoice amount, and rights.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { QBO_HEADERS, XERO_HEADERS } from '@glazier/shared/rules/billing/exports';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;
const sql = <T extends Row = Row>(text: string, params: unknown[] = []) => suite.env.db.query<T>(text, params);

let seq = 0;
const client = (extra: Row = {}) => made(as.manager, 'clients', { name: `Actions Client ${++seq}`, ...extra });
const setting = async (name: string, value: string) => {
  const res = await as.admin.post('/api/settings', { name, value });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};
const product = (extra: Row = {}) => made(as.admin, 'products', { name: `Actions Product ${++seq}`, ...extra });

/** A job of a new client with products at these revenues (taxable unless said), and a trip charge. */
async function jobWith(revenues: { revenue: number; qty?: number; taxable?: boolean; name?: string }[], extra: Row = {}) {
  const c = (extra.client_id as number | undefined) ?? ((await client()).id as number);
  const job = await madeJob(as.admin, { client_id: c, ...extra });
  for (const r of revenues) {
    const p = await product({ taxable: r.taxable ?? true });
    await made(as.admin, 'job_products', { job_id: job.id, product_id: p.id, name: r.name ?? `Window ${++seq}`, qty: r.qty ?? 1, revenue: r.revenue });
  }
  return job;
}
const post = (path: string, body: Row = {}, who = as.manager) => who.post(path, body);
const ok = async (path: string, body: Row = {}, status = 200) => {
  const res = await post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data as unknown as Row;
};
const read = async (id: unknown) => (await as.manager.get(`/api/invoices/${id}`)).body as Row;
/** Send without the mail (the Send action has its own tests): a draft becomes sent. */
const markSent = (id: unknown) => sql(`UPDATE invoices SET status = 'sent', sent_at = now() WHERE id = $1`, [id]);
const jobAmount = async (id: unknown) => (await sql<{ a: string | null }>('SELECT invoice_amount AS a FROM jobs WHERE id = $1', [id]))[0]!.a;

describe('an invoice from its job', () => {
  it('bills each product at its revenue, the trip charge and the additional revenues, taxed by their flags', async () => {
    await setting('tax1_percent', '8.25');
    await setting('tax2_percent', '');
    const job = await jobWith(
      [
        { revenue: 1000, qty: 3, name: 'Storefront glass' },
        { revenue: 200.5, taxable: false },
      ],
      { trip_charge: 75, additional_revenues: 40 },
    );
    const inv = await ok('/api/invoices/from_job', { job_id: job.id, issue_date: '2026-11-01', terms: 'net_15' }, 201);
    expect(inv).toMatchObject({ kind: 'final', status: 'draft', job_id: job.id, due_date: '2026-11-16' });
    const lines = (inv.invoice_lines as Row[]).map((l) => [l.kind, l.description, Number(l.qty), Number(l.amount), l.taxable]);
    expect(lines).toEqual([
      ['product', 'Storefront glass', 3, 1000, true],
      ['product', expect.stringMatching(/^Window/), 1, 200.5, false],
      ['trip_charge', 'Trip charge', 1, 75, false],
      ['additional', 'Additional work', 1, 40, false],
    ]);
    // 1000 × 8.25 % = 82.50, rounded once
    expect(inv).toMatchObject({ subtotal: 1315.5, tax: 82.5, total: 1398, balance: 1398 });
    // one final invoice per job while it is not void
    const again = await post('/api/invoices/from_job', { job_id: job.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has its final invoice/);
  });

  it('refuses a job with nothing to bill, and a job that is not there', async () => {
    const job = await jobWith([]);
    expect((await post('/api/invoices/from_job', { job_id: job.id })).status).toBe(409);
    expect((await post('/api/invoices/from_job', { job_id: 999999 })).status).toBe(404);
  });

  it('asks a deposit of a percent or an amount, untaxed, never more than the job together', async () => {
    await setting('tax1_percent', '10');
    const job = await jobWith([{ revenue: 1000 }]);
    // the job's total is 1100.00 with its tax
    const dep = await ok('/api/invoices/deposit', { job_id: job.id, percent: 30 }, 201);
    expect(dep).toMatchObject({ kind: 'deposit', subtotal: 330, tax: 0, total: 330 });
    expect((dep.invoice_lines as Row[])[0]).toMatchObject({ kind: 'deposit', taxable: false, description: 'Deposit: 30% of $1,100.00' });
    const second = await ok('/api/invoices/deposit', { job_id: job.id, amount: 500 }, 201);
    expect(second.total).toBe(500);
    const over = await post('/api/invoices/deposit', { job_id: job.id, amount: 300 });
    expect(over.status).toBe(422);
    expect(over.body.errors?.amount?.[0]).toMatch(/Deposits would then ask for \$1,130\.00 of a job whose total is \$1,100\.00/);
    expect((await post('/api/invoices/deposit', { job_id: job.id })).status).toBe(422);
    expect((await post('/api/invoices/deposit', { job_id: job.id, percent: 10, amount: 5 })).status).toBe(422);
  });

  it('shows and subtracts the deposits paid on the final invoice', async () => {
    await setting('tax1_percent', '10');
    const job = await jobWith([{ revenue: 1000 }]);
    const dep = await ok('/api/invoices/deposit', { job_id: job.id, amount: 400 }, 201);
    const unpaid = await ok('/api/invoices/deposit', { job_id: job.id, amount: 100 }, 201);
    await markSent(dep.id);
    await markSent(unpaid.id);
    await ok(
      '/api/payments/record',
      { client_id: job.client_id, payment_date: '2026-11-02', amount: 400, method: 'card', allocations: [{ invoice_id: dep.id, amount: 400 }] },
      201,
    );
    const final = await ok('/api/invoices/from_job', { job_id: job.id }, 201);
    // only what was paid is subtracted: 1100 − 400
    expect(final).toMatchObject({ total: 1100, deposits_applied: 400, balance: 700 });
  });
});

describe('a deposit from a won estimate before its job', () => {
  async function wonEstimate(status: 'won' | 'open' = 'won') {
    const c = await client();
    const taxed = await product({ taxable: true });
    const e = await made(as.manager, 'estimates', {
      client_id: c.id,
      name: `Lobby ${++seq}`,
      items: [
        { product_id: taxed.id, description: 'Storefront', qty: 1, amount: 1000 },
        { description: 'Labour', qty: 1, amount: 0 },
      ],
    });
    expect((await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'open' })).status).toBe(200);
    if (status === 'won') expect((await as.manager.post(`/api/estimates/${String(e.id)}/status`, { status: 'won' })).status).toBe(200);
    return e;
  }

  it('asks it against the estimate’s total, and the job made from the estimate takes it and subtracts it on its final invoice', async () => {
    await setting('tax1_percent', '10');
    await setting('tax2_percent', '');
    const e = await wonEstimate();
    // 1000 taxed at 10 % = 1100; 30 % of it
    const dep = await ok('/api/invoices/deposit', { estimate_id: e.id, percent: 30 }, 201);
    expect(dep).toMatchObject({ kind: 'deposit', job_id: null, estimate_id: e.id, client_id: e.client_id, total: 330, status: 'draft' });
    expect((dep.invoice_lines as Row[])[0]).toMatchObject({ description: 'Deposit: 30% of $1,100.00', taxable: false });
    const over = await post('/api/invoices/deposit', { estimate_id: e.id, amount: 800 });
    expect(over.status).toBe(422);
    expect(over.body.errors?.amount?.[0]).toMatch(/Deposits would then ask for \$1,130\.00 of a job whose total is \$1,100\.00/);

    await markSent(dep.id);
    await ok('/api/payments/record', { client_id: e.client_id, payment_date: '2026-11-02', amount: 330, method: 'check', check_number: '881' }, 201);
    const job = (await as.manager.post(`/api/estimates/${String(e.id)}/convert`)).body.data as unknown as Row;
    const moved = await read(dep.id);
    expect(moved).toMatchObject({ job_id: job.id, estimate_id: e.id, status: 'paid' });
    // the job's invoice amount follows the deposit it took
    expect(Number(await jobAmount(job.id))).toBe(330);
    // its move has its history row
    const moves = await sql<{ before: Row | null; after: Row | null }>(
      "SELECT before, after FROM audit_log WHERE resource = 'invoices' AND record_id = $1 ORDER BY id",
      [dep.id],
    );
    expect(moves.some((m) => m.before?.job_id === null && m.after?.job_id === job.id)).toBe(true);
    const final = await ok('/api/invoices/from_job', { job_id: job.id }, 201);
    expect(final).toMatchObject({ total: 1100, deposits_applied: 330, balance: 770 });
    // once the job is made, a deposit of the estimate goes to the job
    const next = await ok('/api/invoices/deposit', { estimate_id: e.id, amount: 10 }, 201);
    expect(next).toMatchObject({ job_id: job.id, estimate_id: e.id });
  });

  it('refuses an estimate not won, neither or both of job and estimate, and those without the right', async () => {
    const open = await wonEstimate('open');
    const res = await post('/api/invoices/deposit', { estimate_id: open.id, percent: 10 });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/Only a won estimate takes a deposit/);
    const won = await wonEstimate();
    expect((await post('/api/invoices/deposit', { percent: 10 })).status).toBe(422);
    const job = await jobWith([{ revenue: 100 }]);
    expect((await post('/api/invoices/deposit', { estimate_id: won.id, job_id: job.id, percent: 10 })).status).toBe(422);
    expect((await post('/api/invoices/deposit', { estimate_id: 999999, percent: 10 })).status).toBe(404);
    expect((await post('/api/invoices/deposit', { estimate_id: won.id, percent: 10 }, as.supervisor)).status).toBe(403);
    // a generic invoice names a job or an estimate
    const bare = await as.manager.post('/api/invoices', { client_id: won.client_id });
    expect(bare.status).toBe(422);
    expect(bare.body.errors?.job_id?.[0]).toBe('Choose the job.');
  });
});

describe('the job’s invoice amount in its history', () => {
  it('records each move of the invoice amount on the job, from what to what, by who made the invoice change', async () => {
    await setting('tax1_percent', '');
    await setting('tax2_percent', '');
    const job = await jobWith([{ revenue: 1234, taxable: false }]);
    const inv = await ok('/api/invoices/from_job', { job_id: job.id }, 201);
    await ok(`/api/invoices/${String(inv.id)}/void`, { reason: 'Billed the wrong client' });
    const history = (await as.manager.get(`/api/history/jobs/${String(job.id)}`)).body.data as unknown as {
      action: string;
      user_name: string | null;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    const moves = history.filter((e) => e.action === 'invoiced');
    // newest first: the void took it back to 0, the invoice made it 1,234.00
    expect(moves.map((e) => e.changes.map((c) => [c.field, c.from == null ? null : Number(c.from), Number(c.to)]))).toEqual([
      [['invoice_amount', 1234, 0]],
      [['invoice_amount', null, 1234]],
    ]);
    expect(moves.every((e) => e.user_name != null)).toBe(true);
    // an unchanged amount writes no row: saving the void invoice's memo is refused, and nothing moved
    expect((await as.manager.patch(`/api/invoices/${String(inv.id)}`, { memo: 'x' })).status).toBe(409);
    expect((await as.manager.get(`/api/history/jobs/${String(job.id)}`)).body.data as unknown as unknown[]).toHaveLength(history.length);
  });
});

describe('payments', () => {
  async function twoOpen() {
    const c = await client();
    const a = await ok(
      '/api/invoices/from_job',
      { job_id: (await jobWith([{ revenue: 100, taxable: false }], { client_id: c.id })).id, issue_date: '2026-10-01', terms: 'net_30' },
      201,
    );
    const b = await ok(
      '/api/invoices/from_job',
      { job_id: (await jobWith([{ revenue: 250, taxable: false }], { client_id: c.id })).id, issue_date: '2026-09-01', terms: 'net_30' },
      201,
    );
    await markSent(a.id);
    await markSent(b.id);
    return { c, a, b };
  }

  it('spreads a payment oldest due first, and the statuses follow: sent → partly paid → paid', async () => {
    const { c, a, b } = await twoOpen();
    const p = await ok('/api/payments/record', { client_id: c.id, payment_date: '2026-11-05', amount: 300, method: 'check', check_number: '1042' }, 201);
    expect(p).toMatchObject({ amount: 300, method: 'check', check_number: '1042', allocated: 300 });
    expect(await read(b.id)).toMatchObject({ status: 'paid', paid: 250, balance: 0 });
    expect(await read(a.id)).toMatchObject({ status: 'partly_paid', paid: 50, balance: 50 });
    await ok('/api/payments/record', { client_id: c.id, payment_date: '2026-11-06', amount: 50, method: 'card' }, 201);
    expect(await read(a.id)).toMatchObject({ status: 'paid', balance: 0 });
  });

  it('refuses more than is open in words, a check without its number, shares that do not add up, and a draft', async () => {
    const { c, a, b } = await twoOpen();
    const over = await post('/api/payments/record', { client_id: c.id, payment_date: '2026-11-05', amount: 350.01, method: 'cash' });
    expect(over.status).toBe(422);
    expect(over.body.errors?.amount?.[0]).toBe(
      "This payment of $350.01 is more than the $350.00 open on the client's invoices. Record $350.00 or less: there is no credit on account.",
    );
    expect(
      (await post('/api/payments/record', { client_id: c.id, payment_date: '2026-11-05', amount: 10, method: 'check' })).body.errors?.check_number,
    ).toBeTruthy();
    const sum = await post('/api/payments/record', {
      client_id: c.id,
      payment_date: '2026-11-05',
      amount: 100,
      method: 'ach',
      allocations: [
        { invoice_id: a.id, amount: 60 },
        { invoice_id: b.id, amount: 30 },
      ],
    });
    expect(sum.status).toBe(422);
    expect(sum.body.errors?.allocations?.[0]).toMatch(/add up to \$90\.00, not the payment's \$100\.00/);
    const draft = await ok('/api/invoices/from_job', { job_id: (await jobWith([{ revenue: 10 }], { client_id: c.id })).id }, 201);
    const toDraft = await post('/api/payments/record', {
      client_id: c.id,
      payment_date: '2026-11-05',
      amount: 5,
      method: 'cash',
      allocations: [{ invoice_id: draft.id, amount: 5 }],
    });
    expect(toDraft.status).toBe(422);
    expect(toDraft.body.errors?.allocations?.[0]).toMatch(/is a draft: send it before recording a payment/);
    // nothing was stored by a refusal
    expect((await sql('SELECT 1 FROM payments WHERE client_id = $1', [c.id])).length).toBe(0);
  });

  it('pays the shares given, and a voided payment stops counting: paid → partly paid → sent', async () => {
    const { c, a, b } = await twoOpen();
    const p1 = await ok(
      '/api/payments/record',
      { client_id: c.id, payment_date: '2026-11-05', amount: 100, method: 'card', allocations: [{ invoice_id: a.id, amount: 100 }] },
      201,
    );
    const p2 = await ok(
      '/api/payments/record',
      { client_id: c.id, payment_date: '2026-11-05', amount: 20, method: 'ach', allocations: [{ invoice_id: b.id, amount: 20 }] },
      201,
    );
    expect(await read(a.id)).toMatchObject({ status: 'paid' });
    expect(await read(b.id)).toMatchObject({ status: 'partly_paid', balance: 230 });
    expect((await post(`/api/payments/${p1.id}/void`, { reason: '' })).status).toBe(422);
    const v = await ok(`/api/payments/${p1.id}/void`, { reason: 'Card charged back' });
    expect(v).toMatchObject({ voided: true, void_reason: 'Card charged back' });
    expect(await read(a.id)).toMatchObject({ status: 'sent', paid: 0, balance: 100 });
    expect((await post(`/api/payments/${p1.id}/void`, { reason: 'again' })).status).toBe(409);
    await ok(`/api/payments/${p2.id}/void`, { reason: 'Bounced' });
    expect(await read(b.id)).toMatchObject({ status: 'sent', balance: 250 });
    // the history says who voided it
    const history = await sql<{ action: string }>("SELECT action FROM audit_log WHERE resource = 'payments' AND record_id = $1 ORDER BY id", [p1.id]);
    expect(history.map((h) => h.action)).toEqual(['create', 'void']);
  });
});

describe('void', () => {
  it('voids a draft or sent invoice with its reason and keeps its number; refuses paid, and partly paid until its payments are voided', async () => {
    const job = await jobWith([{ revenue: 200, taxable: false }]);
    const inv = await ok('/api/invoices/from_job', { job_id: job.id }, 201);
    await markSent(inv.id);
    const p = await ok('/api/payments/record', { client_id: job.client_id, payment_date: '2026-11-05', amount: 50, method: 'cash' }, 201);
    const refused = await post(`/api/invoices/${inv.id}/void`, { reason: 'Wrong job' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Invoice ${inv.number} holds payments: $50.00 of 2026-11-05 (payment ${p.id}). Void them first; the app keeps no credit on account.`,
    );
    await ok(`/api/payments/${p.id}/void`, { reason: 'Misapplied' });
    expect((await post(`/api/invoices/${inv.id}/void`, { reason: '  ' })).status).toBe(422);
    const v = await ok(`/api/invoices/${inv.id}/void`, { reason: 'Wrong job' });
    expect(v).toMatchObject({ status: 'void', void_reason: 'Wrong job', number: inv.number, balance: 0 });
    expect((await post(`/api/invoices/${inv.id}/void`, { reason: 'again' })).status).toBe(409);
    // a void invoice takes no payment
    const pay = await post('/api/payments/record', {
      client_id: job.client_id,
      payment_date: '2026-11-05',
      amount: 5,
      method: 'cash',
      allocations: [{ invoice_id: inv.id, amount: 5 }],
    });
    expect(pay.status).toBe(422);

    const paidJob = await jobWith([{ revenue: 80, taxable: false }]);
    const paid = await ok('/api/invoices/from_job', { job_id: paidJob.id }, 201);
    await markSent(paid.id);
    await ok('/api/payments/record', { client_id: paidJob.client_id, payment_date: '2026-11-05', amount: 80, method: 'cash' }, 201);
    const paidVoid = await post(`/api/invoices/${paid.id}/void`, { reason: 'x' });
    expect(paidVoid.status).toBe(409);
    expect(paidVoid.body.message).toMatch(/is paid: void its payments first/);
  });
});

describe("the job's invoice amount", () => {
  it('is what its invoices that are not void bill for its products before tax, and is read-only once it has one', async () => {
    await setting('tax1_percent', '10');
    // the trip charge is the job's own figure, which analysis adds to the invoice amount
    const job = await jobWith([{ revenue: 1000 }], { trip_charge: 50 });
    expect((await as.admin.patch(`/api/jobs/${job.id}`, { invoice_amount: 5 })).status).toBe(200);
    const dep = await ok('/api/invoices/deposit', { job_id: job.id, amount: 300 }, 201);
    expect(Number(await jobAmount(job.id))).toBe(300);
    await markSent(dep.id);
    await ok('/api/payments/record', { client_id: job.client_id, payment_date: '2026-11-05', amount: 300, method: 'cash' }, 201);
    const final = await ok('/api/invoices/from_job', { job_id: job.id }, 201);
    // 300 (deposit) + 1000 − 300 (subtracted on the final): the job billed once
    expect(Number(await jobAmount(job.id))).toBe(1000);
    expect((await as.manager.post('/api/invoice_lines', { invoice_id: final.id, description: 'Extra caulking', qty: 2, rate: 25 })).status).toBe(201);
    expect(Number(await jobAmount(job.id))).toBe(1050);
    const typed = await as.admin.patch(`/api/jobs/${job.id}`, { invoice_amount: 5 });
    expect(typed.status).toBe(422);
    expect(typed.body.errors?.invoice_amount?.[0]).toMatch(/sum of the job’s invoices/);
    await ok(`/api/invoices/${final.id}/void`, { reason: 'Rebill' });
    expect(Number(await jobAmount(job.id))).toBe(300);
  });
});

describe('rights', () => {
  it('refuses every action to supervisors and employees', async () => {
    const job = await jobWith([{ revenue: 10 }]);
    for (const role of ['supervisor', 'employee'] as const) {
      for (const [path, body] of [
        ['/api/invoices/from_job', { job_id: job.id }],
        ['/api/invoices/deposit', { job_id: job.id, percent: 10 }],
        ['/api/payments/record', { client_id: job.client_id, payment_date: '2026-11-05', amount: 5, method: 'cash' }],
        ['/api/invoices/1/void', { reason: 'x' }],
        ['/api/payments/1/void', { reason: 'x' }],
      ] as const) {
        expect((await as[role].post(path, body)).status, `${role} ${path}`).toBe(403);
      }
    }
  });
});

describe('export to the books', () => {
  const csvOf = async (id: unknown, query = '') => {
    const res = await suite.env.app.inject({
      method: 'GET',
      url: `/api/invoice_exports/${String(id)}/csv${query}`,
      headers: { cookie: [...as.manager.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.rawPayload.subarray(0, 3).toString('latin1')).not.toBe('\xef\xbb\xbf');
    return Papa.parse<Record<string, string>>(res.body, { header: true, skipEmptyLines: true });
  };

  it('takes only what is new and billed, records it, marks each exported; the files read back with the documented headers and the invoices’ totals', async () => {
    await setting('tax1_name', 'State');
    await setting('tax1_percent', '6');
    await setting('tax2_name', 'County');
    await setting('tax2_percent', '1.5');
    // whatever earlier tests billed goes in a first batch, so this one holds only what is made here
    await post('/api/invoice_exports/batch', { format: 'quickbooks' });
    const job = await jobWith(
      [
        { revenue: 1000, qty: 4 },
        { revenue: 333.33, qty: 3 },
      ],
      { trip_charge: 50 },
    );
    await as.manager.patch(`/api/clients/${String(job.client_id)}`, { email: 'books@client.example' });
    const dep = await ok('/api/invoices/deposit', { job_id: job.id, amount: 200 }, 201);
    await markSent(dep.id);
    await ok('/api/payments/record', { client_id: job.client_id, payment_date: '2026-11-03', amount: 200, method: 'ach' }, 201);
    const final = await ok('/api/invoices/from_job', { job_id: job.id, issue_date: '2026-11-15', terms: 'net_30' }, 201);
    await markSent(final.id);
    const draft = await ok('/api/invoices/deposit', { job_id: (await jobWith([{ revenue: 10 }])).id, amount: 5 }, 201);

    const batch = await ok('/api/invoice_exports/batch', { format: 'quickbooks' }, 201);
    expect(batch).toMatchObject({ format: 'quickbooks', invoice_count: 2 });
    expect([...(batch.invoice_ids as number[])].sort()).toEqual([dep.id, final.id].sort());
    const due = Number((await read(final.id)).total) - 200;
    expect(Number(batch.total)).toBeCloseTo(200 + due, 2);
    expect((await read(final.id)).exported_batch_id).toBe(batch.id);
    expect((await read(draft.id)).exported_batch_id).toBeNull();
    // nothing new: refused in words; an exported invoice can only be voided
    const again = await post('/api/invoice_exports/batch', { format: 'xero' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/nothing new/);
    expect((await as.manager.patch(`/api/invoices/${String(final.id)}`, { memo: 'x' })).status).toBe(409);

    const qbo = await csvOf(batch.id);
    expect(qbo.meta.fields).toEqual([...QBO_HEADERS]);
    const byInvoice = (rows: Record<string, string>[], col: string, amount: (r: Record<string, string>) => number) => {
      const sums = new Map<string, number>();
      for (const r of rows) sums.set(r[col]!, Math.round(((sums.get(r[col]!) ?? 0) + amount(r)) * 100) / 100);
      return sums;
    };
    const qboSums = byInvoice(qbo.data, 'Invoice no', (r) => Number(r['Item amount']));
    expect(qboSums.get(String(dep.number))).toBe(200);
    expect(qboSums.get(String(final.number))).toBe(due);
    const finalRows = qbo.data.filter((r) => r['Invoice no'] === String(final.number));
    expect(finalRows.map((r) => [r['Item (Product/Service)'], r['Item amount'], r['Item tax code']])).toEqual([
      ['Sales', '1000.00', 'NON'],
      ['Sales', '333.33', 'NON'],
      ['Trip charge', '50.00', 'NON'],
      ['Sales tax', '80.00', 'NON'], // 1333.33 × 7.5 % = 100.00, 6 of its 7.5 to the state
      ['Sales tax', '20.00', 'NON'],
      ['Customer deposit', '-200.00', 'NON'],
    ]);
    expect(finalRows[0]).toMatchObject({ 'Invoice date': '11/15/2026', 'Due date': '12/15/2026', Terms: 'Net 30' });

    // the same batch in Xero's form, asked for by `format` (a shop moving from one program to the other)
    const xero = await csvOf(batch.id, '?format=xero');
    expect(xero.meta.fields).toEqual([...XERO_HEADERS]);
    const xeroSums = byInvoice(xero.data, 'InvoiceNumber', (r) => Math.round(Number(r.Quantity) * Number(r.UnitAmount) * 100) / 100);
    expect(xeroSums.get(String(final.number))).toBe(due);
    expect(xero.data.find((r) => r.InvoiceNumber === String(final.number))).toMatchObject({
      EmailAddress: 'books@client.example',
      InvoiceDate: '15/11/2026',
      TaxType: 'Tax Exempt',
      Currency: 'USD',
    });

    const wrong = await suite.env.app.inject({
      method: 'GET',
      url: `/api/invoice_exports/${String(batch.id)}/csv?format=sage`,
      headers: { cookie: [...as.manager.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    expect(wrong.statusCode).toBe(422);

    // voiding stays possible (after its payments are voided, for the paid deposit)
    await ok(`/api/invoices/${String(final.id)}/void`, { reason: 'Rebilled' });
  });

  it('is refused to supervisors and employees', async () => {
    for (const role of ['supervisor', 'employee'] as const) {
      expect((await as[role].post('/api/invoice_exports/batch', { format: 'xero' })).status).toBe(403);
      expect((await as[role].get('/api/invoice_exports/1/csv')).status).toBe(403);
    }
  });
});
