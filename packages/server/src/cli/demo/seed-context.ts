/** What every demo seeder is given: where to write, the scale, the random stream and the day. */
import type { LoadTarget } from './load.ts';
import type { Rng } from './rng.ts';

export interface DemoScale {
  clients: number;
  jobs: number;
  /** Total job products, spread over the jobs (at least one each). */
  jobProducts: number;
  timeEntries: number;
  /** Products in the catalogue (spread over the series). */
  products: number;
  materials: number;
  vendors: number;
  estimates: number;
  /** Average items per estimate. */
  estimateItems: number;
  /** Average schedule events per job. */
  eventsPerJob: number;
  pickupItems: number;
  /** Notes, file records (PDFs) and image records on jobs, most of them on recent jobs. */
  notes: number;
  files: number;
  images: number;
  purchaseOrders: number;
  /** Average lines per purchase order. */
  poLines: number;
  /** Crew members created without a login when the caller gives no users. */
  crew: number;
  /** Job templates (jobs with is_template) with a few products each. */
  templates: number;
  /** Stock movements (receipts, pulls, counts, adjustments), spread over the materials. */
  materialTransactions: number;
  /** The latest completed jobs invoiced (some with a deposit first), with their payments. */
  invoices: number;
}

/**
 * One random stream for the whole generator: the seeders draw from it in a fixed order (the order
 * `generateDemoData` calls them), which is what makes the data the same on every run.
 */
export interface SeedContext extends LoadTarget {
  rng: Rng;
  scale: DemoScale;
  /** Midnight (UTC) of the day the data is centred on. */
  todayMs: number;
}

export const DAY = 86_400_000;
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayStart = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The first index whose value is `x` or more (`sorted.length` when none is). */
export function lowerBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
