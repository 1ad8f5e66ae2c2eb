/**
 * A deterministic generator of a realistic glass/mirror contractor, at any scale: the small demo
 * of `npm run seed:demo` and the 100k-job database of `npm run bench` come from the same code.
 *
 * Deterministic: the same seed, scale and `today` give the same rows (a seeded PRNG, no
 * Math.random, no clock unless `today` is left to default). Rows go in with multi-row inserts of
 * about 1000 rows per statement (fewer for wide tables: PostgreSQL allows 65535 bound parameters
 * per statement), one transaction per table, and denormalised columns are filled here exactly as
 * the resource hooks would fill them (jobs.client_name, time_entries.user_name,
 * products.series_name, materials.material_category_name, the purchase order line's material
 * number/description/order number/vendor part number, job products' name and unit prices).
 *
 * It writes straight to the tables (no engine, no audit rows): it is a loader, not a user. Each
 * area has its seeder in demo/<area>.ts, which answers the ids (and drafts) the later seeders need;
 * they share one random stream, so the order they are called in below is part of the data.
 */
import type { Db } from '../db/client.ts';
import { seedInvoices } from './demo/billing.ts';
import { seedCatalogue } from './demo/catalogue.ts';
import { seedEstimates, seedTakeoffs } from './demo/estimating.ts';
import { seedBoms, seedMaterials, seedProductMaterials, seedSeriesGlass, seedStockMovements } from './demo/inventory.ts';
import { seedAttachments } from './demo/job-attachments.ts';
import { seedJobs, seedPickupItems } from './demo/jobs.ts';
import { seedClients, seedCrew, type DemoUser } from './demo/people.ts';
import { seedPurchaseOrders, seedVendors } from './demo/purchasing.ts';
import { Rng } from './demo/rng.ts';
import { seedEvents } from './demo/schedule.ts';
import { dayStart, type DemoScale, type SeedContext } from './demo/seed-context.ts';
import { seedTimeEntries } from './demo/time.ts';
import { STREETS } from './demo/vocabulary.ts';

export const SCALES = {
  /** `npm run seed:demo`: a few dozen of everything, easy to look through; jobs over a year and more, for the analysis. */
  demo: {
    clients: 36,
    jobs: 150,
    jobProducts: 500,
    timeEntries: 1_500,
    products: 90,
    materials: 80,
    vendors: 8,
    estimates: 100,
    estimateItems: 4,
    eventsPerJob: 1.5,
    pickupItems: 30,
    notes: 80,
    files: 6,
    images: 12,
    purchaseOrders: 20,
    poLines: 4,
    crew: 6,
    templates: 3,
    materialTransactions: 1_200,
    invoices: 60,
  },
  /** `npm run bench -- --scale small`: enough to exercise the benchmark quickly. */
  small: {
    clients: 120,
    jobs: 2_000,
    jobProducts: 6_000,
    timeEntries: 4_000,
    products: 300,
    materials: 500,
    vendors: 15,
    estimates: 400,
    estimateItems: 3,
    eventsPerJob: 0.6,
    pickupItems: 300,
    notes: 3_000,
    files: 400,
    images: 2_000,
    purchaseOrders: 150,
    poLines: 4,
    crew: 20,
    templates: 3,
    materialTransactions: 20_000,
    invoices: 600,
  },
  /** `npm run bench`: a contractor's years of records (bench/README.md). */
  full: {
    clients: 1_500,
    jobs: 100_000,
    jobProducts: 300_000,
    timeEntries: 200_000,
    products: 2_000,
    materials: 10_000,
    vendors: 40,
    estimates: 10_000,
    estimateItems: 3,
    eventsPerJob: 0.6,
    pickupItems: 10_000,
    notes: 150_000,
    files: 20_000,
    images: 100_000,
    purchaseOrders: 3_000,
    poLines: 4,
    crew: 40,
    templates: 5,
    materialTransactions: 1_000_000,
    invoices: 20_000,
  },
} as const satisfies Record<string, DemoScale>;

