/**
 * Measured glass to the vendor (docs/domain/purchasing.md, Glass cut to size): pieces of
 * the To Order list, measured to cut, become one draft order for the vendor, a line per piece with
 * its cut size and thickness, by job; each is marked ordered and leaves the list.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Row } from '../src/db/client.ts';
import { renderPurchaseOrderPdf } from '../src/areas/purchasing/purchase-order-pdf.ts';
import { systemCtx } from '../src/platform/system-context.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const { env, as } = appWithRoles();
let seq = 0;

async function setup() {
  const glass = await made(as.manager, 'materials', { number: `GL-38CT-${++seq}`, description: '3/8" clear tempered' });
  const vendor = await made(as.manager, 'vendors', { name: `Glass Co ${seq}` });
  await made(as.manager, 'vendor_materials', { vendor_id: vendor.id, material_id: glass.id, unit_price: 42.5, is_preferred: true });
  const category = await made(as.manager, 'product_categories', { name: `Showers ${seq}`, enable_measured: true, enable_ordered: true });
  const series = await made(as.manager, 'series', {
    name: `Frameless ${seq}`,
    category_id: category.id,
    glass_width_deduction: 0.1875,
    glass_height_deduction: 0.25,
    glass_material_id: glass.id,
    glass_thickness: 0.375,
  });
  const bare = await made(as.manager, 'series', { name: `No glass ${seq}`, category_id: category.id });
  const later = await madeJob(as.manager, { number: `30-${++seq}`, name: 'Later' });
  const earlier = await madeJob(as.manager, { number: `29-${++seq}`, name: 'Earlier' });
  const piece = (job: Row, name: string, extra: Row = {}) =>
    made(as.manager, 'job_products', { job_id: job.id, name, series_id: series.id, qty: 2, opening_width: 36.4375, opening_height: 72, ...extra });
  return { glass, vendor, series, bare, later, earlier, piece };
}

describe('ordering measured glass', () => {
  it('makes one draft order: a line per piece at its cut size and thickness, by job, at the vendor price; each piece marked ordered', async () => {
    const { glass, vendor, later, earlier, piece } = await setup();
    const a = await piece(later, 'Door');
    const b = await piece(earlier, 'Panel', { qty: 1 });
    expect(a).toMatchObject({ glass_width: 36.25, glass_height: 71.75, is_measured: true });

    const res = await as.manager.post('/api/purchase_orders/order_glass', { vendor_id: vendor.id, job_product_ids: [a.id, b.id] });
    expect(res.status).toBe(201);
    const order = res.body.data as unknown as Row;
    expect(order).toMatchObject({ vendor_id: vendor.id, sent_at: null, received_at: null });
    const lines = (await as.manager.get(`/api/purchase_order_materials?purchase_order_id=${order.id}&sort_column=created_at&per_page=10&page=1`)).body.data!;
    expect(lines.map((l: Row) => [l.job_label, l.job_product_id, l.material_id, l.glass_width, l.glass_height, l.glass_thickness, l.qty, l.price])).toEqual([
      [`${earlier.number} Earlier`, b.id, glass.id, 36.25, 71.75, 0.375, 1, 42.5],
      [`${later.number} Later`, a.id, glass.id, 36.25, 71.75, 0.375, 2, 85],
    ]);
    for (const id of [a.id, b.id]) expect((await as.manager.get(`/api/job_products/${id}`)).body.is_ordered).toBe(true);
    const toOrder = (await as.manager.get(`/api/job_products?page=1&per_page=100&needs=is_ordered&job_id=${later.id}`)).body.data!;
    expect(toOrder.map((r: Row) => r.id)).not.toContain(a.id);
    // the PDF that goes to the vendor names each piece's cut size and job
    const pdf = await env.db.transaction(async (db) => renderPurchaseOrderPdf(await systemCtx(db, 'Test'), Number(order.id)));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bytes)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`Cut 36 1/4" × 71 3/4", 3/8" thick · ${earlier.number} Earlier`);
    expect(flat).toContain(`Cut 36 1/4" × 71 3/4", 3/8" thick · ${later.number} Later`);
    expect(flat.indexOf(`${earlier.number} Earlier`)).toBeLessThan(flat.indexOf(`${later.number} Later`)); // by job (the lines' one order, PO_LINE_ORDER)
    // the line of a piece is found from the piece (the re-measure warning names its order)
    const ofPiece = (await as.manager.get(`/api/purchase_order_materials?job_product_id=${a.id}&page=1`)).body.data;
    expect(ofPiece).toMatchObject([{ purchase_order_id: order.id, purchase_order_number: order.number }]);
  });

  it('refuses the whole call, saying why under each piece, and writes nothing', async () => {
    const { vendor, bare, later, piece } = await setup();
    const ready = await piece(later, 'Ready');
    const unmeasured = await made(as.manager, 'job_products', { job_id: later.id, name: 'Unmeasured', series_id: ready.series_id });
    const noGlass = await piece(later, 'No glass', { series_id: bare.id });
    const done = await piece(later, 'Done', { is_ordered: true });
    const res = await as.manager.post('/api/purchase_orders/order_glass', {
      vendor_id: vendor.id,
      job_product_ids: [ready.id, unmeasured.id, noGlass.id, done.id, ready.id, 999999],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'job_product_ids.1': ['Not measured yet: it has no glass size.'],
      'job_product_ids.2': [`Its series (${bare.name}) names no glass to order: set it on the series.`],
      'job_product_ids.3': ['Already ordered.'],
      'job_product_ids.4': ['Chosen twice.'],
      'job_product_ids.5': ['No such job product.'],
    });
    expect((await as.manager.get(`/api/job_products/${ready.id}`)).body.is_ordered).toBe(false);
    expect((await as.manager.get(`/api/purchase_order_materials?job_product_id=${ready.id}&page=1`)).body.data).toEqual([]);

    expect((await as.manager.post('/api/purchase_orders/order_glass', { vendor_id: vendor.id, job_product_ids: [] })).body.errors).toEqual({
      job_product_ids: ['Choose at least one measured piece.'],
    });
    expect((await as.manager.post('/api/purchase_orders/order_glass', { vendor_id: 999999, job_product_ids: [ready.id] })).body.errors).toEqual({
      vendor_id: ['Vendor not found.'],
    });
  });

  it('takes the right to edit purchase orders', async () => {
    const { vendor, later, piece } = await setup();
    const p = await piece(later, 'Door');
    expect((await as.supervisor.post('/api/purchase_orders/order_glass', { vendor_id: vendor.id, job_product_ids: [p.id] })).status).toBe(403);
    expect((await as.employee.post('/api/purchase_orders/order_glass', { vendor_id: vendor.id, job_product_ids: [p.id] })).status).toBe(403);
  });

  it('offers glass materials only to a series\' "Glass to order" (glass=true: of a glass material category)', async () => {
    const glassCategory = await made(as.manager, 'material_categories', { name: `Glass ${++seq}`, is_glass: true });
    const partsCategory = await made(as.manager, 'material_categories', { name: `Window covering parts ${seq}` });
    const glass = await made(as.manager, 'materials', { number: `GL-${seq}`, material_category_id: glassCategory.id });
    const cordLock = await made(as.manager, 'materials', { number: `WP-${seq}`, material_category_id: partsCategory.id });
    const loose = await made(as.manager, 'materials', { number: `XX-${seq}` });
    const ids = (await as.manager.get(`/api/materials?glass=true&per_page=500&page=1`)).body.data!.map((m: Row) => m.id);
    expect(ids).toContain(glass.id);
    expect(ids).not.toContain(cordLock.id);
    expect(ids).not.toContain(loose.id);
  });
});
