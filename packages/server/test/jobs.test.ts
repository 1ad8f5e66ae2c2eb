/**
 * Server side: duplicating a job, creating a job from a template, the job template rule,
 * and cost fields of jobs and job products per role.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '@glazier/shared/permissions';
import type { Row } from '../src/db/client.ts';
import { type Client, made, appWithRoles, jobBody, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let seq = 0;
const client = () => made(as.manager, 'clients', { name: `Client ${++seq}` });
const product = (extra: Row = {}) =>
  made(as.manager, 'products', { number: `P-${++seq}`, name: `Product ${seq}`, cost_per_unit: 10, revenue_per_unit: 25, ...extra });
const auditRows = (resource: string, id: unknown) =>
  suite.env.db.query<Row>('SELECT action, user_id, before, after FROM audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id', [resource, id]);
const names = (rows: unknown) => (rows as Row[]).map((r) => r.name).sort();

describe('duplicate a job', () => {
  it('copies the job and its products with the number cleared, as a new active job, in one call with audit rows', async () => {
    const c = await client();
    const p = await product();
    const job = await madeJob(as.manager, {
      client_id: c.id,
      number: 'J-100',
      name: 'Smith shower',
      address: '1 Main St',
      start_date: '2026-11-02',
      end_date: '2026-11-06',
      scope_array: ['Mirrors', 'Hardware'],
      mirrors_complete: true,
      hardware_complete: true,
      active: false,
      trip_charge: 40,
      burden_rate: 21,
      additional_costs: 300,
      products: [
        {
          product_id: p.id,
          qty: 2,
          note: 'left wall',
          glass_width: 30.5,
          glass_height: 70,
          is_measured: true,
          is_ordered: true,
          cut_list_json: [{ text: 'Panel', sub_rows: [] }],
        },
        { name: 'Loose item', qty: 1, cost: 5, revenue: 9 },
      ],
    });
    expect(job.is_complete).toBe(true);

    const res = await as.supervisor.post(`/api/jobs/${job.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body;
    expect(copy.id).not.toBe(job.id);
    expect(copy).toMatchObject({
      number: null,
      name: 'Smith shower',
      client_id: c.id,
      client_name: c.name,
      address: '1 Main St',
      start_date: '2026-11-02',
      end_date: '2026-11-06',
      trip_charge: 40,
      scope_array: ['Mirrors', 'Hardware'],
      active: true,
      is_complete: false,
      mirrors_complete: false,
      hardware_complete: false,
    });
    expect(copy).not.toHaveProperty('burden_rate'); // the supervisor does not see it…
    const products = copy.products as Row[];
    expect(names(products)).toEqual(['Loose item', p.name]);
    const copied = products.find((r) => r.product_id === p.id)!;
    expect(copied).toMatchObject({
      qty: 2,
      note: 'left wall',
      glass_width: 30.5,
      glass_height: 70,
      is_measured: false,
      is_ordered: false,
      cut_list_json: [{ text: 'Panel', sub_rows: [] }],
    });

    // …but the copy keeps it, and the products keep their cost and revenue, as stored
    const asAdmin = (await as.admin.get(`/api/jobs/${copy.id}`)).body;
    expect(asAdmin).toMatchObject({ burden_rate: 21, additional_costs: 300 });
    expect((asAdmin.products as Row[]).map((r) => [r.name, r.cost, r.revenue]).sort()).toEqual([
      ['Loose item', 5, 9],
      [p.name, 20, 50],
    ]);

    // the original is untouched
    const original = (await as.admin.get(`/api/jobs/${job.id}`)).body;
    expect(original).toMatchObject({ number: 'J-100', active: false, is_complete: true });
    expect((original.products as Row[]).length).toBe(2);

    const audit = await auditRows('jobs', copy.id);
    expect(audit).toEqual([expect.objectContaining({ action: 'duplicate', before: { id: job.id } })]);
    for (const r of products) expect((await auditRows('job_products', r.id)).map((a) => a.action)).toEqual(['create']);
  });

  it("saves the Duplicate Job dialog's values onto the copy in the same call, or leaves no copy when one is refused", async () => {
    const [c, other] = [await client(), await client()];
    const p = await product();
    const job = await madeJob(as.manager, {
      client_id: c.id,
      number: 'J-300',
      name: 'Lobby',
      address: '2 Elm St',
      burden_rate: 21,
      products: [{ product_id: p.id, qty: 2 }],
    });

    // a supervisor's copy: the fields given are saved; the guarded burden rate they cannot set stays as copied
    const res = await as.supervisor.post(`/api/jobs/${job.id}/duplicate`, {
      number: 'J-301',
      name: 'Lobby, phase 2',
      client_id: other.id,
      burden_rate: 99,
      products: [],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      number: 'J-301',
      name: 'Lobby, phase 2',
      address: '2 Elm St',
      client_id: other.id,
      client_name: other.name,
      active: true,
    });
    // the body's own product list is not the copy's: the source's products are
    expect((res.body.products as Row[]).map((r) => [r.product_id, r.qty])).toEqual([[p.id, 2]]);
    expect((await as.admin.get(`/api/jobs/${res.body.id}`)).body).toMatchObject({ burden_rate: 21 });
    expect((await auditRows('jobs', res.body.id)).map((a) => a.action)).toEqual(['duplicate', 'update']);

    // a refused value (a template of another client): 422 on its field, and no copy, no products
    const template = await made(as.admin, 'job_templates', { name: 'Other shower', client_id: other.id });
    const count = async (table: string) => Number((await suite.env.db.query<Row>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
    const before = [await count('jobs'), await count('job_products')];
    const refused = await as.manager.post(`/api/jobs/${job.id}/duplicate`, { number: 'J-302', job_template_id: template.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('job_template_id');
    expect([await count('jobs'), await count('job_products')]).toEqual(before);
    expect((await as.manager.post(`/api/jobs/${job.id}/duplicate`, [1])).status).toBe(422);
  });

  it('needs edit jobs, and answers 404 for a missing job or a job template', async () => {
    const job = await madeJob(as.manager, { number: 'J-200' });
    expect((await as.employee.post(`/api/jobs/${job.id}/duplicate`)).status).toBe(403);
    expect((await as.manager.post('/api/jobs/999999/duplicate')).status).toBe(404);
    expect((await as.manager.post('/api/jobs/abc/duplicate')).status).toBe(404);
    const template = await made(as.admin, 'job_templates', { name: 'T-200' });
    expect((await as.manager.post(`/api/jobs/${template.id}/duplicate`)).status).toBe(404);
    const all = (await as.manager.get('/api/jobs?page=1&per_page=100&search=J-200')).body.data!;
    expect(all.map((r) => r.number)).toEqual(['J-200']);
  });
});

describe('jobs from templates', () => {
  it('copies the template’s products into a new job, next to the products the body lists', async () => {
    const c = await client();
    const p = await product();
    const template = await made(as.admin, 'job_templates', {
      name: 'Standard shower',
      client_id: c.id,
      products: [
        { product_id: p.id, qty: 3 },
        { name: 'Clips', qty: 4, sort: 1 },
      ],
    });
    expect((template.products as Row[]).length).toBe(2);

    const job = await madeJob(as.supervisor, { client_id: c.id, number: 'JT-1', job_template_id: template.id, products: [{ name: 'Extra', qty: 1 }] });
    expect(names(job.products)).toEqual(['Clips', 'Extra', p.name]);
    const fromTemplate = (job.products as Row[]).find((r) => r.product_id === p.id)!;
    expect(fromTemplate.qty).toBe(3);
    expect((await as.admin.get(`/api/job_products/${fromTemplate.id}`)).body).toMatchObject({ cost: 30, revenue: 75, job_id: job.id });
    // the template keeps its own products
    expect(((await as.admin.get(`/api/job_templates/${template.id}`)).body.products as Row[]).length).toBe(2);
    // choosing a template later does not copy again
    const later = await as.manager.patch(`/api/jobs/${job.id}`, { job_template_id: template.id, number: 'JT-1b' });
    expect(later.status).toBe(200);
    const read = (await as.admin.get(`/api/jobs/${job.id}`)).body;
    expect(read.products).toHaveLength(3);
    // the job embeds its template (a row of the same table) and no category template
    expect(read.job_template).toMatchObject({ id: template.id, name: 'Standard shower', is_template: true });
    expect(read.category_template).toBeNull();
    expect((await as.admin.get(`/api/job_templates/${template.id}`)).body).not.toHaveProperty('job_template');
  });

  it('refuses a job template of another client, or a job given as template, writing nothing', async () => {
    const [mine, other] = [await client(), await client()];
    const template = await made(as.admin, 'job_templates', { name: 'Other’s', client_id: other.id, products: [{ name: 'X', qty: 1 }] });
    const count = async () => Number((await suite.env.db.query<Row>('SELECT count(*) AS n FROM jobs'))[0]!.n);
    const before = await count();
    const res = await as.manager.post('/api/jobs', await jobBody({ client_id: mine.id, number: 'JT-2', job_template_id: template.id }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('job_template_id');
    const plainJob = await madeJob(as.manager, { number: 'JT-3' });
    const notTemplate = await as.manager.post('/api/jobs', await jobBody({ number: 'JT-4', job_template_id: plainJob.id }));
    expect(notTemplate.status).toBe(422);
    expect(notTemplate.body.errors).toHaveProperty('job_template_id');
    expect(await count()).toBe(before + 1);
    // moving the job to another client than its template's is refused too
    const ok = await madeJob(as.manager, { client_id: other.id, number: 'JT-5', job_template_id: template.id });
    const moved = await as.manager.patch(`/api/jobs/${ok.id}`, { client_id: mine.id });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toHaveProperty('job_template_id');
  });

  it('a template under a category template belongs to that category template’s client', async () => {
    const [mine, other] = [await client(), await client()];
    const category = await made(as.admin, 'category_templates', { name: 'Mirrors pack', client_id: other.id });
    const sub = await made(as.admin, 'job_templates', { name: 'Sub', category_template_id: category.id, products: [{ name: 'M', qty: 1 }] });
    expect((await as.manager.post('/api/jobs', await jobBody({ client_id: mine.id, job_template_id: sub.id }))).status).toBe(422);
    const job = await madeJob(as.manager, { client_id: other.id, job_template_id: sub.id });
    expect(names(job.products)).toEqual(['M']);
  });
});

describe('the job template rule', () => {
  it('a job template’s products are written only with edit jobs_admin, though a job’s need edit jobs', async () => {
    const c = await client();
    const p = await product();
    const template = await made(as.manager, 'job_templates', { name: 'Mirror set', client_id: c.id, products: [{ product_id: p.id, qty: 2 }] });
    const line = (template.products as Row[])[0]!;
    const job = await madeJob(as.manager, { client_id: c.id, number: `TR-${++seq}` });
    const own = await made(as.manager, 'job_products', { job_id: job.id, product_id: p.id });

    expect((await as.supervisor.post('/api/job_products', { job_id: template.id, product_id: p.id })).status).toBe(403);
    expect((await as.supervisor.post('/api/job_products/store_many', { data: [{ job_id: template.id, product_id: p.id, qty: 1 }] })).status).toBe(403);
    expect((await as.supervisor.patch(`/api/job_products/${line.id}`, { qty: 9 })).status).toBe(403);
    expect((await as.supervisor.patch(`/api/job_products/${own.id}`, { job_id: template.id })).status).toBe(403);
    expect((await as.supervisor.del(`/api/job_products/${line.id}`)).status).toBe(403);
    expect(((await as.manager.get(`/api/job_templates/${template.id}`)).body.products as Row[]).map((r) => [r.id, r.qty])).toEqual([[line.id, 2]]);

    // a job's products stay the supervisor's to write; the manager writes the template's
    expect((await as.supervisor.patch(`/api/job_products/${own.id}`, { qty: 4 })).status).toBe(200);
    expect((await as.supervisor.post('/api/job_products', { job_id: job.id, product_id: p.id })).status).toBe(201);
    expect((await as.manager.patch(`/api/job_products/${line.id}`, { qty: 3 })).status).toBe(200);
    expect((await as.manager.post('/api/job_products', { job_id: template.id, product_id: p.id })).status).toBe(201);
  });

  it('a job template belongs to a client or to a category template, never both: 422 on both fields', async () => {
    const c = await client();
    const category = await made(as.admin, 'category_templates', { name: 'Pack', client_id: c.id });
    const both = await as.admin.post('/api/job_templates', { name: 'Both', client_id: c.id, category_template_id: category.id });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual(
      expect.objectContaining({ client_id: [expect.stringMatching(/not both/)], category_template_id: [expect.stringMatching(/not both/)] }),
    );
    const byClient = await made(as.admin, 'job_templates', { name: 'By client', client_id: c.id });
    const patched = await as.admin.patch(`/api/job_templates/${byClient.id}`, { category_template_id: category.id });
    expect(patched.status).toBe(422);
    expect(patched.body.errors).toHaveProperty('category_template_id');
    // moving it from the client to the category template in one save is fine
    const moved = await as.admin.patch(`/api/job_templates/${byClient.id}`, { client_id: null, category_template_id: category.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ client_id: null, category_template_id: category.id, type: 'job_template' });
    expect((await as.supervisor.post('/api/job_templates', { name: 'No right' })).status).toBe(403);
  });

  it('lists job templates and category templates together, each with its type, id and name; resource narrows', async () => {
    const c = await client();
    const jt = await made(as.admin, 'job_templates', { name: 'Combined JT', client_id: c.id });
    const ct = await made(as.admin, 'category_templates', { name: 'Combined CT', client_id: c.id });
    const both = (await as.supervisor.get(`/api/job_templates?client_id=${c.id}`)).body.data!;
    expect(both.map((r) => [r.type, r.id, r.name]).sort()).toEqual(
      [
        ['category_template', ct.id, 'Combined CT'],
        ['job_template', jt.id, 'Combined JT'],
      ].sort(),
    );
    const onlyCategories = (await as.supervisor.get(`/api/job_templates?client_id=${c.id}&resource=category_templates`)).body.data!;
    expect(onlyCategories.map((r) => r.type)).toEqual(['category_template']);
    const onlyJobTemplates = (await as.supervisor.get(`/api/job_templates?client_id=${c.id}&resource=job_templates`)).body.data!;
    expect(onlyJobTemplates.map((r) => r.type)).toEqual(['job_template']);
  });
});

describe('the combined template list, paged on the server', () => {
  it('pages, searches and sorts job templates and category templates as one list, with the right total', async () => {
    const c = await client();
    const tag = `U${++seq}`;
    // names interleave the two kinds: A, C, E, … are job templates, B, D, F, … category templates
    const letters = 'ABCDEFGHIJ'.split('');
    const made_: Row[] = [];
    for (const [i, letter] of letters.entries()) {
      const kind = i % 2 === 0 ? 'job_templates' : 'category_templates';
      made_.push({
        ...(await made(as.admin, kind, { name: `${tag} ${letter} template`, client_id: c.id, burden_rate: kind === 'job_templates' ? 30 : undefined })),
        type: kind.slice(0, -1),
      });
    }
    const page = async (query: string, who: Client = as.supervisor) => {
      const res = await who.get(`/api/job_templates?client_id=${c.id}&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as { data: Row[]; total: number; last_page: number; current_page: number; per_page: number };
    };
    const names = (rows: Row[]) => rows.map((r) => `${r.type}:${r.name}`);
    const expected = made_.map((r) => `${r.type}:${r.name}`);

    // five of each, four a page: three pages, by name across both kinds
    const first = await page('page=1&per_page=4');
    expect(first).toMatchObject({ total: 10, last_page: 3, current_page: 1, per_page: 4 });
    expect(names(first.data)).toEqual(expected.slice(0, 4));
    expect(names((await page('page=2&per_page=4')).data)).toEqual(expected.slice(4, 8));
    expect(names((await page('page=3&per_page=4')).data)).toEqual(expected.slice(8));
    expect(await page('page=4&per_page=4')).toMatchObject({ data: [], total: 10, last_page: 3 });

    // whole records, each presented as its own kind (no burden rate for a supervisor)
    const jt = first.data.find((r) => r.type === 'job_template')!;
    expect(jt).toMatchObject({ client_id: c.id, client_name: c.name, is_template: true });
    expect(jt).not.toHaveProperty('burden_rate');
    expect((await page('page=1&per_page=1', as.admin)).data[0]).toMatchObject({ type: 'job_template', burden_rate: 30 });
    expect(first.data.find((r) => r.type === 'category_template')).toMatchObject({ client_id: c.id });

    // sorted the other way, over both kinds
    const desc = await page('page=1&per_page=3&sort_column=name&sort_direction=desc');
    expect(names(desc.data)).toEqual([...expected].reverse().slice(0, 3));

    // a search matches either kind; the total counts both
    const searched = await page(`page=1&per_page=2&search=${encodeURIComponent(`${tag} D`)}`);
    expect(names(searched.data)).toEqual([expected[3]]);
    expect(searched.total).toBe(1);

    // resource narrows to one kind, still paged on the server
    const categories = await page('page=2&per_page=2&resource=category_templates');
    expect(categories).toMatchObject({ total: 5, last_page: 3 });
    expect(names(categories.data)).toEqual([expected[5], expected[7]]);
    expect((await page('page=1&per_page=100&resource=job_templates')).total).toBe(5);

    // a deleted template leaves the list and the total
    await as.admin.del(`/api/category_templates/${made_[1]!.id}`);
    expect((await page('page=1&per_page=4')).total).toBe(9);

    // bad paging or sort → 422, never 500
    expect((await as.supervisor.get('/api/job_templates?page=1&sort_column=address')).status).toBe(422);
    expect((await as.supervisor.get('/api/job_templates?page=x')).status).toBe(422);
    expect((await as.supervisor.get('/api/job_templates?page=1&sort_direction=up')).status).toBe(422);
  });

  it('shows the client name of category templates as of job templates, and a search by client name finds both kinds', async () => {
    const tag = `Vitrum${++seq}${Date.now().toString(36)}`;
    const c = await made(as.manager, 'clients', { name: `${tag} Glass Co` });
    const jt = await made(as.admin, 'job_templates', { name: 'Shower pack', client_id: c.id });
    const ct = await made(as.admin, 'category_templates', { name: 'Mirror pack', client_id: c.id });
    expect(ct.client_name).toBe(c.name);
    expect((await as.supervisor.get(`/api/category_templates/${ct.id}`)).body.client_name).toBe(c.name);

    const paged = await as.supervisor.get(`/api/job_templates?page=1&per_page=10&search=${encodeURIComponent(`${tag} glass`)}`);
    expect(paged.status).toBe(200);
    expect(paged.body.total).toBe(2);
    expect((paged.body.data as Row[]).map((r) => [r.type, r.id, r.client_name]).sort()).toEqual(
      [
        ['category_template', ct.id, c.name],
        ['job_template', jt.id, c.name],
      ].sort(),
    );
    const plain = await as.supervisor.get(`/api/job_templates?search=${encodeURIComponent(tag)}`);
    expect((plain.body.data as Row[]).map((r) => [r.type, r.client_name]).sort()).toEqual(
      [
        ['category_template', c.name],
        ['job_template', c.name],
      ].sort(),
    );
    // the category template lookup finds it by client name too, and follows a renamed client
    await as.manager.patch(`/api/clients/${c.id}`, { name: `${tag} Mirrors Ltd` });
    const lookup = await as.supervisor.get(`/api/category_templates?page=1&per_page=30&search=${encodeURIComponent(`${tag} mirrors`)}`);
    expect((lookup.body.data as Row[]).map((r) => [r.id, r.client_name])).toEqual([[ct.id, `${tag} Mirrors Ltd`]]);
    // the client name is the server's: a client_name sent changes nothing
    const sent = await as.admin.patch(`/api/category_templates/${ct.id}`, { name: 'Mirror pack 2', client_name: 'Someone else' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ name: 'Mirror pack 2', client_name: `${tag} Mirrors Ltd` });
  });
});

describe('the job list', () => {
  it('takes the spec parameters: search (number, name, client, address), client_id, foreman_id, status active (default) or all, per_page, with_client_name and the sort', async () => {
    const tag = `JL${++seq}${Date.now().toString(36)}`;
    const acme = await made(as.manager, 'clients', { name: `${tag} Acme Glass` });
    const bolt = await made(as.manager, 'clients', { name: `${tag} Bolt Homes` });
    const foreman = suite.ids.supervisor.id;
    const a = await madeJob(as.manager, { number: `${tag}-1`, name: 'Lobby mirrors', client_id: acme.id, address: `1 ${tag} Quay`, foreman_id: foreman });
    const b = await madeJob(as.manager, { number: `${tag}-2`, name: 'Shower', client_id: bolt.id, address: '2 Elm St' });
    const c = await madeJob(as.manager, { number: `${tag}-3`, name: 'Old job', client_id: acme.id, active: false });
    const list = async (query: string) => {
      const res = await as.supervisor.get(`/api/jobs?page=1&search=${encodeURIComponent(tag)}&${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as { data: Row[]; total: number; per_page: number; last_page: number };
    };
    const numbers = (r: { data: Row[] }) => r.data.map((j) => j.number);

    // a page shows every job unless asked; status narrows to active or all
    expect(numbers(await list('status=active&sort_column=number&sort_direction=asc'))).toEqual([a.number, b.number]);
    expect(numbers(await list('status=all&sort_column=number&sort_direction=desc'))).toEqual([c.number, b.number, a.number]);
    // the plain list is active only by default
    expect(((await as.supervisor.get(`/api/jobs?search=${tag}`)).body.data as Row[]).map((j) => j.id).sort()).toEqual([a.id, b.id].sort());
    // client and foreman filters
    expect(numbers(await list(`status=all&client_id=${acme.id}&sort_column=number`))).toEqual([a.number, c.number]);
    expect(numbers(await list(`foreman_id=${foreman}`))).toEqual([a.number]);
    // search by client name and by address
    const byClient = await as.supervisor.get(`/api/jobs?page=1&status=all&search=${encodeURIComponent(`${tag} bolt`)}`);
    expect((byClient.body.data as Row[]).map((j) => j.id)).toEqual([b.id]);
    const byAddress = await as.supervisor.get(`/api/jobs?page=1&search=${encodeURIComponent(`1 ${tag} quay`)}`);
    expect((byAddress.body.data as Row[]).map((j) => j.id)).toEqual([a.id]);
    // per_page and with_client_name
    const paged = await list('status=all&per_page=2&with_client_name=true&sort_column=client_name&sort_direction=asc');
    expect(paged).toMatchObject({ total: 3, per_page: 2, last_page: 2 });
    expect(paged.data.map((j) => j.client_name)).toEqual([acme.name, acme.name]);
    // bad parameters are 422s, never 500s
    expect((await as.supervisor.get('/api/jobs?page=1&status=maybe')).status).toBe(422);
    expect((await as.supervisor.get('/api/jobs?page=1&sort_column=burden_rate')).status).toBe(422);
  });
});

describe('cost fields per role', () => {
  const GUARDED_JOB = ['burden_rate', 'additional_costs', 'additional_revenues', 'invoice_amount'] as const;
  const GUARDED_PRODUCT = ['cost', 'revenue', 'default_cost_per_unit', 'default_revenue_per_unit'] as const;
  const SEES: Record<Role, boolean> = { admin: true, manager: true, supervisor: false, employee: false };

  async function costedJob() {
    const p = await product({ cost_per_unit: 10, revenue_per_unit: 25 });
    const job = await madeJob(as.admin, {
      number: `COST-${++seq}`,
      burden_rate: 20,
      additional_costs: 100,
      additional_revenues: 150,
      invoice_amount: 900,
      trip_charge: 35,
      products: [{ product_id: p.id, qty: 2 }],
    });
    return { p, job, line: (job.products as Row[])[0]! };
  }

  it('shows job and job product costs only to roles with edit jobs_admin, on every read', async () => {
    const { job, line } = await costedJob();
    for (const role of ['admin', 'manager', 'supervisor', 'employee'] as const) {
      const reads: Row[] = [
        (await as[role].get(`/api/jobs/${job.id}`)).body,
        (await as[role].get(`/api/jobs?page=1&search=${job.number}`)).body.data![0]!,
        (await as[role].get(`/api/jobs?id_list=${job.id}&with_products=true`)).body.data![0]!,
      ];
      for (const r of reads) {
        expect(r.id, role).toBe(job.id);
        expect(r.trip_charge, role).toBe(35); // not a cost field: everyone sees it
        for (const k of GUARDED_JOB) expect(k in r, `${role} ${k}`).toBe(SEES[role]);
      }
      const lines = [
        (reads[0]!.products as Row[])[0]!,
        (reads[2]!.products as Row[])[0]!,
        (await as[role].get(`/api/job_products/${line.id}`)).body,
        (await as[role].get(`/api/job_products?job_id=${job.id}`)).body.data![0]!,
      ];
      for (const l of lines) {
        expect(l.id, role).toBe(line.id);
        for (const k of GUARDED_PRODUCT) expect(k in l, `${role} ${k}`).toBe(SEES[role]);
      }
      if (SEES[role]) expect(lines[0]).toMatchObject({ cost: 20, revenue: 50, default_cost_per_unit: 10, default_revenue_per_unit: 25 });
    }
  });

  it('ignores cost fields written without edit jobs_admin, keeps the stored ones, and derives line costs from the product', async () => {
    const { job, line } = await costedJob();
    const seen = (await as.supervisor.get(`/api/jobs/${job.id}`)).body;
    const res = await as.supervisor.patch(`/api/jobs/${job.id}`, {
      ...seen,
      name: 'Renamed',
      burden_rate: 1,
      additional_costs: 1,
      additional_revenues: 1,
      invoice_amount: 1,
      products: [{ ...(seen.products as Row[])[0], qty: 3, cost: 1, revenue: 1, default_cost_per_unit: 1, default_revenue_per_unit: 1 }],
    });
    expect(res.status).toBe(200);
    const stored = (await as.manager.get(`/api/jobs/${job.id}`)).body;
    expect(stored).toMatchObject({ name: 'Renamed', burden_rate: 20, additional_costs: 100, additional_revenues: 150, invoice_amount: 900 });
    // qty 3 at the product's unit cost and revenue
    expect((stored.products as Row[])[0]).toMatchObject({
      id: line.id,
      qty: 3,
      cost: 30,
      revenue: 75,
      default_cost_per_unit: 10,
      default_revenue_per_unit: 25,
    });

    const created = await madeJob(as.supervisor, { number: `COST-S-${seq}`, burden_rate: 99, invoice_amount: 5 });
    const asManager = (await as.manager.get(`/api/jobs/${created.id}`)).body;
    expect(asManager.burden_rate).not.toBe(99);
    expect(asManager.invoice_amount).toBeNull();

    // a manager (edit jobs_admin) sets them
    const set = await as.manager.patch(`/api/jobs/${job.id}`, {
      burden_rate: 22.5,
      invoice_amount: 1000,
      products: [{ id: line.id, qty: 3, cost: 31, revenue: 80 }],
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ burden_rate: 22.5, invoice_amount: 1000 });
    expect((set.body.products as Row[])[0]).toMatchObject({ cost: 31, revenue: 80 });

    // a supervisor's later save keeps the amounts the manager typed, whatever else it changes
    const later = await as.supervisor.patch(`/api/job_products/${line.id}`, { note: 'Check the wall', qty: 4 });
    expect(later.status).toBe(200);
    expect((await as.manager.get(`/api/job_products/${line.id}`)).body).toMatchObject({ note: 'Check the wall', qty: 4, cost: 31, revenue: 80 });
    // an amount still at its default follows qty, whoever changes it
    const p = await product({ cost_per_unit: 10, revenue_per_unit: 25 });
    const plain = await made(as.manager, 'job_products', { job_id: job.id, product_id: p.id, qty: 1 });
    expect(plain).toMatchObject({ cost: 10, revenue: 25 });
    expect((await as.manager.patch(`/api/job_products/${plain.id}`, { qty: 2 })).body).toMatchObject({ cost: 20, revenue: 50 });
    expect((await as.supervisor.patch(`/api/job_products/${plain.id}`, { qty: 3 })).status).toBe(200);
    expect((await as.manager.get(`/api/job_products/${plain.id}`)).body).toMatchObject({ cost: 30, revenue: 75 });
  });

  it('an employee (view jobs) reads jobs but writes neither jobs nor job products', async () => {
    const { job, line } = await costedJob();
    expect((await as.employee.get(`/api/jobs/${job.id}`)).status).toBe(200);
    expect((await as.employee.patch(`/api/jobs/${job.id}`, { name: 'x' })).status).toBe(403);
    expect((await as.employee.post('/api/jobs', await jobBody({ number: 'E-1' }))).status).toBe(403);
    expect((await as.employee.patch(`/api/job_products/${line.id}`, { qty: 9 })).status).toBe(403);
    expect((await as.employee.post('/api/job_products/store_many', { data: [{ job_id: job.id, name: 'x' }] })).status).toBe(403);
    expect((await as.employee.del(`/api/job_products/${line.id}`)).status).toBe(403);
  });
});

describe("a new job's burden rate", () => {
  it('starts at the setting; a settings row marked deleted is no setting', async () => {
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'burden_rate', value: '33' }] })).status).toBe(200);
    expect((await madeJob(as.admin, { number: `BR-${++seq}` })).burden_rate).toBe(33);
    // The API deletes a setting for good; a row with deleted_at (one written by hand, or by an older version) is as good as gone.
    await suite.env.db.query("UPDATE settings SET deleted_at = now() WHERE name = 'burden_rate'");
    expect((await madeJob(as.admin, { number: `BR-${++seq}` })).burden_rate).toBeNull();
  });
});

describe('pickup items', () => {
  it('filter by category (the scope name) on the server, and refuse a category that is not a scope', async () => {
    const job = await madeJob(as.manager, { number: `PK-${++seq}` });
    const mirror = await made(as.manager, 'pickup_items', { job_id: job.id, category_name: 'Mirrors', status: 'ready' });
    await made(as.manager, 'pickup_items', { job_id: job.id, category_name: 'Hardware', status: 'ready' });
    const mirrors = (await as.manager.get(`/api/pickup_items?job_id=${job.id}&category_name=Mirrors`)).body.data!;
    expect(mirrors.map((i: Row) => i.id)).toEqual([mirror.id]);
    expect((await as.manager.get(`/api/pickup_items?category_name=Glass`)).status).toBe(422);
  });

  it('are their creator’s, and name their category by name or by the product category, the other filled in', async () => {
    const job = await madeJob(as.manager, { number: `PK-${++seq}` });
    const mirrors = await made(as.manager, 'product_categories', { name: 'Mirrors' });
    const glass = await made(as.manager, 'product_categories', { name: 'Glass' });
    const byName = await made(as.supervisor, 'pickup_items', { job_id: job.id, category_name: 'Mirrors' });
    expect(byName).toMatchObject({ user_id: suite.ids.supervisor.id, category_name: 'Mirrors', category_id: mirrors.id });
    const byId = await made(as.manager, 'pickup_items', { job_id: job.id, category_id: mirrors.id });
    expect(byId).toMatchObject({ user_id: suite.ids.manager.id, category_name: 'Mirrors', category_id: mirrors.id });
    // a category with no product category of its name has none; one that is not of the five is refused
    expect(await made(as.manager, 'pickup_items', { job_id: job.id, category_name: 'Shelving' })).toMatchObject({
      category_name: 'Shelving',
      category_id: null,
    });
    const refused = await as.manager.post('/api/pickup_items', { job_id: job.id, category_id: glass.id });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toHaveProperty('category_id');
    // an edit keeps the creator
    expect((await as.manager.patch(`/api/pickup_items/${byName.id}`, { category_name: 'Hardware' })).body).toMatchObject({
      user_id: suite.ids.supervisor.id,
      category_id: null,
    });
  });
});

describe('glass sizes (lengths)', () => {
  it('accept the typed forms (35 7/16, 35-7/16, 35.4375), store decimal inches, and refuse garbage with a 422 field error', async () => {
    const job = await madeJob(as.manager, { number: `GL-${++seq}` });
    const line = await made(as.manager, 'job_products', { job_id: job.id, name: 'Panel', glass_width: '35 7/16', glass_height: '72-1/2"' });
    expect(line).toMatchObject({ glass_width: 35.4375, glass_height: 72.5 });
    const [stored] = await suite.env.db.query<Row>('SELECT glass_width::text AS w, glass_height::text AS h FROM job_products WHERE id = $1', [line.id]);
    expect(stored).toEqual({ w: '35.43750', h: '72.50000' });

    const garbage = await as.manager.patch(`/api/job_products/${line.id}`, { glass_width: 'three feet', glass_height: '-2' });
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors).toEqual({ glass_width: ['Enter inches like 35 7/16 or 35.4375.'], glass_height: ['Enter inches like 35 7/16 or 35.4375.'] });
    expect((await as.manager.post('/api/job_products', { job_id: job.id, glass_width: '35 7/0' })).status).toBe(422);
    expect((await as.manager.post('/api/job_products', { job_id: job.id, glass_width: -1 })).body.errors).toHaveProperty('glass_width');

    // nested in the job's body and in store_many alike; a blank clears the size
    const nested = await as.manager.patch(`/api/jobs/${job.id}`, { products: [{ id: line.id, glass_width: '7/16', glass_height: '' }] });
    expect(nested.status).toBe(200);
    expect((nested.body.products as Row[])[0]).toMatchObject({ glass_width: 0.4375, glass_height: null });
    const many = await as.manager.post('/api/job_products/store_many', {
      data: [
        { job_id: job.id, name: 'A', glass_width: '12.125' },
        { job_id: job.id, name: 'B', glass_width: 'x' },
      ],
    });
    expect(many.status).toBe(422);
    expect(many.body.errors).toHaveProperty(['data.1.glass_width']);
    const unchanged = (await as.manager.get(`/api/job_products?job_id=${job.id}`)).body.data!;
    expect(unchanged).toHaveLength(1);
  });
});
