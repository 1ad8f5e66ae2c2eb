/**
 * The data `npm run lighthouse` measures the working screens on: the demo company (`seed:demo`,
 * its logins), plus what a busy shop has and the demo lacks: a 200-item estimate with a 50 × 40
 * takeoff (50 units by 40 takeoff options, every cell filled). Added here, for the measurement
 * only: the demo itself stays small and easy to look through.
 *
 * Run by scripts/lighthouse.ts on its fresh DATA_DIR before the server starts (PGlite has one
 * process); prints, as its last line, the JSON of the records the measured screens open
 * (`ScreenRecords`).
 */
import { installServerResources } from '../packages/server/src/areas/registry.ts';
import { load } from '../packages/server/src/cli/demo/load.ts';
import { seedDemo } from '../packages/server/src/cli/seed-demo.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Db } from '../packages/server/src/db/client.ts';
import { openReadyDb } from '../packages/server/src/runtime.ts';

export interface ScreenRecords {
  /** The live job with the most products. */
  jobId: number;
  jobProducts: number;
  /** The estimate added here: 200 items, and its takeoff of 50 units × 40 options. */
  estimateId: number;
  /** The live purchase order with the most lines. */
  purchaseOrderId: number;
  /** The day (up to today) with the most time entries: its week is the crew's week measured. */
  busyDay: string;
}

export const BIG_ESTIMATE = { items: 200, units: 50, options: 40 };

const one = async <T>(db: Db, sql: string): Promise<T> => {
  const [row] = await db.query<T>(sql);
  if (!row) throw new Error(`no row for: ${sql}`);
  return row;
};

/**
 * Takeoff options up to 40 active ones (the demo has 4 per category), then an estimate naming no
 * category (so its takeoff shows every active option): 50 units with every cell filled, an item
 * per option at its calculated qty, and plain items up to 200.
 */
async function addBigEstimate(db: Db): Promise<number> {
  const target = { db };
  const products = await db.query<{ id: number; name: string; category_id: number; cost_per_unit: string; revenue_per_unit: string }>(
    'SELECT id, name, category_id, cost_per_unit, revenue_per_unit FROM products WHERE deleted_at IS NULL ORDER BY id',
  );
  const taken = new Set(
    (await db.query<{ takeoffable_id: number }>(`SELECT takeoffable_id FROM takeoff_options WHERE takeoffable_type = 'product'`)).map((r) => r.takeoffable_id),
  );
  const { n: active } = await one<{ n: number }>(db, 'SELECT count(*)::int AS n FROM takeoff_options WHERE active AND deleted_at IS NULL');
  const more = products.filter((p) => !taken.has(p.id)).slice(0, Math.max(0, BIG_ESTIMATE.options - active));
  await load(target, 'takeoff_options', 6, async (push) => {
    for (const [i, p] of more.entries())
      await push({ takeoffable_type: 'product', takeoffable_id: p.id, product_category_id: p.category_id, description: p.name, active: true, sort: 100 + i });
  });
  const options = await db.query<{ id: number; takeoffable_id: number }>(
    `SELECT id, takeoffable_id FROM takeoff_options WHERE active AND deleted_at IS NULL AND takeoffable_type = 'product' ORDER BY id LIMIT ${BIG_ESTIMATE.options}`,
  );
  if (options.length < BIG_ESTIMATE.options) throw new Error(`only ${options.length} takeoff options`);
  const byId = new Map(products.map((p) => [p.id, p]));
  const client = await one<{ id: number }>(db, 'SELECT id FROM clients WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
  const today = new Date().toISOString().slice(0, 10);
  const [estimateId] = await load(
    target,
    'estimates',
    8,
    async (push) =>
      push({
        client_id: client.id,
        name: 'Harbour Tower - 50 units (measurement)',
        job_address: '1200 Harbour Way, Vancouver, BC',
        contact_name: 'Pat Client',
        date: today,
        // a draft: its items and takeoff can be changed, as while it is being estimated (the INP of typing in a cell)
        status: 'draft',
        type: 'commercial',
        product_category_list: [],
      }),
    { ids: true },
  );
  const [takeoffId] = await load(target, 'takeoffs', 1, async (push) => push({ estimate_id: estimateId }), { ids: true });
  const unitIds = await load(
    target,
    'takeoff_units',
    4,
    async (push) => {
      for (let u = 0; u < BIG_ESTIMATE.units; u++)
        await push({ takeoff_id: takeoffId, description: `Unit ${String(u + 1).padStart(2, '0')}`, qty: 1 + (u % 4), sort: u });
    },
    { ids: true },
  );
  const totals = new Map<number, number>();
  await load(target, 'takeoff_items', 4, async (push) => {
    for (const [u, unitId] of unitIds.entries())
      for (const [o, option] of options.entries()) {
        const qty = 1 + ((u + o) % 3);
        await push({ takeoff_id: takeoffId, takeoff_unit_id: unitId, takeoff_option_id: option.id, qty });
        totals.set(option.id, (totals.get(option.id) ?? 0) + (1 + (u % 4)) * qty);
      }
  });
  const cents = (n: number) => Math.round(n * 100) / 100;
  await load(target, 'estimate_items', 10, async (push) => {
    for (const [o, option] of options.entries()) {
      const p = byId.get(option.takeoffable_id)!;
      const qty = totals.get(option.id)!;
      await push({
        estimate_id: estimateId,
        takeoff_option_id: option.id,
        product_id: p.id,
        qty,
        amount: cents(Number(p.revenue_per_unit) * qty),
        cost: cents(Number(p.cost_per_unit) * qty),
        description: p.name,
        sort: 1000 + o,
      });
    }
    for (let k = 0; k < BIG_ESTIMATE.items - options.length; k++) {
      const p = products[k % products.length]!;
      const qty = 1 + (k % 12);
      await push({
        estimate_id: estimateId,
        product_id: p.id,
        qty,
        amount: cents(Number(p.revenue_per_unit) * qty),
        cost: cents(Number(p.cost_per_unit) * qty),
        description: p.name,
        sort: k,
      });
    }
  });
  return estimateId!;
}

async function screenRecords(db: Db, estimateId: number): Promise<ScreenRecords> {
  const job = await one<{ id: number; n: number }>(
    db,
    `SELECT j.id, count(*)::int AS n FROM jobs j JOIN job_products p ON p.job_id = j.id AND p.deleted_at IS NULL
     WHERE j.deleted_at IS NULL AND NOT j.is_template GROUP BY j.id ORDER BY n DESC, j.id LIMIT 1`,
  );
  const order = await one<{ id: number }>(
    db,
    `SELECT o.id FROM purchase_orders o JOIN purchase_order_materials l ON l.purchase_order_id = o.id AND l.deleted_at IS NULL
     WHERE o.deleted_at IS NULL GROUP BY o.id ORDER BY count(*) DESC, o.id LIMIT 1`,
  );
  const day = await one<{ date: string }>(
    db,
    `SELECT date::text AS date FROM time_entries WHERE deleted_at IS NULL AND date <= current_date GROUP BY date ORDER BY count(*) DESC, date DESC LIMIT 1`,
  );
  return { jobId: job.id, jobProducts: job.n, estimateId, purchaseOrderId: order.id, busyDay: day.date };
}

installServerResources();
const db = await openReadyDb(loadConfig());
try {
  console.log(await seedDemo(db));
  const estimateId = await addBigEstimate(db);
  console.log(JSON.stringify(await screenRecords(db, estimateId)));
} finally {
  await db.close();
}
