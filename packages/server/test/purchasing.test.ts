/**
 * Server side: purchase order numbers under concurrency, send and receive all, receipts
 * written once and reversed, on order, the line split, boms pulled and returned (read-only while
 * pulled), suggested orders on a known data set, and who may do what.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { renderPurchaseOrderPdf } from '../src/areas/purchasing/purchase-order-pdf.ts';
import { systemCtx } from '../src/platform/system-context.ts';
import { type Res, made, appWithRoles, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

/** A named action's single record (`{data: record}`). */
const dataOf = (res: Res) => res.body.data as unknown as Row;

let seq = 0;
const material = (extra: Row = {}) => made(as.manager, 'materials', { number: `PM-${++seq}`, description: `Material ${seq}`, ...extra });
const vendor = () => made(as.manager, 'vendors', { name: `Vendor ${++seq}` });
const order = async (extra: Row = {}) => made(as.manager, 'purchase_orders', { vendor_id: (await vendor()).id, ...extra });
const line = (po: Row, m: Row, qty: number, price: number, extra: Row = {}) =>
  made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty, price, ...extra });
const stock = async (id: unknown) => {
  const m = (await as.manager.get(`/api/materials/${id}`)).body;
  return { on_hand: m.on_hand, on_order: m.on_order };
};
const receipts = (lineId: unknown) =>
  suite.env.db.query<{ qty: number; price: number }>(
    `SELECT qty::float AS qty, price::float AS price FROM material_transactions WHERE purchase_order_material_id = ${Number(lineId)} AND type = 'receipt' ORDER BY id`,
  );
const getOrder = async (id: unknown) => (await as.manager.get(`/api/purchase_orders/${id}`)).body;

