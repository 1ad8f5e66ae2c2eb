/**
 * Named reads (docs/platform.md, Named actions): a record's history from the audit log, and
 * the command palette's search over jobs, clients, estimates, materials, products and purchase
 * orders, each respecting the caller's rights.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/pg-proxy';
import type { Db, Row } from '../src/db/client.ts';
import { sessionUserFor } from '../src/platform/auth.ts';
import { purgeTrash } from '../src/platform/purge-trash.ts';
import { recordHistory } from '../src/platform/record-history.ts';
import { type Client, made, appWithRoles, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as, ids } = suite;

const history = async (c: Client, resource: string, id: unknown) => c.get(`/api/history/${resource}/${id}`);
const change = (entry: Row, field: string) => (entry.changes as Row[]).find((ch) => ch.field === field);

/** The same database, noting the text of every statement sent through it. */
function noting(db: Db, seen: string[]): Db {
  const orm = drizzle(async (text, params, method) => {
    seen.push(text);
    const rows = await db.query<Row>(text, params);
    // the builder's selects read rows as arrays, in the order of their columns
    return { rows: method === 'all' ? rows.map((r) => Object.values(r)) : rows };
  });
  const query = <T = Row>(text: string, params?: unknown[]) => {
    seen.push(text);
    return db.query<T>(text, params);
  };
  return { ...db, orm, query };
}

