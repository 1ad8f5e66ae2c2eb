/**
 * "Demo data": the demo jobs come with products, notes, PDFs, photos and pickup items, and
 * the files and photos are real ones (stored blobs: a PDF by its bytes, an image sharp can read).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Row } from '../src/db/client.ts';
import { SCALES, generateDemoData } from '../src/cli/demo-data.ts';
import { openTestDb } from './harness.ts';

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
  // the demo's mix, fewer of the things that do not matter here
  await generateDemoData(db, { ...SCALES.demo, timeEntries: 40, materialTransactions: 100, purchaseOrders: 4, estimates: 6 }, { today: '2026-11-02' });
}, 120_000);
afterAll(() => dispose());

const one = async (query: string) => Number((await db.query<Row>(query))[0]!.n);

describe('demo data', () => {
  it('gives the jobs products, notes, PDFs, photos and pickup items, each on a live job', async () => {
    expect(await one('SELECT count(*) AS n FROM jobs WHERE NOT is_template')).toBe(SCALES.demo.jobs);
    // every job has a product; templates have theirs
    expect(await one('SELECT count(*) AS n FROM jobs j WHERE NOT is_template AND NOT EXISTS (SELECT 1 FROM job_products p WHERE p.job_id = j.id)')).toBe(0);
    expect(await one('SELECT count(*) AS n FROM jobs j WHERE is_template AND EXISTS (SELECT 1 FROM job_products p WHERE p.job_id = j.id)')).toBe(
      SCALES.demo.templates,
    );
    for (const [table, count] of [
      ['notes', SCALES.demo.notes],
      ['files', SCALES.demo.files],
      ['images', SCALES.demo.images],
      ['pickup_items', SCALES.demo.pickupItems],
    ] as const) {
      expect(await one(`SELECT count(*) AS n FROM ${table} t JOIN jobs j ON j.id = t.job_id AND j.deleted_at IS NULL`), table).toBe(count);
    }
  });

  it('stores real PDFs and real photos', async () => {
    const pdfs = await db.query<Row>(
      "SELECT encode(substring(b.data from 1 for 5), 'escape') AS head, b.mime FROM files f JOIN blobs b ON b.sha256 = f.sha256",
    );
    expect(pdfs).toHaveLength(SCALES.demo.files);
    for (const p of pdfs) expect(p).toEqual({ head: '%PDF-', mime: 'application/pdf' });

    const photos = await db.query<Row>(
      "SELECT encode(b.data, 'base64') AS data, i.thumb_sha256 FROM images i JOIN blobs b ON b.sha256 = i.sha256 WHERE i.url IS NULL",
    );
    expect(photos).toHaveLength(SCALES.demo.images);
    for (const p of photos.slice(0, 3)) {
      const meta = await sharp(Buffer.from(p.data as string, 'base64')).metadata();
      expect(meta.width).toBeGreaterThan(0);
      expect(p.thumb_sha256).toEqual(expect.any(String));
    }
  });

  it('creates nothing after `today`, though a third of the jobs start later', async () => {
    expect(await one("SELECT count(*) AS n FROM jobs WHERE NOT is_template AND start_date > '2026-11-02'")).toBeGreaterThan(0);
    // (rows the generator dates itself; the rest take the database's now() as they are loaded)
    for (const [table, where] of [
      ['jobs', 'NOT is_template'],
      ['notes', 'true'],
      ['files', 'true'],
      ['images', 'true'],
    ]) {
      expect(await one(`SELECT count(*) AS n FROM ${table} WHERE ${where} AND created_at >= '2026-11-02T00:00:00Z'`), table).toBe(0);
    }
    expect(await one("SELECT count(*) AS n FROM notes WHERE date >= '2026-11-02'")).toBe(0);
  });

  it("numbers each job's images image-1, image-2, … in the order they were added", async () => {
    const rows = await db.query<Row>('SELECT job_id, description FROM images ORDER BY job_id, created_at, id');
    const seen = new Map<unknown, number>();
    for (const r of rows) {
      const n = (seen.get(r.job_id) ?? 0) + 1;
      seen.set(r.job_id, n);
      expect(r.description, `job ${String(r.job_id)}`).toBe(`image-${n}`);
    }
    // the demo's 12 photos share jobs, so some job has more than one
    expect(Math.max(...seen.values())).toBeGreaterThan(1);
  });

  it('gives about half the estimates a takeoff, whose items carry the calculated qty of their option', async () => {
    expect(await one('SELECT count(*) AS n FROM takeoffs')).toBeGreaterThan(0);
    const mismatched = await db.query<Row>(
      `SELECT i.id FROM estimate_items i
         JOIN takeoffs t ON t.estimate_id = i.estimate_id
        WHERE i.takeoff_option_id IS NOT NULL
          AND i.qty <> (SELECT sum(u.qty * c.qty) FROM takeoff_items c JOIN takeoff_units u ON u.id = c.takeoff_unit_id
                         WHERE c.takeoff_id = t.id AND c.takeoff_option_id = i.takeoff_option_id)`,
    );
    expect(mismatched).toEqual([]);
    expect(await one('SELECT count(*) AS n FROM estimate_items WHERE takeoff_option_id IS NOT NULL')).toBeGreaterThan(0);
  });

  it("keeps an estimate's items and takeoff to its scopes, so its screens show them under its categories", async () => {
    const outOfScope = await db.query<Row>(
      `SELECT i.id FROM estimate_items i JOIN estimates e ON e.id = i.estimate_id JOIN products p ON p.id = i.product_id
        WHERE NOT (e.product_category_list @> to_jsonb(p.category_id))`,
    );
    expect(outOfScope).toEqual([]);
    const cellsOutOfScope = await db.query<Row>(
      `SELECT c.id FROM takeoff_items c JOIN takeoffs t ON t.id = c.takeoff_id JOIN estimates e ON e.id = t.estimate_id
         JOIN takeoff_options o ON o.id = c.takeoff_option_id
        WHERE NOT (e.product_category_list @> to_jsonb(o.product_category_id))`,
    );
    expect(cellsOutOfScope).toEqual([]);
  });

  it('puts events on the weeks around today, each job at most once a day', async () => {
    expect(await one("SELECT count(*) AS n FROM events WHERE date BETWEEN '2026-10-19' AND '2026-11-16'")).toBeGreaterThan(20);
    expect(await one('SELECT count(*) AS n FROM (SELECT job_id, date FROM events WHERE deleted_at IS NULL GROUP BY 1, 2 HAVING count(*) > 1) twice')).toBe(0);
  });

  it('invoices the latest completed jobs: some paid (one after a returned check), some partly paid, overdue, void or drafts, deposits subtracted', async () => {
    const rows = await db.query<{ status: string; kind: string; due_date: string; due: number; paid: number; voided_payments: number; deposits: number }>(
      `SELECT i.status, i.kind, i.due_date::text AS due_date, i.deposits_applied::float AS deposits,
         ((SELECT sum(l.amount) FROM invoice_lines l WHERE l.invoice_id = i.id) - i.deposits_applied)::float AS due,
         coalesce((SELECT sum(a.amount) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id WHERE a.invoice_id = i.id AND NOT p.voided), 0)::float AS paid,
         (SELECT count(*) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id WHERE a.invoice_id = i.id AND p.voided)::int AS voided_payments
       FROM invoices i`,
    );
    const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
    expect(count((r) => r.kind === 'final')).toBeGreaterThan(40);
    for (const r of rows) {
      if (r.status === 'paid') expect(r.paid).toBe(r.due);
      else if (r.status === 'partly_paid') expect(r.paid > 0 && r.paid < r.due, JSON.stringify(r)).toBe(true);
      else expect(r.paid).toBe(0);
    }
    expect(count((r) => r.status === 'paid')).toBeGreaterThan(10);
    expect(count((r) => r.status === 'partly_paid')).toBeGreaterThan(0);
    expect(count((r) => r.status === 'void')).toBeGreaterThan(0);
    expect(count((r) => r.status === 'draft')).toBeGreaterThan(0);
    expect(count((r) => (r.status === 'sent' || r.status === 'partly_paid') && r.due_date < '2026-11-02')).toBeGreaterThan(0);
    expect(count((r) => r.status === 'paid' && r.voided_payments > 0)).toBeGreaterThan(0);
    // a final invoice subtracts the deposit its job's deposit invoice asked for, which was paid
    expect(count((r) => r.kind === 'deposit' && r.status === 'paid')).toBe(count((r) => r.kind === 'final' && r.deposits > 0));
    expect(await one("SELECT count(*) AS n FROM invoices WHERE issue_date > '2026-11-02' OR due_date IS NULL")).toBe(0);
    // the invoices' and statements' recipient by default
    expect(await one('SELECT count(*) AS n FROM clients WHERE email IS NULL')).toBe(0);
    // each invoiced job's invoice amount is its invoices' (not void): products and custom lines, less the deposits subtracted
    expect(
      await one(`SELECT count(*) AS n FROM jobs j WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.job_id = j.id)
        AND j.invoice_amount IS DISTINCT FROM (SELECT sum((SELECT coalesce(sum(l.amount), 0) FROM invoice_lines l
          WHERE l.invoice_id = i.id AND l.kind NOT IN ('trip_charge', 'additional')) - i.deposits_applied) FROM invoices i WHERE i.job_id = j.id AND i.status <> 'void')
          AND NOT (j.invoice_amount = 0 AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.job_id = j.id AND i.status <> 'void'))`),
    ).toBe(0);
    expect(
      await one(
        "SELECT count(*) AS n FROM jobs j WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.job_id = j.id AND i.status <> 'void') AND j.invoice_amount > 0",
      ),
    ).toBeGreaterThan(40);
    // each past month's sent invoices went to the books in one batch, which lists them
    expect(await one('SELECT count(*) AS n FROM invoice_exports')).toBeGreaterThan(0);
    expect(
      await one(`SELECT count(*) AS n FROM invoices i LEFT JOIN invoice_exports e ON e.id = i.exported_batch_id
        WHERE (i.exported_batch_id IS NOT NULL) <> (i.status NOT IN ('draft', 'void') AND i.issue_date < '2026-11-01')
          OR (e.id IS NOT NULL AND NOT e.invoice_ids @> to_jsonb(i.id))`),
    ).toBe(0);
  });
});
