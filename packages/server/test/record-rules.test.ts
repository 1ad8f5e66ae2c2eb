/** Record rules the server enforces beyond area rights (docs/platform.md, Record rules). */
import { describe, expect, it } from 'vitest';
import { appWithRoles, jobBody } from './harness.ts';
import { createRecord } from './fixtures.ts';

const suite = appWithRoles();
const { as, ids } = suite;

describe('time entries', () => {
  it('an employee sees and writes only their own entries', async () => {
    const theirs = await createRecord(as.admin, 'time_entries', { user_id: ids.supervisor.id });
    const job_id = theirs.job_id;
    const own = await as.employee.post('/api/time_entries', { job_id, hours: 2, date: '2026-11-20' });
    expect(own.status).toBe(201);
    expect(own.body.user_id).toBe(ids.employee.id); // defaults to the current user
    expect(own.body.user_name).toBe('Employee User');

    const list = await as.employee.get('/api/time_entries');
    expect(list.body.data!.map((r) => r.user_id)).toEqual([ids.employee.id]);
    expect((await as.employee.get(`/api/time_entries/${theirs.id}`)).status).toBe(404);
    expect((await as.employee.post('/api/time_entries', { job_id, hours: 1, date: '2026-11-20', user_id: ids.supervisor.id })).status).toBe(403);
    expect((await as.employee.del(`/api/time_entries/${theirs.id}`)).status).toBe(404);
    expect((await as.employee.patch(`/api/time_entries/${own.body.id}`, { ...own.body, hours: 3 })).body.hours).toBe(3);
    expect((await as.employee.patch(`/api/time_entries/${own.body.id}`, { ...own.body, user_id: ids.supervisor.id })).status).toBe(403);

    // a supervisor (edit time_entries) sees everybody's and may enter time for others
    const all = await as.supervisor.get('/api/time_entries');
    expect(new Set(all.body.data!.map((r) => r.user_id))).toEqual(new Set([ids.employee.id, ids.supervisor.id]));
    expect((await as.supervisor.post('/api/time_entries', { job_id, hours: 1, date: '2026-11-21', user_id: ids.employee.id })).status).toBe(201);
  });

  it('refuses an entry without a job or with hours ≤ 0, with field errors', async () => {
    const { job_id } = await createRecord(as.admin, 'time_entries');
    const before = await suite.env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM time_entries');
    for (const body of [
      { hours: 2, date: '2026-11-20' },
      { job_id: null, hours: 2, date: '2026-11-20' },
      { job_id: '', hours: 2, date: '2026-11-20' },
    ]) {
      const res = await as.employee.post('/api/time_entries', body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('job_id');
    }
    for (const hours of [0, -1, '0', -0.5]) {
      const res = await as.employee.post('/api/time_entries', { job_id, hours, date: '2026-11-20' });
      expect(res.status, String(hours)).toBe(422);
      expect(res.body.errors).toHaveProperty('hours');
    }
    const both = await as.employee.post('/api/time_entries', { hours: 0, date: '2026-11-20' });
    expect(Object.keys(both.body.errors ?? {}).sort()).toEqual(['hours', 'job_id']);
    expect(await suite.env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM time_entries')).toEqual(before);
    // an update cannot clear them either
    const own = await as.employee.post('/api/time_entries', { job_id, hours: 1, date: '2026-11-20' });
    expect(own.status).toBe(201);
    const cleared = await as.employee.patch(`/api/time_entries/${own.body.id}`, { ...own.body, job_id: null, hours: 0 });
    expect(cleared.status).toBe(422);
    expect(Object.keys(cleared.body.errors ?? {}).sort()).toEqual(['hours', 'job_id']);
  });
});

describe('users', () => {
  it('cannot delete itself or change its own role; others can', async () => {
    expect((await as.admin.del(`/api/users/${ids.admin.id}`)).status).toBe(403);
    const me = (await as.admin.get(`/api/users/${ids.admin.id}`)).body;
    expect((await as.admin.patch(`/api/users/${ids.admin.id}`, { ...me, role: 'employee' })).status).toBe(403);
    expect((await as.admin.patch(`/api/users/${ids.admin.id}`, { ...me, name: 'Admin Renamed' })).status).toBe(200);
  });

  it('lets a user without edit users change only their own profile', async () => {
    const me = (await as.supervisor.get(`/api/users/${ids.supervisor.id}`)).body;
    const ok = await as.supervisor.patch(`/api/users/${ids.supervisor.id}`, {
      name: 'Sue Pervisor',
      number: '(503) 555-1234',
      id: me.id,
      updated_at: me.updated_at,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.number).toBe('15035551234');
    expect((await as.supervisor.patch(`/api/users/${ids.supervisor.id}`, { role: 'admin' })).status).toBe(403);
    expect((await as.supervisor.patch(`/api/users/${ids.employee.id}`, { name: 'Hacked' })).status).toBe(403);
    expect(
      (
        await as.manager.post('/api/users', {
          name: 'N',
          email: 'n@test.local',
          role: 'admin',
          password: 'long-enough-1',
          password_confirmation: 'long-enough-1',
        })
      ).status,
    ).toBe(403);
  });

  it('shows contact details only to those who may view users, and to oneself', async () => {
    const list = (await as.employee.get('/api/users')).body.data!;
    const other = list.find((u) => u.id === ids.manager.id)!;
    expect(other.name).toBe('Manager User');
    expect(other).not.toHaveProperty('email');
    const self = list.find((u) => u.id === ids.employee.id)!;
    expect(self.email).toBe('employee@test.local');
    const byManager = (await as.manager.get(`/api/users/${ids.employee.id}`)).body;
    expect(byManager.email).toBe('employee@test.local');
  });

  it('forces can_be_scheduled for supervisors and checks the password pair', async () => {
    const res = await as.admin.post('/api/users', {
      name: 'Sam',
      email: 'sam@test.local',
      role: 'supervisor',
      can_be_scheduled: false,
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(res.status).toBe(201);
    expect(res.body.can_be_scheduled).toBe(true);
    const mismatch = await as.admin.post('/api/users', {
      name: 'Pat',
      email: 'pat@test.local',
      role: 'employee',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-2',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toHaveProperty('password_confirmation');
    const dupe = await as.admin.post('/api/users', {
      name: 'Sam 2',
      email: 'SAM@test.local',
      role: 'employee',
      password: 'long-enough-1',
      password_confirmation: 'long-enough-1',
    });
    expect(dupe.status).toBe(422);
    expect(dupe.body.errors).toHaveProperty('email');
  });
});

describe('cost and revenue fields', () => {
  it('strips job product cost/revenue without edit jobs_admin and derives them from the product', async () => {
    const product = await createRecord(as.admin, 'products', { cost_per_unit: 10, revenue_per_unit: 25 });
    const job = await createRecord(as.admin, 'jobs');
    const saved = await as.supervisor.post('/api/job_products', { job_id: job.id, product_id: product.id, qty: 3, cost: 1, revenue: 1 });
    expect(saved.status).toBe(201);
    expect(saved.body).not.toHaveProperty('cost');
    expect(saved.body).not.toHaveProperty('revenue');
    const asAdmin = (await as.admin.get(`/api/job_products/${saved.body.id}`)).body;
    expect(asAdmin).toMatchObject({ cost: 30, revenue: 75, name: product.name });
    const adminSet = await as.admin.patch(`/api/job_products/${saved.body.id}`, { ...asAdmin, cost: 99 });
    expect(adminSet.body.cost).toBe(99);
  });

  it('hides product prices without edit products_admin and estimate item prices without estimates_admin', async () => {
    const product = await createRecord(as.admin, 'products', { cost_per_unit: 10, revenue_per_unit: 25 });
    const seen = (await as.employee.get(`/api/products/${product.id}`)).body;
    expect(seen).not.toHaveProperty('cost_per_unit');
    expect(seen).not.toHaveProperty('revenue_per_unit');
    const item = await createRecord(as.admin, 'estimate_items', { amount: 100, cost: 60 });
    const bySupervisor = (await as.supervisor.get(`/api/estimate_items/${item.id}`)).body;
    expect(bySupervisor.id).toBe(item.id);
    expect(bySupervisor).not.toHaveProperty('amount');
    expect(bySupervisor).not.toHaveProperty('cost');
  });
});

describe('nested records', () => {
  it('syncs a job’s products in its body: upserts listed ones, deletes missing ones, all or nothing', async () => {
    const job = (
      await as.admin.post(
        '/api/jobs',
        await jobBody({
          number: 'N-1',
          products: [
            { name: 'A', qty: 1 },
            { name: 'B', qty: 2 },
          ],
        }),
      )
    ).body;
    const [a, b] = job.products as { id: number; name: string }[];
    expect([a!.name, b!.name]).toEqual(['A', 'B']);
    const next = await as.admin.patch(`/api/jobs/${job.id}`, {
      ...job,
      products: [
        { ...a, name: 'A2' },
        { name: 'C', qty: 1 },
      ],
    });
    expect(next.status).toBe(200);
    expect((next.body.products as { name: string }[]).map((p) => p.name).sort()).toEqual(['A2', 'C']);

    const failed = await as.admin.patch(`/api/jobs/${job.id}`, { ...next.body, number: 'N-2', products: [{ name: 'D', qty: 'lots' }] });
    expect(failed.status).toBe(422);
    expect(failed.body.errors).toHaveProperty('products.0.qty');
    const unchanged = (await as.admin.get(`/api/jobs/${job.id}`)).body;
    expect(unchanged.number).toBe('N-1');
    expect((unchanged.products as unknown[]).length).toBe(2);
  });

  it('refuses to move another parent’s child through a nested save', async () => {
    const one = (await as.admin.post('/api/jobs', await jobBody({ number: 'P-1', products: [{ name: 'Mine', qty: 1 }] }))).body;
    const two = (await as.admin.post('/api/jobs', await jobBody({ number: 'P-2' }))).body;
    const foreign = (one.products as { id: number }[])[0]!;
    const res = await as.admin.patch(`/api/jobs/${two.id}`, { ...two, products: [{ id: foreign.id, name: 'Stolen' }] });
    expect(res.status).toBe(422);
  });
});

describe('jobs', () => {
  it('derives is_complete from the listed scopes and their flags', async () => {
    const job = (await as.admin.post('/api/jobs', await jobBody({ number: 'C-1', scope_array: ['Mirrors', 'Hardware'], mirrors_complete: true }))).body;
    expect(job.is_complete).toBe(false);
    const done = (await as.admin.patch(`/api/jobs/${job.id}`, { ...job, hardware_complete: true, is_complete: false })).body;
    expect(done.is_complete).toBe(true);
    const bad = await as.admin.post('/api/jobs', await jobBody({ number: 'C-2', scope_array: ['Plumbing'] }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!)[0]).toMatch(/^scope_array/);
  });
});

describe('named calls', () => {
  it('discontinues and restores products', async () => {
    const p = await createRecord(as.admin, 'products');
    await as.admin.del(`/api/products/${p.id}`);
    const active = await as.admin.get('/api/products?page=1&per_page=100');
    expect(active.body.data!.map((r) => r.id)).not.toContain(p.id);
    const discontinued = await as.admin.get('/api/products?page=1&per_page=100&discontinued=true');
    expect(discontinued.body.data!.map((r) => r.id)).toContain(p.id);
    const restored = await as.admin.patch(`/api/products/${p.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    // restore is for soft-deleting resources only; nothing else has one
    const c = await createRecord(as.admin, 'clients');
    expect((await as.admin.patch(`/api/clients/${c.id}/restore`)).status).toBe(404);
    expect((await as.admin.patch(`/api/nothing/1/restore`)).status).toBe(404);
  });

  it('numbers purchase orders and filters them by derived status', async () => {
    const nextNumber = async () => ((await as.admin.get('/api/purchase_orders/next_number')).body as unknown as { data: { number: number } }).data.number;
    const n = await nextNumber();
    expect(n).toBeGreaterThan(1000);
    const po = await createRecord(as.admin, 'purchase_orders', { number: undefined });
    expect(po.number).toBe(n);
    expect((await as.admin.post(`/api/purchase_orders/${po.id}/send`)).status).toBe(200);
    expect(await nextNumber()).toBe(n + 1);
    const open = await as.admin.get('/api/purchase_orders?page=1&status=open');
    expect(open.body.data!.map((r) => r.id)).toContain(po.id);
    const drafts = await as.admin.get('/api/purchase_orders?page=1&status=draft');
    expect(drafts.body.data!.map((r) => r.id)).not.toContain(po.id);
    expect((await as.employee.get('/api/purchase_orders/next_number')).status).toBe(403);
  });

  it('lists job templates and category templates together with their type', async () => {
    const client = await createRecord(as.admin, 'clients');
    const jt = await createRecord(as.admin, 'job_templates', { client_id: client.id, name: 'Standard shower' });
    const ct = await createRecord(as.admin, 'category_templates', { client_id: client.id, name: 'Mirrors pack' });
    const res = await as.admin.get(`/api/job_templates?client_id=${client.id}`);
    expect(res.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'job_template', id: jt.id, name: 'Standard shower' }),
        expect.objectContaining({ type: 'category_template', id: ct.id, name: 'Mirrors pack' }),
      ]),
    );
    // templates never show up as jobs
    const jobs = await as.admin.get('/api/jobs?page=1&per_page=100');
    expect(jobs.body.data!.map((r) => r.id)).not.toContain(jt.id);
  });

  it('copies the material number and description onto PO lines and bom materials', async () => {
    const material = await createRecord(as.admin, 'materials', { number: 'GL-6MM', description: '6 mm clear float' });
    const po = await createRecord(as.admin, 'purchase_orders');
    const line = (await as.admin.post('/api/purchase_order_materials', { purchase_order_id: po.id, material_id: material.id, qty: 4 })).body;
    expect(line).toMatchObject({ material_number: 'GL-6MM', material_description: '6 mm clear float', purchase_order_number: po.number });
    const bom = await createRecord(as.admin, 'boms');
    const bm = (await as.admin.post('/api/bom_materials', { bom_id: bom.id, material_id: material.id, material_number: 'forged' })).body;
    expect(bm).toMatchObject({ material_number: 'GL-6MM', material_description: '6 mm clear float', qty: 1 });
  });

  it('upserts settings by name', async () => {
    expect((await as.admin.post('/api/settings', { name: 'burden_rate', value: '12.5' })).status).toBe(201);
    await as.admin.post('/api/settings', { name: 'burden_rate', value: '13' });
    const list = (await as.employee.get('/api/settings')).body.data!;
    expect(list.filter((s) => s.name === 'burden_rate')).toEqual([expect.objectContaining({ value: '13' })]);
    expect((await as.manager.post('/api/settings', { name: 'burden_rate', value: '1' })).status).toBe(403);
    const job = (await as.admin.post('/api/jobs', await jobBody({ number: 'BR-1' }))).body;
    expect(job.burden_rate).toBe(13);
  });
});

describe('role permissions', () => {
  it('only admins change the matrix, changes apply at once, and admins keep settings', async () => {
    const rows = (await as.admin.get('/api/role_permissions?role=employee')).body.data!;
    const clients = rows.find((r) => r.area === 'clients')!;
    expect((await as.manager.patch(`/api/role_permissions/${clients.id}`, { ...clients, edit: true })).status).toBe(403);
    expect((await as.employee.post('/api/clients', { name: 'Nope' })).status).toBe(403);
    const res = await as.admin.patch(`/api/role_permissions/${clients.id}`, { ...clients, edit: true });
    expect(res.status).toBe(200);
    expect((await as.employee.post('/api/clients', { name: 'Now allowed' })).status).toBe(201);
    expect((await as.employee.get('/api/user')).body.permissions).toMatchObject({ clients: { view: true, edit: true } });

    const adminRows = (await as.admin.get('/api/role_permissions?role=admin')).body.data!;
    const settings = adminRows.find((r) => r.area === 'settings')!;
    expect((await as.admin.patch(`/api/role_permissions/${settings.id}`, { ...settings, edit: false })).status).toBe(422);
  });
});
