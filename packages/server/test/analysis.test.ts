/**
 * The analysis's API: the aggregates of a small hand-computed set (the same numbers the
 * shared rules' unit tests compute, shared/rules/analysis/analysis.test.ts), on PGlite and on
 * PostgreSQL; 403 without `view analysis`; 422 for a range that is not one. The set lives in 2011,
 * out of the way of anything else.
 */
import { winRate } from '@glazier/shared/rules/analysis/estimates-labour';
import { calibrationByKey, jobProfit, overtimeWeeks, sumProfit } from './analysis-oracles.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made as madeAs } from './harness.ts';

const { env, ids, as } = appWithRoles();
const made = (name: string, body: Row) => madeAs(as.admin, name, body);
const RANGE = 'start=2011-03-01&end=2011-04-30';

let acme: Row;
let baker: Row;
let jobA: Row;
let jobB: Row;
let mirrors: Row;
let shower: Row;

async function estimate(client: Row, type: string, date: string, amount: number, status: 'draft' | 'open' | 'won' | 'lost', decided?: string): Promise<Row> {
  const e = await made('estimates', { client_id: client.id, name: `${type} ${date}`, type, date, items: [{ description: 'Glass', qty: 1, amount }] });
  if (status !== 'draft') expect((await as.admin.post(`/api/estimates/${e.id}/status`, { status: 'open' })).status).toBe(200);
  if (status === 'won' || status === 'lost') expect((await as.admin.post(`/api/estimates/${e.id}/status`, { status })).status).toBe(200);
  if (decided) await env.db.query('UPDATE estimates SET decided_at = $1 WHERE id = $2', [`${decided}T15:00:00Z`, e.id]);
  return e;
}

const entry = (user: number, job: unknown, date: string, hours: number) =>
  env.db.query('INSERT INTO time_entries (user_id, job_id, date, hours) VALUES ($1, $2, $3, $4)', [user, job, date, hours]);

beforeAll(async () => {
  await env.db.query("DELETE FROM settings WHERE name = 'burden_rate'");
  await env.db.query("INSERT INTO settings (name, value) VALUES ('burden_rate', '30')");
  const type = await made('client_types', { name: 'Commercial GC' });
  acme = await made('clients', { name: 'Acme Towers', client_type_id: type.id });
  baker = await made('clients', { name: 'Baker Homes' });
  mirrors = await made('product_categories', { name: 'Analysis Mirrors' });
  shower = await made('product_categories', { name: 'Analysis Shower' });
  const p1 = await made('products', { name: 'Wall mirror', category_id: mirrors.id, hours_per_unit: 1.5 });
  const p2 = await made('products', { name: 'Shower door', category_id: shower.id, hours_per_unit: 0.25 });
  // Job A: invoiced 1000 (+50 additional revenue, 75 trip), products 900 / 400, 10 h at its 40, +25 costs; complete.
  jobA = await made('jobs', {
    client_id: acme.id,
    number: 'AN-A',
    end_date: '2011-03-10',
    start_date: '2011-03-01',
    foreman_id: ids.supervisor.id,
    scope_array: ['Mirrors', 'Shower Glass'],
    invoice_amount: 1000,
    additional_revenues: 50,
    trip_charge: 75,
    burden_rate: 40,
    additional_costs: 25,
    mirrors_complete: true,
    shower_glass_complete: true,
    products: [
      { product_id: p1.id, qty: 4, revenue: 500, cost: 250 },
      { product_id: p2.id, qty: 8, revenue: 400, cost: 150 },
    ],
  });
  // Job B: not invoiced, products 600 / 500, 8 h at the setting's 30 (no rate of its own).
  jobB = await made('jobs', {
    client_id: baker.id,
    number: 'AN-B',
    end_date: '2011-04-02',
    start_date: '2011-03-20',
    scope_array: ['Mirrors'],
    products: [
      { name: 'Mirror', qty: 1, revenue: 400, cost: 300 },
      { name: 'Clips', qty: 1, revenue: 200, cost: 200 },
    ],
  });
  await env.db.query('UPDATE jobs SET burden_rate = NULL WHERE id = $1', [jobB.id]);
  // Job C ends after the range; its 45 hours in the week of Sunday 3/13 are the employee's overtime.
  const jobC = await made('jobs', {
    client_id: baker.id,
    number: 'AN-C',
    end_date: '2011-06-01',
    scope_array: ['Hardware'],
    products: [{ name: 'Pull', qty: 1, revenue: 90, cost: 10 }],
  });
  await entry(ids.employee.id, jobA.id, '2011-03-07', 6);
  await entry(ids.employee.id, jobA.id, '2011-03-08', 4);
  await entry(ids.supervisor.id, jobB.id, '2011-03-09', 8);
  for (const day of ['13', '14', '15', '16', '17']) await entry(ids.employee.id, jobC.id, `2011-03-${day}`, 9);

  await estimate(acme, 'commercial', '2011-03-02', 1000, 'won', '2011-03-12');
  await estimate(baker, 'residential', '2011-03-20', 500, 'lost', '2011-03-25');
  await estimate(acme, 'commercial', '2011-04-05', 300, 'won', '2011-04-25');
  await estimate(baker, 'commercial', '2011-04-10', 200, 'open');
  await estimate(baker, 'commercial', '2011-04-11', 900, 'draft');
});

