/**
 * What the inventory screens read from the server beyond the generic calls: each transaction's
 * running balance (right on every page of the stock history), the products that use a material,
 * and the stock value of each snapshot date.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { Client, made, appWithRoles } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let seq = 0;
const material = (extra: Row = {}) => made(as.manager, 'materials', { number: `S-${++seq}`, description: `Material ${seq}`, ...extra });
const move = (material_id: unknown, type: string, qty: number, date: string, extra: Row = {}) =>
  made(as.manager, 'material_transactions', { material_id, type, qty, date, ...extra });

describe('material transactions: running balance', () => {
  it('is the on hand just after each transaction, in (date, id) order, on every page', async () => {
    const m = await material({ starting_qty: 10 });
    const receipt = await move(m.id, 'receipt', 5, '2026-01-01', { price: 2 });
    expect(receipt.balance).toBe(15); // the create's answer carries it
    await move(m.id, 'pull', 3, '2026-01-02');
    await move(m.id, 'adjustment', -2, '2026-01-03', { note: 'chipped' });
    await move(m.id, 'count', 7, '2026-01-05');
    await move(m.id, 'receipt', 4, '2026-01-06');
    // entered last but dated before the count: inside the counted qty, so the count still sets 7
    await move(m.id, 'receipt', 100, '2026-01-04');
    // a second movement on the count's day, entered after it, follows it
    await move(m.id, 'pull', 1, '2026-01-05');

    const history = async (page: number) =>
      (await as.employee.get(`/api/material_transactions?material_id=${m.id}&page=${page}&per_page=3&sort_column=date&sort_direction=desc`)).body;
    const first = await history(1);
    expect(first.last_page).toBe(3);
    const rows = [...first.data!, ...(await history(2)).data!, ...(await history(3)).data!];
    expect(rows.map((r) => [r.date, r.type, r.qty, r.balance])).toEqual([
      ['2026-01-06', 'receipt', 4, 10],
      ['2026-01-05', 'pull', 1, 6],
      ['2026-01-05', 'count', 7, 7],
      ['2026-01-04', 'receipt', 100, 110],
      ['2026-01-03', 'adjustment', -2, 10],
      ['2026-01-02', 'pull', 3, 12],
      ['2026-01-01', 'receipt', 5, 15],
    ]);
    // the newest balance is the material's on hand
    expect((await as.manager.get(`/api/materials/${m.id}`)).body.on_hand).toBe(rows[0]!.balance);
    // and a count answer's transaction carries its balance too
    const counted = await as.manager.post(`/api/materials/${m.id}/count`, { qty: 3, date: '2026-01-07' });
    expect(counted.body.transaction).toMatchObject({ type: 'count', balance: 3 });
  });

  it('ignores a balance sent by a client', async () => {
    const m = await material({ starting_qty: 2 });
    const t = await move(m.id, 'receipt', 1, '2026-02-01', { balance: 500 });
    expect(t.balance).toBe(3);
  });
});

describe('products: uses_material_id', () => {
  it('finds the products that use a material, singly or in an assembly, and refuses a bad id', async () => {
    const m = await material();
    const other = await material();
    const single = await made(as.manager, 'products', { name: `Single ${++seq}`, material_id: m.id });
    const assembly = await made(as.manager, 'products', {
      name: `Assembly ${++seq}`,
      is_assembly: true,
      product_materials: [
        { material_id: other.id, qty: 1 },
        { material_id: m.id, qty: 2 },
      ],
    });
    await made(as.manager, 'products', { name: `Unrelated ${++seq}`, material_id: other.id });
    const gone = await made(as.manager, 'products', { name: `Gone ${++seq}`, material_id: m.id });
    await as.manager.del(`/api/products/${gone.id}`);

    const res = await as.employee.get(`/api/products?page=1&uses_material_id=${m.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data!.map((r) => r.id).sort()).toEqual([single.id, assembly.id].sort());
    expect((await as.manager.get(`/api/products?uses_material_id=${other.id}`)).body.data!.length).toBe(2);
    const bad = await as.manager.get('/api/products?page=1&uses_material_id=abc');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('uses_material_id');
  });
});

describe('GET /api/material_snapshots/summary', () => {
  it('lists each snapshot date with its material count and total value, newest first', async () => {
    const a = await material({ starting_qty: 3, starting_price: 2 });
    await move(a.id, 'receipt', 2, '2026-06-02', { price: 4 });
    const early = await as.manager.post('/api/material_snapshots/take', { date: '2026-06-01' });
    const late = await as.manager.post('/api/material_snapshots/take', { date: '2026-06-30' });
    expect(late.status).toBe(201);

    const res = await as.employee.get('/api/material_snapshots/summary');
    expect(res.status).toBe(200);
    const byDate = new Map(res.body.data!.map((r) => [r.date, r]));
    expect(byDate.get('2026-06-30')).toEqual({ date: '2026-06-30', materials: late.body.materials, value: late.body.value });
    expect(byDate.get('2026-06-01')).toEqual({ date: '2026-06-01', materials: early.body.materials, value: early.body.value });
    // a's share: 3 × 2 before the receipt, 5 × 4 after it
    expect((late.body.value as number) - (early.body.value as number)).toBe(20 - 6);
    const dates = res.body.data!.map((r) => r.date as string);
    expect(dates).toEqual([...dates].sort().reverse());

    expect((await new Client(suite.env.app).get('/api/material_snapshots/summary')).status).toBe(401);
  });
});

describe('GET /api/materials/{id}?accessed_at', () => {
  it('answers the material in full, since on hand changes without the row changing', async () => {
    const m = await material({ starting_qty: 5 });
    const seen = new Date(Date.now() + 60_000).toISOString(); // even "after" every write
    await move(m.id, 'pull', 2, '2026-03-01');
    const res = await as.manager.get(`/api/materials/${m.id}?accessed_at=${encodeURIComponent(seen)}`);
    expect(res.body).not.toHaveProperty('current');
    expect(res.body.on_hand).toBe(3);
    // a resource without computed fields still answers current
    const cat = await made(as.manager, 'material_categories', { name: `Cat ${++seq}` });
    expect((await as.manager.get(`/api/material_categories/${cat.id}?accessed_at=${encodeURIComponent(seen)}`)).body).toEqual({ current: true });
  });
});
