/**
 * Billing's generic calls (docs/domain/billing.md): who may read and write invoices, numbering,
 * the due date, totals and tax read live by the rules' rounding (each line once, the tax once, an
 * exempt client none), paid and balance from payments not voided, the state fields a generic write
 * may not move, and a sent or exported invoice that no longer changes. Payments are written here
 * straight to the tables, as their named action (still to come) will.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;
const sql = <T extends Row = Row>(text: string, params: unknown[] = []) => suite.env.db.query<T>(text, params);

let seq = 0;
const client = (extra: Row = {}) => made(as.manager, 'clients', { name: `Billing Client ${++seq}`, ...extra });
const setting = async (name: string, value: string) => {
  const res = await as.admin.post('/api/settings', { name, value });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
};
const invoice = async (extra: Row = {}) => {
  const c = (extra.client_id as number | undefined) ?? ((await client()).id as number);
  const job = await madeJob(as.manager, { client_id: c });
  return made(as.manager, 'invoices', { job_id: job.id, client_id: c, issue_date: '2026-12-01', ...extra });
};
const line = (inv: Row, body: Row) => made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Glass', ...body });
const read = async (id: unknown) => (await as.manager.get(`/api/invoices/${id}`)).body as Row;
/** Sets a state as its named action will (there is none yet). */
const mark = (id: unknown, set: string) => sql(`UPDATE invoices SET ${set} WHERE id = $1`, [id]);
const pay = async (inv: Row, amount: number, voided = false) => {
  const [p] = await sql<{ id: number }>(
    `INSERT INTO payments (client_id, payment_date, amount, method, voided) VALUES ($1, '2026-12-05', $2, 'card', $3) RETURNING id`,
    [inv.client_id, amount, voided],
  );
  await sql('INSERT INTO payment_allocations (payment_id, invoice_id, amount) VALUES ($1, $2, $3)', [p!.id, inv.id, amount]);
  return p!.id;
};

describe('rights', () => {
  it('lets admins and managers read and write invoices, and supervisors and employees neither', async () => {
    for (const role of ['supervisor', 'employee'] as const) {
      expect((await as[role].get('/api/invoices')).status).toBe(403);
      expect((await as[role].get('/api/payments')).status).toBe(403);
      expect((await as[role].post('/api/invoices', {})).status).toBe(403);
    }
    expect((await as.manager.get('/api/invoices')).status).toBe(200);
    const inv = await invoice();
    expect((await as.admin.patch(`/api/invoices/${inv.id}`, { memo: 'Thanks' })).status).toBe(200);
  });

  it('writes payments, their allocations and export batches by named actions only, even for an admin', async () => {
    const c = await client();
    for (const [name, body] of [
      ['payments', { client_id: c.id, payment_date: '2026-12-01', amount: 10, method: 'cash' }],
      ['payment_allocations', { payment_id: 1, invoice_id: 1, amount: 10 }],
      ['invoice_exports', { format: 'xero' }],
    ] as const) {
      expect((await as.admin.post(`/api/${name}`, body)).status, name).toBe(403);
      expect((await as.admin.get(`/api/${name}`)).status, name).toBe(200);
    }
  });
});

describe('what the database holds by itself', () => {
  it('refuses a payment or an allocation of $0.00 or less, and one allocation per payment and invoice, whatever writes them', async () => {
    const inv = await invoice();
    const c = inv.client_id;
    await expect(sql("INSERT INTO payments (client_id, payment_date, amount) VALUES ($1, '2026-12-01', 0)", [c])).rejects.toThrow(/payments_amount_min/);
    const [p] = await sql<{ id: number }>("INSERT INTO payments (client_id, payment_date, amount) VALUES ($1, '2026-12-01', 5) RETURNING id", [c]);
    await expect(sql('INSERT INTO payment_allocations (payment_id, invoice_id, amount) VALUES ($1, $2, -1)', [p!.id, inv.id])).rejects.toThrow(
      /payment_allocations_amount_min/,
    );
    await sql('INSERT INTO payment_allocations (payment_id, invoice_id, amount) VALUES ($1, $2, 5)', [p!.id, inv.id]);
    await expect(sql('INSERT INTO payment_allocations (payment_id, invoice_id, amount) VALUES ($1, $2, 1)', [p!.id, inv.id])).rejects.toThrow(
      /payment_allocations_payment_id_invoice_id_unique|duplicate/,
    );
  });
});

