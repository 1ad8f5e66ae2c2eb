/** The jobs area of the demo: jobs with their products, job templates, and pickup items. */
import { PICKUP_REASONS, PICKUP_STATUSES, SCOPES } from '@glazier/shared/resources/jobs';
import { isJobComplete } from '@glazier/shared/rules/jobs/job-scope';
import type { CutListRow } from '@glazier/shared/rules/shop-floor/cut-list';
import type { Row } from '../../db/client.ts';
import type { DemoCatalogue, ProductInfo, Scope } from './catalogue.ts';
import { load, loadRows } from './load.ts';
import type { DemoClients, DemoCrew } from './people.ts';
import { cents, type Rng } from './rng.ts';
import { DAY, isoDate, type SeedContext } from './seed-context.ts';
import { DEMO_BURDEN_RATE } from './settings.ts';
import { CITIES, JOB_KINDS, NOTES, PROJECT_NAMES, STREETS, STREET_TYPES } from './vocabulary.ts';

export interface JobInfo {
  /** Index into the clients' ids and names. */
  clientIdx: number;
  number: string;
  /** Midnight (UTC) of the start and end dates. */
  start: number;
  end: number;
  scopes: Scope[];
}

export interface DemoJobs {
  /** Sorted by start, as `infos` (same index). */
  ids: number[];
  infos: JobInfo[];
  /** How many days the jobs' starts are spread over, ending two months after today. */
  spanDays: number;
  counts: { jobs: number; job_templates?: number; job_products: number };
}

interface LineDraft {
  product: ProductInfo;
  qty: number;
  measured: boolean;
  ordered: boolean;
  fabricated: boolean;
  w: number | null;
  h: number | null;
  cutList: CutListRow[];
}

/** Jobs, each with at least one product (past jobs invoiced at their products' revenue), and the job templates. */
export async function seedJobs(ctx: SeedContext, given: { clients: DemoClients; crew: DemoCrew; catalogue: DemoCatalogue }): Promise<DemoJobs> {
  const { rng, scale, todayMs } = ctx;
  const { rows, infos, spanDays } = drawJobs(ctx, given);
  const lines = drawJobProducts(ctx, infos, given.catalogue);
  lines.forEach((out, j) => {
    if (infos[j]!.end < todayMs) rows[j]!.invoice_amount = cents(out.reduce((s, l) => s + l.qty * l.product.revenue, 0));
  });
  const ids = await loadRows(ctx, 'jobs', 28, rows);
  rows.length = 0;
  const templates = scale.templates > 0 ? await seedJobTemplates(ctx, given.catalogue.products) : undefined;

  await load(ctx, 'job_products', 18, async (push) => {
    for (const [j, jobLines] of lines.entries()) {
      for (const [k, l] of jobLines.entries()) {
        const p = l.product;
        await push({
          job_id: ids[j],
          product_id: p.id,
          series_id: p.seriesId,
          name: p.name,
          note: rng.chance(0.1) ? rng.pick(NOTES) || null : null,
          qty: l.qty,
          cost: cents(p.cost * l.qty),
          revenue: cents(p.revenue * l.qty),
          default_cost_per_unit: p.cost,
          default_revenue_per_unit: p.revenue,
          glass_width: l.w,
          glass_height: l.h,
          measure_date: l.measured ? isoDate(infos[j]!.start - rng.int(1, 14) * DAY) : null,
          cut_list_json: l.cutList,
          is_fabricated: l.fabricated,
          is_measured: l.measured,
          is_ordered: l.ordered,
          sort: k,
        });
      }
    }
  });
  return { ids, infos, spanDays, counts: { jobs: ids.length, ...templates, job_products: lines.reduce((s, l) => s + l.length, 0) } };
}

/**
 * The jobs' rows (without their invoice amount), sorted by start: over enough years that the
 * per-year number (YY-NNNN) stays within 4 digits, ending two months after `today` (scheduled work).
 */
