/**
 * The schedule's server side: an event's supervisor (only active supervisors or people
 * who can be scheduled, in a save and in a bulk save) and colours (up to two of the twelve);
 * events and schedule notes by a date range; the readiness of the jobs on the calendar; only
 * `edit jobs` puts a job on the calendar or moves it.
 */
import { describe, expect, it } from 'vitest';
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import type { Row } from '../src/db/client.ts';
import { PASSWORD, appWithRoles, made, madeJob } from './harness.ts';

const { as, ids } = appWithRoles();
let seq = 0;
const [red, , , , blue, green] = CLIENT_COLORS;

const user = (body: Row) =>
  made(as.admin, 'users', {
    name: `Person ${++seq}`,
    email: `person${seq}@test.local`,
    role: 'employee',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...body,
  });

describe('an event', () => {
  it('takes as supervisor only an active supervisor or someone who can be scheduled, in a save and in a bulk save', async () => {
    const job = await madeJob(as.manager, { number: `S-${++seq}` });
    const schedulable = await user({ can_be_scheduled: true });
    const employee = await user({});
    const gone = await user({ can_be_scheduled: true, active: false });

    expect((await as.manager.post('/api/events', { job_id: job.id, date: '2031-03-02', user_id: ids.supervisor.id })).status).toBe(201);
    expect((await as.manager.post('/api/events', { job_id: job.id, date: '2031-03-02', user_id: schedulable.id })).status).toBe(201);
    for (const who of [employee.id, gone.id, ids.manager.id]) {
      const res = await as.manager.post('/api/events', { job_id: job.id, date: '2031-03-03', user_id: who });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ user_id: ['Choose an active supervisor, or someone who can be scheduled.'] });
    }
    const ok = await made(as.manager, 'events', { job_id: job.id, date: '2031-03-04', user_id: null });
    expect((await as.manager.patch(`/api/events/${ok.id}`, { user_id: employee.id })).status).toBe(422);

    // all or nothing: the second record's supervisor refuses the batch, named by its place
    const before = (await as.manager.get(`/api/events?job_id=${job.id}`)).body.data as Row[];
    const bulk = await as.manager.post('/api/events/store_many', {
      data: [
        { job_id: job.id, date: '2031-03-05', user_id: ids.supervisor.id },
        { job_id: job.id, date: '2031-03-06', user_id: employee.id },
      ],
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errors).toEqual({ 'data.1.user_id': ['Choose an active supervisor, or someone who can be scheduled.'] });
    expect((await as.manager.get(`/api/events?job_id=${job.id}`)).body.data).toHaveLength(before.length);
  });

  it('has up to two of the twelve colours, comma-separated, and shows its job', async () => {
    const job = await madeJob(as.manager, { number: `C-${++seq}`, name: 'Lobby mirrors' });
    const two = await made(as.manager, 'events', { job_id: job.id, date: '2031-04-01', color: `${red}, ${blue.toUpperCase()}` });
    expect(two.color).toBe(`${red},${blue}`);
    expect(two).toMatchObject({ job_number: job.number, job_name: 'Lobby mirrors', client_name: 'Job Client' });
    for (const [color, message] of [
      ['#123456', 'Choose from the twelve colours.'],
      [`${red},${blue},${green}`, 'Choose at most 2 colours.'],
    ]) {
      const res = await as.manager.post('/api/events', { job_id: job.id, date: '2031-04-02', color });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ color: [message] });
    }
    const bulk = await as.manager.post('/api/events/store_many', { data: [{ job_id: job.id, date: '2031-04-03', color: 'blue' }] });
    expect(bulk.body.errors).toEqual({ 'data.0.color': ['Choose from the twelve colours.'] });
  });

  it('is put on the calendar or moved only with edit jobs', async () => {
    const job = await madeJob(as.manager, { number: `P-${++seq}` });
    expect((await as.employee.post('/api/events', { job_id: job.id, date: '2031-05-01' })).status).toBe(403);
    expect((await as.employee.post('/api/events/store_many', { data: [{ job_id: job.id, date: '2031-05-01' }] })).status).toBe(403);
    const e = await made(as.supervisor, 'events', { job_id: job.id, date: '2031-05-01' });
    expect((await as.employee.patch(`/api/events/${e.id}`, { date: '2031-05-02' })).status).toBe(403);
    expect((await as.supervisor.patch(`/api/events/${e.id}`, { date: '2031-05-02' })).body.date).toBe('2031-05-02');
    // a move from a stale copy is refused
    expect((await as.supervisor.patch(`/api/events/${e.id}`, { date: '2031-05-03', updated_at: e.updated_at })).status).toBe(409);
    // everyone signed in with view jobs reads the calendar
    expect((await as.employee.get('/api/events?start=2031-05-01&end=2031-05-31')).status).toBe(200);
  });
});

