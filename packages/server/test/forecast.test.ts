/**
 * The forecast's API (`GET /api/forecasting`): the figures of a small hand-computed set
 * (the same the shared rules compute, shared/rules/analysis/forecast.test.ts), on PGlite and on
 * PostgreSQL; 403 without `view forecasting`; 422 for weeks out of 1..26. The weeks are pinned with
 * `start` (Wednesday 2026-07-01: weeks from Sunday 6/28); this file's database is its own.
 */
import { calibratedRatio, weightedValue } from '@glazier/shared/rules/analysis/forecast';
import { firstShortages, weeklyLoad } from './analysis-oracles.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made as madeAs } from './harness.ts';

const { env, ids, as } = appWithRoles();
const made = (name: string, body: Row) => madeAs(as.admin, name, body);
const Q = 'start=2026-07-01&weeks=3';

let glass: Row;

async function estimate(client: Row, type: string, date: string, amount: number, status: 'draft' | 'open' | 'won' | 'lost', jobStart?: string): Promise<Row> {
  const e = await made('estimates', {
    client_id: client.id,
    name: `${type} ${date}`,
    type,
    date,
    job_start_date: jobStart ?? null,
    items: [{ description: 'Glass', qty: 1, amount }],
  });
  if (status !== 'draft') expect((await as.admin.post(`/api/estimates/${e.id}/status`, { status: 'open' })).status).toBe(200);
  if (status === 'won' || status === 'lost') expect((await as.admin.post(`/api/estimates/${e.id}/status`, { status })).status).toBe(200);
  return e;
}
const q = (text: string, params: unknown[] = []) => env.db.query(text, params);
const events = async (job: Row, dates: string[]) => {
  for (const date of dates) await q('INSERT INTO events (job_id, date, user_id) VALUES ($1, $2, $3)', [job.id, date, ids.supervisor.id]);
};

beforeAll(async () => {
  const client = await made('clients', { name: 'Forecast Homes' });
  glass = await made('materials', { number: 'FC-GLASS', description: 'Clear glass', starting_qty: 5 });
  const frame = await made('materials', { number: 'FC-FRAME', description: 'Frame', starting_qty: 100 });
  // P1: 2 h a unit, half a glass; P2: half an hour, a quarter glass and a frame; P3: no labour, a glass.
  const p1 = await made('products', { name: 'Mirror', hours_per_unit: 2 });
  const p2 = await made('products', { name: 'Shelf', hours_per_unit: 0.5 });
  const p3 = await made('products', { name: 'Pane' });
  for (const [product, material, qty] of [
    [p1, glass, 0.5],
    [p2, glass, 0.25],
    [p2, frame, 1],
    [p3, glass, 1],
  ] as const) {
    await q('INSERT INTO product_materials (product_id, material_id, qty) VALUES ($1, $2, $3)', [product.id, material.id, qty]);
  }
  // History: a completed job of 8 h estimated took 10 (calibration 1.25); one completed before the 12 months does not count.
  const h = await made('jobs', {
    client_id: client.id,
    number: 'FC-H',
    start_date: '2026-03-01',
    end_date: '2026-03-10',
    products: [{ product_id: p1.id, qty: 4 }],
  });
  const old = await made('jobs', {
    client_id: client.id,
    number: 'FC-OLD',
    start_date: '2025-01-01',
    end_date: '2025-01-02',
    products: [{ product_id: p1.id, qty: 1 }],
  });
  await q('UPDATE jobs SET is_complete = true WHERE id IN ($1, $2)', [h.id, old.id]);
  await q('INSERT INTO time_entries (user_id, job_id, date, hours) VALUES ($1, $2, $3, 10), ($1, $4, $5, 20)', [
    ids.employee.id,
    h.id,
    '2026-03-05',
    old.id,
    '2025-01-01',
  ]);
  // X: 12 h estimated, 900 of products' revenue, on 6/29, 6/30 (two events) and 7/6 (an event deleted on 7/14).
  const x = await made('jobs', { client_id: client.id, number: 'FC-X', start_date: '2026-06-29', products: [{ product_id: p1.id, qty: 6, revenue: 900 }] });
  await events(x, ['2026-06-29', '2026-06-30', '2026-06-30', '2026-07-06', '2026-07-14']);
  await q("UPDATE events SET deleted_at = now() WHERE job_id = $1 AND date = '2026-07-14'", [x.id]);
  // Y: 8 h estimated, invoiced 300 + 100 trip, on 6/20 (before the weeks) and 7/7; its panes are ordered already.
  const y = await made('jobs', {
    client_id: client.id,
    number: 'FC-Y',
    start_date: '2026-06-20',
    invoice_amount: 300,
    trip_charge: 100,
    products: [
      { product_id: p2.id, qty: 16, revenue: 50 },
      { product_id: p3.id, qty: 40 },
    ],
  });
  await q('UPDATE job_products SET is_ordered = true WHERE job_id = $1 AND product_id = $2', [y.id, p3.id]);
  await events(y, ['2026-06-20', '2026-07-07']);
  // Glass: 5 on hand + 1 on order; X wants 3 in the week of 6/28, Y 4 in the week of 7/5: short by 1 then.
  const vendor = await made('vendors', { name: 'Forecast Glass Co' });
  await made('purchase_orders', { vendor_id: vendor.id, purchase_order_materials: [{ material_id: glass.id, qty: 1 }] });
  // The crew: the supervisor, and the employee who can be scheduled; an inactive supervisor does not count.
  await q('UPDATE users SET can_be_scheduled = (id = $1)', [ids.employee.id]);
  await q("INSERT INTO users (name, email, role, active) VALUES ('Gone', 'gone@example.test', 'supervisor', false)");

  // Win rates over the 12 months before: commercial 2 won of 3, residential 0 of 1 (a loss in 2025-01 is older).
  await estimate(client, 'commercial', '2026-01-10', 100, 'won');
  await estimate(client, 'commercial', '2026-02-10', 100, 'won');
  await estimate(client, 'commercial', '2026-03-10', 100, 'lost');
  await estimate(client, 'commercial', '2025-01-10', 100, 'lost');
  await estimate(client, 'residential', '2026-04-10', 100, 'lost');
  // Open, starting in the weeks' months: 1000 commercial in July, 500 residential in June; not: September, a draft.
  await estimate(client, 'commercial', '2026-06-01', 1000, 'open', '2026-07-15');
  await estimate(client, 'residential', '2026-06-02', 500, 'open', '2026-06-05');
  await estimate(client, 'commercial', '2026-06-03', 700, 'open', '2026-09-01');
  await estimate(client, 'commercial', '2026-06-04', 900, 'draft', '2026-07-20');
});