function drawJobs(ctx: SeedContext, given: { clients: DemoClients; crew: DemoCrew }): { rows: Row[]; infos: JobInfo[]; spanDays: number } {
  const { rng, scale, todayMs } = ctx;
  const { clients, crew } = given;
  const years = Math.max(1, Math.ceil(scale.jobs / 9_000));
  const spanDays = Math.min(years * 365, Math.max(120, Math.ceil(scale.jobs * 3)));
  const lastStart = todayMs + 60 * DAY;
  const firstStart = lastStart - spanDays * DAY;
  const starts = Array.from({ length: scale.jobs }, () => firstStart + Math.floor(rng.next() * spanDays) * DAY).sort((a, b) => a - b);
  const infos: JobInfo[] = [];
  const perYear = new Map<number, number>();
  const rows: Row[] = [];
  for (const start of starts) {
    const yy = new Date(start).getUTCFullYear() % 100;
    const seq = (perYear.get(yy) ?? 0) + 1;
    perYear.set(yy, seq);
    const number = `${String(yy).padStart(2, '0')}-${String(seq).padStart(4, '0')}`;
    const clientIdx = clients.pickIndex();
    const scopes = rng.sample(SCOPES, rng.chance(0.5) ? 1 : rng.int(2, 4)).sort((a, b) => SCOPES.indexOf(a) - SCOPES.indexOf(b));
    const end = start + rng.int(1, 45) * DAY;
    const city = rng.pick(CITIES);
    const unit = rng.chance(0.25) ? ` Suite ${rng.int(100, 950)}` : rng.chance(0.15) ? ` Unit ${rng.int(1, 60)}` : '';
    const address = `${rng.int(100, 19999)} ${rng.chance(0.4) ? rng.pick(['NE', 'SE', 'NW', 'SW', 'N']) + ' ' : ''}${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}${unit}, ${city[0]}, ${city[1]} ${city[2]}${String(rng.int(1, 99)).padStart(2, '0')}`;
    const name = rng.chance(0.35) ? `${rng.pick(PROJECT_NAMES)} - ${rng.pick(JOB_KINDS)}` : rng.pick(JOB_KINDS);
    const past = end < todayMs - 30 * DAY;
    const complete: Record<string, boolean> = {};
    for (const s of SCOPES)
      complete[`${s.toLowerCase().replace(/ /g, '_')}_complete`] = scopes.includes(s) && (past ? rng.chance(0.97) : end < todayMs ? rng.chance(0.5) : false);
    // Entered 3 to 40 days before it starts, but never after `today` (a job scheduled months ahead
    // was entered in the last month).
    const entered = start - rng.int(3, 40) * DAY;
    const row: Row = {
      client_id: clients.ids[clientIdx],
      client_name: clients.names[clientIdx],
      number,
      name,
      address,
      start_date: isoDate(start),
      end_date: isoDate(end),
      active: past ? rng.chance(0.05) : true,
      burden_rate: DEMO_BURDEN_RATE,
      foreman_id: crew.foremen.length ? rng.pick(crew.foremen).id : null,
      trip_charge: rng.chance(0.3) ? rng.pick([45, 65, 85, 125]) : 0,
      additional_costs: rng.chance(0.2) ? rng.money(20, 600) : 0,
      additional_revenues: rng.chance(0.15) ? rng.money(50, 900) : 0,
      invoice_amount: null,
      scope_array: scopes,
      ...complete,
      is_template: false,
      created_at: new Date(entered < todayMs ? entered : todayMs - rng.int(1, 30) * DAY).toISOString(),
    };
    row.is_complete = isJobComplete(row);
    row.updated_at = new Date(Math.min(todayMs, end + rng.int(0, 20) * DAY)).toISOString();
    rows.push(row);
    infos.push({ clientIdx, number, start, end, scopes });
  }
  return { rows, infos, spanDays };
}

/** Each job's products: at least one, the rest spread at random (≤ 10 per job), from the job's scopes. */
function drawJobProducts(ctx: SeedContext, infos: readonly JobInfo[], catalogue: DemoCatalogue): LineDraft[][] {
  const { rng, scale, todayMs } = ctx;
  const productCount = new Uint8Array(scale.jobs).fill(scale.jobs ? 1 : 0);
  for (let left = Math.max(0, scale.jobProducts - scale.jobs), guard = 0; left > 0 && guard < scale.jobProducts * 4; guard++) {
    const j = Math.floor(rng.next() * scale.jobs);
    if (productCount[j]! < 10) {
      productCount[j]!++;
      left--;
    }
  }
  return infos.map((info, j) => {
    const past = info.end < todayMs;
    return Array.from({ length: productCount[j]! }, (_, k) => {
      const scope = info.scopes[k % info.scopes.length]!;
      const product = rng.pick(catalogue.productsByCat.get(scope) ?? catalogue.products);
      const glass = scope === 'Mirrors' || scope === 'Shower Glass';
      const qty = product.unit === 'sq ft' ? rng.int(6, 60) : product.unit === 'lin ft' ? rng.int(4, 40) : rng.int(1, 8);
      return {
        product,
        qty,
        measured: past || rng.chance(0.5),
        ordered: past || rng.chance(0.4),
        fabricated: past || rng.chance(0.3),
        w: glass ? rng.int(18, 72) + rng.pick([0, 0.25, 0.5, 0.75]) : null,
        h: glass ? rng.int(24, 96) + rng.pick([0, 0.25, 0.5, 0.75]) : null,
        cutList: past ? [] : demoCutList(product, j, k),
      };
    });
  });
}