describe('history', () => {
  it('lists who changed which fields from what to what, and when, newest first', async () => {
    const client = await made(as.manager, 'clients', { name: 'Acme Glass', note: 'first' });
    await as.admin.patch(`/api/clients/${client.id}`, { name: 'Acme Glass & Mirror' });
    const res = await history(as.supervisor, 'clients', client.id);
    expect(res.status).toBe(200);
    const [update, create] = res.body.data!;
    expect(res.body.data).toHaveLength(2);
    expect(update).toMatchObject({
      action: 'update',
      user_id: ids.admin.id,
      user_name: 'Admin User',
      changes: [{ field: 'name', from: 'Acme Glass', to: 'Acme Glass & Mirror' }],
    });
    expect(Date.parse(update!.at as string)).toBeGreaterThanOrEqual(Date.parse(create!.at as string));
    expect(create).toMatchObject({ action: 'create', user_name: 'Manager User' });
    expect(change(create!, 'name')).toEqual({ field: 'name', from: null, to: 'Acme Glass' });
    expect(change(create!, 'note')).toEqual({ field: 'note', from: null, to: 'first' });
  });

  it('leaves out the fixed slice, and a creation’s flags and lists left as they start', async () => {
    const client = await made(as.manager, 'clients', { name: 'Slice Client' });
    const job = await madeJob(as.manager, { number: 'H-NEW', client_id: client.id, mirrors_complete: true });
    await as.manager.patch(`/api/jobs/${job.id}`, { hardware_complete: true });
    const [update, create] = (await history(as.manager, 'jobs', job.id)).body.data!;
    const fields = (e: Row) => (e.changes as Row[]).map((c) => c.field);
    expect(fields(create!)).toContain('number');
    expect(fields(create!)).toContain('mirrors_complete');
    for (const quiet of ['is_template', 'hardware_complete', 'active', 'scope_array']) expect(fields(create!)).not.toContain(quiet);
    // a later change of a flag is always worth its line
    expect(fields(update!)).toEqual(['hardware_complete']);
  });

  it('never shows guarded costs to a role that cannot see them', async () => {
    const job = await madeJob(as.manager, { number: 'H-1', burden_rate: 10 });
    await as.manager.patch(`/api/jobs/${job.id}`, { burden_rate: 12, name: 'Renamed' });
    const bySupervisor = (await history(as.supervisor, 'jobs', job.id)).body.data!;
    expect((bySupervisor[0]!.changes as Row[]).map((c) => c.field)).toEqual(['name']);
    expect(JSON.stringify(bySupervisor)).not.toContain('burden_rate');
    const byManager = (await history(as.manager, 'jobs', job.id)).body.data!;
    expect(change(byManager[0]!, 'burden_rate')).toEqual({ field: 'burden_rate', from: 10, to: 12 });
  });

  it('needs the right to read the record: 403 without the area, 404 for another’s or a missing record', async () => {
    const estimate = await made(as.manager, 'estimates', { name: 'E-hist', client_id: (await made(as.manager, 'clients', { name: 'Est client' })).id });
    expect((await history(as.employee, 'estimates', estimate.id)).status).toBe(403);
    expect((await history(as.manager, 'estimates', estimate.id)).status).toBe(200);
    expect((await history(as.manager, 'estimates', 999999)).status).toBe(404);
    expect((await history(as.manager, 'nothing', 1)).status).toBe(404);
    expect((await history(as.manager, 'estimates', 'abc')).status).toBe(404);
    const job = await madeJob(as.manager, { number: 'H-TE' });
    const entry = await made(as.supervisor, 'time_entries', { job_id: job.id, hours: 1, date: '2026-11-20' });
    expect((await history(as.employee, 'time_entries', entry.id)).status).toBe(404); // not their own
    expect((await history(as.supervisor, 'time_entries', entry.id)).status).toBe(200);
    // a job template is not a job
    const template = await made(as.admin, 'job_templates', { name: 'H-T' });
    expect((await history(as.manager, 'jobs', template.id)).status).toBe(404);
    expect((await history(as.manager, 'job_templates', template.id)).body.data![0]).toMatchObject({ action: 'create' });
  });

  it('checks access on the record’s own row, without reading its relations', async () => {
    const job = await madeJob(as.manager, { number: 'H-ROW' });
    await made(as.manager, 'notes', { job_id: job.id, note: 'on the job' });
    await as.manager.patch(`/api/jobs/${job.id}`, { name: 'Row only' });
    const seen: string[] = [];
    const manager = { db: noting(suite.env.db, seen), user: await sessionUserFor(suite.env.db, ids.manager.id) };
    const { data } = await recordHistory({ ctx: manager, resource: 'jobs', id: Number(job.id) });
    expect(data.map((e) => e.action)).toEqual(['update', 'create']);
    // the job's row, its audit rows, the names of what they reference (its client): no job products,
    // notes, files… (the job page reads those itself)
    expect(seen, seen.join('\n')).toHaveLength(3);
    expect(seen[2]).toMatch(/clients/);
    expect(seen.join('\n')).not.toMatch(/job_products|notes|json_agg/);
    // and the same answers as a read of the record for those who may not read it
    const employee = { db: suite.env.db, user: await sessionUserFor(suite.env.db, ids.employee.id) };
    const estimate = await made(as.manager, 'estimates', { name: 'E-row', client_id: (await made(as.manager, 'clients', { name: 'Row client' })).id });
    await expect(recordHistory({ ctx: employee, resource: 'estimates', id: Number(estimate.id) })).rejects.toMatchObject({ status: 403 });
    const entry = await made(as.supervisor, 'time_entries', { job_id: job.id, hours: 1, date: '2026-11-21' });
    await expect(recordHistory({ ctx: employee, resource: 'time_entries', id: Number(entry.id) })).rejects.toMatchObject({ status: 404 });
    await as.manager.del(`/api/jobs/${job.id}`);
    const supervisor = { db: suite.env.db, user: await sessionUserFor(suite.env.db, ids.supervisor.id) };
    await expect(recordHistory({ ctx: supervisor, resource: 'jobs', id: Number(job.id) })).rejects.toMatchObject({ status: 404 });
    expect((await recordHistory({ ctx: { ...manager, db: suite.env.db }, resource: 'jobs', id: Number(job.id) })).data[0]).toMatchObject({ action: 'delete' });
  });

  it('keeps a deleted record’s history for those who may edit its kind', async () => {
    const job = await madeJob(as.manager, { number: 'H-DEL' });
    await as.manager.del(`/api/jobs/${job.id}`);
    // in the trash: for those who may restore it (edit jobs_admin), like the job itself
    const res = await history(as.manager, 'jobs', job.id);
    expect(res.status).toBe(200);
    expect(res.body.data!.map((e) => e.action)).toEqual(['delete', 'create']);
    expect((await history(as.supervisor, 'jobs', job.id)).status).toBe(404);
    expect((await history(as.employee, 'jobs', job.id)).status).toBe(404);
    // purged for good: the history stays, for those who may edit jobs
    await suite.env.db.query("UPDATE jobs SET deleted_at = now() - interval '31 days' WHERE id = $1", [job.id]);
    await purgeTrash(suite.env.db);
    const after = await history(as.supervisor, 'jobs', job.id);
    expect(after.status).toBe(200);
    expect(after.body.data!.map((e) => e.action)).toEqual(['purge', 'delete', 'create']);
    expect((await history(as.employee, 'jobs', job.id)).status).toBe(404);
  });

  it('leaves out user contact details for those who may not see them', async () => {
    await as.admin.patch(`/api/users/${ids.employee.id}`, { number: '(503) 555-0100', name: 'Emp Renamed' });
    const bySupervisor = (await history(as.supervisor, 'users', ids.employee.id)).body.data!;
    expect(JSON.stringify(bySupervisor)).not.toContain('5550100');
    expect(JSON.stringify(bySupervisor)).not.toContain('employee@test.local');
    expect(change(bySupervisor[0]!, 'name')).toMatchObject({ to: 'Emp Renamed' });
    const byAdmin = (await history(as.admin, 'users', ids.employee.id)).body.data!;
    expect(change(byAdmin[0]!, 'number')).toMatchObject({ to: '15035550100' });
    expect(JSON.stringify(byAdmin)).not.toContain('password');
  });
});

