/**
 * Server side: stock on hand and on order as computed fields of every material answer,
 * the below-reorder filter and stock sorts, the count and snapshot actions, the preferred-vendor
 * rule, vendor material defaults, refusing to delete a material in use, restoring a discontinued
 * product and prices guarded per role.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { made, appWithRoles } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let seq = 0;
const category = () => made(as.manager, 'material_categories', { name: `Cat ${++seq}` });
const material = (extra: Row = {}) => made(as.manager, 'materials', { number: `M-${++seq}`, description: `Material ${seq}`, ...extra });
const move = (material_id: unknown, type: string, qty: number, date: string, extra: Row = {}) =>
  made(as.manager, 'material_transactions', { material_id, type, qty, date, ...extra });
const onHand = async (id: unknown) => (await as.manager.get(`/api/materials/${id}`)).body.on_hand;

describe('on hand', () => {
  it('follows each kind of transaction: receipts and adjustments add, pulls subtract, a count sets it', async () => {
    const m = await material({ starting_qty: 10, starting_price: 2 });
    expect(m.on_hand).toBe(10); // the create's answer carries it too
    expect(m.on_order).toBe(0);
    await move(m.id, 'receipt', 5, '2026-01-05', { price: 3 });
    expect(await onHand(m.id)).toBe(15);
    await move(m.id, 'pull', 3, '2026-01-06');
    expect(await onHand(m.id)).toBe(12);
    await move(m.id, 'adjustment', -2.5, '2026-01-07', { note: 'broken lite' });
    expect(await onHand(m.id)).toBe(9.5);
    await move(m.id, 'count', 7, '2026-01-10');
    expect(await onHand(m.id)).toBe(7);
    await move(m.id, 'receipt', 4, '2026-01-11');
    await move(m.id, 'pull', 1, '2026-01-12');
    expect(await onHand(m.id)).toBe(10);
    // a movement dated before the count is already inside the counted qty
    await move(m.id, 'receipt', 100, '2026-01-09');
    expect(await onHand(m.id)).toBe(10);
    // a second count on the same day, entered later, wins
    await move(m.id, 'count', 3, '2026-01-12');
    expect(await onHand(m.id)).toBe(3);

    // the same number on the list, the page and store_many answers
    const list = await as.manager.get(`/api/materials?search=${m.number}`);
    expect(list.body.data!.map((r) => [r.id, r.on_hand])).toEqual([[m.id, 3]]);
    const page = await as.manager.get(`/api/materials?page=1&search=${m.number}`);
    expect(page.body.data!.map((r) => [r.id, r.on_hand, r.on_order])).toEqual([[m.id, 3, 0]]);
    const saved = await as.manager.post('/api/materials/store_many', { data: [{ ...page.body.data![0], reorder_qty: 4 }] });
    expect(saved.body.data![0]).toMatchObject({ on_hand: 3, reorder_qty: 4 });
  });

  it('ignores on_hand and on_order sent by a client', async () => {
    const m = await material({ on_hand: 999, on_order: 5 });
    expect(m).toMatchObject({ on_hand: 0, on_order: 0 });
    const patched = await as.manager.patch(`/api/materials/${m.id}`, { on_hand: 50 });
    expect(patched.body.on_hand).toBe(0);
  });

  it('refuses a negative count and an adjustment without a note or without a change, writing nothing', async () => {
    const m = await material();
    const bad = [
      [{ type: 'count', qty: -1 }, 'qty'],
      [{ type: 'adjustment', qty: 2 }, 'note'],
      [{ type: 'adjustment', qty: 2, note: '  ' }, 'note'],
      [{ type: 'adjustment', qty: 0, note: 'nothing' }, 'qty'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await as.manager.post('/api/material_transactions', { material_id: m.id, date: '2026-02-01', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toHaveProperty(field);
    }
    expect((await as.manager.get(`/api/material_transactions?material_id=${m.id}`)).body.data).toEqual([]);
  });

  it('dates a transaction today when no date is sent', async () => {
    const m = await material();
    const t = await made(as.manager, 'material_transactions', { material_id: m.id, type: 'receipt', qty: 2 });
    expect(t.date).toBe(new Date().toISOString().slice(0, 10));
    expect(await onHand(m.id)).toBe(2);
  });
});

describe('on order, below reorder and stock sorts', () => {
  it('counts ordered and backordered lines of orders not received', async () => {
    const m = await material();
    const vendor = await made(as.manager, 'vendors', { name: `Vendor ${++seq}` });
    const open = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    for (const [status, qty] of [
      ['ordered', 6],
      ['backordered', 2],
      ['received', 5],
    ] as const) {
      await made(as.manager, 'purchase_order_materials', { purchase_order_id: open.id, material_id: m.id, qty, status });
    }
    // an order received (Receive all) is not on order; its lines' receipts are on hand
    const done = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: done.id, material_id: m.id, qty: 100, status: 'ordered' });
    expect((await as.manager.post(`/api/purchase_orders/${done.id}/receive`)).status).toBe(200);
    expect((await as.manager.get(`/api/materials/${m.id}`)).body).toMatchObject({ on_order: 8, on_hand: 105 });
  });

  it('filters below reorder (on hand + on order < reorder qty) and sorts by on hand and on order', async () => {
    const cat = await category();
    const low = await material({ material_category_id: cat.id, reorder_qty: 20, starting_qty: 11 });
    const covered = await material({ material_category_id: cat.id, reorder_qty: 20, starting_qty: 11 });
    const plenty = await material({ material_category_id: cat.id, reorder_qty: 5, starting_qty: 30 });
    const none = await material({ material_category_id: cat.id, reorder_qty: 0, starting_qty: 1 });
    const vendor = await made(as.manager, 'vendors', { name: `Vendor ${++seq}` });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: low.id, qty: 8 });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: covered.id, qty: 9 });

    const ids = async (q: string) => (await as.manager.get(`/api/materials?page=1&material_category_id=${cat.id}&${q}`)).body.data!.map((r) => r.id);
    expect(await ids('below_reorder=true')).toEqual([low.id]);
    expect((await ids('below_reorder=false')).sort()).toEqual([covered.id, plenty.id, none.id].sort());
    const desc = await as.manager.get(`/api/materials?page=1&material_category_id=${cat.id}&sort_column=on_hand&sort_direction=desc`);
    expect(desc.body.data!.map((r) => r.on_hand)).toEqual([30, 11, 11, 1]);
    expect(desc.body.data![0]!.id).toBe(plenty.id);
    const asc = await as.manager.get(`/api/materials?page=1&material_category_id=${cat.id}&sort_column=on_hand&sort_direction=asc`);
    expect(asc.body.data!.map((r) => r.id)[0]).toBe(none.id);
    const byOrder = await as.manager.get(`/api/materials?page=1&material_category_id=${cat.id}&sort_column=on_order&sort_direction=desc`);
    expect(byOrder.body.data!.slice(0, 2).map((r) => [r.id, r.on_order])).toEqual([
      [covered.id, 9],
      [low.id, 8],
    ]);
    expect((await as.manager.get('/api/materials?page=1&below_reorder=maybe')).status).toBe(422);
  });
});

describe('POST /api/materials/{id}/count', () => {
  it('answers 403 before 404 before 422, then writes one count with its audit row', async () => {
    const m = await material({ starting_qty: 4 });
    for (const role of ['supervisor', 'employee'] as const) {
      expect((await as[role].post(`/api/materials/${m.id}/count`, { qty: 1 })).status).toBe(403);
      expect((await as[role].post('/api/materials/999999999/count', { qty: 'x' })).status).toBe(403);
    }
    expect((await as.manager.post('/api/materials/999999999/count', { qty: 'x' })).status).toBe(404);
    expect((await as.manager.post('/api/materials/abc/count', { qty: 1 })).status).toBe(404);
    const missing = await as.manager.post(`/api/materials/${m.id}/count`, { date: '2026-04-01' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('qty');
    const badDate = await as.manager.post(`/api/materials/${m.id}/count`, { qty: 1, date: '2026-02-30' });
    expect(badDate.body.errors).toHaveProperty('date');
    expect((await as.manager.post(`/api/materials/${m.id}/count`, [1])).status).toBe(422);
    expect((await as.manager.get(`/api/material_transactions?material_id=${m.id}`)).body.data).toEqual([]);

    const res = await as.manager.post(`/api/materials/${m.id}/count`, { qty: 9, date: '2026-04-01', note: 'year-end count' });
    expect(res.status).toBe(201);
    expect(res.body.material).toMatchObject({ id: m.id, on_hand: 9 });
    expect(res.body.transaction).toMatchObject({ material_id: m.id, type: 'count', qty: 9, date: '2026-04-01', note: 'year-end count' });
    const audit = await suite.env.db.query<{ action: string }>(`SELECT action FROM audit_log WHERE resource = 'material_transactions' AND record_id = $1`, [
      (res.body.transaction as Row).id,
    ]);
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });
});

describe('POST /api/material_snapshots/take', () => {
  it('records on hand and value (latest receipt price, else starting price) of every active material, once per date', async () => {
    const received = await material({ starting_qty: 2, starting_price: 1 });
    await move(received.id, 'receipt', 8, '2026-05-01', { price: 3 });
    await move(received.id, 'receipt', 5, '2026-05-10', { price: 3.5 });
    const unreceived = await material({ starting_qty: 4, starting_price: 2.25 });
    const inactive = await material({ starting_qty: 4, starting_price: 2, active: false });

    for (const role of ['supervisor', 'employee'] as const) expect((await as[role].post('/api/material_snapshots/take', { date: 'x' })).status).toBe(403);
    const bad = await as.manager.post('/api/material_snapshots/take', { date: '2026-13-01' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('date');

    const snap = async (date: string) => {
      const rows = (await as.manager.get(`/api/material_snapshots?start=${date}&end=${date}`)).body.data!;
      return Object.fromEntries(
        rows.filter((r) => [received.id, unreceived.id, inactive.id].includes(r.material_id as number)).map((r) => [r.material_id, [r.qty, r.value]]),
      );
    };
    const res = await as.manager.post('/api/material_snapshots/take', { date: '2026-05-31' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: '2026-05-31' });
    expect(await snap('2026-05-31')).toEqual({ [received.id as number]: [15, 52.5], [unreceived.id as number]: [4, 9] });

    // as of an earlier date: only what had happened by then, valued at the receipt price then
    await as.manager.post('/api/material_snapshots/take', { date: '2026-05-05' });
    expect((await snap('2026-05-05'))[received.id as number]).toEqual([10, 30]);

    // taking a date again replaces it
    await move(unreceived.id, 'pull', 1, '2026-05-20');
    const again = await as.manager.post('/api/material_snapshots/take', { date: '2026-05-31' });
    expect(again.status).toBe(201);
    expect(await snap('2026-05-31')).toEqual({ [received.id as number]: [15, 52.5], [unreceived.id as number]: [3, 6.75] });
    const [{ n }] = (await suite.env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM material_snapshots WHERE date = '2026-05-31'`)) as [{ n: number }];
    expect(n).toBe(again.body.materials);
  });
});

describe('vendors and vendor materials', () => {
  it('defaults a vendor material per docs/domain/purchasing.md, Vendor materials, and keeps at most one preferred vendor per material', async () => {
    const m = await material();
    const other = await material();
    const [v1, v2, v3] = await Promise.all([1, 2, 3].map(() => made(as.manager, 'vendors', { name: `Vendor ${++seq}`, phone: '(503) 555-0100' })));
    expect(v1!.phone).toBe('15035550100');
    const first = await made(as.manager, 'vendor_materials', { material_id: m.id, vendor_id: v1!.id });
    expect(first).toMatchObject({ unit_price: 0, minimum_order_qty: 1, is_preferred: false, active: true });

    const a = await made(as.manager, 'vendor_materials', { material_id: m.id, vendor_id: v1!.id, is_preferred: true });
    const elsewhere = await made(as.manager, 'vendor_materials', { material_id: other.id, vendor_id: v1!.id, is_preferred: true });
    const b = await made(as.manager, 'vendor_materials', { material_id: m.id, vendor_id: v2!.id, is_preferred: true });
    const preferred = async (materialId: unknown) =>
      (await as.manager.get(`/api/vendor_materials?material_id=${materialId}&is_preferred=true`)).body.data!.map((r) => r.id);
    expect(await preferred(m.id)).toEqual([b.id]);
    expect(await preferred(other.id)).toEqual([elsewhere.id]); // another material's choice stays

    const c = await made(as.manager, 'vendor_materials', { material_id: m.id, vendor_id: v3!.id });
    expect((await as.manager.patch(`/api/vendor_materials/${c.id}`, { is_preferred: true })).status).toBe(200);
    expect(await preferred(m.id)).toEqual([c.id]);
    // in one store_many, the last one marked wins
    await as.manager.post('/api/vendor_materials/store_many', {
      data: [
        { id: a.id, is_preferred: true },
        { id: b.id, is_preferred: true },
      ],
    });
    expect(await preferred(m.id)).toEqual([b.id]);
  });
});

describe('deleting a material in use', () => {
  it('is refused with a 409 naming where it is used, in words', async () => {
    const onPo = await material();
    const vendor = await made(as.manager, 'vendors', { name: `Vendor ${++seq}` });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: onPo.id, qty: 1 });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: onPo.id, qty: 2 });
    const res = await as.manager.del(`/api/materials/${onPo.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This material is used by 2 purchase order lines and cannot be deleted.');

    const inAssembly = await material();
    const single = await made(as.manager, 'products', { name: `P ${++seq}`, material_id: inAssembly.id });
    await made(as.manager, 'products', { name: `P ${++seq}`, is_assembly: true, product_materials: [{ material_id: inAssembly.id, qty: 2 }] });
    const bom = await made(as.manager, 'boms', { name: 'B', bom_materials: [{ material_id: inAssembly.id, qty: 1 }] });
    expect(bom.id).toBeTruthy();
    await as.manager.del(`/api/products/${single.id}`); // discontinued products still count: they can come back
    const res2 = await as.manager.del(`/api/materials/${inAssembly.id}`);
    expect(res2.status).toBe(409);
    expect(res2.body.message).toBe('This material is used by 2 products and 1 bom line and cannot be deleted.');
    expect((await as.manager.get(`/api/materials/${inAssembly.id}`)).status).toBe(200);

    const unused = await material();
    await move(unused.id, 'receipt', 1, '2026-01-01');
    expect((await as.manager.del(`/api/materials/${unused.id}`)).status).toBe(200);
  });
});

describe('products: discontinue, restore and guarded prices', () => {
  it('a deleted product is found among the discontinued and can be restored', async () => {
    const p = await made(as.manager, 'products', { name: `Frameless door ${++seq}`, number: `FD-${seq}` });
    expect((await as.manager.del(`/api/products/${p.id}`)).status).toBe(200);
    const active = await as.manager.get(`/api/products?page=1&search=${p.number}`);
    expect(active.body.data).toEqual([]);
    const discontinued = await as.manager.get(`/api/products?page=1&discontinued=true&search=${p.number}`);
    expect(discontinued.body.data!.map((r) => r.id)).toEqual([p.id]);
    expect(discontinued.body.data![0]!.deleted_at).toBeTruthy();
    expect((await as.manager.get(`/api/products/${p.id}`)).body.deleted_at).toBeTruthy();

    for (const role of ['supervisor', 'employee'] as const) expect((await as[role].patch(`/api/products/${p.id}/restore`)).status).toBe(403);
    expect((await as.manager.patch('/api/products/999999999/restore')).status).toBe(404);
    const restored = await as.manager.patch(`/api/products/${p.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    expect((await as.manager.get(`/api/products?page=1&search=${p.number}`)).body.data!.map((r) => r.id)).toEqual([p.id]);
    expect((await as.manager.get(`/api/products?page=1&discontinued=true&search=${p.number}`)).body.data).toEqual([]);
  });

  it('cost and sale price are seen only with edit products_admin', async () => {
    const p = await made(as.manager, 'products', { name: `Mirror ${++seq}`, cost_per_unit: 40, revenue_per_unit: 95 });
    expect(p).toMatchObject({ cost_per_unit: 40, revenue_per_unit: 95 });
    for (const role of ['admin', 'manager'] as const) {
      expect((await as[role].get(`/api/products/${p.id}`)).body).toMatchObject({ cost_per_unit: 40, revenue_per_unit: 95 });
    }
    for (const role of ['supervisor', 'employee'] as const) {
      const one = (await as[role].get(`/api/products/${p.id}`)).body;
      expect(one.name).toBe(p.name);
      expect(one).not.toHaveProperty('cost_per_unit');
      expect(one).not.toHaveProperty('revenue_per_unit');
      const listed = (await as[role].get(`/api/products?page=1&search=${encodeURIComponent(String(p.name))}`)).body.data![0]!;
      expect(listed).not.toHaveProperty('cost_per_unit');
      expect((await as[role].patch(`/api/products/${p.id}`, { cost_per_unit: 1 })).status).toBe(403);
    }
  });
});