const A = { revenue: 1125, cost: 825, profit: 300, margin: 300 / 1125 };
const B = { revenue: 600, cost: 740, profit: -140, margin: -140 / 600 };

describe('job profitability', () => {
  it('computes what the shared rules compute, for each job and in total', async () => {
    // The rules on the same numbers.
    const a = jobProfit(
      {
        invoice_amount: 1000,
        product_revenue: 900,
        additional_revenues: 50,
        trip_charge: 75,
        product_cost: 400,
        hours: 10,
        burden_rate: 40,
        additional_costs: 25,
      },
      30,
    );
    const b = jobProfit(
      {
        invoice_amount: null,
        product_revenue: 600,
        additional_revenues: 0,
        trip_charge: 0,
        product_cost: 500,
        hours: 8,
        burden_rate: null,
        additional_costs: 0,
      },
      30,
    );
    expect(a).toMatchObject(A);
    expect(b).toMatchObject(B);

    const res = await as.manager.get(`/api/analysis/jobs?${RANGE}&group_by=client&sort=profit&direction=asc`);
    expect(res.status).toBe(200);
    const d = res.body.data as unknown as Row & { jobs: { rows: Row[] } };
    expect(d.totals).toEqual({
      job_count: 2,
      revenue: 1725,
      product_cost: 900,
      hours: 18,
      labour_cost: 640,
      additional_costs: 25,
      cost: 1565,
      profit: 160,
      margin: sumProfit([a, b]).margin,
    });
    expect(d.setting_burden_rate).toBe(30);
    expect(d.jobs).toMatchObject({ total: 2, page: 1, last_page: 1 });
    expect(d.jobs.rows.map((r) => r.number)).toEqual(['AN-B', 'AN-A']);
    expect(d.jobs.rows[1]).toMatchObject({
      ...A,
      id: jobA.id,
      client_name: 'Acme Towers',
      foreman_name: 'Supervisor User',
      invoice_amount: 1000,
      product_revenue: 900,
      hours: 10,
      burden_rate: 40,
      labour_cost: 400,
    });
    expect(d.jobs.rows[0]).toMatchObject({ ...B, invoice_amount: null, burden_rate: 30, labour_cost: 240, foreman_name: null });
    expect(d.groups).toEqual([
      expect.objectContaining({ key: String(acme.id), label: 'Acme Towers', job_count: 1, ...A }),
      expect.objectContaining({ key: String(baker.id), label: 'Baker Homes', job_count: 1, ...B }),
    ]);
    expect((d.months as Row[]).map((m) => [m.key, m.label, m.profit])).toEqual([
      ['2011-03', 'Mar 2011', 300],
      ['2011-04', 'Apr 2011', -140],
    ]);
    // a job of several scopes counts in each
    expect((d.scopes as Row[]).map((s) => [s.label, s.revenue, s.cost])).toEqual([
      ['Mirrors', 1725, 1565],
      ['Shower Glass', 1125, 825],
    ]);
  });

  it('groups by client type, foreman, month and scope, and lists one group’s jobs', async () => {
    const groups = async (by: string) =>
      ((await as.manager.get(`/api/analysis/jobs?${RANGE}&group_by=${by}`)).body.data as unknown as { groups: Row[] }).groups.map((g) => [
        g.key,
        g.label,
        g.profit,
      ]);
    expect(await groups('client_type')).toEqual([
      [expect.any(String), 'Commercial GC', 300],
      [null, 'No client type', -140],
    ]);
    expect(await groups('foreman')).toEqual([
      [String(ids.supervisor.id), 'Supervisor User', 300],
      [null, 'No foreman', -140],
    ]);
    expect(await groups('month')).toEqual([
      ['2011-03', 'Mar 2011', 300],
      ['2011-04', 'Apr 2011', -140],
    ]);
    expect(await groups('scope')).toEqual([
      ['Mirrors', 'Mirrors', 160],
      ['Shower Glass', 'Shower Glass', 300],
    ]);
    const jobsOf = async (q: string) =>
      ((await as.manager.get(`/api/analysis/jobs?${RANGE}&${q}`)).body.data as unknown as { jobs: { rows: Row[] } }).jobs.rows.map((r) => r.number);
    expect(await jobsOf(`group_by=client&group=${String(baker.id)}`)).toEqual(['AN-B']);
    expect(await jobsOf('group_by=foreman&group=none')).toEqual(['AN-B']);
    expect(await jobsOf('group_by=scope&group=Shower%20Glass')).toEqual(['AN-A']);
    expect(await jobsOf('group_by=month&group=2011-03&per_page=1')).toEqual(['AN-A']);
    const second = await as.manager.get(`/api/analysis/jobs?${RANGE}&sort=number&direction=asc&per_page=1&page=2`);
    expect(second.body.data).toMatchObject({ jobs: { total: 2, page: 2, last_page: 2, rows: [{ number: 'AN-B' }] } });
  });
});