describe('history of references', () => {
  it('names the referenced records of a changed reference, in one more statement at most', async () => {
    const acme = await made(as.manager, 'clients', { name: 'Acme Glass' });
    const keystone = await made(as.manager, 'clients', { name: 'Keystone General' });
    const third = await made(as.manager, 'clients', { name: 'Third Client' });
    const category = await made(as.admin, 'category_templates', { name: 'Mirrors CT', client_id: keystone.id });
    const job = await madeJob(as.manager, { number: 'H-REF', client_id: acme.id, foreman_id: ids.supervisor.id });
    await as.manager.patch(`/api/jobs/${job.id}`, { client_id: keystone.id, foreman_id: ids.manager.id });
    await as.manager.patch(`/api/jobs/${job.id}`, { client_id: third.id, category_template_id: category.id });
    const res = await history(as.supervisor, 'jobs', job.id);
    expect(res.status).toBe(200);
    const [second, first, create] = res.body.data!;
    expect(change(first!, 'client_id')).toEqual({ field: 'client_id', from: acme.id, to: keystone.id, from_label: 'Acme Glass', to_label: 'Keystone General' });
    expect(change(first!, 'foreman_id')).toEqual({
      field: 'foreman_id',
      from: ids.supervisor.id,
      to: ids.manager.id,
      from_label: 'Supervisor User',
      to_label: 'Manager User',
    });
    expect(change(second!, 'client_id')).toMatchObject({ from_label: 'Keystone General', to_label: 'Third Client' });
    expect(change(second!, 'category_template_id')).toEqual({
      field: 'category_template_id',
      from: null,
      to: category.id,
      from_label: null,
      to_label: 'Mirrors CT',
    });
    expect(change(create!, 'client_id')).toMatchObject({ from: null, to: acme.id, from_label: null, to_label: 'Acme Glass' });
    // the job's stored copy of the client's name says nothing more than the client's own line
    expect(change(first!, 'client_name')).toBeUndefined();
    // a field that is not a reference keeps its plain shape
    expect(change(create!, 'number')).toEqual({ field: 'number', from: null, to: 'H-REF' });

    // the audit rows name three clients, two users and a category template: one statement names them all
    const seen: string[] = [];
    const manager = { db: noting(suite.env.db, seen), user: await sessionUserFor(suite.env.db, ids.manager.id) };
    const { data } = await recordHistory({ ctx: manager, resource: 'jobs', id: Number(job.id) });
    expect(data).toEqual(res.body.data);
    expect(seen).toHaveLength(3);
    expect(seen[2]).toMatch(/UNION ALL/);
  });

  it('names a job template as a job template, and a deleted record by its stored name', async () => {
    const template = await made(as.admin, 'job_templates', { name: 'Shower template' });
    const product = await made(as.manager, 'products', { number: 'HP-1', name: 'Old door' });
    const other = await made(as.manager, 'products', { number: 'HP-2', name: 'New door' });
    const gone = await made(as.manager, 'clients', { name: 'Gone Glass' });
    const stays = await made(as.manager, 'clients', { name: 'Stays Glass' });
    const job = await madeJob(as.manager, { number: 'H-TPL', client_id: gone.id, job_template_id: template.id });
    const line = await made(as.manager, 'job_products', { job_id: job.id, product_id: product.id });
    await as.manager.patch(`/api/job_products/${line.id}`, { product_id: other.id });
    await as.manager.patch(`/api/jobs/${job.id}`, { client_id: stays.id });
    // a discontinued product is still stored: its name shows
    expect((await as.manager.del(`/api/products/${product.id}`)).status).toBe(200);
    // a deleted client is gone for good: the job's own copy of its name shows
    expect((await as.manager.del(`/api/clients/${gone.id}`)).status).toBe(200);

    const jobHistory = (await history(as.manager, 'jobs', job.id)).body.data!;
    expect(change(jobHistory.at(-1)!, 'job_template_id')).toMatchObject({ to: template.id, to_label: 'Shower template' });
    expect(change(jobHistory[0]!, 'client_id')).toMatchObject({ from: gone.id, from_label: 'Gone Glass', to_label: 'Stays Glass' });
    const lineHistory = (await history(as.manager, 'job_products', line.id)).body.data!;
    // a product is named by its number, as the palette names it
    expect(change(lineHistory[0]!, 'product_id')).toMatchObject({ from_label: 'HP-1', to_label: 'HP-2' });
    expect(change(lineHistory.at(-1)!, 'job_id')).toMatchObject({ to: job.id, to_label: 'H-TPL' });
  });

  it('names a list of references by its records’ names (an estimate’s alternate categories)', async () => {
    const mirrors = await made(as.admin, 'product_categories', { name: 'History Mirrors' });
    const showers = await made(as.admin, 'product_categories', { name: 'History Showers' });
    const client = await made(as.manager, 'clients', { name: 'Alternates Client' });
    const estimate = await made(as.manager, 'estimates', { client_id: client.id, name: 'Alternates estimate' });
    const res = await as.manager.patch(`/api/estimates/${estimate.id}`, { alternate_categories: [mirrors.id, showers.id] });
    expect(res.status).toBe(200);
    await as.manager.patch(`/api/estimates/${estimate.id}`, { alternate_categories: [showers.id] });
    const [second, first] = (await history(as.manager, 'estimates', estimate.id)).body.data!;
    expect(change(first!, 'alternate_categories')).toEqual({
      field: 'alternate_categories',
      from: [],
      to: [mirrors.id, showers.id],
      from_label: null,
      to_label: 'History Mirrors, History Showers',
    });
    expect(change(second!, 'alternate_categories')).toMatchObject({ from_label: 'History Mirrors, History Showers', to_label: 'History Showers' });
  });

  it('names a template’s own template as a job template', async () => {
    const original = await made(as.admin, 'job_templates', { name: 'Original template' });
    const copy = await made(as.admin, 'job_templates', { name: 'Copied template', job_template_id: original.id });
    const [create] = (await history(as.manager, 'job_templates', copy.id)).body.data!;
    expect(change(create!, 'job_template_id')).toEqual({
      field: 'job_template_id',
      from: null,
      to: original.id,
      from_label: null,
      to_label: 'Original template',
    });
  });

  it('names references by the same rule as the palette: a purchase order as "PO" and its number, a nameless job by its id', async () => {
    const vendor = await made(as.manager, 'vendors', { name: 'Named Supply' });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    const material = await made(as.manager, 'materials', { number: 'H-MAT' });
    const line = await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: material.id, qty: 1 });
    expect(change((await history(as.manager, 'purchase_order_materials', line.id)).body.data![0]!, 'purchase_order_id')).toMatchObject({
      to: po.id,
      to_label: `PO ${po.number}`,
    });
    const nameless = await madeJob(as.manager, {});
    const note = await made(as.manager, 'notes', { job_id: nameless.id, note: 'on a nameless job' });
    expect(change((await history(as.manager, 'notes', note.id)).body.data![0]!, 'job_id')).toMatchObject({ to: nameless.id, to_label: `Job ${nameless.id}` });
    const palette = (await as.manager.get(`/api/search?q=${po.number}`)).body.data!.find((h) => h.resource === 'purchase_orders' && h.id === po.id);
    expect(palette?.title).toBe(`PO ${po.number}`);
  });

  it('does not name a record the caller may not read', async () => {
    const estimate = await made(as.manager, 'estimates', { name: 'Secret estimate', client_id: (await made(as.manager, 'clients', { name: 'Est ref' })).id });
    const job = await madeJob(as.manager, { number: 'H-HID' });
    const note = await made(as.manager, 'notes', { job_id: job.id, estimate_id: estimate.id, note: 'both' });
    const byManager = (await history(as.manager, 'notes', note.id)).body.data!;
    expect(change(byManager[0]!, 'estimate_id')).toMatchObject({ to: estimate.id, to_label: 'Secret estimate' });
    const byEmployee = await history(as.employee, 'notes', note.id);
    expect(byEmployee.status).toBe(200);
    expect(change(byEmployee.body.data![0]!, 'estimate_id')).toEqual({ field: 'estimate_id', from: null, to: estimate.id, from_label: null, to_label: null });
    expect(JSON.stringify(byEmployee.body)).not.toContain('Secret estimate');
    expect(change(byEmployee.body.data![0]!, 'job_id')).toMatchObject({ to_label: 'H-HID' });
  });
});

