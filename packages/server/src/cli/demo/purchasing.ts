/** The purchasing area of the demo: vendors and what they sell, and purchase orders in every state with their lines and receipts. */
import { isoDate, DAY, type SeedContext } from './seed-context.ts';
import { cents } from './rng.ts';
import { load, loadRows } from './load.ts';
import type { MaterialInfo } from './inventory.ts';
import { personName } from './vocabulary.ts';

const VENDOR_NAMES = [
  'Pacific Glass Supply',
  'Western Aluminum Distributors',
  'Allied Fastener Co.',
  'Northwest Mirror Works',
  'Coastal Hardware Supply',
  'Columbia Shade & Blind',
  'Rose City Glass Wholesale',
  'Mountain View Building Products',
  'Premier Shower Door Parts',
  'United Sealants',
  'Cascade Wire Shelving',
  'Great Western Glass',
  'Keystone Architectural Metals',
  'Summit Window Fashions',
] as const;

export interface VendorMaterialInfo {
  id: number;
  vendorId: number;
  material: MaterialInfo;
  part: string;
  unitPrice: number;
  minQty: number;
}

export interface DemoVendors {
  vendorIds: number[];
  vendorMaterials: VendorMaterialInfo[];
  counts: { vendors: number; vendor_materials: number };
}

/** Vendors, and one or two of them for each material (the first one preferred). */
export async function seedVendors(ctx: SeedContext, given: { materials: MaterialInfo[] }): Promise<DemoVendors> {
  const { rng, scale } = ctx;
  const vendorRows = Array.from({ length: scale.vendors }, (_, i) => {
    const base = VENDOR_NAMES[i % VENDOR_NAMES.length]!;
    const name =
      i < VENDOR_NAMES.length
        ? base
        : `${base} ${['North', 'South', 'East', 'West', 'Central'][Math.floor(i / VENDOR_NAMES.length - 1) % 5]}${i >= VENDOR_NAMES.length * 6 ? ` ${i}` : ''}`;
    const contact = personName(rng);
    const domain = base
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 20);
    return {
      name,
      contact_name: contact,
      email: `${contact.split(' ')[0]!.toLowerCase()}@${domain}.example`,
      phone: `503${rng.int(2000000, 9999999)}`,
      active: rng.chance(0.9),
    };
  });
  const vendorIds = await loadRows(ctx, 'vendors', 5, vendorRows);

  const drafts: Omit<VendorMaterialInfo, 'id'>[] = [];
  if (vendorIds.length) {
    for (const material of given.materials) {
      const n = rng.chance(0.5) ? 2 : 1;
      for (const vendorId of rng.sample(vendorIds, Math.min(n, vendorIds.length))) {
        drafts.push({
          vendorId,
          material,
          part: `${material.number.replace('-', '')}-${rng.int(10, 99)}`,
          unitPrice: cents(material.price * rng.money(0.85, 1.15)),
          minQty: rng.pick([1, 1, 1, 5, 10, 25]),
        });
      }
    }
  }
  const vmIds = await loadRows(
    ctx,
    'vendor_materials',
    7,
    drafts.map((v, i) => ({
      material_id: v.material.id,
      vendor_id: v.vendorId,
      vendor_part_number: v.part,
      minimum_order_qty: v.minQty,
      unit_price: v.unitPrice,
      is_preferred: v.material !== drafts[i - 1]?.material,
      active: true,
    })),
  );
  const vendorMaterials = drafts.map((v, i) => ({ ...v, id: vmIds[i]! }));
  return { vendorIds, vendorMaterials, counts: { vendors: vendorIds.length, vendor_materials: vendorMaterials.length } };
}

/**
 * Purchase orders over the jobs' span (up to four years), numbered after any already there. A
 * received order's lines are all received; an open order now and then has a split line (part
 * received, the rest backordered, as the Split dialog leaves it); drafts are ordered. Every
 * received line has its receipt (qty at the line's unit price, on the day the goods came), as
 * receiving through the app writes it, so on hand and the stock history agree.
 */
