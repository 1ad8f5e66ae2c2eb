/**
 * The lists of the purchasing screens: an order carries its vendor's name, line count and
 * total, and is found by vendor name or by its number typed whole; a bom carries its job's number
 * and name and its line count.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made as madeAs } from './harness.ts';

const { as } = appWithRoles();

const made = (name: string, body: Row) => madeAs(as.manager, name, body);

describe('purchase order list fields', () => {
  it('shows vendor name, line count and total, and searches by vendor name and by number', async () => {
    const vendor = await made('vendors', { name: 'Cascadia Hardware Supply' });
    const other = await made('vendors', { name: 'Northwest Glass' });
    const m = await made('materials', { number: 'PL-1', description: 'Clamp' });
    const po = await made('purchase_orders', { vendor_id: vendor.id });
    const po2 = await made('purchase_orders', { vendor_id: other.id });
    await made('purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty: 2, price: 10.5 });
    await made('purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty: 1, price: 4 });

    const one = await as.manager.get(`/api/purchase_orders/${po.id}`);
    expect(one.body).toMatchObject({ vendor_name: 'Cascadia Hardware Supply', line_count: 2, total: 14.5 });
    const empty = await as.manager.get(`/api/purchase_orders/${po2.id}`);
    expect(empty.body).toMatchObject({ vendor_name: 'Northwest Glass', line_count: 0, total: 0 });

    const byName = await as.manager.get('/api/purchase_orders?page=1&search=cascadia');
    expect(byName.status).toBe(200);
    expect(byName.body.data!.map((r: Row) => r.id)).toEqual([po.id]);
    const byNumber = await as.manager.get(`/api/purchase_orders?page=1&search=${po2.number}`);
    expect(byNumber.body.data!.map((r: Row) => r.id)).toEqual([po2.id]);
    const sorted = await as.manager.get('/api/purchase_orders?page=1&sort_column=total&sort_direction=desc');
    expect(sorted.status).toBe(200);
    expect(sorted.body.data![0]!.id).toBe(po.id);
  });
});

describe('bom list fields', () => {
  it("shows its job's number and name and its line count", async () => {
    const client = await made('clients', { name: 'Bom Client' });
    const job = await made('jobs', { client_id: client.id, number: 'J-BOM-1', name: 'Lobby mirrors' });
    const m = await made('materials', { number: 'PL-2', description: 'Mirror clip' });
    const bom = await made('boms', { name: 'Lobby', job_id: job.id });
    await made('bom_materials', { bom_id: bom.id, material_id: m.id, qty: 3 });
    const got = await as.manager.get(`/api/boms/${bom.id}`);
    expect(got.body).toMatchObject({ job_number: 'J-BOM-1', job_name: 'Lobby mirrors', line_count: 1 });
  });
});