const CLOSETS = ['Master closet', 'Pantry', 'Linen closet', "Kids' closet", 'Hall closet'] as const;
const WALLS = ['Back wall', 'Left wall', 'Right wall'] as const;

/**
 * The shop's cut list of a cut-list-only product (shelving) on upcoming work, two of three of
 * them: closets › walls › pieces, so the labels and the Cut List dialog have something to show.
 * Drawn from the line's place, not the rng, so the rest of the demo stays as it was.
 */
function demoCutList(product: ProductInfo, j: number, k: number): CutListRow[] {
  if (!product.cat.flags.enable_cutlist || product.cat.flags.enable_dimensions || (j + k) % 3 === 0) return [];
  const leaf = (text: string): CutListRow => ({ text, sub_rows: [] });
  const depth = 12 + ((j + k) % 2) * 4;
  return Array.from({ length: 1 + ((j * 7 + k) % 2) }, (_, c) => ({
    text: CLOSETS[(j + k + c) % CLOSETS.length]!,
    sub_rows: WALLS.slice(0, 2 + ((j + c) % 2)).map((wall, w) => {
      const run = 36 + ((j + w * 5 + c) % 7) * 6;
      return { text: wall, sub_rows: [leaf(`${depth}" shelf × ${run}"`), leaf(`Rod × ${run - 1}"`), leaf(`${2 + Math.floor(run / 24)} brackets`)] };
    }),
  }));
}

const TEMPLATE_NAMES = ['Standard Bath Package', 'Apartment Turnover', 'Closet Package', 'Model Home Package', 'Gym Mirrors', 'Shower Door Only'] as const;

/** Job templates (jobs with is_template), three products each. */
async function seedJobTemplates(ctx: SeedContext, products: readonly ProductInfo[]): Promise<{ job_templates: number }> {
  const { rng, scale } = ctx;
  const templateIds = await load(
    ctx,
    'jobs',
    28,
    async (push) => {
      for (let i = 0; i < scale.templates; i++) {
        await push({
          name: TEMPLATE_NAMES[i % TEMPLATE_NAMES.length],
          is_template: true,
          active: true,
          scope_array: rng.sample(SCOPES, 2),
          burden_rate: DEMO_BURDEN_RATE,
        });
      }
    },
    { ids: true },
  );
  await load(ctx, 'job_products', 18, async (push) => {
    for (const id of templateIds) {
      for (let k = 0; k < 3; k++) {
        const p = rng.pick(products);
        await push({
          job_id: id,
          product_id: p.id,
          series_id: p.seriesId,
          name: p.name,
          qty: 1,
          default_cost_per_unit: p.cost,
          default_revenue_per_unit: p.revenue,
          cost: p.cost,
          revenue: p.revenue,
          sort: k,
          cut_list_json: [],
        });
      }
    }
  });
  return { job_templates: templateIds.length };
}

/** Pickup items, about current and recent jobs. */
export async function seedPickupItems(
  ctx: SeedContext,
  given: { jobs: DemoJobs; crew: DemoCrew; catalogue: DemoCatalogue },
): Promise<{ counts: { pickup_items: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { jobs, crew, catalogue } = given;
  await load(ctx, 'pickup_items', 8, async (push) => {
    for (let e = 0; e < scale.pickupItems; e++) {
      const j = jobs.ids.length - 1 - Math.floor(Math.pow(rng.next(), 3) * jobs.ids.length);
      const info = jobs.infos[j]!;
      const scope = rng.pick(info.scopes);
      const status = rng.pick(PICKUP_STATUSES);
      await push({
        job_id: jobs.ids[j],
        user_id: crew.users.length ? rng.pick(crew.users).id : null,
        category_name: scope,
        category_id: catalogue.categoryIdOf.get(scope),
        complete: info.end < todayMs - 14 * DAY ? true : rng.chance(0.2),
        reason: rng.pick(PICKUP_REASONS),
        note: rng.pick(NOTES) || null,
        status,
      });
    }
  });
  return { counts: { pickup_items: scale.pickupItems } };
}

/** A day from a job's start to its end (midnight UTC). */
export function dayOfJob(rng: Rng, job: JobInfo): number {
  return job.start + Math.floor(rng.next() * Math.max(1, (job.end - job.start) / DAY + 1)) * DAY;
}