describe('purchase order numbers', () => {
  it('20 orders created at once get 20 distinct numbers', async () => {
    const v = await vendor();
    const answers = await Promise.all(Array.from({ length: 20 }, () => as.manager.post('/api/purchase_orders', { vendor_id: v.id })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    const numbers = answers.map((a) => a.body.number as number);
    expect(new Set(numbers).size).toBe(20);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(19);
  });
});

describe('send and receive', () => {
  it('does not send a line the vendor does not sell that has no price; a priced one, or one the vendor sells at 0, goes', async () => {
    const po = await order();
    const unsold = await material();
    const sold = await material();
    await made(as.manager, 'vendor_materials', { vendor_id: po.vendor_id, material_id: sold.id, unit_price: 0 });
    await line(po, sold, 2, 0);
    const zero = await line(po, unsold, 3, 0);
    const refused = await as.manager.post(`/api/purchase_orders/${po.id}/send`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      // the unsold material's number comes first: the first line in the order's one order
      'purchase_order_materials.0.price': [
        `Line 1 (${String(unsold.number)}): no price, and this vendor does not sell it. Enter its price or remove the line, then send.`,
      ],
    });
    expect((await suite.env.db.query<Row>('SELECT sent_at FROM purchase_orders WHERE id = $1', [po.id]))[0]!.sent_at).toBeNull();
    expect((await as.manager.patch(`/api/purchase_order_materials/${zero.id}`, { price: 7.5 })).status).toBe(200);
    expect((await as.manager.post(`/api/purchase_orders/${po.id}/send`)).status).toBe(200);
  });

  it("lists an order's lines in one order, the PDF's too, and a refused Send names each line by its place there", async () => {
    const n = ++seq;
    const po = await order();
    const m = (number: string) => material({ number: `${number}${n}` });
    const [clip, tape, glassA, glassB] = [await m('C'), await m('T'), await m('GA'), await m('GB')];
    const earlier = await madeJob(as.manager, { number: `J${n}-0009`, name: 'Earlier' });
    const later = await madeJob(as.manager, { number: `J${n}-0100`, name: 'Later' });
    const piece = async (job: Row) => (await made(as.manager, 'job_products', { job_id: job.id, name: 'Door' })).id;
    const cut = { glass_width: 36.25, glass_height: 71.75 };
    // entered out of order; the vendor sells none of these, so an unpriced line is refused
    const laterB = await line(po, glassB, 1, 0, { job_product_id: await piece(later), ...cut });
    const tapeLine = await line(po, tape, 2, 5);
    const earlierA = await line(po, glassA, 1, 0, { job_product_id: await piece(earlier), ...cut });
    const clipLine = await line(po, clip, 4, 2);
    const laterA = await line(po, glassA, 1, 10, { job_product_id: await piece(later), ...cut });

    // stock lines first by material, then each job's glass together (by job number), each by material
    const inOrder = [clipLine, tapeLine, earlierA, laterA, laterB].map((l) => l.id);
    const listed = await as.manager.get(`/api/purchase_order_materials?purchase_order_id=${po.id}&sort_column=job_label`);
    expect(listed.body.data!.map((l: Row) => l.id)).toEqual(inOrder);
    const pdf = await suite.env.db.transaction(async (db) => renderPurchaseOrderPdf(await systemCtx(db, 'Test'), Number(po.id)));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    const at = (s: string) => flat.indexOf(s);
    expect([at(`C${n}`), at(`T${n}`), at(`J${n}-0009 Earlier`), at(`J${n}-0100 Later`), at(`GB${n}`)]).toEqual(
      [at(`C${n}`), at(`T${n}`), at(`J${n}-0009 Earlier`), at(`J${n}-0100 Later`), at(`GB${n}`)].sort((a, b) => a - b),
    );
    expect(at(`GA${n}`)).toBeLessThan(at(`J${n}-0009 Earlier`));

    const refused = await as.manager.post(`/api/purchase_orders/${po.id}/send`);
    expect(refused.status).toBe(422);
    const why = 'no price, and this vendor does not sell it. Enter its price or remove the line, then send.';
    expect(refused.body.errors).toEqual({
      'purchase_order_materials.2.price': [`Line 3 (GA${n} · Cut 36 1/4" × 71 3/4" · J${n}-0009 Earlier): ${why}`],
      'purchase_order_materials.4.price': [`Line 5 (GB${n} · Cut 36 1/4" × 71 3/4" · J${n}-0100 Later): ${why}`],
    });
    // a removed line is no longer counted nor refused
    expect((await as.manager.request('DELETE', `/api/purchase_order_materials/${earlierA.id}`)).status).toBe(200);
    expect(Object.keys((await as.manager.post(`/api/purchase_orders/${po.id}/send`)).body.errors ?? {})).toEqual(['purchase_order_materials.3.price']);
  });

  it('send sets sent_at once; the status follows; a supervisor may view but not send', async () => {
    const po = await order();
    expect((await as.manager.get(`/api/purchase_orders?status=draft&vendor_id=${po.vendor_id}`)).body.data!.map((r) => r.id)).toEqual([po.id]);
    expect((await as.supervisor.post(`/api/purchase_orders/${po.id}/send`)).status).toBe(403);
    expect((await as.supervisor.get(`/api/purchase_orders/${po.id}`)).status).toBe(200);
    const sent = await as.manager.post(`/api/purchase_orders/${po.id}/send`);
    expect(sent.status).toBe(200);
    expect(dataOf(sent).sent_at).toEqual(expect.any(String));
    const again = await as.manager.post(`/api/purchase_orders/${po.id}/send`);
    expect(dataOf(again).sent_at).toBe(dataOf(sent).sent_at);
    expect((await as.manager.get(`/api/purchase_orders?status=open&vendor_id=${po.vendor_id}`)).body.data!.map((r) => r.id)).toEqual([po.id]);
    expect((await as.manager.post('/api/purchase_orders/999999/send')).status).toBe(404);
  });

  it('a received line writes its receipt exactly once, set back writes the reverse; on hand and on order follow', async () => {
    const m = await material({ starting_qty: 2 });
    const po = await order();
    const l = await line(po, m, 10, 25); // unit price 2.5
    expect(await stock(m.id)).toEqual({ on_hand: 2, on_order: 10 });

    const r1 = await as.manager.patch(`/api/purchase_order_materials/${l.id}`, { status: 'received' });
    expect(r1.status).toBe(200);
    expect(await stock(m.id)).toEqual({ on_hand: 12, on_order: 0 });
    expect(await receipts(l.id)).toEqual([{ qty: 10, price: 2.5 }]);
    expect((await getOrder(po.id)).received_at).toEqual(expect.any(String)); // its last line

    // saving it again (received twice) writes nothing more
    await as.manager.patch(`/api/purchase_order_materials/${l.id}`, { status: 'received', qty: 10 });
    expect(await receipts(l.id)).toHaveLength(1);
    expect(await stock(m.id)).toEqual({ on_hand: 12, on_order: 0 });

    // set back: the reverse, the order open again
    await as.manager.patch(`/api/purchase_order_materials/${l.id}`, { status: 'backordered' });
    expect(await receipts(l.id)).toEqual([
      { qty: 10, price: 2.5 },
      { qty: -10, price: 2.5 },
    ]);
    expect(await stock(m.id)).toEqual({ on_hand: 2, on_order: 10 });
    expect((await getOrder(po.id)).received_at).toBeNull();
  });

  it('qty 0 counts as 1 for the unit price', async () => {
    const m = await material();
    const l = await line(await order(), m, 0, 7, { status: 'received' });
    expect(await receipts(l.id)).toEqual([]); // nothing arrived
    const l2 = await line(await order(), m, 3, 7, { status: 'received' });
    expect(await receipts(l2.id)).toEqual([{ qty: 3, price: 2.33 }]);
    expect(l.status).toBe('received');
  });

  it('receive all receives every line once and the order', async () => {
    const a = await material();
    const b = await material();
    const po = await order();
    const la = await line(po, a, 4, 8);
    const lb = await line(po, b, 5, 10, { status: 'received' });
    expect((await as.supervisor.post(`/api/purchase_orders/${po.id}/receive`)).status).toBe(403);
    const res = await as.manager.post(`/api/purchase_orders/${po.id}/receive`);
    expect(res.status).toBe(200);
    expect(dataOf(res).received_at).toEqual(expect.any(String));
    expect((dataOf(res).purchase_order_materials as Row[]).map((x: Row) => x.status)).toEqual(['received', 'received']);
    expect(await receipts(la.id)).toEqual([{ qty: 4, price: 2 }]);
    expect(await receipts(lb.id)).toEqual([{ qty: 5, price: 2 }]);
    expect(await stock(a.id)).toEqual({ on_hand: 4, on_order: 0 });
    await as.manager.post(`/api/purchase_orders/${po.id}/receive`); // again: nothing more
    expect(await receipts(la.id)).toHaveLength(1);
    expect(await stock(b.id)).toEqual({ on_hand: 5, on_order: 0 });
    // the order's history says it was received, once, though its last line's save set received_at
    const history = await suite.env.db.query<{ before: Row; after: Row }>(
      `SELECT before, after FROM audit_log WHERE resource = 'purchase_orders' AND record_id = $1 AND action = 'receive'`,
      [po.id],
    );
    expect(history.map((h) => [h.before.received_at, typeof h.after.received_at])).toEqual([[null, 'string']]);
  });
});

describe('split', () => {
  it('divides a line in one transaction and receives the received part', async () => {
    const m = await material();
    const po = await order();
    const l = await line(po, m, 10, 30);
    const res = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 2, received: 5, backordered: 3 });
    expect(res.status).toBe(200);
    const lines = res.body.data as Row[];
    expect(lines.map((x) => [x.status, x.qty, x.price])).toEqual([
      ['ordered', 2, 6],
      ['received', 5, 15],
      ['backordered', 3, 9],
    ]);
    expect(lines[0]!.id).toBe(l.id);
    expect(await stock(m.id)).toEqual({ on_hand: 5, on_order: 5 });
    expect(await receipts(lines[1]!.id)).toEqual([{ qty: 5, price: 3 }]);
    expect((await getOrder(po.id)).received_at).toBeNull();
  });

  it('refuses a total that differs or a negative amount, changing nothing', async () => {
    const m = await material();
    const po = await order();
    const l = await line(po, m, 10, 30);
    const differs = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 2, received: 5, backordered: 2 });
    expect(differs.status).toBe(422);
    expect(differs.body.errors).toHaveProperty('qty');
    const negative = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 12, received: -2, backordered: 0 });
    expect(negative.status).toBe(422);
    expect(negative.body.errors?.received).toEqual(['It looks like something is adding up to a negative.']);
    const junk = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 'x' });
    expect(junk.status).toBe(422);
    expect((await as.supervisor.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 10 })).status).toBe(403);
    expect((await as.manager.get(`/api/purchase_order_materials?purchase_order_id=${po.id}`)).body.data).toHaveLength(1);
    expect(await stock(m.id)).toEqual({ on_hand: 0, on_order: 10 });
  });

  it('names the amount that breaks the rule (Received 5 and Backordered 20 on a 12-unit line)', async () => {
    const m = await material();
    const po = await order();
    const l = await line(po, m, 12, 36);
    // What the Split dialog sends: the rest of the line left to Ordered is below 0.
    const res = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: -13, received: 5, backordered: 20 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ ordered: ['It looks like something is adding up to a negative.'] });
    // Without the negative rest the total is what is wrong: named as the line's qty.
    const over = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { received: 5, backordered: 20 });
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ qty: ["The amounts must add up to the line's qty (12)."] });
    expect((await as.manager.get(`/api/purchase_order_materials?purchase_order_id=${po.id}`)).body.data).toHaveLength(1);
  });

  it('a received line split into received and backordered reverses only what goes back', async () => {
    const m = await material();
    const po = await order();
    const l = await line(po, m, 10, 20, { status: 'received' });
    const res = await as.manager.post(`/api/purchase_order_materials/${l.id}/split`, { ordered: 0, received: 6, backordered: 4 });
    expect(res.status).toBe(200);
    expect(await receipts(l.id)).toEqual([
      { qty: 10, price: 2 },
      { qty: -4, price: 2 },
    ]);
    expect(await stock(m.id)).toEqual({ on_hand: 6, on_order: 4 });
    expect((await getOrder(po.id)).received_at).toBeNull();
  });
});

