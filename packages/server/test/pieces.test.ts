/**
 * pieces of job products. A piece (a unit of a dimensions product, a leaf of a
 * cut list) is marked measured or fabricated on its own by `job_products.mark_piece`; the product
 * is fabricated only when every piece is; a qty or cut list change adds or drops pieces; marking
 * the whole product marks every piece; a product fabricated before pieces existed has all its
 * pieces fabricated; the to-do lists and the schedule's readiness read the pieces; no generic
 * write moves a piece.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const { as } = appWithRoles();

let seq = 0;
type Marked = { data: Row & { pieces: Row[] }; errors: Record<string, string[]> };
const mark = async (id: unknown, position: number, step: string, done: boolean, who = as.supervisor) => {
  const res = await who.post(`/api/job_products/${id}/pieces/${position}/mark`, { step, done });
  return { status: res.status, body: res.body as unknown as Marked };
};
const markMany = async (id: unknown, body: Row, who = as.supervisor) => {
  const res = await who.post(`/api/job_products/${id}/pieces/mark`, body);
  return { status: res.status, body: res.body as unknown as Marked };
};
/** The product's history, newest first. */
const historyOf = async (id: unknown) => ((await as.manager.get(`/api/history/job_products/${id}`)).body.data as Row[]).map((e) => e.action);
/** The product as a GET answers it, with its pieces. */
const read = async (id: unknown) => (await as.employee.get(`/api/job_products/${id}`)).body as Row & { pieces: Row[] };
const marks = (pieces: Row[]) => pieces.map((p) => [p.position, p.is_measured, p.is_fabricated]);

async function fixture(flags: Row = { enable_dimensions: true, enable_measured: true, enable_fabricated: true }) {
  const cat = await made(as.manager, 'product_categories', { name: `Pieces ${++seq}`, ...flags });
  const series = await made(as.manager, 'series', { name: `Pieces series ${++seq}`, category_id: cat.id });
  const job = await madeJob(as.manager, { number: `PC-${++seq}`, start_date: '2034-03-01' });
  return { cat, series, job };
}