export async function seedPurchaseOrders(
  ctx: SeedContext,
  given: { vendors: DemoVendors; spanDays: number },
): Promise<{ counts: { purchase_orders: number; purchase_order_materials: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { vendorIds, vendorMaterials } = given.vendors;
  const drafts: { vendorId: number; number: number; sent: number | null; received: number | null }[] = [];
  const [maxPo] = await ctx.db.query<{ n: number | null }>('SELECT max(number) AS n FROM purchase_orders');
  const firstPo = Math.max(1000, Number(maxPo?.n ?? 0)) + 1;
  for (let i = 0; i < scale.purchaseOrders && vendorIds.length; i++) {
    const created = todayMs - Math.floor((1 - i / Math.max(1, scale.purchaseOrders)) * Math.min(given.spanDays, 4 * 365)) * DAY;
    const age = (todayMs - created) / DAY;
    const sent = age > 3 || rng.chance(0.5) ? created + rng.int(0, 2) * DAY : null;
    const received = sent !== null && (age > 30 || rng.chance(0.3)) ? sent + rng.int(2, 20) * DAY : null;
    // The newest orders show every state: the last two drafts, the three before them open.
    const left = scale.purchaseOrders - i;
    const state = left <= 2 ? 'draft' : left <= 5 ? 'open' : null;
    drafts.push({
      vendorId: rng.pick(vendorIds),
      number: firstPo + i,
      sent: state === 'draft' ? null : state === 'open' ? (sent ?? created) : sent,
      received: state !== null || received === null || received > todayMs ? null : received,
    });
  }
  const poIds = await load(
    ctx,
    'purchase_orders',
    6,
    async (push) => {
      for (const d of drafts) {
        await push({
          number: d.number,
          vendor_id: d.vendorId,
          sent_at: d.sent !== null ? new Date(d.sent + 9 * 3600_000).toISOString() : null,
          received_at: d.received !== null ? new Date(d.received + 14 * 3600_000).toISOString() : null,
          note: rng.chance(0.2) ? 'Deliver to shop, dock door 2.' : null,
        });
      }
    },
    { ids: true },
  );
  const vmByVendor = new Map<number, VendorMaterialInfo[]>();
  for (const v of vendorMaterials) vmByVendor.set(v.vendorId, [...(vmByVendor.get(v.vendorId) ?? []), v]);
  const lines: {
    purchase_order_id: number;
    material_id: number;
    vendor_material_id: number;
    material_number: string;
    material_description: string;
    purchase_order_number: number;
    vendor_part_number: string;
    qty: number;
    price: number;
    status: string;
  }[] = [];
  const receipts: { materialId: number; qty: number; price: number; received: number; number: number; line: number }[] = [];
  for (const [i, d] of drafts.entries()) {
    const pool = vmByVendor.get(d.vendorId) ?? [];
    if (!pool.length) continue;
    const n = Math.max(1, Math.round(scale.poLines + (rng.next() - 0.5) * 4));
    // The newest open order always shows one (the rng is drawn as before, so the rest stays the same).
    const newestOpen = i === scale.purchaseOrders - 3;
    const split = d.sent !== null && d.received === null && (rng.chance(0.4) || newestOpen);
    for (const [k, vm] of rng.sample(pool, Math.min(n, pool.length)).entries()) {
      const m = vm.material;
      const qty = Math.max(vm.minQty, rng.int(1, 40), split && k === 0 ? 2 : 1); // a split line needs 2 to divide
      const line = (q: number, status: string, received: number | null) => {
        const price = cents(q * vm.unitPrice);
        if (status === 'received' && received !== null) receipts.push({ materialId: m.id, qty: q, price, received, number: d.number, line: lines.length });
        lines.push({
          purchase_order_id: poIds[i]!,
          material_id: m.id,
          vendor_material_id: vm.id,
          material_number: m.number,
          material_description: m.description,
          purchase_order_number: d.number,
          vendor_part_number: vm.part,
          qty: q,
          price,
          status,
        });
      };
      if (split && k === 0) {
        const got = rng.int(1, qty - 1);
        line(got, 'received', d.sent! + rng.int(1, 3) * DAY);
        line(qty - got, 'backordered', null);
      } else {
        line(qty, d.received !== null ? 'received' : 'ordered', d.received);
      }
    }
  }
  const lineIds = await loadRows(ctx, 'purchase_order_materials', 10, lines);
  await load(ctx, 'material_transactions', 7, async (push) => {
    for (const r of receipts) {
      await push({
        material_id: r.materialId,
        type: 'receipt',
        qty: r.qty,
        price: cents(r.price / (r.qty || 1)),
        date: isoDate(Math.min(r.received, todayMs)),
        purchase_order_material_id: lineIds[r.line],
        note: `PO ${r.number}: received`,
      });
    }
  });
  return { counts: { purchase_orders: poIds.length, purchase_order_materials: lineIds.length } };
}