describe('the forecast', () => {
  it('crew hours, capacity and revenue per week, as the rules compute them', async () => {
    const res = await as.manager.get(`/api/forecasting?${Q}`);
    expect(res.status).toBe(200);
    const d = res.body.data as unknown as Row & { weeks: Row[] };
    expect(d).toMatchObject({ start: '2026-06-28', end: '2026-07-18', months: ['2026-06', '2026-07'], schedulable_users: 2 });
    expect(d.calibration).toEqual({ ratio: calibratedRatio(10, 8), jobs: 1, estimated_hours: 8, logged_hours: 10, since: '2025-06-28' });
    const weeks = weeklyLoad(
      [
        { estimated_hours: 12, revenue: 900, days: ['2026-06-29', '2026-06-30', '2026-07-06'] },
        { estimated_hours: 8, revenue: 400, days: ['2026-06-20', '2026-07-07'] },
      ],
      1.25,
      ['2026-06-28', '2026-07-05', '2026-07-12'],
    );
    expect(d.weeks).toEqual(weeks.map((w) => ({ ...w, capacity: 80 })));
    expect(d.weeks).toEqual([
      { week: '2026-06-28', install_days: 2, jobs: 1, hours: 10, capacity: 80, revenue: 600 },
      { week: '2026-07-05', install_days: 2, jobs: 2, hours: 10, capacity: 80, revenue: 500 },
      { week: '2026-07-12', install_days: 0, jobs: 0, hours: 0, capacity: 80, revenue: 0 },
    ]);
  });

  it('open estimates by job start month and type, weighted by the type’s win rate', async () => {
    const d = (await as.manager.get(`/api/forecasting?${Q}`)).body.data as unknown as { estimates: Row[] };
    expect(d.estimates).toEqual([
      { month: '2026-06', type: 'residential', estimates: 1, value: 500, win_rate: 0, weighted: 0 },
      { month: '2026-07', type: 'commercial', estimates: 1, value: 1000, win_rate: 2 / 3, weighted: weightedValue(1000, 2 / 3) },
    ]);
  });

  it('a material is short in the first week its demand runs past on hand + on order', async () => {
    const d = (await as.manager.get(`/api/forecasting?${Q}`)).body.data as unknown as { shortages: Row[] };
    const [rule] = firstShortages(
      [
        { material_id: glass.id as number, week: '2026-06-28', qty: 3 },
        { material_id: glass.id as number, week: '2026-07-05', qty: 4 },
      ],
      new Map([[glass.id as number, 6]]),
    );
    const { available, ...figures } = rule!;
    expect(available).toBe(6);
    expect(d.shortages).toEqual([{ ...figures, material_number: 'FC-GLASS', description: 'Clear glass', on_hand: 5, on_order: 1 }]);
    expect(d.shortages).toEqual([
      {
        week: '2026-07-05',
        material_id: glass.id,
        material_number: 'FC-GLASS',
        description: 'Clear glass',
        on_hand: 5,
        on_order: 1,
        demand: 7,
        short_by: 1,
        short_by_end: 1,
      },
    ]);
  });

  it('twelve weeks unless asked, from the week holding today', async () => {
    const d = (await as.admin.get('/api/forecasting?start=2026-07-01')).body.data as unknown as { weeks: Row[] };
    expect(d.weeks).toHaveLength(12);
    const now = (await as.admin.get('/api/forecasting?weeks=1')).body.data as unknown as { start: string };
    const today = new Date();
    today.setUTCDate(today.getUTCDate() - today.getUTCDay());
    expect(now.start).toBe(today.toISOString().slice(0, 10));
  });
});

describe('access and input', () => {
  it('needs view forecasting: 403 for the supervisor and the employee', async () => {
    expect((await as.supervisor.get(`/api/forecasting?${Q}`)).status).toBe(403);
    expect((await as.employee.get(`/api/forecasting?${Q}`)).status).toBe(403);
    expect((await as.admin.get(`/api/forecasting?${Q}`)).status).toBe(200);
  });
  it('weeks out of 1..26, or a day that is not one, is a 422 on its field', async () => {
    for (const weeks of ['0', '27', '2.5', 'many']) {
      const res = await as.manager.get(`/api/forecasting?weeks=${weeks}`);
      expect(res.status, weeks).toBe(422);
      expect(res.body.errors).toHaveProperty('weeks');
    }
    const bad = await as.manager.get('/api/forecasting?start=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('start');
  });
});