describe('pieces of a job product', () => {
  it('are marked one at a time: the product is fabricated only when every piece is, in one write with its history', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 2, glass_width: 30, glass_height: 70 });
    expect((await as.employee.get(`/api/job_products/${door.id}`)).body.pieces).toEqual([]); // all as the product is: nothing stored

    const first = await mark(door.id, 1, 'is_fabricated', true);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: door.id, is_fabricated: false });
    expect(marks(first.body.data.pieces)).toEqual([
      [1, false, true],
      [2, false, false],
    ]);
    expect(String(first.body.data.updated_at) > String(door.updated_at)).toBe(true);
    // still on To Fabricate; measured apart from fabricated
    const toFabricate = async () =>
      ((await as.employee.get(`/api/job_products?page=1&needs=is_fabricated&series_id=${series.id}&with_pieces=true`)).body.data as Row[]).map((r) => r.name);
    expect(await toFabricate()).toEqual(['Door']);

    const second = await mark(door.id, 2, 'is_fabricated', true);
    expect(second.body.data.is_fabricated).toBe(true);
    // every piece as the product is again: none stored, the product says it
    expect(second.body.data.pieces).toEqual([]);
    expect(await toFabricate()).toEqual([]);

    const history = await as.manager.get(`/api/history/job_products/${door.id}`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain('mark_piece');

    // unmarking one piece takes the product back
    const back = await mark(door.id, 2, 'is_fabricated', false);
    expect(back.body.data.is_fabricated).toBe(false);
    expect(marks(back.body.data.pieces)).toEqual([
      [1, false, true],
      [2, false, false],
    ]);
  });

  it('of a cut list are its leaves, each on its own', async () => {
    const { series, job } = await fixture({ enable_cutlist: true, enable_fabricated: true });
    const leaf = (text: string, ...sub_rows: Row[]) => ({ text, sub_rows });
    const shelves = await made(as.manager, 'job_products', {
      job_id: job.id,
      name: 'Shelves',
      series_id: series.id,
      qty: 1,
      cut_list_json: [leaf('Closet', leaf('12 x 30'), leaf('12 x 24')), leaf('Pantry')],
    });
    const res = await mark(shelves.id, 3, 'is_fabricated', true);
    expect(res.status).toBe(200);
    expect(res.body.data.pieces.map((p: Row) => [p.description, p.is_fabricated])).toEqual([
      ['Closet › 12 x 30', false],
      ['Closet › 12 x 24', false],
      ['Pantry', true],
    ]);
    // no 4th leaf; measuring is not this series' step
    expect((await mark(shelves.id, 4, 'is_fabricated', true)).status).toBe(404);
    const noStep = await mark(shelves.id, 1, 'is_measured', true);
    expect(noStep.status).toBe(422);
    expect(noStep.body.errors).toHaveProperty('step');
  });

  it('follow the product: a new qty adds an unmarked piece (no longer fabricated) or drops the last; a whole-product mark marks every piece', async () => {
    const { series, job } = await fixture();
    // fabricated before pieces were marked apart: every piece is fabricated
    const panel = await made(as.manager, 'job_products', { job_id: job.id, name: 'Panel', series_id: series.id, qty: 2, is_fabricated: true });
    const three = await as.supervisor.patch(`/api/job_products/${panel.id}`, { qty: 3 });
    expect(three.status).toBe(200);
    expect(three.body.is_fabricated).toBe(false);
    const threePieces = [
      [1, false, true],
      [2, false, true],
      [3, false, false],
    ];
    expect(marks((await read(panel.id)).pieces)).toEqual(threePieces);
    // the save's answer has the pieces as it left them, as the document says
    expect(marks((three.body as unknown as { pieces: Row[] }).pieces)).toEqual(threePieces);
    // back to 2: the unmade third goes, the two made stay: fabricated again
    const two = await as.supervisor.patch(`/api/job_products/${panel.id}`, { qty: 2 });
    expect(two.body.is_fabricated).toBe(true);
    expect((await read(panel.id)).pieces).toEqual([]);

    // marking one piece of a product fabricated as a whole leaves the others fabricated
    const one = await mark(panel.id, 1, 'is_fabricated', false);
    expect(marks(one.body.data.pieces)).toEqual([
      [1, false, false],
      [2, false, true],
    ]);
    // the to-do list's tick (a PATCH of the product) marks every piece
    const all = await as.supervisor.patch(`/api/job_products/${panel.id}`, { is_fabricated: true, is_measured: true });
    expect(all.body).toMatchObject({ is_fabricated: true, is_measured: true });
    expect((await read(panel.id)).pieces).toEqual([]);
    // an echo of the product's flags changes no piece
    await mark(panel.id, 2, 'is_measured', false);
    const echo = await as.supervisor.patch(`/api/job_products/${panel.id}`, { is_fabricated: true, is_measured: false, note: 'Edge polished' });
    expect(echo.status).toBe(200);
    expect(marks((await read(panel.id)).pieces)).toEqual([
      [1, true, true],
      [2, false, true],
    ]);
  });

  it("follow a change of their series' flags or its category's at once, in the series' save, not at the product's next save", async () => {
    const cutList = [{ text: 'Panel 30 × 70', sub_rows: [] }];
    // two units, the first fabricated on its own; a cut list of one leaf, not printed while the series has no cut lists
    const twoUnits = async (seriesId: unknown, jobId: unknown) => {
      const p = await made(as.manager, 'job_products', { job_id: jobId, name: 'Panel', series_id: seriesId, qty: 2, cut_list_json: cutList });
      await mark(p.id, 1, 'is_fabricated', true);
      return p;
    };
    const { series, job } = await fixture();
    const own = await twoUnits(series.id, job.id);
    // the series' own flags: a cut list, so the product is its one leaf, fabricated: the product is fabricated
    const saved = await as.manager.patch(`/api/series/${series.id}`, {
      use_category_settings: false,
      enable_cutlist: true,
      enable_dimensions: true,
      enable_measured: true,
      enable_fabricated: true,
    });
    expect(saved.status).toBe(200);
    const after = await read(own.id);
    expect(after).toMatchObject({ is_fabricated: true, pieces: [] });
    expect(await historyOf(own.id)).toContain('update');

    // the same through the category a series follows
    const followed = await fixture();
    const viaCategory = await twoUnits(followed.series.id, followed.job.id);
    expect((await as.manager.patch(`/api/product_categories/${followed.cat.id}`, { enable_cutlist: true })).status).toBe(200);
    expect(await read(viaCategory.id)).toMatchObject({ is_fabricated: true, pieces: [] });
  });

  it('count in the schedule readiness by piece', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 3, is_measured: true });
    await made(as.manager, 'job_products', { job_id: job.id, name: 'Whole', series_id: series.id, qty: 2, is_measured: true });
    await made(as.manager, 'events', { job_id: job.id, date: '2034-03-10' });
    const readiness = async () =>
      ((await as.employee.get('/api/schedule/readiness?start=2034-03-10&end=2034-03-10')).body.data as Row[]).find((r) => r.job_id === job.id);
    // each product counts once while its pieces are as it is
    expect(await readiness()).toMatchObject({ not_measured: 0, not_fabricated: 2 });
    await mark(door.id, 1, 'is_fabricated', true);
    // the door's two pieces still to make, and the whole product
    expect(await readiness()).toMatchObject({ not_measured: 0, not_fabricated: 3 });
  });

  it('are moved by their action only, with edit jobs', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 2 });
    const marked = await mark(door.id, 1, 'is_measured', true);
    const piece = marked.body.data.pieces[0] as Row;
    expect((await as.admin.patch(`/api/job_product_pieces/${piece.id}`, { is_fabricated: true })).status).toBe(403);
    expect((await as.admin.post('/api/job_product_pieces', { job_product_id: door.id, position: 3 })).status).toBe(403);
    expect((await as.admin.del(`/api/job_product_pieces/${piece.id}`)).status).toBe(403);
    // readable as the jobs are
    const listed = await as.employee.get(`/api/job_product_pieces?job_product_id=${door.id}&sort_column=position`);
    expect(listed.status).toBe(200);
    expect((listed.body.data as Row[]).map((p) => p.position)).toEqual([1, 2]);

    expect((await mark(door.id, 1, 'is_fabricated', true, as.employee)).status).toBe(403);
    expect((await mark(999999999, 1, 'is_fabricated', true)).status).toBe(404);
    expect((await mark(door.id, 0, 'is_fabricated', true)).status).toBe(404);
    const bad = await mark(door.id, 1, 'is_paid', 'yes' as unknown as boolean);
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['done', 'step']);
  });
});

