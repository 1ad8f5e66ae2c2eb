/**
 * Server side: a job product's cut list is a tree the server checks (shared/rules/shop-floor/
 * cut-list.ts): a malformed one is a 422 on `cut_list_json` and is not stored; a tidy one is stored
 * tidied; a stale save of a cut list is a 409 like any record's. Employees only read it. The label
 * stock setting (Settings) takes only the stocks the print page knows.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const { as } = appWithRoles();

const jobProduct = async (body: Row = {}) => {
  const job = await madeJob(as.manager, { name: 'Cut list job' });
  return made(as.manager, 'job_products', { job_id: job.id, name: 'Shower door', qty: 1, ...body });
};
const row = (text: string, ...sub_rows: Row[]) => ({ text, sub_rows });
const chain = (depth: number): Row[] => (depth === 0 ? [] : [row(`L${depth}`, ...chain(depth - 1))]);

describe('cut lists on job products', () => {
  it('stores a tree tidied: empty rows dropped, texts trimmed', async () => {
    const p = await jobProduct({ cut_list_json: [row(' Door ', row('24 x 72'), row('')), row('')] });
    expect(p.cut_list_json).toEqual([row('Door', row('24 x 72'))]);
    const read = await as.employee.get(`/api/job_products/${p.id}`);
    expect(read.body.cut_list_json).toEqual([row('Door', row('24 x 72'))]);
  });

  it.each([
    ['not a list', { text: 'x' }, 'Must be a cut list: a list of rows, each with text and sub_rows.'],
    ['a row that is not a row', [row('a', 'b' as unknown as Row)], 'Must be a cut list: a list of rows, each with text and sub_rows.'],
    ['a text too long', [row('x'.repeat(501))], "A cut list row's text must be at most 500 characters."],
    ['too deep', chain(9), 'A cut list can be at most 8 levels deep.'],
    ['too many rows', Array.from({ length: 2001 }, (_, i) => row(`R${i}`)), 'A cut list can have at most 2000 rows.'],
  ])('answers 422 on the field for %s, and stores nothing', async (_, tree, message) => {
    const p = await jobProduct({ cut_list_json: [row('Kept')] });
    const res = await as.manager.patch(`/api/job_products/${p.id}`, { ...p, cut_list_json: tree });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ cut_list_json: [message] });
    const created = await as.manager.post('/api/job_products', { job_id: p.job_id, name: 'New', cut_list_json: tree });
    expect(created.status).toBe(422);
    expect((await as.manager.get(`/api/job_products/${p.id}`)).body.cut_list_json).toEqual([row('Kept')]);
  });

  it('refuses a stale save of a cut list with 409, keeping the newer list', async () => {
    const p = await jobProduct({ cut_list_json: [row('First')] });
    const saved = await as.manager.patch(`/api/job_products/${p.id}`, { ...p, cut_list_json: [row('Second')] });
    expect(saved.status).toBe(200);
    const stale = await as.supervisor.patch(`/api/job_products/${p.id}`, { ...p, cut_list_json: [row('Stale')] });
    expect(stale.status).toBe(409);
    expect((await as.manager.get(`/api/job_products/${p.id}`)).body.cut_list_json).toEqual([row('Second')]);
  });

  it('lets an employee read a cut list but not change it', async () => {
    const p = await jobProduct({ cut_list_json: [row('Door')] });
    const res = await as.employee.patch(`/api/job_products/${p.id}`, { ...p, cut_list_json: [row('Changed')] });
    expect(res.status).toBe(403);
  });
});

describe('the label stock setting', () => {
  it('takes one of the known stocks (or none), and refuses anything else on the value', async () => {
    const bad = await as.admin.post('/api/settings/store_many', { data: [{ name: 'label_stock', value: 'napkin' }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['data.0.value']);
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'label_stock', value: 'thermal-2.25x1.25' }] })).status).toBe(200);
    const read = await as.employee.get('/api/settings');
    expect((read.body.data as Row[]).find((s) => s.name === 'label_stock')?.value).toBe('thermal-2.25x1.25');
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'label_stock', value: '' }] })).status).toBe(200);
    expect((await as.manager.post('/api/settings/store_many', { data: [{ name: 'label_stock', value: 'letter-30' }] })).status).toBe(403);
  });
});
