/**
 * A deleted job goes to the trash (soft delete), hidden wherever live jobs show, seen
 * and restored by `edit jobs_admin` for 30 days, then purged for good with its children.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { purgeTrash } from '../src/platform/purge-trash.ts';
import { PNG_DATA_URL, type Client, type Res, made, appWithRoles, pdfBytes, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let seq = 0;
const tag = () => `TR-${++seq}-${Date.now().toString(36)}`;
const job = (extra: Row = {}) => madeJob(as.manager, { number: tag(), name: `Trash job ${seq}`, ...extra });
const del = async (c: Client, id: unknown) => expect((await c.del(`/api/jobs/${id}`)).status).toBe(200);
const ids = (rows: unknown) => (rows as Row[]).map((r) => r.id);
const auditActions = async (id: unknown) =>
  (await suite.env.db.query<Row>("SELECT action FROM audit_log WHERE resource = 'jobs' AND record_id = $1 ORDER BY id", [id])).map((r) => r.action);
const ageDeletion = (id: unknown, days: number) =>
  suite.env.db.query(`UPDATE jobs SET deleted_at = now() - make_interval(days => ${days}) WHERE id = $1`, [id]);

describe('deleting a job', () => {
  it('hides it from the job list, lookup, search, pickup list and schedule events, and restoring brings it all back', async () => {
    const j = await job();
    const pickup = await made(as.manager, 'pickup_items', { job_id: j.id, note: 'glass at the shop' });
    const event = await made(as.manager, 'events', { job_id: j.id, date: '2026-12-01' });
    const visible = async () => ({
      page: ids((await as.supervisor.get(`/api/jobs?page=1&per_page=100&search=${j.number}`)).body.data).includes(j.id),
      list: ids((await as.supervisor.get(`/api/jobs?status=all&search=${j.number}`)).body.data).includes(j.id),
      search: ((await as.supervisor.get(`/api/search?q=${j.number}`)).body.data as Row[]).some((h) => h.resource === 'jobs' && h.id === j.id),
      pickup: ids((await as.supervisor.get('/api/pickup_items?page=1&per_page=100')).body.data).includes(pickup.id),
      events: ids((await as.supervisor.get('/api/events')).body.data).includes(event.id),
      get: (await as.supervisor.get(`/api/jobs/${j.id}`)).status,
    });
    expect(await visible()).toEqual({ page: true, list: true, search: true, pickup: true, events: true, get: 200 });

    await del(as.supervisor, j.id);
    expect(await visible()).toEqual({ page: false, list: false, search: false, pickup: false, events: false, get: 404 });
    // its children cannot be reached or added to while it is in the trash
    expect((await as.supervisor.get(`/api/pickup_items/${pickup.id}`)).status).toBe(404);
    const onDeleted = await as.manager.post('/api/pickup_items', { job_id: j.id, note: 'late' });
    expect(onDeleted.status).toBe(422);
    expect(onDeleted.body.errors).toHaveProperty('job_id');
    const productOnDeleted = await as.manager.post('/api/job_products', { job_id: j.id, name: 'late', qty: 1 });
    expect(productOnDeleted.status).toBe(422);
    expect(productOnDeleted.body.errors).toHaveProperty('job_id');
    expect(await auditActions(j.id)).toEqual(['create', 'delete']);

    const restored = await as.admin.patch(`/api/jobs/${j.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: j.id, number: j.number, deleted_at: null });
    expect(await visible()).toEqual({ page: true, list: true, search: true, pickup: true, events: true, get: 200 });
    expect(await auditActions(j.id)).toEqual(['create', 'delete', 'restore']);
  });

  it('keeps the products, notes, files, images, pickup items and events of a deleted job as they were: no edit, delete or addition until it is restored', async () => {
    const j = await job();
    const product = await made(as.manager, 'job_products', { job_id: j.id, name: 'Panel', qty: 1 });
    const note = await made(as.manager, 'notes', { job_id: j.id, note: 'measure twice' });
    const uploaded = await as.manager.upload('/api/files', [
      { name: 'description', value: 'Drawing' },
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'drawing.pdf', type: 'application/pdf', data: pdfBytes('trash') },
    ]);
    expect(uploaded.status).toBe(201);
    const file = uploaded.body;
    const image = await made(as.manager, 'images', { job_id: j.id, url: PNG_DATA_URL, description: 'photo' });
    const pickup = await made(as.manager, 'pickup_items', { job_id: j.id, note: 'glass at the shop' });
    const event = await made(as.manager, 'events', { job_id: j.id, date: '2026-12-02' });
    const time = await made(as.manager, 'time_entries', { job_id: j.id, hours: 1, date: '2026-11-03' });
    const other = await job();
    const otherNote = await made(as.manager, 'notes', { job_id: other.id, note: 'elsewhere' });
    await del(as.manager, j.id);

    const inTrash = (res: Res, what: string) => {
      expect(res.status, what).toBe(422);
      expect(res.body.errors?.job_id, what).toEqual(['This job is in the trash. Restore it to change its records.']);
    };
    const edits: [string, Row, Row][] = [
      ['job_products', product, { qty: 5 }],
      ['notes', note, { note: 'changed' }],
      ['files', file, { description: 'changed' }],
      ['images', image, { description: 'changed' }],
      ['job_images', image, { description: 'changed' }],
    ];
    for (const [resource, row, change] of edits) {
      inTrash(await as.admin.patch(`/api/${resource}/${row.id}`, change), `update ${resource}`);
      inTrash(await as.admin.del(`/api/${resource}/${row.id}`), `delete ${resource}`);
    }
    const many = await as.admin.post('/api/job_products/store_many', { data: [{ id: product.id, job_id: j.id, qty: 7 }] });
    expect(many.status).toBe(422);
    expect(many.body.errors?.['data.0.job_id']).toEqual(['This job is in the trash. Restore it to change its records.']);
    // moving a record of a live job onto the deleted one is refused too
    expect((await as.admin.patch(`/api/notes/${otherNote.id}`, { job_id: j.id })).body.errors).toHaveProperty('job_id');
    // new ones cannot be added
    expect((await as.admin.post('/api/notes', { job_id: j.id, note: 'late' })).status).toBe(422);
    expect((await as.admin.post('/api/images', { job_id: j.id, url: PNG_DATA_URL })).status).toBe(422);
    const lateFile = await as.manager.upload('/api/files', [
      { name: 'description', value: 'Late' },
      { name: 'job_id', value: String(j.id) },
      { name: 'file', filename: 'late.pdf', type: 'application/pdf', data: pdfBytes('late') },
    ]);
    expect(lateFile.status).toBe(422);
    expect(lateFile.body.errors).toHaveProperty('job_id');
    // pickup items and events are hidden with their job: by id they are not found
    for (const [resource, row] of [
      ['pickup_items', pickup],
      ['events', event],
    ] as const) {
      expect((await as.admin.patch(`/api/${resource}/${row.id}`, { note: 'changed', date: '2026-12-03' })).status, resource).toBe(404);
      expect((await as.admin.del(`/api/${resource}/${row.id}`)).status, resource).toBe(404);
    }
    // time entries are pay records: the hours worked stay editable whatever became of the job
    expect((await as.admin.patch(`/api/time_entries/${time.id}`, { hours: 1.5 })).status).toBe(200);

    const stored = async (table: string, id: unknown) => (await suite.env.db.query<Row>(`SELECT * FROM ${table} WHERE id = $1`, [id]))[0];
    expect(await stored('job_products', product.id)).toMatchObject({ qty: 1 });
    expect(await stored('notes', note.id)).toMatchObject({ note: 'measure twice' });
    expect(await stored('files', file.id)).toMatchObject({ description: 'Drawing' });
    expect(await stored('images', image.id)).toMatchObject({ description: 'photo' });
    expect(await stored('notes', otherNote.id)).toMatchObject({ job_id: other.id });
    expect(await stored('pickup_items', pickup.id)).toMatchObject({ note: 'glass at the shop' });
    expect(await stored('events', event.id)).toBeTruthy();

    // once restored, its records can be changed and deleted again
    expect((await as.admin.patch(`/api/jobs/${j.id}/restore`)).status).toBe(200);
    for (const [resource, row, change] of edits.filter(([r]) => r !== 'job_images')) {
      expect((await as.admin.patch(`/api/${resource}/${row.id}`, change)).status, resource).toBe(200);
      expect((await as.admin.del(`/api/${resource}/${row.id}`)).status, resource).toBe(200);
    }
    expect((await as.admin.patch(`/api/pickup_items/${pickup.id}`, { note: 'changed' })).status).toBe(200);
    expect((await as.admin.del(`/api/events/${event.id}`)).status).toBe(200);
  });

  it('shows a deleted job by id, with who deleted it, only to jobs_admin editors', async () => {
    const j = await job();
    await del(as.supervisor, j.id);
    for (const role of ['admin', 'manager'] as const) {
      const res = await as[role].get(`/api/jobs/${j.id}`);
      expect(res.status, role).toBe(200);
      expect(res.body.deleted_at).toEqual(expect.any(String));
      expect(res.body.deleted_by_name).toBe('Supervisor User');
    }
    expect((await as.supervisor.get(`/api/jobs/${j.id}`)).status).toBe(404);
    expect((await as.employee.get(`/api/jobs/${j.id}`)).status).toBe(404);
    // nor can anyone edit it while it is deleted
    expect((await as.admin.patch(`/api/jobs/${j.id}`, { name: 'edited' })).status).toBe(404);
  });

  it('stops counting its products as open demand in the suggested orders, until it is restored', async () => {
    const m = await made(as.manager, 'materials', { number: tag(), description: 'Trash material', reorder_qty: 10 });
    const p = await made(as.manager, 'products', { name: `Product ${tag()}`, product_materials: [{ material_id: m.id, qty: 2 }] });
    const j = await job();
    await made(as.manager, 'job_products', { job_id: j.id, product_id: p.id, qty: 3 });
    const demand = async () => ((await as.manager.get('/api/purchase_orders/suggestions')).body.data as Row[]).find((r) => r.material_id === m.id)?.open_demand;
    expect(await demand()).toBe(6);
    await del(as.manager, j.id);
    expect(await demand()).toBe(0);
    expect((await as.manager.patch(`/api/jobs/${j.id}/restore`)).status).toBe(200);
    expect(await demand()).toBe(6);
  });

  it('does not show a deleted job as the job of its bom', async () => {
    const j = await job({ name: 'Bom job' });
    const bom = await made(as.manager, 'boms', { name: 'with job', job_id: j.id });
    expect((await as.manager.get(`/api/boms/${bom.id}`)).body).toMatchObject({ job_number: j.number, job_name: 'Bom job' });
    await del(as.manager, j.id);
    expect((await as.manager.get(`/api/boms/${bom.id}`)).body).toMatchObject({ job_number: null, job_name: null });
  });

  it('still deletes a job template for good', async () => {
    const t = await made(as.admin, 'job_templates', { name: `Template ${tag()}` });
    expect((await as.admin.del(`/api/job_templates/${t.id}`)).status).toBe(200);
    expect(await suite.env.db.query('SELECT id FROM jobs WHERE id = $1', [t.id])).toEqual([]);
  });
});

describe('the trash', () => {
  it('lists jobs deleted in the last 30 days, searchable, with who deleted them, for jobs_admin editors only', async () => {
    const recent = await job({ name: 'Recent trash' });
    const old = await job({ name: 'Old trash' });
    const live = await job({ name: 'Live job' });
    await del(as.manager, recent.id);
    await del(as.manager, old.id);
    await ageDeletion(old.id, 31);

    const res = await as.admin.get('/api/jobs?deleted=true&page=1&per_page=100&sort_column=deleted_at&sort_direction=desc');
    expect(res.status).toBe(200);
    const rows = res.body.data as Row[];
    expect(ids(rows)).toContain(recent.id);
    expect(ids(rows)).not.toContain(old.id);
    expect(ids(rows)).not.toContain(live.id);
    expect(rows.find((r) => r.id === recent.id)).toMatchObject({ number: recent.number, deleted_by_name: 'Manager User', deleted_at: expect.any(String) });
    const searched = await as.manager.get(`/api/jobs?deleted=true&page=1&search=${recent.number}`);
    expect(ids(searched.body.data)).toEqual([recent.id]);

    for (const role of ['supervisor', 'employee'] as const) {
      expect((await as[role].get('/api/jobs?deleted=true&page=1')).status, role).toBe(403);
      expect((await as[role].get('/api/jobs?deleted=true')).status, role).toBe(403);
    }
  });

  it('restores only for jobs_admin editors (403 otherwise), 404 for a missing job', async () => {
    const j = await job();
    await del(as.supervisor, j.id);
    expect((await as.supervisor.patch(`/api/jobs/${j.id}/restore`)).status).toBe(403);
    expect((await as.employee.patch(`/api/jobs/${j.id}/restore`)).status).toBe(403);
    expect((await as.admin.patch('/api/jobs/999999/restore')).status).toBe(404);
    expect((await as.supervisor.get(`/api/jobs/${j.id}`)).status).toBe(404);
    expect(await auditActions(j.id)).toEqual(['create', 'delete']);
  });

  it('refuses to restore a job whose number another live job now has (422 on number), and leaves it in the trash', async () => {
    const number = tag();
    const first = await job({ number });
    await del(as.manager, first.id);
    const second = await job({ number });
    const res = await as.admin.patch(`/api/jobs/${first.id}/restore`);
    expect(res.status).toBe(422);
    expect(res.body.errors?.number?.[0]).toContain(number);
    expect((await as.admin.get(`/api/jobs/${first.id}`)).body.deleted_at).toEqual(expect.any(String));
    // once the other job gives the number up, the restore goes through
    expect((await as.manager.patch(`/api/jobs/${second.id}`, { number: `${number}-B` })).status).toBe(200);
    expect((await as.admin.patch(`/api/jobs/${first.id}/restore`)).status).toBe(200);
  });

  it('purges jobs deleted more than 30 days ago with their children, keeps younger ones, and keeps time entries', async () => {
    const old = await job({ name: 'Purged' });
    const young = await job({ name: 'Kept' });
    const jp = await made(as.manager, 'job_products', { job_id: old.id, name: 'Panel', qty: 1 });
    const note = await made(as.manager, 'notes', { job_id: old.id, note: 'gone with the job' });
    const image = await made(as.manager, 'images', { job_id: old.id, url: PNG_DATA_URL, description: 'photo' });
    const pickup = await made(as.manager, 'pickup_items', { job_id: old.id });
    const time = await made(as.manager, 'time_entries', { job_id: old.id, hours: 2, date: '2026-11-02' });
    const youngNote = await made(as.manager, 'notes', { job_id: young.id, note: 'stays' });
    await del(as.manager, old.id);
    await del(as.manager, young.id);
    await ageDeletion(old.id, 31);
    await ageDeletion(young.id, 29);

    const purged = await purgeTrash(suite.env.db);
    expect(purged.jobs).toContain(old.id);
    expect(purged.jobs).not.toContain(young.id);
    const count = async (table: string, id: unknown) => (await suite.env.db.query(`SELECT id FROM ${table} WHERE id = $1`, [id])).length;
    expect(await count('jobs', old.id)).toBe(0);
    expect(await count('job_products', jp.id)).toBe(0);
    expect(await count('notes', note.id)).toBe(0);
    expect(await count('images', image.id)).toBe(0);
    expect(await count('pickup_items', pickup.id)).toBe(0);
    expect(await suite.env.db.query('SELECT sha256 FROM blobs WHERE sha256 = $1', [image.sha256])).toEqual([]);
    // time entries are pay records: they stay, without the job
    expect(await suite.env.db.query('SELECT job_id, hours::float8 AS hours FROM time_entries WHERE id = $1', [time.id])).toEqual([{ job_id: null, hours: 2 }]);
    expect(await auditActions(old.id)).toEqual(['create', 'delete', 'purge']);

    expect(await count('jobs', young.id)).toBe(1);
    expect(await count('notes', youngNote.id)).toBe(1);
    expect((await as.admin.patch(`/api/jobs/${young.id}/restore`)).status).toBe(200);
    // a second run finds nothing more to purge
    expect((await purgeTrash(suite.env.db)).jobs).toEqual([]);
  });
});
