/** The estimating area of the demo: estimates over the last years and their items; won ones became jobs. */
import type { DemoCatalogue } from './catalogue.ts';
import type { DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoClients } from './people.ts';
import { cents } from './rng.ts';
import { DAY, isoDate, lowerBound, type SeedContext } from './seed-context.ts';
import { CITIES, JOB_KINDS, PROJECT_NAMES, STREETS, STREET_TYPES, personName } from './vocabulary.ts';

export async function seedEstimates(ctx: SeedContext, given: { jobs: DemoJobs; clients: DemoClients; catalogue: DemoCatalogue }): Promise<DemoEstimates> {
  const { rng, scale, todayMs } = ctx;
  const { jobs, clients, catalogue } = given;
  const { categoryIds, products } = catalogue;
  const jobStarts = jobs.infos.map((j) => j.start);
  const drafts: { clientIdx: number; jobIdx: number | null; date: number; status: string; items: number; categories: number[] }[] = [];
  for (let e = 0; e < scale.estimates; e++) {
    const date = todayMs - Math.floor(Math.pow(rng.next(), 2) * Math.min(jobs.spanDays, 3 * 365)) * DAY;
    const status = date > todayMs - 21 * DAY ? rng.pick(['draft', 'open', 'open']) : rng.pick(['won', 'lost', 'lost', 'open']);
    // Won estimates became jobs: link one of the jobs that started after the estimate.
    let jobIdx: number | null = null;
    if (status === 'won' && jobStarts.length) {
      const lo = lowerBound(jobStarts, date);
      if (lo < jobStarts.length) jobIdx = Math.min(jobStarts.length - 1, lo + rng.int(0, 30));
    }
    drafts.push({
      clientIdx: jobIdx !== null ? jobs.infos[jobIdx]!.clientIdx : clients.pickIndex(),
      jobIdx,
      date,
      status,
      items: Math.max(1, Math.round(scale.estimateItems + (rng.next() - 0.5) * 4)),
      // the estimate's scopes: its items and its takeoff are of these categories
      categories: rng.sample(categoryIds, rng.int(1, 3)).sort((a, b) => a - b),
    });
  }
  const estimateIds = await load(
    ctx,
    'estimates',
    14,
    async (push) => {
      for (const [e, d] of drafts.entries()) {
        const job = d.jobIdx !== null ? jobs.infos[d.jobIdx]! : null;
        const contact = personName(rng);
        const city = rng.pick(CITIES);
        await push({
          client_id: clients.ids[d.clientIdx],
          name: `${rng.chance(0.4) ? rng.pick(PROJECT_NAMES) + ' - ' : ''}${rng.pick(JOB_KINDS)}`,
          job_number: job?.number ?? null,
          job_address: `${rng.int(100, 19999)} ${rng.pick(STREETS)} ${rng.pick(STREET_TYPES)}, ${city[0]}, ${city[1]}`,
          contact_name: contact,
          contact_email: `${contact.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
          details: rng.chance(0.5) ? 'Pricing good for 30 days. Excludes permits and after-hours work.' : null,
          date: isoDate(d.date),
          job_id: d.jobIdx !== null ? jobs.ids[d.jobIdx] : null,
          job_start_date: job ? isoDate(job.start) : d.status === 'open' ? isoDate(plannedStart(d.date, e, todayMs)) : null,
          job_end_date: job ? isoDate(job.end) : null,
          status: d.status,
          decision: d.status === 'won' || d.status === 'lost' ? d.status : null,
          decided_at: decidedAt(d, job, todayMs),
          type: rng.chance(0.6) ? 'commercial' : 'residential',
          product_category_list: d.categories,
        });
      }
    },
    { ids: true },
  );
  let itemCount = 0;
  await load(ctx, 'estimate_items', 10, async (push) => {
    for (const [e, d] of drafts.entries()) {
      const inScope = products.filter((p) => d.categories.includes(p.catId));
      const choices = inScope.length ? inScope : products;
      for (let k = 0; k < d.items; k++) {
        const p = rng.pick(choices);
        const alt = rng.chance(0.15) ? rng.pick(choices) : null;
        const qty = rng.int(1, 12);
        await push({
          estimate_id: estimateIds[e],
          product_id: p.id,
          alternate_product_id: alt?.id ?? null,
          qty,
          amount: cents(p.revenue * qty),
          cost: cents(p.cost * qty),
          alternate_amount: alt ? cents(alt.revenue * qty) : null,
          alternate_cost: alt ? cents(alt.cost * qty) : null,
          description: p.name,
          alternate_description: alt?.name ?? null,
          sort: k,
        });
        itemCount++;
      }
    }
  });
  return {
    estimates: drafts.map((d, e) => ({ id: estimateIds[e]!, status: d.status, categories: d.categories })),
    counts: { estimates: estimateIds.length, estimate_items: itemCount },
  };
}

/**
 * When an open estimate's job would start (the forecast weighs them by it): 1 to 15 weeks after
 * its date or today, whichever is later, by its place rather than the rng (so the rest of the demo
 * stays as it was).
 */
function plannedStart(date: number, place: number, todayMs: number): number {
  return Math.max(date, todayMs) + (7 + ((place * 37) % 98)) * DAY;
}

/**
 * When a won or lost estimate was decided (the analysis's days to win): 3 to 40 days after its
 * date, by its place rather than the rng (so the rest of the demo stays as it was), before its
 * job's start, never after today.
 */
function decidedAt(d: { date: number; status: string; items: number; categories: number[] }, job: { start: number } | null, todayMs: number): string | null {
  if (d.status !== 'won' && d.status !== 'lost') return null;
  let at = d.date + (3 + ((d.date / DAY + d.items * 11 + d.categories.length * 5) % 38)) * DAY + 15 * 3_600_000;
  if (job) at = Math.max(d.date, Math.min(at, job.start - DAY));
  return new Date(Math.min(at, todayMs)).toISOString();
}

export interface DemoEstimates {
  estimates: { id: number; status: string; categories: number[] }[];
  counts: { estimates: number; estimate_items: number };
}

const UNIT_NAMES = ['Unit type A', 'Unit type B', 'Unit type C', 'Master bath', 'Hall bath', 'Lobby', 'Guest suite', 'Fitness room'];

/**
 * Takeoffs: takeoff options of each category's first products, and for about half of
 * the estimates a takeoff of a few units (rooms or unit types, each with a count) by the options of
 * the estimate's categories, with an item per option at its calculated qty. Seeded last, so the
 * other areas' demo rows stay as they were.
 */
export async function seedTakeoffs(
  ctx: SeedContext,
  given: { estimates: DemoEstimates; catalogue: DemoCatalogue },
): Promise<{ counts: Record<string, number>; estimateItems: number }> {
  const { rng } = ctx;
  const { catalogue } = given;
  const optionDrafts = catalogue.products.filter((p, i, all) => all.findIndex((q) => q.catId === p.catId) + 4 > i).map((p, sort) => ({ product: p, sort }));
  const optionIds = await load(
    ctx,
    'takeoff_options',
    6,
    async (push) => {
      for (const o of optionDrafts)
        await push({
          takeoffable_type: 'product',
          takeoffable_id: o.product.id,
          product_category_id: o.product.catId,
          description: o.product.name,
          active: true,
          sort: o.sort,
        });
    },
    { ids: true },
  );
  const options = optionDrafts.map((o, i) => ({ ...o, id: optionIds[i]! }));
  const chosen = given.estimates.estimates.filter(() => rng.chance(0.5));
  const takeoffIds = await load(
    ctx,
    'takeoffs',
    1,
    async (push) => {
      for (const e of chosen) await push({ estimate_id: e.id });
    },
    { ids: true },
  );
  const plans = chosen.map((e, i) => {
    const units = rng.sample(UNIT_NAMES, rng.int(2, 5)).map((description) => ({ description, qty: rng.int(1, 12) }));
    // the options of the estimate's scopes: the columns its takeoff screen shows
    const inScope = options.filter((o) => e.categories.includes(o.product.catId));
    const picked = rng.sample(inScope, Math.min(inScope.length, rng.int(3, 6)));
    return { estimate: e, takeoffId: takeoffIds[i]!, units, picked };
  });
  const unitIds = await load(
    ctx,
    'takeoff_units',
    4,
    async (push) => {
      for (const plan of plans)
        for (const [sort, u] of plan.units.entries()) await push({ takeoff_id: plan.takeoffId, description: u.description, qty: u.qty, sort });
    },
    { ids: true },
  );
  let u = 0;
  const calculated: { estimateId: number; option: (typeof options)[number]; qty: number }[] = [];
  let cells = 0;
  await load(ctx, 'takeoff_items', 4, async (push) => {
    for (const plan of plans) {
      const totals = new Map<number, number>();
      for (const unit of plan.units) {
        const unitId = unitIds[u++]!;
        for (const option of plan.picked) {
          if (!rng.chance(0.7)) continue;
          const qty = rng.int(1, 3);
          await push({ takeoff_id: plan.takeoffId, takeoff_unit_id: unitId, takeoff_option_id: option.id, qty });
          totals.set(option.id, (totals.get(option.id) ?? 0) + unit.qty * qty);
          cells++;
        }
      }
      for (const option of plan.picked) if (totals.has(option.id)) calculated.push({ estimateId: plan.estimate.id, option, qty: totals.get(option.id)! });
    }
  });
  await load(ctx, 'estimate_items', 10, async (push) => {
    for (const c of calculated) {
      const p = c.option.product;
      await push({
        estimate_id: c.estimateId,
        takeoff_option_id: c.option.id,
        product_id: p.id,
        qty: c.qty,
        amount: cents(p.revenue * c.qty),
        cost: cents(p.cost * c.qty),
        description: p.name,
        sort: 100 + c.option.sort,
      });
    }
  });
  return {
    counts: { takeoff_options: options.length, takeoffs: plans.length, takeoff_units: unitIds.length, takeoff_items: cells },
    estimateItems: calculated.length,
  };
}
