/**
 * CSV import: the check (a dry run) gives each row's errors exactly as a save does and
 * writes nothing; the import writes all rows or none, through the same rights and validation;
 * importing the same rows twice updates what has a key (materials and products by number,
 * vendors by name) and says how many were added and updated.
 */
import { describe, expect, it } from 'vitest';
import { Client, appWithRoles, made } from './harness.ts';
import { IMPORTABLE } from '@glazier/shared/actions/importable';

const { env, as } = appWithRoles();
const count = async (table: string) => (await env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE deleted_at IS NULL`))[0]!.n;

describe('rights and input', () => {
  it('answers 401 to a guest, 403 without edit on the resource, 404 for a resource that cannot be imported', async () => {
    const rows = [{ name: 'Tempered' }];
    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.post('/api/material_categories/import', { rows })).status).toBe(401);
    expect((await as.supervisor.post('/api/material_categories/import', { rows })).status).toBe(403); // view inventory only
    expect((await as.supervisor.post('/api/material_categories/import/check', { rows })).status).toBe(403);
    expect((await as.manager.post('/api/jobs/import', { rows })).status).toBe(404);
    expect((await as.manager.post('/api/users/import/check', { rows })).status).toBe(404);
    expect(await count('material_categories')).toBe(0);
  });

  it('answers 422 with field errors for a body that is not rows, never a 500', async () => {
    for (const body of [{}, { rows: 'x' }, { rows: [] }, { rows: [1, 2] }, { rows: [{ name: { a: 1 } }] }]) {
      const res = await as.manager.post('/api/material_categories/import', body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})[0]).toMatch(/^rows/);
    }
    const tooMany = await as.manager.post('/api/material_categories/import/check', { rows: Array.from({ length: 10_001 }, () => ({ name: 'x' })) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.rows?.[0]).toMatch(/At most 10,000 rows/);
  });
});

describe('check', () => {
  it("gives each row's errors exactly as a save gives them, and writes nothing", async () => {
    await made(as.manager, 'material_categories', { name: 'Mirror' });
    const before = await count('materials');
    const bad = { number: '', description: 'x'.repeat(1001), reorder_qty: 'lots' };
    const saved = await as.manager.post('/api/materials', bad);
    expect(saved.status).toBe(422);
    const res = await as.manager.post('/api/materials/import/check', {
      rows: [
        { number: 'MI-1', description: '1/4" mirror', material_category_id: 'mirror', starting_price: '$1,234.50', active: 'Yes' },
        bad,
        { number: 'MI-2', material_category_id: 'Glazing Tape' },
        { number: 'MI-1', description: 'again' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ added: 1, updated: 1, failed: 2 });
    const rows = res.body.rows as unknown as { action: string; id: number | null; errors?: Record<string, string[]> }[];
    expect(rows[0]).toEqual({ action: 'add', id: null });
    expect(rows[1]!.errors).toEqual(saved.body.errors); // the save's own errors, word for word
    expect(rows[2]!.errors).toEqual({ material_category_id: ['No material category named “Glazing Tape”.'] });
    expect(rows[3]).toMatchObject({ action: 'update' }); // the first row's number, added just before
    expect(rows[3]!.errors).toBeUndefined();
    expect(await count('materials')).toBe(before);
  });
});

describe('import', () => {
  it('writes all rows or none: one bad row and nothing is written, with its errors as rows.{i}.{field}', async () => {
    const before = await count('vendors');
    const res = await as.manager.post('/api/vendors/import', { rows: [{ name: 'Pacific Glass' }, { name: '', phone: '12' }, { name: 'Cascade Supply' }] });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('1 row has errors: nothing was imported.');
    expect(res.body.errors).toEqual({ 'rows.1.name': ['The name field is required.'], 'rows.1.phone': ['Must be a 10-digit phone number.'] });
    expect(await count('vendors')).toBe(before);
  });

  it('imported twice, updates materials by number and vendors by name instead of adding them again', async () => {
    const cat = await made(as.manager, 'material_categories', { name: 'Hardware' });
    const materials = {
      rows: [
        { number: 'HW-100', description: 'Hinge, chrome', material_category_id: 'HARDWARE', reorder_qty: '12', starting_price: '$18.40' },
        { number: 'HW-101', description: 'Clamp, brushed', material_category_id: String(cat.id), reorder_qty: '1,000' },
      ],
    };
    const first = await as.manager.post('/api/materials/import', materials);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ added: 2, updated: 0 });
    const page = await as.manager.get('/api/materials?page=1&search=HW-10&sort_column=number');
    expect(page.body.data).toMatchObject([
      { number: 'HW-100', material_category_id: cat.id, reorder_qty: 12, starting_price: 18.4 },
      { number: 'HW-101', reorder_qty: 1000 },
    ]);
    materials.rows[0]!.description = 'Hinge, polished chrome';
    const second = await as.manager.post('/api/materials/import', materials);
    expect(second.body).toEqual({ added: 0, updated: 2 });
    expect((await as.manager.get('/api/materials?page=1&search=HW-10')).body.total).toBe(2);
    expect((await as.manager.get('/api/materials?page=1&search=HW-100')).body.data?.[0]?.description).toBe('Hinge, polished chrome');

    const vendors = { rows: [{ name: 'Northwest Hardware', phone: '(503) 555-0100' }] };
    expect((await as.manager.post('/api/vendors/import', vendors)).body).toEqual({ added: 1, updated: 0 });
    expect((await as.manager.post('/api/vendors/import', vendors)).body).toEqual({ added: 0, updated: 1 });

    // a vendor's price list by the vendor's name and the material's number
    const prices = {
      rows: [{ vendor_id: 'Northwest Hardware', material_id: 'hw-100', vendor_part_number: 'NW-H1', unit_price: '$9.95', is_preferred: 'yes' }],
    };
    expect((await as.manager.post('/api/vendor_materials/import', prices)).body).toEqual({ added: 1, updated: 0 });
    prices.rows[0]!.unit_price = '10.25';
    expect((await as.manager.post('/api/vendor_materials/import', prices)).body).toEqual({ added: 0, updated: 1 });
    const list = await as.manager.get('/api/vendor_materials?page=1&search=NW-H1');
    expect(list.body.data).toMatchObject([{ vendor_name: 'Northwest Hardware', material_number: 'HW-100', unit_price: 10.25, is_preferred: true }]);

    // every write has its audit row, as a save
    const audits = await env.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE resource = 'materials' AND action IN ('create', 'update')",
    );
    expect(audits[0]!.n).toBeGreaterThanOrEqual(4);
  });

  it('takes the same rights as a save: costs are dropped without products_admin, kept with it', async () => {
    const rows = [{ number: 'P-900', name: 'Shower door', cost_per_unit: '$120.00' }];
    const byManager = await as.manager.post('/api/products/import', { rows });
    expect(byManager.body).toEqual({ added: 1, updated: 0 });
    const admin = await as.admin.get('/api/products?page=1&search=P-900');
    expect(admin.body.data?.[0]).toMatchObject({ number: 'P-900', cost_per_unit: 120 }); // managers have products_admin
    expect((await as.manager.post('/api/products/import', { rows: [{ ...rows[0], name: 'Shower door, frameless' }] })).body).toEqual({ added: 0, updated: 1 });
    expect((await as.supervisor.post('/api/products/import', { rows })).status).toBe(403);
  });

  it('updates a row by its id, and refuses an id that names nothing', async () => {
    const c = await made(as.manager, 'clients', { name: 'Harbor Homes' });
    const ok = await as.manager.post('/api/clients/import', { rows: [{ id: String(c.id), name: 'Harbor Homes LLC', active: 'no' }] });
    expect(ok.body).toEqual({ added: 0, updated: 1 });
    const again = await as.manager.get(`/api/clients/${c.id}`);
    expect(again.body).toMatchObject({ name: 'Harbor Homes LLC', active: false });
    const bad = await as.manager.post('/api/clients/import', { rows: [{ id: '99999', name: 'Nobody' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'rows.0.id': ['No client has this id.'] });
  });

  it('client types take their product categories by name', async () => {
    const cat = await made(as.manager, 'product_categories', { name: 'Shower Doors' });
    const res = await as.manager.post('/api/client_types/import', {
      rows: [
        { name: 'Builder', product_category_list: 'shower doors' },
        { name: 'Retail', product_category_list: 'Skylights' },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'rows.1.product_category_list': ['No product category named “Skylights”.'] });
    const ok = await as.manager.post('/api/client_types/import', { rows: [{ name: 'Builder', product_category_list: 'shower doors' }] });
    expect(ok.body).toEqual({ added: 1, updated: 0 });
    const list = await as.manager.get('/api/client_types?search=Builder');
    expect(list.body.data?.[0]?.product_category_list).toEqual([cat.id]);
  });

  it('imports 2 000 rows in one call', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => ({ number: `BULK-${i}`, description: `Bulk material ${i}`, reorder_qty: String(i % 50) }));
    const res = await as.manager.post('/api/materials/import', { rows });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ added: 2000, updated: 0 });
    expect((await as.manager.get('/api/materials?page=1&search=BULK-')).body.total).toBe(2000);
  });

  it('answers hostile cells with field errors, never a 500, and writes nothing', async () => {
    const before = await count('materials');
    const res = await as.manager.post('/api/materials/import', {
      rows: [
        { number: 'NUL\u0000-1', description: 'x' },
        { number: 'NUL-2', material_category_id: 'Glass\u0000' },
        { number: 'NUL-3', reorder_qty: '1e400', starting_price: true, active: 'maybe' },
        { number: 'NUL-4', id: '-1' },
      ],
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {}).sort()).toEqual([
      'rows.0.number',
      'rows.1.material_category_id',
      'rows.2.active',
      'rows.2.reorder_qty',
      'rows.2.starting_price',
      'rows.3.id',
    ]);
    expect(res.body.errors?.['rows.1.material_category_id']).toEqual(['Must not contain control characters.']);
    expect(await count('materials')).toBe(before);
  });

  it('reports its progress line by line to a caller that asks, then the answer the plain call gives', async () => {
    const rows = Array.from({ length: 600 }, (_, i) => ({ number: `PROG-${i}`, description: `Progress material ${i}` }));
    const res = await as.manager.post('/api/materials/import', { rows }, { accept: 'application/x-ndjson, application/json' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = String(res.body.raw)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { progress?: [number, number]; status?: number; body?: unknown });
    const steps = lines.filter((l) => l.progress).map((l) => l.progress!);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.at(-1)).toEqual([600, 600]); // the last row always reported
    expect(steps.every(([done, total], i) => total === 600 && done >= 1 && (i === 0 || done > steps[i - 1]![0]))).toBe(true);
    expect(lines.at(-1)).toEqual({ status: 200, body: { added: 600, updated: 0 } });
    expect((await as.manager.get('/api/materials?page=1&search=PROG-')).body.total).toBe(600);

    // a failing row: the last line is the 422 the plain call answers, and nothing is written
    const bad = await as.manager.post(
      '/api/materials/import',
      { rows: [{ number: 'PROG-X1' }, { number: 'PROG-X2', reorder_qty: '-4' }] },
      { accept: 'application/x-ndjson' },
    );
    const last = JSON.parse(String(bad.body.raw).trim().split('\n').at(-1)!) as { status: number; body: { message: string; errors: Record<string, string[]> } };
    expect(last.status).toBe(422);
    expect(last.body.message).toBe('1 row has errors: nothing was imported.');
    expect(Object.keys(last.body.errors)).toEqual(['rows.1.reorder_qty']);
    expect((await as.manager.get('/api/materials?page=1&search=PROG-X')).body.total).toBe(0);

    // refused before any work (no right; a body that is not rows): the plain answer, not lines
    const refused = await as.supervisor.post('/api/materials/import', { rows }, { accept: 'application/x-ndjson' });
    expect(refused.status).toBe(403);
    expect((await as.manager.post('/api/materials/import', { rows: 'x' }, { accept: 'application/x-ndjson' })).status).toBe(422);
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await as.manager.get('/api/openapi.json');
    const paths = doc.body.paths as Record<string, Record<string, { operationId?: string }>>;
    // One path per importable resource, written out (a `{resource}` path was ambiguous beside the concrete ones).
    for (const resource of IMPORTABLE) {
      expect(paths[`/api/${resource}/import`]?.post?.operationId).toBe(`imports.run.${resource}`);
      expect(paths[`/api/${resource}/import/check`]?.post?.operationId).toBe(`imports.check.${resource}`);
    }
    expect(paths['/api/{resource}/import']).toBeUndefined();
  });
});