describe('estimates', () => {
  it('win rate, value won and days to win, by month, type and client', async () => {
    const res = await as.manager.get(`/api/analysis/estimates?${RANGE}`);
    expect(res.status).toBe(200);
    const d = res.body.data as unknown as Record<string, Row[]> & { totals: Row };
    expect(d.totals).toEqual({ estimates: 4, open: 1, won: 2, lost: 1, win_rate: winRate(2, 1), value_won: 1300, value_lost: 500, days_to_win: 15 });
    expect(d.months!.map((m) => [m.label, m.won, m.lost, m.open, m.win_rate, m.value_won, m.days_to_win])).toEqual([
      ['Mar 2011', 1, 1, 0, 0.5, 1000, 10],
      ['Apr 2011', 1, 0, 1, 1, 300, 20],
    ]);
    expect(d.types!.map((t) => [t.label, t.estimates, t.win_rate, t.value_won])).toEqual([
      ['Commercial', 3, 1, 1300],
      ['Residential', 1, 0, 0],
    ]);
    expect(d.clients!.map((c) => [c.label, c.estimates, c.win_rate, c.value_won])).toEqual([
      ['Acme Towers', 2, 1, 1300],
      ['Baker Homes', 2, 0, 0],
    ]);
  });

  it('marking an estimate won or lost records when; back to open keeps that first decision, counted only while won', async () => {
    const e = await estimate(acme, 'commercial', '2011-05-01', 10, 'won');
    const [row] = await env.db.query<{ decided_at: string | null }>('SELECT decided_at FROM estimates WHERE id = $1', [e.id]);
    expect(row!.decided_at).not.toBeNull();
    expect((await as.admin.post(`/api/estimates/${e.id}/status`, { status: 'open' })).status).toBe(200);
    const [after] = await env.db.query<{ decided_at: string | null; decision: string | null }>('SELECT decided_at, decision FROM estimates WHERE id = $1', [
      e.id,
    ]);
    expect(after).toEqual({ decided_at: row!.decided_at, decision: 'won' });
  });
});