describe('search', () => {
  let hits: Record<'client' | 'job' | 'other' | 'estimate' | 'material' | 'product' | 'po', Row>;
  beforeAll(async () => {
    const client = await made(as.manager, 'clients', { name: 'Zephyr Homes' });
    const job = await madeJob(as.manager, { number: 'ZX-100', name: 'Zephyr lobby', client_id: client.id });
    const other = await madeJob(as.manager, { number: 'ZX-1001', name: 'Other' });
    const estimate = await made(as.manager, 'estimates', { name: 'Zephyr tower', client_id: client.id });
    const material = await made(as.manager, 'materials', { number: 'ZX-GL6', description: '6 mm clear' });
    const product = await made(as.manager, 'products', { number: 'ZX-P1', name: 'Zephyr door' });
    const vendor = await made(as.manager, 'vendors', { name: 'Zephyr Supply' });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    hits = { client, job, other, estimate, material, product, po };
  });

  it('finds jobs, clients, estimates, materials, products and purchase orders by number and name', async () => {
    const res = await as.manager.get('/api/search?q=zephyr');
    expect(res.status).toBe(200);
    const found = res.body.data!.map((h) => `${h.resource}:${h.id}`);
    expect(found).toEqual(
      expect.arrayContaining([`jobs:${hits.job.id}`, `clients:${hits.client.id}`, `estimates:${hits.estimate.id}`, `products:${hits.product.id}`]),
    );
    expect(res.body.data!.find((h) => h.resource === 'jobs')).toEqual({
      resource: 'jobs',
      id: hits.job.id,
      title: 'ZX-100',
      subtitle: 'Zephyr lobby · Zephyr Homes',
    });

    const byNumber = (await as.manager.get('/api/search?q=ZX-100')).body.data!;
    expect(byNumber.filter((h) => h.resource === 'jobs').map((h) => h.title)).toEqual(['ZX-100', 'ZX-1001']); // the exact number first
    expect((await as.manager.get('/api/search?q=zx-gl6')).body.data).toEqual([
      { resource: 'materials', id: hits.material.id, title: 'ZX-GL6', subtitle: '6 mm clear' },
    ]);
    const po = (await as.manager.get(`/api/search?q=${hits.po.number}`)).body.data!;
    expect(po).toContainEqual({ resource: 'purchase_orders', id: hits.po.id, title: `PO ${hits.po.number}`, subtitle: 'Zephyr Supply' });
  });

  it('answers only what the caller may view', async () => {
    const employee = (await as.employee.get('/api/search?q=zephyr')).body.data!;
    const kinds = new Set(employee.map((h) => h.resource));
    expect(kinds.has('jobs')).toBe(true);
    expect(kinds.has('estimates')).toBe(false); // no view estimates
    expect((await as.employee.get(`/api/search?q=${hits.po.number}`)).body.data!.some((h) => h.resource === 'purchase_orders')).toBe(false);
  });

  it('answers nothing for an empty query, 422 for an overlong one, 401 for a guest', async () => {
    expect((await as.manager.get('/api/search?q=%20')).body).toEqual({ data: [] });
    expect((await as.manager.get('/api/search')).body).toEqual({ data: [] });
    const long = await as.manager.get(`/api/search?q=${'x'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors).toHaveProperty('q');
    expect((await as.manager.get('/api/search?q=%00')).status).toBeLessThan(500);
    const { Client } = await import('./harness.ts');
    expect((await new Client(suite.env.app).get('/api/search?q=zephyr')).status).toBe(401);
  });
});
