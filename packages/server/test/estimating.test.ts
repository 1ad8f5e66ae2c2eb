/**
 * Estimating's rules through the API, on PGlite and PostgreSQL: the status machine per
 * role, only drafts edited, items from the takeoff (typed amounts kept), and converting a won
 * estimate to its job, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made } from './harness.ts';
import { createRecord } from './fixtures.ts';
import { jobNumberPrefix, nextJobNumber } from '@glazier/shared/rules/jobs/job-number';

const { env, as } = appWithRoles();
let client: Row;
let seq = 0;

beforeAll(async () => {
  client = await createRecord(as.admin, 'clients');
  // an estimator: a supervisor given `edit estimates` (not estimates_admin)
  const [row] = await env.db.query<Row>("SELECT * FROM role_permissions WHERE role = 'supervisor' AND area = 'estimates'");
  expect((await as.admin.patch(`/api/role_permissions/${String(row!.id)}`, { ...row, view: true, edit: true })).status).toBe(200);
});

const estimate = (extra: Row = {}) => made(as.manager, 'estimates', { client_id: client.id, name: `Lobby ${++seq}`, ...extra });
const status = (c: (typeof as)['admin'], id: unknown, to: string) => c.post(`/api/estimates/${String(id)}/status`, { status: to });
const stored = async (id: unknown) => (await env.db.query<Row>('SELECT status, job_id FROM estimates WHERE id = $1', [id]))[0]!;

describe('estimate status', () => {
  it('finalizes and sets back to draft with edit estimates; open, won and lost need estimates_admin', async () => {
    const e = await estimate();
    expect((await status(as.employee, e.id, 'open')).status).toBe(403);
    const open = await status(as.supervisor, e.id, 'open');
    expect(open.status).toBe(200);
    expect(open.body.data).toMatchObject({ id: e.id, status: 'open' });
    expect((await status(as.supervisor, e.id, 'draft')).status).toBe(200);
    expect((await status(as.supervisor, e.id, 'open')).status).toBe(200);
    // the selection is the admin's
    const won = await status(as.supervisor, e.id, 'won');
    expect(won.status).toBe(403);
    expect((await stored(e.id)).status).toBe('open');
    expect((await status(as.manager, e.id, 'won')).status).toBe(200);
    expect((await status(as.manager, e.id, 'lost')).status).toBe(200);
    expect((await status(as.manager, e.id, 'open')).status).toBe(200);
    const audit = await env.db.query<Row>("SELECT action FROM audit_log WHERE resource = 'estimates' AND record_id = $1 ORDER BY id", [e.id]);
    expect(audit.map((a) => a.action)).toEqual(['create', 'status', 'status', 'status', 'status', 'status', 'status']);
  });

  it('refuses a move no rule allows with 422 on status, writing nothing', async () => {
    const e = await estimate();
    const skip = await status(as.manager, e.id, 'won');
    expect(skip.status).toBe(422);
    expect(skip.body.errors).toEqual({ status: ['A draft estimate is finalized first: it becomes open.'] });
    await status(as.manager, e.id, 'open');
    await status(as.manager, e.id, 'won');
    expect((await status(as.manager, e.id, 'draft')).body.errors).toEqual({ status: ['A won estimate cannot go back to draft; set it to open first.'] });
    expect((await status(as.manager, e.id, 'won')).body.errors).toEqual({ status: ['The estimate is already won.'] });
    expect((await status(as.manager, e.id, 'sold')).status).toBe(422);
    expect((await status(as.manager, 999999, 'open')).status).toBe(404);
    expect((await stored(e.id)).status).toBe('won');
  });

  it('moves only through its action: a PATCH or store_many that changes it is a 422 naming the action', async () => {
    const e = await estimate();
    const res = await as.manager.patch(`/api/estimates/${String(e.id)}`, { ...e, status: 'won' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ status: ["Use Status to change the estimate's status."] });
    expect((await as.manager.post('/api/estimates/store_many', { data: [{ id: e.id, status: 'open' }] })).status).toBe(422);
    expect((await stored(e.id)).status).toBe('draft');
  });
});

describe("the client's decision", () => {
  it('is kept through a move to open and back, with who made it; the other way is a new one', async () => {
    const e = await estimate();
    await status(as.manager, e.id, 'open');
    const decided = async () => (await env.db.query<Row>('SELECT status, decision, decided_at, decided_by FROM estimates WHERE id = $1', [e.id]))[0]!;
    expect(await decided()).toMatchObject({ decision: null, decided_at: null, decided_by: null });
    await status(as.manager, e.id, 'won');
    const first = await decided();
    expect(first).toMatchObject({ status: 'won', decision: 'won', decided_by: 'Manager User' });
    expect(first.decided_at).not.toBeNull();
    await status(as.admin, e.id, 'open');
    expect(await decided()).toMatchObject({ status: 'open', decision: 'won', decided_at: first.decided_at, decided_by: 'Manager User' });
    await status(as.admin, e.id, 'won');
    expect(await decided()).toMatchObject({ status: 'won', decision: 'won', decided_at: first.decided_at, decided_by: 'Manager User' });
    await status(as.admin, e.id, 'lost');
    expect(await decided()).toMatchObject({ status: 'lost', decision: 'lost', decided_by: 'Admin User' });
  });

  it('of a won estimate made into a job stays won: 422 naming the job, nothing written', async () => {
    const number = `SOLD-${++seq}`;
    const e = await estimate({ job_number: number });
    await status(as.manager, e.id, 'open');
    await status(as.manager, e.id, 'won');
    const job = (await as.manager.post(`/api/estimates/${String(e.id)}/convert`)).body.data as unknown as Row;
    for (const to of ['lost', 'open']) {
      const res = await status(as.manager, e.id, to);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ status: [`This estimate became job ${number}: it stays won. The job is what was sold.`] });
    }
    expect(await stored(e.id)).toEqual({ status: 'won', job_id: job.id });
    // the job in the trash: it no longer holds the estimate
    expect((await as.manager.del(`/api/jobs/${String(job.id)}`)).status).toBe(200);
    expect((await status(as.manager, e.id, 'lost')).status).toBe(200);
  });
});

describe('only a draft is changed', () => {
  it('an open estimate, its items and category notes refuse saves and deletes (409) until set back to draft', async () => {
    const e = await estimate({ items: [{ description: 'Mirror', qty: 2 }] });
    const item = (e.items as Row[])[0]!;
    await status(as.manager, e.id, 'open');
    const fresh = (await as.manager.get(`/api/estimates/${String(e.id)}`)).body;
    const edit = await as.manager.patch(`/api/estimates/${String(e.id)}`, { ...fresh, name: 'Renamed' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('Only a draft estimate can be changed. Set it back to draft first.');
    expect((await as.manager.del(`/api/estimates/${String(e.id)}`)).status).toBe(409);
    expect((await as.manager.patch(`/api/estimate_items/${String(item.id)}`, { qty: 3 })).status).toBe(409);
    expect((await as.manager.post('/api/estimate_items', { estimate_id: e.id, description: 'More' })).status).toBe(409);
    expect((await as.manager.del(`/api/estimate_items/${String(item.id)}`)).status).toBe(409);
    await status(as.manager, e.id, 'draft');
    expect((await as.manager.patch(`/api/estimate_items/${String(item.id)}`, { qty: 3 })).status).toBe(200);
  });

  it('so is its takeoff: the takeoff, its units and its cells (store_many too) refuse writes (409) until set back to draft', async () => {
    const category = (await env.db.query<Row>("INSERT INTO product_categories (name) VALUES ('Takeoff drafts') RETURNING id"))[0]!;
    const option = await made(as.admin, 'takeoff_options', {
      takeoffable_type: 'product_category',
      takeoffable_id: category.id,
      product_category_id: category.id,
      description: 'Shower door',
    });
    const e = await estimate();
    const takeoff = await made(as.manager, 'takeoffs', { estimate_id: e.id });
    const unit = await made(as.manager, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Unit type B', qty: 12 });
    const cell = await made(as.manager, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty: 1 });
    await status(as.manager, e.id, 'open');
    const refused = await as.manager.patch(`/api/takeoff_items/${String(cell.id)}`, { qty: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only a draft estimate can be changed. Set it back to draft first.');
    expect(
      (await as.manager.post('/api/takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty: 2 })).status,
    ).toBe(409);
    expect((await as.manager.post('/api/takeoff_items/store_many', { data: [{ id: cell.id, qty: 5 }] })).status).toBe(409);
    expect((await as.manager.del(`/api/takeoff_items/${String(cell.id)}`)).status).toBe(409);
    expect((await as.manager.patch(`/api/takeoff_units/${String(unit.id)}`, { qty: 3 })).status).toBe(409);
    expect((await as.manager.post('/api/takeoff_units', { takeoff_id: takeoff.id, description: 'Lobby' })).status).toBe(409);
    expect((await as.manager.del(`/api/takeoff_units/${String(unit.id)}`)).status).toBe(409);
    expect((await as.manager.del(`/api/takeoffs/${String(takeoff.id)}`)).status).toBe(409);
    const other = await estimate();
    await status(as.manager, other.id, 'open');
    expect((await as.manager.post('/api/takeoffs', { estimate_id: other.id })).status).toBe(409);
    const cells = await env.db.query<Row>('SELECT qty::float8 AS qty FROM takeoff_items WHERE takeoff_id = $1', [takeoff.id]);
    expect(cells).toEqual([{ qty: 1 }]);

    await status(as.manager, e.id, 'draft');
    expect((await as.manager.patch(`/api/takeoff_items/${String(cell.id)}`, { qty: 2 })).status).toBe(200);
    expect((await as.manager.patch(`/api/takeoff_units/${String(unit.id)}`, { qty: 3 })).status).toBe(200);
  });
});

describe("an item's amounts", () => {
  it("follow qty and product while at the standard, the alternate's as the base's; typed ones stay", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const base = await made(as.admin, 'products', { name: `Framed ${++seq}`, category_id: category.id, cost_per_unit: 300, revenue_per_unit: 500 });
    const alternate = await made(as.admin, 'products', { name: `Frameless ${seq}`, category_id: category.id, cost_per_unit: 450, revenue_per_unit: 700 });
    const e = await estimate({ alternate_categories: [category.id] });
    const amounts = async (id: unknown) =>
      (
        await env.db.query<Row>(
          'SELECT qty::float8 AS qty, amount::float8 AS amount, cost::float8 AS cost, alternate_amount::float8 AS alternate_amount, alternate_cost::float8 AS alternate_cost FROM estimate_items WHERE id = $1',
          [id],
        )
      )[0];
    // the estimator (no estimates_admin) cannot send amounts: the server gives them
    const res = await as.supervisor.post('/api/estimate_items', {
      estimate_id: e.id,
      product_id: base.id,
      alternate_product_id: alternate.id,
      qty: 1,
      description: 'Door',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as Row).id;
    expect(await amounts(id)).toEqual({ qty: 1, amount: 500, cost: 300, alternate_amount: 700, alternate_cost: 450 });
    expect((await as.supervisor.patch(`/api/estimate_items/${String(id)}`, { qty: 2 })).status).toBe(200);
    expect(await amounts(id)).toEqual({ qty: 2, amount: 1000, cost: 600, alternate_amount: 1400, alternate_cost: 900 });
    // the client chose the alternates: the total is the alternate's, for both units
    expect((await as.manager.get(`/api/estimates/${String(e.id)}`)).body.total).toBe(1400);
    // an amount typed by the admin stays; the others follow
    expect((await as.manager.patch(`/api/estimate_items/${String(id)}`, { alternate_amount: 1300 })).status).toBe(200);
    expect((await as.supervisor.patch(`/api/estimate_items/${String(id)}`, { qty: 3 })).status).toBe(200);
    expect(await amounts(id)).toEqual({ qty: 3, amount: 1500, cost: 900, alternate_amount: 1300, alternate_cost: 1350 });
    // cleared by the admin: back to the standard × qty
    expect((await as.manager.patch(`/api/estimate_items/${String(id)}`, { alternate_amount: null })).status).toBe(200);
    expect((await amounts(id))!.alternate_amount).toBe(2100);
  });
});

describe('items from the takeoff', () => {
  it("makes one item per option with its calculated qty at the standard price, then follows qty while the amounts are the standard's", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const mirror = await made(as.admin, 'products', { name: `Mirror ${++seq}`, cost_per_unit: 15, revenue_per_unit: 25 });
    const shelf = await made(as.admin, 'products', { name: `Shelf ${++seq}`, cost_per_unit: 4, revenue_per_unit: 10 });
    const option = (product: Row, description: string) =>
      made(as.admin, 'takeoff_options', { takeoffable_type: 'product', takeoffable_id: product.id, product_category_id: category.id, description });
    const mirrorOption = await option(mirror, 'Vanity mirror');
    const shelfOption = await option(shelf, 'Glass shelf');
    const e = await estimate();
    const takeoff = await made(as.manager, 'takeoffs', { estimate_id: e.id });
    const unitA = await made(as.manager, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Unit type A', qty: 12 });
    const unitB = await made(as.manager, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Unit type B', qty: 3 });
    const cell = (unit: Row, opt: Row, qty: number) =>
      made(as.manager, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: opt.id, qty });
    await cell(unitA, mirrorOption, 1);
    await cell(unitB, mirrorOption, 2);
    const shelfCell = await cell(unitA, shelfOption, 2);

    const first = await as.supervisor.post(`/api/estimates/${String(e.id)}/items_from_takeoff`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ created: 2, updated: 0 });
    const items = async () =>
      await env.db.query<Row>(
        'SELECT takeoff_option_id, product_id, description, qty::float8 AS qty, amount::float8 AS amount, cost::float8 AS cost FROM estimate_items WHERE estimate_id = $1 ORDER BY id',
        [e.id],
      );
    expect(await items()).toEqual([
      { takeoff_option_id: mirrorOption.id, product_id: mirror.id, description: 'Vanity mirror', qty: 18, amount: 450, cost: 270 },
      { takeoff_option_id: shelfOption.id, product_id: shelf.id, description: 'Glass shelf', qty: 24, amount: 240, cost: 96 },
    ]);

    // the admin types over the mirror's amount; then the takeoff changes
    const [mirrorItem] = await env.db.query<Row>('SELECT id FROM estimate_items WHERE estimate_id = $1 AND takeoff_option_id = $2', [e.id, mirrorOption.id]);
    expect((await as.manager.patch(`/api/estimate_items/${String(mirrorItem!.id)}`, { amount: 500 })).status).toBe(200);
    expect((await as.manager.patch(`/api/takeoff_units/${String(unitB.id)}`, { qty: 4 })).status).toBe(200);
    expect((await as.manager.patch(`/api/takeoff_items/${String(shelfCell.id)}`, { qty: 3 })).status).toBe(200);
    // the shelf's line offers the mirror as its alternate, at the mirror's standard × qty: it follows qty too
    const [shelfItem] = await env.db.query<Row>('SELECT id FROM estimate_items WHERE estimate_id = $1 AND takeoff_option_id = $2', [e.id, shelfOption.id]);
    const alternate = { alternate_product_id: mirror.id, alternate_amount: 600, alternate_cost: 360 };
    expect((await as.manager.patch(`/api/estimate_items/${String(shelfItem!.id)}`, alternate)).status).toBe(200);
    const second = await as.supervisor.post(`/api/estimates/${String(e.id)}/items_from_takeoff`);
    expect(second.body).toMatchObject({ created: 0, updated: 2 });
    const [shelfAlternate] = await env.db.query<Row>(
      'SELECT alternate_amount::float8 AS alternate_amount, alternate_cost::float8 AS alternate_cost FROM estimate_items WHERE id = $1',
      [shelfItem!.id],
    );
    expect(shelfAlternate).toEqual({ alternate_amount: 900, alternate_cost: 540 });
    expect(await items()).toEqual([
      { takeoff_option_id: mirrorOption.id, product_id: mirror.id, description: 'Vanity mirror', qty: 20, amount: 500, cost: 300 },
      { takeoff_option_id: shelfOption.id, product_id: shelf.id, description: 'Glass shelf', qty: 36, amount: 360, cost: 144 },
    ]);
    // nothing changed: nothing written
    expect((await as.supervisor.post(`/api/estimates/${String(e.id)}/items_from_takeoff`)).body).toMatchObject({ created: 0, updated: 0 });

    // without estimates_admin the answer leaves the amounts out
    const asEstimator = (await as.supervisor.get(`/api/estimates/${String(e.id)}`)).body;
    expect((asEstimator.items as Row[])[0]).not.toHaveProperty('amount');

    await status(as.manager, e.id, 'open');
    expect((await as.manager.post(`/api/estimates/${String(e.id)}/items_from_takeoff`)).status).toBe(409);
  });
});

describe('items from the takeoff, beside lines added by hand', () => {
  it("takes a product already on the estimate by hand as the option's line (marked from the takeoff), never a second one", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const door = await made(as.admin, 'products', {
      name: `Inline Door & Panel ${++seq}`,
      category_id: category.id,
      cost_per_unit: 600,
      revenue_per_unit: 1000,
    });
    const option = await made(as.admin, 'takeoff_options', {
      takeoffable_type: 'product',
      takeoffable_id: door.id,
      product_category_id: category.id,
      description: 'Inline door & panel',
    });
    const e = await estimate();
    const byHand = await as.supervisor.post('/api/estimate_items', {
      estimate_id: e.id,
      product_id: door.id,
      qty: 1,
      description: 'Inline Door & Panel, clear',
    });
    expect(byHand.status).toBe(201);
    const takeoff = await made(as.manager, 'takeoffs', { estimate_id: e.id });
    const unit = await made(as.manager, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Bath', qty: 2 });
    await made(as.manager, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty: 1 });

    const res = await as.supervisor.post(`/api/estimates/${String(e.id)}/items_from_takeoff`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, updated: 0, matched: 1 });
    const items = await env.db.query<Row>(
      'SELECT id, takeoff_option_id, description, qty::float8 AS qty, amount::float8 AS amount FROM estimate_items WHERE estimate_id = $1',
      [e.id],
    );
    expect(items).toEqual([{ id: (byHand.body as Row).id, takeoff_option_id: option.id, description: 'Inline Door & Panel, clear', qty: 2, amount: 2000 }]);
    expect((await as.manager.get(`/api/estimates/${String(e.id)}`)).body.total).toBe(2000);
    // once the takeoff's, it is the option's line: nothing more to do
    expect((await as.supervisor.post(`/api/estimates/${String(e.id)}/items_from_takeoff`)).body).toMatchObject({ created: 0, updated: 0, matched: 0 });
  });
});

describe('converting a won estimate', () => {
  it('makes its job once, with the products from the items, and links it', async () => {
    const category = (await env.db.query<Row>("INSERT INTO product_categories (name) VALUES ('Mirrors') RETURNING id"))[0]!;
    const product = await made(as.admin, 'products', { name: `Door ${++seq}`, cost_per_unit: 100, revenue_per_unit: 180 });
    const number = `EST-${seq}`;
    const e = await estimate({
      job_number: number,
      job_address: '12 Harbor Rd',
      job_start_date: '2026-12-01',
      job_end_date: '2026-12-18',
      product_category_list: [category.id],
      items: [
        { product_id: product.id, qty: 2, amount: 400, cost: 210, description: 'Shower door', notes: 'left' },
        { description: 'Haul away', qty: 1, amount: 50 },
      ],
    });
    expect((await as.manager.post(`/api/estimates/${String(e.id)}/convert`)).status).toBe(409);
    await status(as.manager, e.id, 'open');
    await status(as.manager, e.id, 'won');
    const res = await as.manager.post(`/api/estimates/${String(e.id)}/convert`);
    expect(res.status).toBe(200);
    const job = res.body.data as unknown as Row;
    expect(job).toMatchObject({
      client_id: client.id,
      number,
      name: e.name,
      address: '12 Harbor Rd',
      start_date: '2026-12-01',
      end_date: '2026-12-18',
      scope_array: ['Mirrors'],
    });
    expect((job.products as Row[]).map((p) => [p.product_id, p.name, p.qty, p.cost, p.revenue, p.note])).toEqual([
      [product.id, 'Shower door', 2, 210, 400, 'left'],
      [null, 'Haul away', 1, null, 50, null],
    ]);
    expect((await stored(e.id)).job_id).toBe(job.id);
    expect(job.estimate).toMatchObject({ id: e.id });
    const again = await as.manager.post(`/api/estimates/${String(e.id)}/convert`);
    expect((again.body.data as unknown as Row).id).toBe(job.id);
    expect((await env.db.query<Row>('SELECT count(*)::int AS n FROM jobs WHERE number = $1', [number]))[0]!.n).toBe(1);
  });

  it("makes the client's chosen alternates the job's products", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const base = await made(as.admin, 'products', { name: `Framed ${++seq}`, category_id: category.id });
    const alternate = await made(as.admin, 'products', { name: `Frameless ${seq}`, category_id: category.id });
    const e = await estimate({
      items: [
        {
          product_id: base.id,
          alternate_product_id: alternate.id,
          qty: 1,
          amount: 900,
          cost: 500,
          alternate_amount: 1400,
          alternate_cost: 800,
          description: 'Framed door',
          alternate_description: 'Frameless door',
        },
        { description: 'Haul away', qty: 1, amount: 50 },
      ],
      alternate_categories: [category.id],
    });
    await status(as.manager, e.id, 'open');
    await status(as.manager, e.id, 'won');
    const job = (await as.manager.post(`/api/estimates/${String(e.id)}/convert`)).body.data as unknown as Row;
    expect((job.products as Row[]).map((p) => [p.product_id, p.name, p.cost, p.revenue])).toEqual([
      [alternate.id, 'Frameless door', 800, 1400],
      [null, 'Haul away', null, 50],
    ]);
  });

  it('numbers the job when the estimate has no job number: the one asked for, else the numbering rule', async () => {
    const year = new Date().getFullYear();
    const prefix = jobNumberPrefix(year);
    const taken = async () => (await env.db.query<{ number: string }>('SELECT number FROM jobs WHERE number IS NOT NULL')).map((r) => r.number);
    await made(as.manager, 'jobs', { client_id: client.id, number: nextJobNumber(await taken(), year) });
    const won = async () => {
      const e = await estimate();
      await status(as.manager, e.id, 'open');
      await status(as.manager, e.id, 'won');
      return e;
    };
    // the rule's next, offered to the estimator, and given when none is asked for
    const e = await won();
    const expected = nextJobNumber(await taken(), year);
    expect(expected.startsWith(prefix)).toBe(true);
    const proposed = await as.supervisor.get(`/api/estimates/${String(e.id)}/job_number`);
    expect(proposed.status).toBe(200);
    expect(proposed.body.data).toEqual({ number: expected });
    const job = (await as.manager.post(`/api/estimates/${String(e.id)}/convert`)).body.data as unknown as Row;
    expect(job.number).toBe(expected);
    expect((await as.manager.get(`/api/estimates/${String(e.id)}`)).body.job_number).toBe(expected);
    // the number the estimator typed
    const other = await won();
    const asked = `ASKED-${++seq}`;
    const res = await as.manager.post(`/api/estimates/${String(other.id)}/convert`, { job_number: ` ${asked} ` });
    expect((res.body.data as unknown as Row).number).toBe(asked);
    // an estimate with its number proposes it
    const own = `EST-${++seq}`;
    const numbered = await estimate({ job_number: own });
    expect((await as.manager.get(`/api/estimates/${String(numbered.id)}/job_number`)).body.data).toEqual({ number: own });
  });

  it('writes nothing when the job is refused (its number taken by another job)', async () => {
    const number = `TAKEN-${++seq}`;
    const e = await estimate({ job_number: number });
    await made(as.manager, 'jobs', { client_id: client.id, number });
    await status(as.manager, e.id, 'open');
    await status(as.manager, e.id, 'won');
    const res = await as.manager.post(`/api/estimates/${String(e.id)}/convert`);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ number: ['The number has already been taken.'] });
    expect((await stored(e.id)).job_id).toBeNull();
  });
});

describe('revisions', () => {
  it('copies the latest revision as the next, a draft with its items, notes and takeoff; the older one is kept as it was', async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const option = await made(as.admin, 'takeoff_options', {
      takeoffable_type: 'product_category',
      takeoffable_id: category.id,
      product_category_id: category.id,
      description: 'Mirrors',
    });
    const first = await estimate({
      items: [
        { description: 'Mirror', qty: 2, amount: 200 },
        { description: 'Shelf', qty: 1, amount: 40 },
      ],
      category_notes: [{ product_category_id: category.id, note: 'Polished edges' }],
    });
    const takeoff = await made(as.manager, 'takeoffs', { estimate_id: first.id });
    const unit = await made(as.manager, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Unit type A', qty: 4 });
    await made(as.manager, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty: 2 });
    await status(as.manager, first.id, 'open');

    expect((await as.employee.post(`/api/estimates/${String(first.id)}/revise`)).status).toBe(403);
    const res = await as.supervisor.post(`/api/estimates/${String(first.id)}/revise`);
    expect(res.status).toBe(201);
    const second = res.body.data as unknown as Row;
    expect(second).toMatchObject({ name: first.name, client_id: client.id, status: 'draft', revision: 1, revision_root_id: first.id, superseded_at: null });
    const byDescription = (rows: Row[]) => [...rows].sort((a, b) => String(a.description).localeCompare(String(b.description)));
    const [mirror, shelf] = byDescription(first.items as Row[]);
    expect(byDescription(second.items as Row[]).map((i) => [i.description, i.qty, i.revised_from_id])).toEqual([
      ['Mirror', 2, mirror!.id],
      ['Shelf', 1, shelf!.id],
    ]);
    expect((second.category_notes as Row[]).map((n) => n.note)).toEqual(['Polished edges']);
    const copiedTakeoff = (await as.manager.get(`/api/takeoffs?estimate_id=${String(second.id)}`)).body.data![0]!;
    const cells = await env.db.query<Row>(
      'SELECT u.description, u.qty::float8 AS unit_qty, i.qty::float8 AS qty FROM takeoff_items i JOIN takeoff_units u ON u.id = i.takeoff_unit_id WHERE i.takeoff_id = $1',
      [copiedTakeoff.id],
    );
    expect(cells).toEqual([{ description: 'Unit type A', unit_qty: 4, qty: 2 }]);

    // the older revision is kept as it was: no edit, no status, no second revise from it
    const older = (await as.manager.get(`/api/estimates/${String(first.id)}`)).body;
    expect(older.superseded_at).toEqual(expect.any(String));
    expect(older.status).toBe('open');
    const message = 'This is an older revision, kept as it was. Open the latest revision to change it.';
    expect((await status(as.manager, first.id, 'won')).body.message).toBe(message);
    expect((await as.manager.post(`/api/estimates/${String(first.id)}/revise`)).status).toBe(409);
    expect((await as.manager.patch(`/api/estimate_items/${String(mirror!.id)}`, { qty: 5 })).status).toBe(409);
    expect((await as.manager.patch(`/api/estimates/${String(first.id)}`, { superseded_at: null })).status).toBe(422);

    // the next revision counts on, and the series lists them all
    const third = (await as.manager.post(`/api/estimates/${String(second.id)}/revise`)).body.data as unknown as Row;
    expect(third).toMatchObject({ revision: 2, revision_root_id: first.id });
    const series = await as.manager.get(`/api/estimates?revisions_of=${String(third.id)}&sort_column=revision&sort_direction=asc`);
    expect(series.body.data!.map((e) => e.id)).toEqual([first.id, second.id, third.id]);
  });

  it("saves the client's choice of alternates with the estimate", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const e = await estimate({ alternate_categories: [category.id] });
    expect(e.alternate_categories).toEqual([category.id]);
    expect((await as.manager.patch(`/api/estimates/${String(e.id)}`, { alternate_categories: [999999] })).status).toBe(422);
  });

  it("totals the client's choice: an item with an alternate in a chosen category counts its alternate amount", async () => {
    const category = await createRecord(as.admin, 'product_categories');
    const other = await createRecord(as.admin, 'product_categories');
    const product = await made(as.admin, 'products', { name: 'Frameless door', category_id: category.id, revenue_per_unit: 400, cost_per_unit: 250 });
    const e = await estimate({
      items: [
        { product_id: product.id, qty: 2, amount: 800, cost: 500, alternate_amount: 950, alternate_cost: 600, description: 'Door' },
        { qty: 1, amount: 100, description: 'Trip charge' },
      ],
    });
    const total = async () => {
      const r = await as.manager.get(`/api/estimates/${String(e.id)}`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body as Row).total;
    };
    expect(await total()).toBe(900);
    expect((await as.manager.patch(`/api/estimates/${String(e.id)}`, { alternate_categories: [category.id] })).status).toBe(200);
    expect(await total()).toBe(1050);
    // the choice is made on an open estimate too; nothing else of it changes there
    expect((await status(as.supervisor, e.id, 'open')).status).toBe(200);
    expect((await as.supervisor.patch(`/api/estimates/${String(e.id)}`, { alternate_categories: [other.id] })).status).toBe(200);
    expect(await total()).toBe(900);
    expect((await as.supervisor.patch(`/api/estimates/${String(e.id)}`, { alternate_categories: [category.id], name: 'Renamed' })).status).toBe(409);
    // the list shows the client's name and the total, and finds the estimate by the client's name
    const clientName = String(client.name);
    const listed = await as.manager.get(`/api/estimates?search=${encodeURIComponent(clientName)}&per_page=200`);
    expect(listed.body.data!.find((r) => r.id === e.id)).toMatchObject({ client_name: clientName, total: 900 });
    // an item names its product and category; the standard prices only for estimates_admin
    const items = await as.manager.get(`/api/estimate_items?estimate_id=${String(e.id)}&sort_column=sort`);
    const door = (rows: Row[] | undefined) => rows!.find((i) => i.description === 'Door');
    expect(door(items.body.data)).toMatchObject({
      product_category_id: category.id,
      product_name: 'Frameless door',
      product_number: null,
      standard_price: 400,
      standard_cost: 250,
    });
    const seen = await as.supervisor.get(`/api/estimate_items?estimate_id=${String(e.id)}`);
    expect(door(seen.body.data)).toMatchObject({ product_category_id: category.id });
    // the estimate's GET embeds its items as their list has them
    const got = (await as.manager.get(`/api/estimates/${String(e.id)}`)).body as Row;
    expect(door(got.items as Row[])).toMatchObject({ product_category_id: category.id, product_name: 'Frameless door', standard_price: 400 });
    expect(door(seen.body.data)).not.toHaveProperty('standard_price');
    expect(door(seen.body.data)).not.toHaveProperty('amount');
  });
});