describe('numbers and dates', () => {
  it('numbers invoices from 1001, one past the highest, and never below Settings’ next invoice number; at once, all distinct', async () => {
    const first = await invoice();
    expect(first.number).toBeGreaterThanOrEqual(1001);
    const second = await invoice();
    expect(second.number).toBe((first.number as number) + 1);
    await setting('next_invoice_number', '5000');
    expect((await invoice()).number).toBe(5000);
    expect((await invoice()).number).toBe(5001);
    const c = await client();
    const job = await madeJob(as.manager, { client_id: c.id });
    const answers = await Promise.all(Array.from({ length: 12 }, () => as.manager.post('/api/invoices', { job_id: job.id, client_id: c.id })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((a) => a.body.number)).size).toBe(12);
  });

  it('gives the due date from the issue date and terms, and refuses days terms without days', async () => {
    const inv = await invoice({ terms: 'net_15' });
    expect(inv).toMatchObject({ issue_date: '2026-12-01', due_date: '2026-12-16', status: 'draft' });
    const patched = await as.manager.patch(`/api/invoices/${inv.id}`, { terms: 'days', terms_days: 45 });
    expect(patched.body.due_date).toBe('2027-01-15');
    expect((await as.manager.patch(`/api/invoices/${inv.id}`, { terms: 'due_on_receipt' })).body.due_date).toBe('2026-12-01');
    const refused = await as.manager.patch(`/api/invoices/${inv.id}`, { terms: 'days', terms_days: null });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ terms_days: ['Terms in days need a whole number of days from 0 to 365.'] });
    // the due date is the server's
    const typed = await as.manager.patch(`/api/invoices/${inv.id}`, { due_date: '2030-01-01' });
    expect(typed.body.due_date).toBe('2026-12-01');
  });

  it('takes the bill-to from the client unless given', async () => {
    const c = await client({ name: 'Harbor View Condos' });
    expect((await invoice({ client_id: c.id })).bill_to).toBe('Harbor View Condos');
    expect((await invoice({ client_id: c.id, bill_to: 'Attn: Accounts\n1 Dock St' })).bill_to).toBe('Attn: Accounts\n1 Dock St');
  });
});

describe('totals and tax', () => {
  it('rounds each line once, the tax once at both rates over the taxable lines; an exempt client pays none', async () => {
    await setting('tax1_name', 'State');
    await setting('tax1_percent', '6.25');
    await setting('tax2_name', 'County');
    await setting('tax2_percent', '1.5');
    const inv = await invoice();
    expect(inv).toMatchObject({ tax1_name: 'State', tax1_percent: 6.25, tax2_name: 'County', tax2_percent: 1.5, tax_exempt: false });
    // 2.5 × 10.33 = 25.825 → 25.83, once
    expect((await line(inv, { qty: 2.5, rate: 10.33, taxable: false })).amount).toBe(25.83);
    for (let i = 0; i < 3; i++) await line(inv, { qty: 1, rate: 3.33 });
    await line(inv, { qty: 1, rate: 50, taxable: false });
    // taxable 3 × 3.33 = 9.99 × 7.75 % = 0.774225 → 0.77 (rounded per line: 3 × 0.26 = 0.78)
    expect(await read(inv.id)).toMatchObject({ subtotal: 85.82, tax: 0.77, total: 86.59, paid: 0, balance: 86.59 });

    const exempt = await client({ tax_exempt: true, tax_exemption_number: 'EX-1234' });
    const free = await invoice({ client_id: exempt.id });
    await line(free, { qty: 4, rate: 312.5 });
    expect(await read(free.id)).toMatchObject({ tax_exempt: true, subtotal: 1250, tax: 0, total: 1250 });
  });

  it('keeps a typed amount; an amount that was qty × rate follows them', async () => {
    const inv = await invoice();
    const l = await line(inv, { qty: 2, rate: 10 });
    expect(l.amount).toBe(20);
    expect((await as.manager.patch(`/api/invoice_lines/${l.id}`, { qty: 3 })).body.amount).toBe(30);
    expect((await as.manager.patch(`/api/invoice_lines/${l.id}`, { amount: 25 })).body.amount).toBe(25);
    expect((await as.manager.patch(`/api/invoice_lines/${l.id}`, { qty: 4 })).body.amount).toBe(25);
  });

  it('makes a line from a job product taxable as its product says, unless the line says', async () => {
    const product = await made(as.admin, 'products', { name: 'Labour', taxable: false });
    const inv = await invoice();
    const [jp] = await sql<{ id: number }>('INSERT INTO job_products (job_id, product_id, qty) VALUES ($1, $2, 1) RETURNING id', [inv.job_id, product.id]);
    expect((await line(inv, { source_job_product_id: jp!.id, rate: 100 })).taxable).toBe(false);
    expect((await line(inv, { source_job_product_id: jp!.id, rate: 100, taxable: true })).taxable).toBe(true);
  });

  it('counts payments not voided as paid; a final invoice subtracts its deposits; a void invoice owes nothing', async () => {
    await setting('tax1_percent', '0');
    await setting('tax2_percent', '0');
    const inv = await invoice();
    await line(inv, { qty: 1, rate: 1000 });
    await mark(inv.id, "status = 'sent', deposits_applied = 300");
    await pay(inv, 200);
    await pay(inv, 500, true);
    expect(await read(inv.id)).toMatchObject({ total: 1000, paid: 200, balance: 500 });
    const ids = async (query: string) =>
      ((await as.manager.get(`/api/invoices?client_id=${String(inv.client_id)}&${query}`)).body.data as Row[]).map((r) => r.id);
    expect(await ids('due=open')).toEqual([inv.id]);
    expect(await ids('due=overdue')).toEqual([]);
    await mark(inv.id, "due_date = '2000-01-01'");
    expect(await ids('due=overdue')).toEqual([inv.id]);
    await mark(inv.id, "status = 'void', void_reason = 'Billed twice'");
    expect(await read(inv.id)).toMatchObject({ status: 'void', balance: 0, number: inv.number });
    expect(await ids('due=open')).toEqual([]);
  });
});