describe('labour', () => {
  it('hours by employee, job and scope; overtime weeks', async () => {
    const res = await as.manager.get(`/api/analysis/labour?${RANGE}`);
    expect(res.status).toBe(200);
    const d = res.body.data as unknown as Row & Record<string, Row[]> & { calibration: Record<string, Row[]> };
    expect(d.total_hours).toBe(63);
    expect(d.employees!.map((e) => [e.label, e.hours, e.entries])).toEqual([
      ['Employee User', 55, 7],
      ['Supervisor User', 8, 1],
    ]);
    expect(d.jobs!.map((j) => [j.label, j.hours])).toEqual([
      ['AN-C', 45],
      ['AN-A', 10],
      ['AN-B', 8],
    ]);
    expect(d.job_count).toBe(3);
    expect(d.scopes!.map((s) => [s.label, s.hours])).toEqual([
      ['Hardware', 45],
      ['Mirrors', 18],
      ['Shower Glass', 10],
    ]);
    const weeks = overtimeWeeks(
      [6, 4]
        .map((hours, i) => ({ user_id: ids.employee.id, date: `2011-03-0${7 + i}`, hours }))
        .concat(['13', '14', '15', '16', '17'].map((day) => ({ user_id: ids.employee.id, date: `2011-03-${day}`, hours: 9 }))),
    );
    expect(d.overtime).toEqual(weeks.map((w) => ({ ...w, user_name: 'Employee User' })));
    expect(d.overtime).toEqual([{ user_id: ids.employee.id, user_name: 'Employee User', week: '2011-03-13', hours: 45, overtime: 5 }]);
  });

  it('estimated against logged labour of completed jobs, by category and by foreman', async () => {
    const res = await as.manager.get(`/api/analysis/calibration?${RANGE}`);
    expect(res.status).toBe(200);
    const d = { calibration: res.body.data as unknown as Record<string, Row[]> };
    // Job A (complete): 6 h estimated in mirrors, 2 in shower; 10 logged → 7.5 and 2.5. Job B is not complete.
    const byCategory = calibrationByKey([
      {
        estimated: new Map([
          [mirrors.id as number, 6],
          [shower.id as number, 2],
        ]),
        logged: 10,
      },
    ]);
    expect(d.calibration.categories).toEqual([
      {
        key: String(mirrors.id),
        label: 'Analysis Mirrors',
        jobs: 1,
        estimated_hours: 6,
        logged_hours: 7.5,
        ratio: byCategory.get(mirrors.id as number)!.ratio,
      },
      { key: String(shower.id), label: 'Analysis Shower', jobs: 1, estimated_hours: 2, logged_hours: 2.5, ratio: 1.25 },
    ]);
    expect(d.calibration.foremen).toEqual([
      { key: String(ids.supervisor.id), label: 'Supervisor User', jobs: 1, estimated_hours: 8, logged_hours: 10, ratio: 1.25 },
    ]);
  });
});

describe('access and input', () => {
  it('needs view analysis: 403 for the supervisor and the employee', async () => {
    for (const path of ['jobs', 'estimates', 'labour', 'calibration']) {
      expect((await as.supervisor.get(`/api/analysis/${path}?${RANGE}`)).status).toBe(403);
      expect((await as.employee.get(`/api/analysis/${path}?${RANGE}`)).status).toBe(403);
      expect((await as.admin.get(`/api/analysis/${path}?${RANGE}`)).status).toBe(200);
    }
  });
  it('a range that is not one is a 422 on its field', async () => {
    const bad = await as.manager.get('/api/analysis/jobs?start=2011-02-30&end=2011-03-01');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('start');
    const backwards = await as.manager.get('/api/analysis/labour?start=2011-03-02&end=2011-03-01');
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors).toHaveProperty('end');
    expect((await as.manager.get(`/api/analysis/jobs?${RANGE}&group_by=colour`)).status).toBe(422);
  });
});