describe('materials by vendor (the PO material picker)', () => {
  it('sold_by lists the materials a vendor sells, not_sold_by the others; a vendor material gives part numbers and prices by material_id_list', async () => {
    const sold = await material({ description: 'Sold' });
    const soldToo = await material({ description: 'Sold too' });
    const other = await material({ description: 'Other' });
    const retired = await material({ description: 'No longer sold' });
    const v = await vendor();
    const elsewhere = await vendor();
    const vm = await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: sold.id, vendor_part_number: 'CST-1', unit_price: 4.25 });
    await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: soldToo.id, vendor_part_number: 'CST-2', unit_price: 9 });
    await made(as.manager, 'vendor_materials', { vendor_id: v.id, material_id: retired.id, active: false });
    await made(as.manager, 'vendor_materials', { vendor_id: elsewhere.id, material_id: other.id });
    const ours = [sold.id, soldToo.id, other.id, retired.id];
    const ids = async (query: string) =>
      ((await as.manager.get(`/api/materials?page=1&per_page=100&sort_column=number&${query}`)).body.data as Row[])
        .map((r) => r.id)
        .filter((id) => ours.includes(id as number));
    expect(await ids(`sold_by=${v.id}`)).toEqual([sold.id, soldToo.id]);
    expect(await ids(`not_sold_by=${v.id}`)).toEqual([other.id, retired.id]);
    expect(await ids(`sold_by=${v.id}&search=${encodeURIComponent('Sold too')}`)).toEqual([soldToo.id]);
    const bad = await as.manager.get('/api/materials?page=1&sold_by=x');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('sold_by');

    const prices = (await as.manager.get(`/api/vendor_materials?vendor_id=${v.id}&material_id_list=${sold.id},${other.id}`)).body.data as Row[];
    expect(prices.map((p) => [p.id, p.vendor_part_number, p.unit_price])).toEqual([[vm.id, 'CST-1', 4.25]]);
    expect((await as.employee.get(`/api/materials?page=1&sold_by=${v.id}`)).status).toBe(200);
  });
});