describe('states and what may change', () => {
  it('refuses a generic write of a state field, naming its action', async () => {
    const inv = await invoice();
    const cases: [Row, string][] = [
      [{ status: 'paid' }, 'Use Send, Record payment or Void to change an invoice’s status.'],
      [{ void_reason: 'x' }, 'Use Void to void the invoice (with its reason).'],
      [{ sent_at: '2026-12-01T10:00:00Z' }, 'Use Send to send the invoice.'],
      [{ deposits_applied: 100 }, 'Deposits are applied when the final invoice is made from its job.'],
    ];
    for (const [body, message] of cases) {
      const res = await as.manager.patch(`/api/invoices/${inv.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual({ [Object.keys(body)[0]!]: [message] });
    }
    const created = await as.manager.post('/api/invoices', { job_id: inv.job_id, client_id: inv.client_id, status: 'sent' });
    expect(created.status).toBe(422);
    // echoing the stored state is no change
    expect((await as.manager.patch(`/api/invoices/${inv.id}`, { status: 'draft', memo: 'ok' })).status).toBe(200);
  });

  it('changes only a draft no export took: a sent or exported invoice and its lines answer 409 in words', async () => {
    const inv = await invoice();
    const l = await line(inv, { rate: 10 });
    await mark(inv.id, "status = 'sent'");
    const edit = await as.manager.patch(`/api/invoices/${inv.id}`, { memo: 'late change' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(`Invoice ${String(inv.number)} is sent: only a draft invoice can be changed.`);
    expect((await as.manager.post('/api/invoice_lines', { invoice_id: inv.id, description: 'More', rate: 5 })).status).toBe(409);
    expect((await as.manager.patch(`/api/invoice_lines/${l.id}`, { rate: 11 })).status).toBe(409);
    expect((await as.manager.del(`/api/invoice_lines/${l.id}`)).status).toBe(409);
    expect((await as.manager.del(`/api/invoices/${inv.id}`)).status).toBe(409);
    // the same body that changes nothing is no edit
    expect((await as.manager.patch(`/api/invoices/${inv.id}`, { memo: inv.memo ?? null })).status).toBe(200);

    const exported = await invoice();
    const [batch] = await sql<{ id: number }>(
      `INSERT INTO invoice_exports (format, invoice_ids, invoice_count, total) VALUES ('xero', $1, 1, 0) RETURNING id`,
      [JSON.stringify([exported.id])],
    );
    await mark(exported.id, `exported_batch_id = ${batch!.id}`);
    const refused = await as.manager.patch(`/api/invoices/${exported.id}`, { memo: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('exported to the books');

    const draft = await invoice();
    await line(draft, { rate: 1 });
    expect((await as.manager.del(`/api/invoices/${draft.id}`)).status).toBe(200);
  });
});

describe('billing settings', () => {
  it('refuses a rate out of 0–100, reminder days that do not read, and export names that do not', async () => {
    for (const [name, value, message] of [
      ['tax1_percent', '101', 'Must be at most 100.'],
      ['reminder_days', '7, soon', 'Reminder days are whole numbers of days after the due date, from 1 to 365, e.g. "7, 21".'],
      ['export_mapping', '{"currency": "dollars"}', expect.stringContaining('currency')],
      ['next_invoice_number', '0', 'Must be more than 0.'],
    ] as const) {
      const res = await as.admin.post('/api/settings', { name, value });
      expect(res.status, name).toBe(422);
      expect(res.body.errors, name).toEqual({ value: [message] });
    }
    await setting('reminder_days', '7, 21');
  });
});

describe('aging', () => {
  it("buckets each client's open balances by days past due on the day asked, leaving out drafts, void, paid and later invoices", async () => {
    await setting('tax1_percent', '0');
    await setting('tax2_percent', '0');
    const c = await client({ name: 'Aging Test Client' });
    const billed = async (amount: number, due: string, status: string, issue = '2026-06-01') => {
      const inv = await invoice({ client_id: c.id, issue_date: issue });
      await line(inv, { qty: 1, rate: amount });
      await mark(inv.id, `status = '${status}', due_date = '${due}'`);
      return inv;
    };
    await billed(100, '2026-12-20', 'sent'); // current
    await billed(100, '2026-12-07', 'sent'); // due on the day: current
    const partly = await billed(200, '2026-11-20', 'partly_paid'); // 17 days: 1–30
    await pay(partly, 50);
    await billed(300, '2026-08-01', 'sent'); // over 90
    await billed(400, '2026-10-01', 'void');
    await billed(500, '2026-10-01', 'draft');
    const paid = await billed(600, '2026-10-01', 'paid');
    await pay(paid, 600);
    await billed(700, '2026-12-30', 'sent', '2026-12-08'); // issued after the day asked

    const res = await as.manager.get('/api/invoices/aging?as_of=2026-12-07');
    expect(res.status).toBe(200);
    const { rows, totals } = res.body.data as unknown as { rows: Row[]; totals: Row };
    expect(rows.find((r) => r.client_id === c.id)).toEqual({
      client_id: c.id,
      client_name: 'Aging Test Client',
      current: 200,
      d1_30: 150,
      d31_60: 0,
      d61_90: 0,
      over_90: 300,
      total: 650,
    });
    // the totals are the rows' sums, bucket by bucket
    for (const bucket of ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90', 'total']) {
      expect(totals[bucket], bucket).toBeCloseTo(
        rows.reduce((sum, r) => sum + (r[bucket] as number), 0),
        2,
      );
    }
    // a day later, the one due on the 7th is a day late
    const later = (await as.manager.get('/api/invoices/aging?as_of=2026-12-08')).body.data as unknown as { rows: Row[] };
    expect(later.rows.find((r) => r.client_id === c.id)).toMatchObject({ current: 800, d1_30: 250, total: 1350 });
  });

  it('reads as a report, with PostgreSQL’s JIT off', async () => {
    // its estimate over every open invoice set JIT compiling for seconds at the bench's scale (bench/README.md, receivables' aging)
    const largeRead = vi.spyOn(suite.env.db, 'largeRead');
    try {
      expect((await as.manager.get('/api/invoices/aging?as_of=2026-12-07')).status).toBe(200);
      expect(largeRead).toHaveBeenCalledTimes(1);
    } finally {
      largeRead.mockRestore();
    }
  });

  it('is for those who may view invoices, on a real day', async () => {
    expect((await as.supervisor.get('/api/invoices/aging')).status).toBe(403);
    expect((await as.employee.get('/api/invoices/aging')).status).toBe(403);
    expect((await as.manager.get('/api/invoices/aging')).status).toBe(200);
    const bad = await as.manager.get('/api/invoices/aging?as_of=2026-02-30');
    expect(bad.status).toBe(422);
  });
});
