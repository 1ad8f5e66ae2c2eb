/**
 * Vendors: the vendor email is changed only with `edit users` (docs/domain/purchasing.md, Vendors), deleting a
 * vendor takes its price list along but is refused while purchase orders name it, and vendor
 * materials carry their material's number and description and their vendor's name for the lists.
 */
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { made, appWithRoles } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let seq = 0;
const vendor = (extra: Row = {}) => made(as.manager, 'vendors', { name: `Vendor ${++seq}`, ...extra });
const material = (extra: Row = {}) => made(as.manager, 'materials', { number: `VM-${++seq}`, description: `Material ${seq}`, ...extra });

describe('vendor email', () => {
  it('is set and changed only by someone who may edit users; others still save the rest of the vendor', async () => {
    // a manager edits inventory but not users
    const refused = await as.manager.post('/api/vendors', { name: `Vendor ${++seq}`, email: 'orders@glass.example' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.email?.[0]).toMatch(/edit users/);
    expect((await as.manager.get(`/api/vendors?page=1&search=${encodeURIComponent(`Vendor ${seq}`)}`)).body.data).toEqual([]);

    const v = await vendor({ email: '', phone: '503-555-0142' });
    expect(v).toMatchObject({ email: null, phone: '15035550142' });

    const byAdmin = await as.admin.patch(`/api/vendors/${v.id}`, { ...v, email: 'orders@glass.example' });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.email).toBe('orders@glass.example');

    // the dialog sends the whole record back: an unchanged email is fine
    const renamed = await as.manager.patch(`/api/vendors/${v.id}`, { ...byAdmin.body, name: `${v.name} Supply` });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${v.name} Supply`, email: 'orders@glass.example' });

    for (const email of ['sales@glass.example', '', null]) {
      const res = await as.manager.patch(`/api/vendors/${v.id}`, { email });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors ?? {})).toEqual(['email']);
    }
    expect((await as.manager.get(`/api/vendors/${v.id}`)).body.email).toBe('orders@glass.example');
  });
});

describe('deleting a vendor', () => {
  it("removes its vendor materials with it, and leaves other vendors' prices for the same material", async () => {
    const m = await material();
    const [gone, kept] = [await vendor(), await vendor()];
    const a = await made(as.manager, 'vendor_materials', { vendor_id: gone.id, material_id: m.id, is_preferred: true });
    const b = await made(as.manager, 'vendor_materials', { vendor_id: kept.id, material_id: m.id });

    const res = await as.manager.del(`/api/vendors/${gone.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: gone.id });
    expect((await as.manager.get(`/api/vendor_materials/${a.id}`)).status).toBe(404);
    const left = await as.manager.get(`/api/vendor_materials?material_id=${m.id}`);
    expect(left.body.data!.map((r) => r.id)).toEqual([b.id]);
  });

  it('is refused with a 409 in words while purchase orders name it, and changes nothing', async () => {
    const m = await material();
    const v = await vendor();
    const vm = await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: m.id });
    await made(as.manager, 'purchase_orders', { vendor_id: v.id });
    await made(as.manager, 'purchase_orders', { vendor_id: v.id });

    const res = await as.manager.del(`/api/vendors/${v.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This vendor is used by 2 purchase orders and cannot be deleted.');
    expect((await as.manager.get(`/api/vendors/${v.id}`)).status).toBe(200);
    expect((await as.manager.get(`/api/vendor_materials/${vm.id}`)).status).toBe(200);
  });

  it('needs edit inventory: a supervisor may read vendors but not delete one', async () => {
    const v = await vendor();
    expect((await as.supervisor.get(`/api/vendors/${v.id}`)).status).toBe(200);
    expect((await as.supervisor.del(`/api/vendors/${v.id}`)).status).toBe(403);
    expect((await as.supervisor.post('/api/vendor_materials', { vendor_id: v.id, material_id: (await material()).id })).status).toBe(403);
  });
});

describe('vendor materials as lists show them', () => {
  it('carry the material number and description and the vendor name, live, and sort by them', async () => {
    const v = await vendor({ name: `Acme Glass ${++seq}` });
    const m1 = await material({ number: `ZZ-${seq}`, description: '3/8" clear tempered' });
    const m2 = await material({ number: `AA-${seq}`, description: '1/4" mirror' });
    const vm1 = await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: m1.id, vendor_part_number: 'CT-38' });
    expect(vm1).toMatchObject({ material_number: m1.number, material_description: '3/8" clear tempered', vendor_name: v.name });
    const vm2 = await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: m2.id });

    // the vendor's page of materials, by material number
    const page = await as.manager.get(`/api/vendor_materials?page=1&vendor_id=${v.id}&sort_column=material_number&sort_direction=asc`);
    expect(page.status).toBe(200);
    expect(page.body.data!.map((r) => [r.id, r.material_number, r.vendor_name])).toEqual([
      [vm2.id, m2.number, v.name],
      [vm1.id, m1.number, v.name],
    ]);

    // read live: renaming the material or the vendor shows at once
    await as.manager.patch(`/api/materials/${m1.id}`, { description: '3/8" low-iron tempered' });
    await as.manager.patch(`/api/vendors/${v.id}`, { name: `${v.name} West` });
    expect((await as.manager.get(`/api/vendor_materials/${vm1.id}`)).body).toMatchObject({
      material_description: '3/8" low-iron tempered',
      vendor_name: `${v.name} West`,
    });

    // they are answers only: a body carrying them saves the real fields and ignores the copies
    const res = await as.manager.patch(`/api/vendor_materials/${vm1.id}`, { ...vm1, material_number: 'HACK', unit_price: 12.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ material_number: m1.number, unit_price: 12.5 });
  });
});

describe('bad input', () => {
  it('answers 422 with field errors, never 500, and writes nothing', async () => {
    const noName = await as.manager.post('/api/vendors', { name: '  ', phone: '555-01' });
    expect(noName.status).toBe(422);
    expect(Object.keys(noName.body.errors ?? {}).sort()).toEqual(['name', 'phone']);

    const empty = await as.manager.post('/api/vendor_materials', {});
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors ?? {}).sort()).toEqual(['material_id', 'vendor_id']);

    const m = await material();
    const v = await vendor();
    const dangling = await as.manager.post('/api/vendor_materials', { vendor_id: 2_000_000, material_id: m.id });
    expect(dangling.status).toBe(422);
    expect(dangling.body.errors?.vendor_id?.[0]).toBe('The selected vendor is invalid.');

    const badNumbers = await as.manager.post('/api/vendor_materials', { vendor_id: v.id, material_id: m.id, unit_price: 'cheap', minimum_order_qty: 'lots' });
    expect(badNumbers.status).toBe(422);
    expect(Object.keys(badNumbers.body.errors ?? {}).sort()).toEqual(['minimum_order_qty', 'unit_price']);

    expect((await as.manager.get(`/api/vendor_materials?material_id=${m.id}&active=all`)).body.data).toEqual([]);
  });
});
