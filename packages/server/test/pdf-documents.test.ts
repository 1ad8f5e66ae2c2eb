/**
 * PDF documents made on the server: the estimate (any status) and the purchase order as
 * PDFs through their declared GET actions, read back as text (unpdf): the items, alternates,
 * category notes, totals and the shop's header; the order's vendor and lines; a long estimate over
 * several pages with the table's header and "Page n of m" on each; what a reader without the
 * amounts' right gets; and the refusals (401, 403, 404).
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Row } from '../src/db/client.ts';
import { openApiDocument } from '../src/http/openapi.ts';
import { renderEstimatePdf } from '../src/areas/estimating/estimate-pdf.ts';
import { systemCtx } from '../src/platform/system-context.ts';
import { formatDate } from '@glazier/shared/rules/dates';
import { Client, appWithRoles, made } from './harness.ts';
import { suiteFields, suiteShop, type SuiteShop } from './estimate-fixtures.ts';

const { env, as } = appWithRoles();
let shop: SuiteShop;
let seq = 0;

beforeAll(async () => {
  shop = await suiteShop(as.admin);
});

/** A GET as `c` (or a guest), the answer's bytes kept as bytes. */
async function download(c: Client | null, url: string) {
  const cookie = c ? [...c.jar].map(([k, v]) => `${k}=${v}`).join('; ') : '';
  const res = await env.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

/** The PDF's text, page by page (whitespace made single spaces). With PDF_OUT=<dir>, the file is kept there to look at. */
async function pdfPages(bytes: Buffer, keepAs?: string): Promise<string[]> {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  if (keepAs && process.env.PDF_OUT) fs.writeFileSync(path.join(process.env.PDF_OUT, `${keepAs}.pdf`), bytes);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  return text.map((t) => t.replace(/\s+/g, ' '));
}

async function estimateWith(items: Row[], extra: Row = {}): Promise<Row> {
  return made(as.manager, 'estimates', {
    client_id: shop.client.id,
    name: `Long estimate ${++seq}`,
    date: '2026-03-14',
    job_address: '1 Main St',
    contact_name: 'Dr. Reyes',
    items,
    ...extra,
  });
}

/** The shared suite (estimate-fixtures.ts), dated. */
async function suiteEstimate(extra: Row = {}): Promise<Row> {
  return made(as.manager, 'estimates', { ...(await suiteFields(as.admin, shop, 'Framed bevel mirror')), date: '2026-03-14', ...extra });
}

describe('the estimate as a PDF', () => {
  it('is declared in the API document as application/pdf', () => {
    const doc = openApiDocument() as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema?: Row }> }> } }> };
    for (const path of ['/api/estimates/{id}/pdf', '/api/purchase_orders/{id}/pdf']) {
      const content = doc.paths[path]?.get?.responses['200']?.content;
      expect(Object.keys(content ?? {})).toEqual(['application/pdf']);
      expect(content!['application/pdf']!.schema).toMatchObject({ type: 'string', contentMediaType: 'application/pdf' });
    }
  });

  it('a draft has its PDF: the shop, the client, the items by category with the note, the alternate apart, the totals and the terms', async () => {
    const e = await suiteEstimate();
    const res = await download(as.manager, `/api/estimates/${e.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Estimate ${e.name}.pdf"; filename*=UTF-8''Estimate%20${encodeURIComponent(String(e.name))}.pdf`,
    );
    const pages = await pdfPages(res.bytes, 'estimate');
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const part of [
      'Clearview Glass',
      '12 Pane St',
      'Springfield',
      'ESTIMATE',
      String(e.name),
      '3/14/2026',
      'Draft',
      'Harbor Dental',
      'Attn. Dr. Reyes',
      '1 Main St',
      'Mirrors',
      'Mirrors are 1/4" clear.',
      '2 $100.00 $200.00', // qty, unit price and amount
      'Framed bevel mirror',
      'Shower Doors',
      'Frameless door 1 $900.00 $900.00',
      'Base total $1,100.00',
      'Total with all alternates $1,220.00', // the door and the framed mirror: what the client would pay
      'Half down, half on completion.',
      `Clearview Glass · Estimate ${e.name}`,
      'Page 1 of 1',
      // its number, and the lines the client signs; a draft has no validity yet
      `No. ${e.id}`,
      'ACCEPTANCE The prices, specifications and terms above are accepted, with the alternates of the categories named below.',
      'Alternates chosen (categories), or none Signature Date Name (printed) Title',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Valid until');
    expect(text.indexOf('ACCEPTANCE')).toBeGreaterThan(text.indexOf('Half down, half on completion.'));
    // the items' internal notes and costs are not the client's
    expect(text).not.toContain('measure twice');
    expect(text).not.toContain('$400.00');
    // the note is under its category, before the first item; the alternate block after the mirror
    expect(text).toMatch(/Item Qty Unit price Amount Plate mirror \d+ 2 \$100\.00/);
    expect(text.indexOf('Mirrors are 1/4"')).toBeLessThan(text.indexOf('Plate mirror'));
    expect(text.indexOf('ALTERNATE')).toBeGreaterThan(text.indexOf('Plate mirror'));
    expect(text.indexOf('ALTERNATE')).toBeLessThan(text.indexOf('Shower Doors'));
  });

  it('open, won and lost estimates have theirs; the chosen alternates give the chosen total', async () => {
    const e = await suiteEstimate({ alternate_categories: [shop.mirrors.id] });
    expect((await as.manager.post(`/api/estimates/${e.id}/status`, { status: 'open' })).status).toBe(200);
    const open = (await pdfPages((await download(as.manager, `/api/estimates/${e.id}/pdf`)).bytes)).join(' ');
    expect(open).not.toContain('Draft');
    expect(open).toContain('ALTERNATE (CHOSEN)');
    expect(open).toContain('Total with the chosen alternates $1,220.00');
    for (const status of ['won', 'lost']) {
      expect((await as.manager.post(`/api/estimates/${e.id}/status`, { status })).status).toBe(200);
      const res = await download(as.manager, `/api/estimates/${e.id}/pdf`);
      expect(res.status).toBe(200);
      const text = (await pdfPages(res.bytes)).join(' ');
      expect(text).toContain('Frameless door');
      // decided: no offer's end; marked won by staff, the lines to sign stay
      expect(text).not.toContain('Valid until');
      expect(text).toContain('Signature');
    }
  });

  it('an open estimate is valid while the client may accept it; accepted online, the PDF says by whom instead of lines to sign; a revision keeps the number', async () => {
    const e = await suiteEstimate();
    expect((await as.manager.post(`/api/estimates/${e.id}/status`, { status: 'open' })).status).toBe(200);
    const pdfText = async (id: unknown) => (await pdfPages((await download(as.manager, `/api/estimates/${String(id)}/pdf`)).bytes)).join(' ');
    // no link yet: a new link's 14 days from now (what a send today would say)
    const days = (n: number) => formatDate(new Date(Date.now() + n * 86_400_000).toISOString());
    expect(await pdfText(e.id)).toContain(`Valid until ${days(14)}`);
    // a link: until it expires
    const link = await as.manager.post(`/api/estimates/${e.id}/approval_links`, { days: 30 });
    expect(link.status).toBe(201);
    expect(await pdfText(e.id)).toContain(`Valid until ${formatDate(String((link.body.data as unknown as Row).expires_at))}`);

    const guest = new Client(env.app);
    await guest.get('/sanctum/csrf-cookie');
    const accepted = await guest.post(`/api/approvals/${String(link.body.token)}/accept`, { name: 'Ana Reyes', alternate_categories: [] });
    expect(accepted.status).toBe(200);
    const won = await pdfText(e.id);
    expect(won).toContain(`ACCEPTANCE Accepted online by Ana Reyes on ${formatDate(String(accepted.body.accepted_at))}.`);
    expect(won).not.toContain('Signature');
    expect(won).not.toContain('Valid until');

    const revised = await as.manager.post(`/api/estimates/${e.id}/revise`);
    expect(revised.status).toBe(201);
    expect(await pdfText((revised.body.data as unknown as Row).id)).toContain(`No. ${e.id}, revision 1`);
  });

  it('without edit estimates_admin, no money columns: the items and the estimate’s total only', async () => {
    const e = await suiteEstimate();
    const res = await download(as.supervisor, `/api/estimates/${e.id}/pdf`);
    expect(res.status).toBe(200);
    const text = (await pdfPages(res.bytes)).join(' ');
    expect(text).toContain('Frameless door');
    expect(text).toContain('Framed bevel mirror');
    expect(text).not.toContain('Unit price');
    expect(text).not.toContain('$900.00');
    expect(text).not.toContain('Base total');
    expect(text).toContain('Total $1,100.00');
  });

  it('200 items run over several pages, each with the table header and "Page n of N"', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({ description: `Window unit ${String(i + 1).padStart(3, '0')}`, qty: 1, amount: 10 + i, cost: 5 }));
    const e = await estimateWith(items);
    const started = performance.now();
    const res = await download(as.manager, `/api/estimates/${e.id}/pdf`);
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const pages = await pdfPages(res.bytes, 'estimate-200');
    const n = pages.length;
    expect(n).toBeGreaterThanOrEqual(4);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${n}`);
      expect(page).toContain('Item Qty Unit price Amount');
      expect(page).toContain(`Clearview Glass · Estimate ${e.name}`);
    });
    // the shop's header opens the first page only; every item once, in order
    expect(pages.filter((p) => p.includes('12 Pane St'))).toHaveLength(1);
    const all = pages.join(' ');
    for (let i = 1; i <= 200; i++) expect(all.split(`Window unit ${String(i).padStart(3, '0')} `)).toHaveLength(2);
    expect(all.indexOf('Window unit 100')).toBeLessThan(all.indexOf('Window unit 101'));
    expect(pages[n - 1]).toContain(`Total $${(200 * 10 + (199 * 200) / 2).toLocaleString('en-US')}.00`);
    console.info(`200-item estimate PDF: ${n} pages, ${res.bytes.length} bytes, ${ms.toFixed(0)} ms over HTTP`);
  });

  it.runIf(fs.existsSync('/proc/thread-self'))('is rendered by a thread of lower priority than the one answering requests (Linux)', async () => {
    const e = await estimateWith([{ description: 'Mirror', qty: 1, amount: 100, cost: 50 }]);
    expect((await download(as.manager, `/api/estimates/${e.id}/pdf`)).status).toBe(200);
    // each thread's nice value: field 19 of /proc/<pid>/task/<tid>/stat (after the name in parentheses)
    const nice = (tid: string) => Number(fs.readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
    const threads = fs.readdirSync(`/proc/${process.pid}/task`);
    expect(nice(String(process.pid))).toBe(0);
    // the renderer (and any thread it starts, which inherits its priority)
    expect(threads.filter((tid) => nice(tid) === 10).length).toBeGreaterThan(0);
  });

  it('is made by renderEstimatePdf from other server code, in a transaction, as the caller given', async () => {
    const e = await suiteEstimate();
    const pdf = await env.db.transaction(async (db) => renderEstimatePdf(await systemCtx(db, 'Outbox'), Number(e.id)));
    expect(pdf.fileName).toBe(`Estimate ${e.name}.pdf`);
    expect((await pdfPages(pdf.bytes)).join(' ')).toContain('Base total $1,100.00');
  });

  it('refuses a guest (401), a user without view estimates (403), and names nothing for a missing estimate (404)', async () => {
    const e = await suiteEstimate();
    expect((await download(null, `/api/estimates/${e.id}/pdf`)).status).toBe(401);
    expect((await download(as.employee, `/api/estimates/${e.id}/pdf`)).status).toBe(403);
    expect((await download(as.manager, '/api/estimates/999999/pdf')).status).toBe(404);
    expect((await download(as.manager, '/api/estimates/abc/pdf')).status).toBe(404);
    expect((await as.manager.del(`/api/estimates/${e.id}`)).status).toBe(200);
    expect((await download(as.manager, `/api/estimates/${e.id}/pdf`)).status).toBe(404);
  });
});

describe('the purchase order as a PDF', () => {
  async function orderWithLines(): Promise<Row> {
    const vendor = await made(as.admin, 'vendors', {
      name: `Pacific Glass Supply ${++seq}`,
      contact_name: 'Lee Park',
      phone: '5035551234',
      email: 'orders@pacific.test',
    });
    const a = await made(as.manager, 'materials', { number: `ALU-${seq}`, description: 'Aluminium sill 12 ft' });
    const b = await made(as.manager, 'materials', { number: `GL-${seq}`, description: 'Clear float 1/4"' });
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id, note: 'Deliver to the back door.' });
    const sold = await made(as.manager, 'vendor_materials', { vendor_id: vendor.id, material_id: b.id, vendor_part_number: 'PGS-884', unit_price: 12.5 });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: b.id, vendor_material_id: sold.id, qty: 4, price: 50 });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: a.id, qty: 3, price: 90 });
    return { ...po, vendor };
  }

  it('carries the shop, the vendor with its contact, the stock lines in material order, the total and the note', async () => {
    const po = await orderWithLines();
    const res = await download(as.manager, `/api/purchase_orders/${po.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="Purchase Order ${po.number}.pdf"`);
    const pages = await pdfPages(res.bytes, 'purchase-order');
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    for (const part of [
      'Clearview Glass',
      'PURCHASE ORDER',
      `No. ${po.number}`,
      'Draft: not sent',
      `Pacific Glass Supply ${seq}`,
      'Attn. Lee Park',
      '(503) 555-1234',
      'orders@pacific.test',
      'Material Part number Qty Unit price Price',
      `ALU-${seq} Aluminium sill 12 ft 3 $30.00 $90.00`,
      `GL-${seq} Clear float 1/4" PGS-884 4 $12.50 $50.00`,
      'Total $140.00',
      'Deliver to the back door.',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(part);
    }
    expect(text.indexOf(`ALU-${seq}`)).toBeLessThan(text.indexOf(`GL-${seq}`));
    // sent, it no longer says draft
    expect((await as.manager.post(`/api/purchase_orders/${po.id}/send`)).status).toBe(200);
    expect((await pdfPages((await download(as.manager, `/api/purchase_orders/${po.id}/pdf`)).bytes)).join(' ')).not.toContain('Draft');
  });

  it('breaks a long description between words, never inside one ("Construc-tion")', async () => {
    const po = await orderWithLines();
    const description = 'Construction adhesive polyurethane professional construction grade sealant weatherproofing compound installation';
    const m = await made(as.manager, 'materials', { number: `ADH-${seq}`, description });
    await made(as.manager, 'purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty: 1, price: 9 });
    const text = (await pdfPages((await download(as.manager, `/api/purchase_orders/${po.id}/pdf`)).bytes, 'purchase-order-long')).join(' ');
    // every word whole, in the text read back (a word broken by a hyphen reads "Construc- tion")
    expect(text).toContain(description);
  });

  it('a reader of orders (view purchase_orders) has it; a guest is refused 401, a user without the right 403, a missing order 404', async () => {
    const po = await orderWithLines();
    expect((await download(as.supervisor, `/api/purchase_orders/${po.id}/pdf`)).status).toBe(200);
    expect((await download(null, `/api/purchase_orders/${po.id}/pdf`)).status).toBe(401);
    expect((await download(as.employee, `/api/purchase_orders/${po.id}/pdf`)).status).toBe(403);
    expect((await download(as.manager, '/api/purchase_orders/999999/pdf')).status).toBe(404);
  });
});