describe('boms', () => {
  it('pull writes one pull per line and makes the bom read-only; return reverses it', async () => {
    const a = await material({ starting_qty: 10 });
    const b = await material({ starting_qty: 5 });
    const bom = await made(as.manager, 'boms', {
      name: `Bom ${++seq}`,
      bom_materials: [
        { material_id: a.id, qty: 3 },
        { material_id: b.id, qty: 2 },
      ],
    });
    const [bl] = bom.bom_materials as Row[];
    expect((await as.employee.post(`/api/boms/${bom.id}/pull`)).status).toBe(403);
    const pulled = await as.supervisor.post(`/api/boms/${bom.id}/pull`);
    expect(pulled.status).toBe(200);
    expect(dataOf(pulled).pulled_at).toEqual(expect.any(String));
    expect((await stock(a.id)).on_hand).toBe(7);
    expect((await stock(b.id)).on_hand).toBe(3);
    const n = await suite.env.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM material_transactions WHERE bom_id = ${bom.id as number} AND type = 'pull'`,
    );
    expect(n[0]!.n).toBe(2);

    const twice = await as.manager.post(`/api/boms/${bom.id}/pull`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already been pulled/);
    expect((await stock(a.id)).on_hand).toBe(7);
    for (const res of [
      await as.manager.patch(`/api/bom_materials/${bl!.id}`, { qty: 9 }),
      await as.manager.post('/api/bom_materials', { bom_id: bom.id, material_id: a.id, qty: 1 }),
      await as.manager.del(`/api/bom_materials/${bl!.id}`),
      await as.manager.patch(`/api/boms/${bom.id}`, { name: 'x' }),
      await as.manager.del(`/api/boms/${bom.id}`),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toMatch(/read-only/);
    }

    const back = await as.manager.post(`/api/boms/${bom.id}/return`);
    expect(back.status).toBe(200);
    expect(dataOf(back).pulled_at).toBeNull();
    expect((await stock(a.id)).on_hand).toBe(10);
    expect((await stock(b.id)).on_hand).toBe(5);
    expect((await as.manager.post(`/api/boms/${bom.id}/return`)).status).toBe(409);
    expect((await as.manager.patch(`/api/bom_materials/${bl!.id}`, { qty: 4 })).status).toBe(200);
    // the generic save cannot pull (no transactions would explain it): a state column, 422 naming the action
    const sneaky = await as.manager.patch(`/api/boms/${bom.id}`, { pulled_at: new Date().toISOString() });
    expect(sneaky.status).toBe(422);
    expect(sneaky.body.errors?.pulled_at?.[0]).toMatch(/Pull/);
    expect((await as.manager.get(`/api/boms/${bom.id}`)).body.pulled_at).toBeNull();
  });
});

describe('suggested orders', () => {
  it('counts reorder qty, open demand, on hand and on order, rounded up to the economic and minimum qty', async () => {
    const v = await vendor();
    // A: reorder 10, on hand 4, on order 3, demand 2 × 3 (job) + 1.5 (open bom) = 7.5 → shortfall 10.5 → 11, eoq 0, min 1
    const a = await material({ reorder_qty: 10, starting_qty: 4, economic_order_qty: 0 });
    // B: reorder 5, on hand 0, no demand → shortfall 5, eoq 12 → 12; minimum 20 → 20
    const b = await material({ reorder_qty: 5, economic_order_qty: 12 });
    // C: enough stock → not suggested; D: no preferred vendor, shortfall 2
    const c = await material({ reorder_qty: 5, starting_qty: 9 });
    const d = await material({ reorder_qty: 2 });
    // E: inactive → never suggested
    const e = await material({ reorder_qty: 50, active: false });
    await made(as.manager, 'vendor_materials', { material_id: a.id, vendor_id: v.id, minimum_order_qty: 1, unit_price: 2, is_preferred: true });
    await made(as.manager, 'vendor_materials', { material_id: b.id, vendor_id: v.id, minimum_order_qty: 20, unit_price: 0.5, is_preferred: true });
    const po = await order();
    await line(po, a, 3, 6);
    await line(po, a, 100, 1, { status: 'received' }); // received lines are stock, not on order... and raise on hand
    const product = await made(as.manager, 'products', { name: `Product ${++seq}`, product_materials: [{ material_id: a.id, qty: 2 }] });
    const job = await madeJob(as.manager, { name: `Job ${++seq}` });
    await made(as.manager, 'job_products', { job_id: job.id, product_id: product.id, qty: 3 });
    await made(as.manager, 'job_products', { job_id: job.id, product_id: product.id, qty: 50, is_ordered: true }); // ordered: no demand
    const done = await madeJob(as.manager, { name: `Old job ${++seq}`, active: false });
    await made(as.manager, 'job_products', { job_id: done.id, product_id: product.id, qty: 40 });
    await made(as.manager, 'boms', { name: 'open', bom_materials: [{ material_id: a.id, qty: 1.5 }] });
    const pulledBom = await made(as.manager, 'boms', { name: 'pulled', bom_materials: [{ material_id: a.id, qty: 99 }] });
    // the received line added 100: take it back out with a pulled bom of 99 + 1 adjustment-free pull
    await as.manager.post(`/api/boms/${pulledBom.id}/pull`);
    await made(as.manager, 'material_transactions', { material_id: a.id, type: 'pull', qty: 1 });
    expect(await stock(a.id)).toEqual({ on_hand: 4, on_order: 3 });

    const res = await as.manager.get('/api/purchase_orders/suggestions');
    expect(res.status).toBe(200);
    const mine = (res.body.data as Row[]).filter((r) => [a.id, b.id, c.id, d.id, e.id].includes(r.material_id));
    expect(mine).toEqual([
      {
        material_id: a.id,
        material_number: a.number,
        description: a.description,
        vendor_id: v.id,
        vendor_name: v.name,
        on_hand: 4,
        on_order: 3,
        reorder_qty: 10,
        open_demand: 7.5,
        shortfall: 10.5,
        economic_order_qty: 0,
        min_order_qty: 1,
        suggested_qty: 11,
        unit_price: 2,
      },
      {
        material_id: b.id,
        material_number: b.number,
        description: b.description,
        vendor_id: v.id,
        vendor_name: v.name,
        on_hand: 0,
        on_order: 0,
        reorder_qty: 5,
        open_demand: 0,
        shortfall: 5,
        economic_order_qty: 12,
        min_order_qty: 20,
        suggested_qty: 20,
        unit_price: 0.5,
      },
      {
        material_id: d.id,
        material_number: d.number,
        description: d.description,
        vendor_id: null,
        vendor_name: null,
        on_hand: 0,
        on_order: 0,
        reorder_qty: 2,
        open_demand: 0,
        shortfall: 2,
        economic_order_qty: 0,
        min_order_qty: 0,
        suggested_qty: 2,
        unit_price: 0,
      },
    ]);
    expect((await as.employee.get('/api/purchase_orders/suggestions')).status).toBe(403);

    // from suggestions: one draft order per vendor, in one transaction
    expect((await as.supervisor.post('/api/purchase_orders/from_suggestions', { lines: [{ material_id: a.id, qty: 11 }] })).status).toBe(403);
    const noVendor = await as.manager.post('/api/purchase_orders/from_suggestions', {
      lines: [
        { material_id: a.id, qty: 11 },
        { material_id: d.id, qty: 2 },
      ],
    });
    expect(noVendor.status).toBe(422);
    expect(noVendor.body.errors).toHaveProperty(['lines.1.material_id']);
    expect((await as.manager.post('/api/purchase_orders/from_suggestions', { lines: [{ material_id: a.id, qty: -1 }] })).body.errors).toHaveProperty([
      'lines.0.qty',
    ]);
    expect((await as.manager.get(`/api/purchase_orders?vendor_id=${v.id}`)).body.data).toHaveLength(0); // nothing half-written

    const created = await as.manager.post('/api/purchase_orders/from_suggestions', {
      lines: [
        { material_id: a.id, qty: 11 },
        { material_id: b.id, qty: 20 },
      ],
    });
    expect(created.status).toBe(201);
    const orders = created.body.data as Row[];
    expect(orders).toHaveLength(1);
    expect(orders[0]!.vendor_id).toBe(v.id);
    expect(orders[0]!.sent_at).toBeNull();
    expect(orders[0]!.number).toEqual(expect.any(Number));
    expect(
      (orders[0]!.purchase_order_materials as Row[])
        .sort((x, y) => (x.material_id as number) - (y.material_id as number))
        .map((l) => [l.material_id, l.qty, l.price, l.status]),
    ).toEqual([
      [a.id, 11, 22, 'ordered'],
      [b.id, 20, 10, 'ordered'],
    ]);
    const after = (await as.manager.get('/api/purchase_orders/suggestions')).body.data as Row[];
    expect(after.filter((r) => [a.id, b.id].includes(r.material_id))).toEqual([]); // now on order

    // The {material_ids} form (docs/domain/purchasing.md, Suggested orders): each at its suggested qty; a material not short is refused.
    const f = await material({ reorder_qty: 7, economic_order_qty: 0 });
    await made(as.manager, 'vendor_materials', { material_id: f.id, vendor_id: v.id, minimum_order_qty: 1, unit_price: 3, is_preferred: true });
    const notShort = await as.manager.post('/api/purchase_orders/from_suggestions', { material_ids: [f.id, a.id] });
    expect(notShort.status).toBe(422);
    expect(notShort.body.errors).toHaveProperty(['material_ids.1']);
    expect((await as.manager.post('/api/purchase_orders/from_suggestions', { material_ids: [] })).status).toBe(422);
    expect((await as.manager.post('/api/purchase_orders/from_suggestions', { material_ids: ['x'] })).status).toBe(422);
    const byIds = await as.manager.post('/api/purchase_orders/from_suggestions', { material_ids: [f.id] });
    expect(byIds.status).toBe(201);
    expect(((byIds.body.data as Row[])[0]!.purchase_order_materials as Row[]).map((l) => [l.material_id, l.qty, l.price])).toEqual([[f.id, 7, 21]]);
  });

  it('takes on hand from the last count and the movements after it in (date, id) order, as the inventory does', async () => {
    const v = await vendor();
    const counted = await material({ reorder_qty: 30, starting_qty: 100, economic_order_qty: 0 });
    const uncounted = await material({ reorder_qty: 10, starting_qty: 2, economic_order_qty: 0 });
    for (const m of [counted, uncounted])
      await made(as.manager, 'vendor_materials', { material_id: m.id, vendor_id: v.id, minimum_order_qty: 1, unit_price: 1, is_preferred: true });
    const move = (m: Row, type: string, qty: number, date: string, note?: string) =>
      made(as.manager, 'material_transactions', { material_id: m.id, type, qty, date, note });
    await move(counted, 'receipt', 50, '2026-01-05'); // before the counts: inside the counted qty
    await move(counted, 'count', 20, '2026-01-10');
    await move(counted, 'pull', 4, '2026-01-08'); // entered later but dated before the count: inside it too
    await move(counted, 'count', 12, '2026-01-10'); // a second count on the same day, entered later, wins
    await move(counted, 'pull', 5, '2026-01-11');
    await move(counted, 'adjustment', -1, '2026-01-12', 'Broken in the shop');
    await move(counted, 'receipt', 3, '2026-01-10'); // the count's day, entered after it: on top of it
    await move(uncounted, 'receipt', 1, '2026-01-03');
    await move(uncounted, 'pull', 2, '2026-01-04');
    // counted: 12 − 5 − 1 + 3 = 9; uncounted: 2 + 1 − 2 = 1
    expect(await stock(counted.id)).toEqual({ on_hand: 9, on_order: 0 });
    expect(await stock(uncounted.id)).toEqual({ on_hand: 1, on_order: 0 });
    const rows = ((await as.manager.get('/api/purchase_orders/suggestions')).body.data as Row[]).filter((r) =>
      [counted.id, uncounted.id].includes(r.material_id),
    );
    rows.sort((x, y) => (x.material_id as number) - (y.material_id as number));
    expect(rows.map((r) => [r.material_id, r.on_hand, r.open_demand, r.on_order, r.shortfall, r.suggested_qty])).toEqual([
      [counted.id, 9, 0, 0, 21, 21],
      [uncounted.id, 1, 0, 0, 9, 9],
    ]);
  });
});