export type ScaleName = keyof typeof SCALES;

export interface GenerateOptions {
  seed?: number;
  /** ISO date the data is centred on (jobs run up to ~2 months after it). Defaults to today. */
  today?: string;
  /** Users to attribute time, events and pickups to; when none are given a crew is created. */
  users?: DemoUser[];
  /** Progress lines (per table, with timing). */
  log?: (msg: string) => void;
}

export interface GenerateResult {
  /** Rows made, by table (and job_templates). */
  counts: Record<string, number>;
  /** A few values useful to callers (the benchmark searches for them). */
  sample: { clientNames: string[]; jobNumbers: string[]; streets: string[]; jobIds: [number, number]; userIds: number[] };
  seconds: number;
}

export async function generateDemoData(db: Db, scale: DemoScale, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const started = Date.now();
  const ctx: SeedContext = {
    db,
    log: opts.log,
    scale,
    rng: new Rng(opts.seed ?? 20260142),
    todayMs: dayStart(opts.today ?? new Date().toISOString().slice(0, 10)),
  };
  const crew = await seedCrew(ctx, { users: opts.users ?? [], seed: opts.seed });
  const catalogue = await seedCatalogue(ctx);
  const clients = await seedClients(ctx, catalogue);
  const inventory = await seedMaterials(ctx);
  await seedSeriesGlass(ctx, { catalogue, materials: inventory.materials });
  const vendors = await seedVendors(ctx, inventory);
  const jobs = await seedJobs(ctx, { clients, crew, catalogue });
  const events = await seedEvents(ctx, { jobs, crew });
  const time = await seedTimeEntries(ctx, { jobs, crew });
  const pickups = await seedPickupItems(ctx, { jobs, crew, catalogue });
  const attachments = await seedAttachments(ctx, { jobs, crew });
  const estimates = await seedEstimates(ctx, { jobs, clients, catalogue });
  const orders = await seedPurchaseOrders(ctx, { vendors, spanDays: jobs.spanDays });
  const productMaterials = await seedProductMaterials(ctx, { products: catalogue.products, materials: inventory.materials });
  const stock = await seedStockMovements(ctx, inventory);
  const boms = await seedBoms(ctx, { materials: inventory.materials, jobs });
  const takeoffs = await seedTakeoffs(ctx, { estimates, catalogue });
  // last, so the data the seeders before it drew stays as it was
  const billing = await seedInvoices(ctx, { jobs });

  // Fresh statistics, so the planner knows the tables are big, and a vacuumed heap, so autovacuum
  // does not start on the new rows in the middle of whatever runs next (the benchmark).
  await db.query(db.inTransaction ? 'ANALYZE' : 'VACUUM ANALYZE');

  const counts = {
    ...crew.counts,
    ...catalogue.counts,
    ...clients.counts,
    ...inventory.counts,
    ...vendors.counts,
    ...jobs.counts,
    ...events.counts,
    ...time.counts,
    ...pickups.counts,
    ...attachments.counts,
    ...estimates.counts,
    ...orders.counts,
    ...productMaterials.counts,
    ...stock.counts,
    ...boms.counts,
    ...takeoffs.counts,
    ...billing.counts,
    estimate_items: estimates.counts.estimate_items + takeoffs.estimateItems,
  };
  return {
    counts,
    sample: {
      clientNames: clients.names.slice(0, 40),
      jobNumbers: jobs.infos.filter((_, i) => i % Math.max(1, Math.floor(jobs.infos.length / 50)) === 0).map((j) => j.number),
      streets: [...STREETS],
      jobIds: [jobs.ids[0] ?? 0, jobs.ids.at(-1) ?? 0],
      userIds: crew.users.map((u) => u.id),
    },
    seconds: (Date.now() - started) / 1000,
  };
}