describe('the calendar by date range', () => {
  it('lists events and schedule notes from start to end, both days included', async () => {
    const job = await madeJob(as.manager, { number: `R-${++seq}` });
    for (const date of ['2032-01-31', '2032-02-01', '2032-02-29', '2032-03-01']) await made(as.manager, 'events', { job_id: job.id, date });
    for (const date of ['2032-01-31', '2032-02-01', '2032-03-01']) await made(as.manager, 'schedule_notes', { date, note: `Note ${date}` });
    const events = (await as.employee.get('/api/events?start=2032-02-01&end=2032-02-29')).body.data as Row[];
    expect(events.map((e) => e.date).sort()).toEqual(['2032-02-01', '2032-02-29']);
    const notes = (await as.employee.get('/api/schedule_notes?start=2032-02-01&end=2032-02-29')).body.data as Row[];
    expect(notes.map((n) => n.note)).toEqual(['Note 2032-02-01']);
    const bad = await as.employee.get('/api/events?start=2032-02-31x&end=2032-02-29');
    expect(bad.status).toBe(422);
  });

  it('a schedule note needs its date and its note', async () => {
    const res = await as.manager.post('/api/schedule_notes', { date: null, note: '' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors as object).sort()).toEqual(['date', 'note']);
  });
});

describe('readiness', () => {
  it('counts the steps still to do as the series (or its category) requires, and the backordered lines of the job’s materials', async () => {
    const cat = await made(as.manager, 'product_categories', { name: `Cat ${++seq}`, enable_measured: true, enable_fabricated: true });
    const follows = await made(as.manager, 'series', { name: `Follows ${++seq}`, category_id: cat.id });
    const own = await made(as.manager, 'series', { name: `Own ${++seq}`, category_id: cat.id, use_category_settings: false, enable_ordered: true });
    const glass = await made(as.manager, 'materials', { number: `RM-${++seq}`, description: 'Glass' });
    const clip = await made(as.manager, 'materials', { number: `RM-${++seq}`, description: 'Clip' });
    const product = await made(as.manager, 'products', { name: `Panel ${++seq}`, number: `RP-${seq}`, series_id: follows.id, material_id: glass.id });

    const job = await madeJob(as.manager, { number: `RD-${++seq}` });
    const ready = await madeJob(as.manager, { number: `RD-${++seq}` });
    const line = (j: Row, name: string, body: Row) => made(as.manager, 'job_products', { job_id: j.id, name, ...body });
    await line(job, 'a', { series_id: follows.id, product_id: product.id }); // not measured, not fabricated
    await line(job, 'b', { series_id: follows.id, is_measured: true }); // not fabricated
    await line(job, 'c', { series_id: own.id }); // not ordered (its own step), measuring is not its step
    await line(job, 'd', { series_id: null }); // no steps
    await line(ready, 'e', { series_id: follows.id, is_measured: true, is_fabricated: true });
    const bom = await made(as.manager, 'boms', { job_id: job.id, name: 'Bom' });
    await made(as.manager, 'bom_materials', { bom_id: bom.id, material_id: clip.id, qty: 1 });

    const vendor = await made(as.manager, 'vendors', { name: `V ${++seq}` });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: glass.id, qty: 2, price: 1, status: 'backordered' });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: clip.id, qty: 2, price: 1, status: 'backordered' });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: clip.id, qty: 2, price: 1, status: 'ordered' });

    await made(as.manager, 'events', { job_id: job.id, date: '2033-06-10' });
    await made(as.manager, 'events', { job_id: job.id, date: '2033-06-11' });
    await made(as.manager, 'events', { job_id: ready.id, date: '2033-06-12' });
    const outside = await madeJob(as.manager, { number: `RD-${++seq}` });
    await made(as.manager, 'events', { job_id: outside.id, date: '2033-07-20' });

    const res = await as.employee.get('/api/schedule/readiness?start=2033-06-01&end=2033-06-30');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { job_id: job.id, not_measured: 1, not_ordered: 1, not_fabricated: 2, backordered_lines: 2 },
      { job_id: ready.id, not_measured: 0, not_ordered: 0, not_fabricated: 0, backordered_lines: 0 },
    ]);
  });

  it('refuses a range that is not one, or too long', async () => {
    expect((await as.employee.get('/api/schedule/readiness?start=2033-06-30&end=2033-06-01')).status).toBe(422);
    expect((await as.employee.get('/api/schedule/readiness?start=2033-01-01&end=2033-06-01')).status).toBe(422);
    expect((await as.employee.get('/api/schedule/readiness?start=x&end=2033-06-01')).status).toBe(422);
  });
});