describe('several pieces of a job product (job_products.mark_pieces)', () => {
  it('are marked in one write with one history row, the product from its pieces', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 4 });
    const two = await markMany(door.id, { step: 'is_fabricated', done: true, positions: [3, 1] });
    expect(two.status).toBe(200);
    expect(two.body.data).toMatchObject({ id: door.id, is_fabricated: false });
    expect(marks(two.body.data.pieces)).toEqual([
      [1, false, true],
      [2, false, false],
      [3, false, true],
      [4, false, false],
    ]);
    expect(await historyOf(door.id)).toEqual(['mark_pieces', 'create']);
    // the rest: every piece fabricated, so the product is (and no piece need be stored)
    const rest = await markMany(door.id, { step: 'is_fabricated', done: true, positions: [2, 4] });
    expect(rest.body.data.is_fabricated).toBe(true);
    expect(rest.body.data.pieces).toEqual([]);
    // one position is the one-piece mark's history
    await markMany(door.id, { step: 'is_measured', done: true, positions: [2] });
    expect(await historyOf(door.id)).toEqual(['mark_piece', 'mark_pieces', 'mark_pieces', 'create']);
  });

  it('undo a whole-product mark as it was: a piece marked on its own before stays marked', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 3 });
    await mark(door.id, 1, 'is_fabricated', true);
    // the to-do list's tick (or Mark all fabricated): every piece
    const tick = await as.supervisor.patch(`/api/job_products/${door.id}`, { is_fabricated: true });
    expect(tick.body.is_fabricated).toBe(true);
    expect((await read(door.id)).pieces).toEqual([]);
    // its Undo unmarks the pieces the tick marked, not piece 1
    const undo = await markMany(door.id, { step: 'is_fabricated', done: false, positions: [2, 3] });
    expect(undo.status).toBe(200);
    expect(undo.body.data.is_fabricated).toBe(false);
    const back = await read(door.id);
    expect(back.is_fabricated).toBe(false);
    expect(marks(back.pieces)).toEqual([
      [1, false, true],
      [2, false, false],
      [3, false, false],
    ]);
  });

  it('refuse a bad body with field errors, a position past the pieces with 404, and write nothing', async () => {
    const { series, job } = await fixture();
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 2 });
    const errorsOf = async (body: Row) => {
      const res = await markMany(door.id, body);
      expect(res.status).toBe(422);
      return Object.keys(res.body.errors).sort();
    };
    expect(await errorsOf({ step: 'is_fabricated', done: true, positions: [] })).toEqual(['positions']);
    expect(await errorsOf({ step: 'is_fabricated', done: true, positions: [1, 1] })).toEqual(['positions']);
    expect(await errorsOf({ step: 'is_fabricated', done: true, positions: [0, 1.5] })).toEqual(['positions.0', 'positions.1']);
    expect(await errorsOf({ step: 'is_fabricated', done: true })).toEqual(['positions']);
    expect(await errorsOf({ step: 'is_paid', done: 'yes', positions: [1] })).toEqual(['done', 'step']);
    // a position past the product's pieces: nothing marked, not even the ones that exist
    const past = await markMany(door.id, { step: 'is_fabricated', done: true, positions: [1, 3] });
    expect(past.status).toBe(404);
    expect((await markMany(999999999, { step: 'is_fabricated', done: true, positions: [1] })).status).toBe(404);
    const after = await read(door.id);
    expect(after.is_fabricated).toBe(false);
    expect(after.pieces).toEqual([]);
    expect(await historyOf(door.id)).toEqual(['create']);
  });

  it("need edit jobs (and jobs_admin for a template's products), and the series' step", async () => {
    const { series, job } = await fixture({ enable_dimensions: true, enable_fabricated: true });
    const door = await made(as.manager, 'job_products', { job_id: job.id, name: 'Door', series_id: series.id, qty: 2 });
    const body = { step: 'is_fabricated', done: true, positions: [1, 2] };
    expect((await markMany(door.id, body, as.employee)).status).toBe(403);
    const noStep = await markMany(door.id, { ...body, step: 'is_measured' });
    expect(noStep.status).toBe(422);
    expect(noStep.body.errors).toHaveProperty('step');
    expect((await read(door.id)).is_fabricated).toBe(false);

    const template = await made(as.admin, 'job_templates', { name: `Pieces template ${++seq}`, products: [{ name: 'Panel', series_id: series.id, qty: 2 }] });
    const panel = (template.products as Row[])[0]!;
    expect((await markMany(panel.id, body)).status).toBe(403); // a supervisor edits jobs, not templates
    expect((await markMany(panel.id, body, as.manager)).body.data.is_fabricated).toBe(true);
  });
});
