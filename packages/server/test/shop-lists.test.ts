/**
 * Server side: the product to-do lists (`needs=`, `category_id=`, ordered by the job's
 * start date) follow the series' flags (its category's while it uses the category settings); a
 * check-off needs `edit jobs`; a site opening fills the glass size (measure-to-cut).
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const { as } = appWithRoles();

let seq = 0;
const category = (flags: Row) => made(as.manager, 'product_categories', { name: `Category ${++seq}`, ...flags });
const series = (body: Row) => made(as.manager, 'series', { name: `Series ${++seq}`, ...body });
const list = async (query: string) => {
  const res = await as.employee.get(`/api/job_products?page=1&per_page=50&sort_column=job_start_date&${query}`);
  expect(res.status).toBe(200);
  return res.body as unknown as { data: Row[]; total: number };
};
const names = (page: { data: Row[] }) => page.data.map((r) => r.name);

describe('the to-do lists', () => {
  it('list the products still needing the step whose series (or its category, when it follows it) has it, by job start date, a job together', async () => {
    const fab = await category({ enable_fabricated: true, enable_measured: true });
    const plain = await category({ enable_ordered: true });
    const follows = await series({ category_id: fab.id }); // fabricated and measured from its category
    const own = await series({ category_id: plain.id, use_category_settings: false, enable_fabricated: true }); // its own flag, not its category's
    const ownOff = await series({ category_id: fab.id, use_category_settings: false, enable_ordered: true }); // its category has the step, it does not
    const late = await madeJob(as.manager, { number: `L-${++seq}`, start_date: '2031-05-02' });
    const early = await madeJob(as.manager, { number: `E-${++seq}`, start_date: '2031-05-01' });
    const sameDay = await madeJob(as.manager, { number: `S-${++seq}`, start_date: '2031-05-01' });
    const inactive = await madeJob(as.manager, { number: `I-${++seq}`, start_date: '2031-04-01', active: false });
    const line = (job: Row, name: string, s: Row | null, extra: Row = {}) =>
      made(as.manager, 'job_products', { job_id: job.id, name, series_id: s?.id ?? null, ...extra });
    await line(late, 'late follows', follows);
    await line(early, 'early own', own);
    await line(sameDay, 'same day follows', follows);
    await line(early, 'early follows', follows, { sort: 1 });
    await line(early, 'early done', follows, { is_fabricated: true });
    await line(early, 'early own off', ownOff);
    await line(early, 'no series', null);
    await line(inactive, 'inactive job', follows);

    const toFabricate = await list(`needs=is_fabricated`);
    const mine = toFabricate.data.filter((r) => [late.id, early.id, sameDay.id, inactive.id].includes(r.job_id));
    // by start date, then by job: the two jobs of 1 May are not interleaved
    const firstJob = Math.min(early.id as number, sameDay.id as number);
    const byJob = mine.map((r) => r.job_id);
    expect(byJob.slice(0, 3)).toEqual(firstJob === early.id ? [early.id, early.id, sameDay.id] : [sameDay.id, early.id, early.id]);
    expect(mine.map((r) => r.name).sort()).toEqual(['early follows', 'early own', 'late follows', 'same day follows']);
    expect(mine.at(-1)!.name).toBe('late follows');

    // the series' category filter: own's category is `plain` (its own flag counts, not plain's)
    expect(names(await list(`needs=is_fabricated&category_id=${plain.id}`))).toEqual(['early own']);
    expect(names(await list(`needs=is_fabricated&category_id=${fab.id}&series_id=${follows.id}`)).sort()).toEqual([
      'early follows',
      'late follows',
      'same day follows',
    ]);

    // To Order: only ownOff's own flag gives the step here (plain's own series `own` does not follow plain)
    expect(names(await list(`needs=is_ordered&category_id=${fab.id}`))).toEqual(['early own off']);
    // To Measure follows the category's flag too
    expect(names(await list(`needs=is_measured&series_id=${follows.id}`)).length).toBe(4);

    // a category turning the step off takes its following series' products off the list
    await as.manager.patch(`/api/product_categories/${fab.id}`, { enable_fabricated: false });
    expect(names(await list(`needs=is_fabricated&category_id=${fab.id}`))).toEqual([]);
  });

  it('refuse an unknown step or a malformed category', async () => {
    expect((await as.employee.get('/api/job_products?page=1&needs=is_paid')).status).toBe(422);
    expect((await as.employee.get('/api/job_products?page=1&category_id=abc')).status).toBe(422);
  });

  it('check off with edit jobs only: an employee (view jobs) gets 403 and the flag stays', async () => {
    const cat = await category({ enable_fabricated: true });
    const s = await series({ category_id: cat.id });
    const job = await madeJob(as.manager, { number: `C-${++seq}` });
    const p = await made(as.manager, 'job_products', { job_id: job.id, name: 'Panel', series_id: s.id });

    const refused = await as.employee.patch(`/api/job_products/${p.id}`, { is_fabricated: true });
    expect(refused.status).toBe(403);
    expect((await as.employee.get(`/api/job_products/${p.id}`)).body.is_fabricated).toBe(false);

    const done = await as.supervisor.patch(`/api/job_products/${p.id}`, { is_fabricated: true });
    expect(done.status).toBe(200);
    expect(names(await list(`needs=is_fabricated&category_id=${cat.id}`))).toEqual([]);
    // and the undo puts it back on the list
    expect((await as.supervisor.patch(`/api/job_products/${p.id}`, { is_fabricated: false })).status).toBe(200);
    expect(names(await list(`needs=is_fabricated&category_id=${cat.id}`))).toEqual(['Panel']);
  });
});

describe('measure-to-cut', () => {
  it('fills the glass size from the opening less the series deductions, rounded down to 1/16", and marks it measured today', async () => {
    const cat = await category({ enable_dimensions: true, enable_measured: true });
    const s = await series({ category_id: cat.id, glass_width_deduction: '3/16', glass_height_deduction: '1/4' });
    expect(s).toMatchObject({ glass_width_deduction: 0.1875, glass_height_deduction: 0.25 });
    const job = await madeJob(as.manager, { number: `M-${++seq}` });

    const created = await made(as.supervisor, 'job_products', {
      job_id: job.id,
      name: 'Mirror',
      series_id: s.id,
      opening_width: '36 7/16',
      opening_height: '72.1',
    });
    const today = new Date().toISOString().slice(0, 10);
    // 72.1 − 0.25 = 71.85 → 71 13/16 (71.8125), not up to 71 7/8
    expect(created).toMatchObject({
      opening_width: 36.4375,
      opening_height: 72.1,
      glass_width: 36.25,
      glass_height: 71.8125,
      is_measured: true,
      measure_date: today,
    });

    // a new opening on one side re-cuts that side; a glass size given in the same save stays (an override)
    const changed = await as.supervisor.patch(`/api/job_products/${created.id}`, { opening_width: 40 });
    expect(changed.body).toMatchObject({ glass_width: 39.8125, glass_height: 71.8125 });
    const override = await as.supervisor.patch(`/api/job_products/${created.id}`, { opening_height: 80, glass_height: 79 });
    expect(override.body).toMatchObject({ opening_height: 80, glass_height: 79 });

    // without deductions (or without a series) the glass is the opening
    const bare = await made(as.supervisor, 'job_products', { job_id: job.id, name: 'Loose', opening_width: 20, opening_height: 30 });
    expect(bare).toMatchObject({ glass_width: 20, glass_height: 30, is_measured: true });
  });

  it('refuses an opening the deductions leave nothing of, and a negative deduction; a deduction of 0 is none', async () => {
    const s = await series({ glass_width_deduction: 1, glass_height_deduction: 0 });
    expect(s.glass_height_deduction).toBe(0);
    const job = await madeJob(as.manager, { number: `N-${++seq}` });
    const res = await as.supervisor.post('/api/job_products', { job_id: job.id, name: 'Tiny', series_id: s.id, opening_width: 1, opening_height: 1 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('opening_width');
    expect(res.body.errors).not.toHaveProperty('opening_height');
    const negative = await as.manager.post('/api/series', { name: 'Negative', glass_width_deduction: -0.5 });
    expect(negative.status).toBe(422);
    expect(negative.body.errors).toHaveProperty('glass_width_deduction');
  });
});
