/**
 * The bench's users, sign-in and scenarios (bench/README.md "Load"): what each screen requests,
 * as variants the load picks among. Shared by `npm run bench` (run.ts) and `npm run soak`
 * (soak.ts), so both put the same mixed load on the app.
 */
import { generateSecret } from 'otplib';
import type { Db } from '../packages/server/src/db/client.ts';
import { createOrResetUser } from '../packages/server/src/cli/user-create.ts';
import { tokenHash } from '../packages/server/src/platform/bearer-tokens.ts';
import { sealSecret } from '../packages/server/src/platform/mail/mail-secrets.ts';
import { presetRange } from '../packages/shared/src/rules/analysis/date-ranges.ts';
import { addDays, weekStartDate } from '../packages/shared/src/rules/dates.ts';

/** The date the bench data is centred on (fixed, so every build is the same). */
export const BENCH_TODAY = '2026-06-30';
const USERS = 20;
/** What the time entries the bench makes start their note with. */
const BENCH_NOTE = 'Bench:';

/**
 * Removes the time entries the load created (their note says so): each create body has a (person,
 * day) of its own, so a day fills up to its 24 h (a 422) after enough runs of the create load.
 */
export async function clearBenchEntries(db: Db): Promise<void> {
  await db.query(`DELETE FROM time_entries WHERE note LIKE '${BENCH_NOTE}%'`);
}

export interface BenchUser {
  id: number;
  email: string;
  role: string;
}

export async function ensureUsers(db: Db): Promise<{ users: BenchUser[]; password: string }> {
  const password = 'bench-password-1';
  const users: BenchUser[] = [];
  for (let i = 1; i <= USERS; i++) {
    // Half employees (read-only jobs, own time only), the rest supervisors and two admins.
    const role = i <= USERS / 2 ? 'employee' : i > USERS - 2 ? 'admin' : 'supervisor';
    const email = `bench${String(i).padStart(2, '0')}@bench.test`;
    const r = await createOrResetUser(db, { email, password, role, name: `Bench User ${i}` });
    users.push({ id: r.id, email, role });
  }
  return { users, password };
}

export interface Session {
  cookie: string;
  xsrf: string;
  userId: number;
  role: string;
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}

export async function login(baseUrl: string, user: BenchUser, password: string): Promise<Session> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  cookiesOf(await fetch(`${baseUrl}/sanctum/csrf-cookie`), jar);
  const res = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookieHeader(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ email: user.email, password }),
  });
  if (res.status !== 204) throw new Error(`Login of ${user.email} answered ${res.status}: ${await res.text()}`);
  cookiesOf(res, jar);
  return { cookie: cookieHeader(), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''), userId: user.id, role: user.role };
}

export const SCENARIO_KEYS = [
  'search',
  'job',
  'get',
  'create',
  'inventory',
  'suggestions',
  'estimate',
  'estimate_save',
  'to_fabricate',
  'labels',
  'schedule',
  'time_cards',
  'analysis_year',
  'forecast_12w',
  'aging',
  'outbox',
  'invoice_pdf',
] as const;
export type ScenarioKey = (typeof SCENARIO_KEYS)[number];

/** One HTTP request of a scenario, as the screen sends it. */
export interface Req {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: string;
}

/**
 * One call of a scenario: the requests a screen makes, in steps (the requests of a step go out
 * together, as the browser sends them; a step starts when the previous one has answered), signed
 * in as `session` (an index into the scenario's sessions).
 */
export interface Variant {
  session: number;
  steps: Req[][];
  /** A sign-in (load-worker.mjs): each call a browser of its own, as one of the sign-in users; `session` unused. */
  signIn?: boolean;
}

export const get = (path: string): Req => ({ method: 'GET', path });
export const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '')
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

export async function searchTerms(db: Db): Promise<string[]> {
  const q = <T>(sql: string) => db.query<T>(sql);
  const numbers = await q<{ number: string }>(
    `SELECT number FROM jobs WHERE is_template = false AND number IS NOT NULL ORDER BY id OFFSET (SELECT count(*) / 3 FROM jobs) LIMIT 1`,
  );
  const recent = await q<{ number: string }>(`SELECT number FROM jobs WHERE is_template = false AND number IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET 200`);
  const clients = await q<{ client_name: string }>(
    `SELECT client_name FROM jobs WHERE is_template = false AND client_name IS NOT NULL GROUP BY client_name ORDER BY count(*) DESC, client_name LIMIT 1 OFFSET 25`,
  );
  const small = await q<{ client_name: string }>(
    `SELECT client_name FROM jobs WHERE is_template = false AND client_name IS NOT NULL GROUP BY client_name ORDER BY count(*), client_name LIMIT 1`,
  );
  const terms = [
    numbers[0]?.number, // one job by its full number
    recent[0]?.number, // a recent job by number
    recent[0]?.number.slice(0, 5), // a month-ish of numbers: "26-03"
    clients[0]?.client_name, // a mid-sized client by name
    small[0]?.client_name, // a small client
    clients[0]?.client_name.split(' ')[0], // first word of a client name: several clients
    'Burnside', // a street
    'Killingsworth',
    'Shower', // a kind of work: many jobs
    'Lake Oswego', // a city
    'Suite 4', // part of an address
    'zzq', // nothing
  ].filter((t): t is string => Boolean(t));
  return [...new Set(terms)];
}

/** Inventory searches (number and description): thickness, kinds of parts, a number prefix; '' = category only. */
const INVENTORY_TERMS = ['3/8"', 'hinge', 'clear', 'channel', 'GL-0001', 'silicone', 'bracket', ''];

/**
 * The job list as the /jobs screen asks for it (jobs-page.tsx through ResourceTable): 20 a page,
 * sorted by number, newest first, Active by default (sometimes All), the search box, and now and
 * then the client or foreman filter; mostly page 1.
 */
export function jobListPath(p: { page: number; search?: string; status?: 'active' | 'all'; client_id?: number; foreman_id?: number }): string {
  return `/api/jobs?${qs({ page: p.page, per_page: 20, search: p.search, sort_column: 'number', sort_direction: 'desc', status: p.status ?? 'active', client_id: p.client_id, foreman_id: p.foreman_id })}`;
}

/**
 * What /jobs/{id} requests when it opens (job-page.tsx): the job (its GET embeds every relation
 * of the contract), then, once it has answered, the lists of the sections it does not carry. The
 * products, notes, files, images, pickup items (page 1) and schedule (page 1) sections start from
 * the embedded rows (DetailSection `relation`, resource-kit/records/embedded-relations.ts) and send
 * nothing. Phones stack every section, so both others load at once (desktop tabs load the first,
 * Products, and the others on a click): time entries and the history. The reference lists (users,
 * clients, series) are loaded once per visit of the app, not per job, and are left out.
 */
function jobPageSteps(id: number): Req[][] {
  return [
    [get(`/api/jobs/${id}`)],
    [get(`/api/time_entries?${qs({ job_id: id, sort_column: 'date', sort_direction: 'desc' })}`), get(`/api/history/jobs/${id}`)],
  ];
}

/**
 * What /estimates/{id} requests when it opens (estimate-page.tsx): the estimate (its GET embeds its
 * items with their categories, category notes, takeoff, notes, files, images and job), then the
 * takeoff with its units and cells (the items section's calculated qtys, the takeoff screen's own
 * query). The reference lists (categories) load once per visit and are left out.
 */
function estimatePageSteps(id: number): Req[][] {
  return [[get(`/api/estimates/${id}`)], [get(`/api/takeoffs?${qs({ estimate_id: id, with_units: 'true', with_items: 'true' })}`)]];
}

const BENCH_ESTIMATES = 10;
const BENCH_OPTIONS = 40;
const BENCH_UNITS = 50;
const BENCH_ITEMS = 200;

/**
 * The bench's large estimates (200 items and a takeoff of 50 units × 40 options each),
 * drafts, made once in SQL on the bench data and reused; answers each with its takeoff cells' ids.
 */
export async function ensureBenchEstimates(db: Db): Promise<{ id: number; cells: number[] }[]> {
  const name = 'Bench takeoff estimate';
  let found = await db.query<{ id: number }>(`SELECT id FROM estimates WHERE name LIKE $1 AND deleted_at IS NULL ORDER BY id`, [`${name} %`]);
  if (found.length < BENCH_ESTIMATES) {
    await db.transaction(async (tx) => {
      const products = await tx.query<{ id: number; category_id: number; name: string; revenue: number; cost: number }>(
        `SELECT id, category_id, name, revenue_per_unit::float8 AS revenue, cost_per_unit::float8 AS cost FROM products
          WHERE category_id IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT ${BENCH_OPTIONS}`,
      );
      const categories = [...new Set(products.map((p) => p.category_id))];
      const options: number[] = [];
      for (const [i, p] of products.entries()) {
        const [o] = await tx.query<{ id: number }>(
          `INSERT INTO takeoff_options (takeoffable_type, takeoffable_id, product_category_id, description, active, sort) VALUES ('product', $1, $2, $3, true, $4) RETURNING id`,
          [p.id, p.category_id, `Bench ${p.name}`, i],
        );
        options.push(o!.id);
      }
      const [client] = await tx.query<{ id: number }>('SELECT id FROM clients WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
      for (let e = found.length; e < BENCH_ESTIMATES; e++) {
        const [est] = await tx.query<{ id: number }>(
          `INSERT INTO estimates (client_id, name, status, type, date, product_category_list) VALUES ($1, $2, 'draft', 'commercial', $3, $4::jsonb) RETURNING id`,
          [client!.id, `${name} ${e + 1}`, BENCH_TODAY, JSON.stringify(categories)],
        );
        const [takeoff] = await tx.query<{ id: number }>('INSERT INTO takeoffs (estimate_id) VALUES ($1) RETURNING id', [est!.id]);
        await tx.query(
          `INSERT INTO takeoff_units (takeoff_id, description, qty, sort) SELECT $1, 'Unit type ' || g, 1 + g % 12, g FROM generate_series(1, ${BENCH_UNITS}) g`,
          [takeoff!.id],
        );
        await tx.query(
          `INSERT INTO takeoff_items (takeoff_unit_id, takeoff_id, takeoff_option_id, qty)
             SELECT u.id, $1, o.id, (u.sort + o.id) % 4 FROM takeoff_units u CROSS JOIN unnest($2::int[]) AS o(id) WHERE u.takeoff_id = $1`,
          [takeoff!.id, `{${options.join(',')}}`],
        );
        // one item per option (items from takeoff), the rest by hand: 200 in all
        await tx.query(
          `INSERT INTO estimate_items (estimate_id, takeoff_option_id, product_id, qty, amount, cost, description, sort)
             SELECT $1, CASE WHEN g <= ${BENCH_OPTIONS} THEN ($2::int[])[g] END, ($3::int[])[1 + (g - 1) % array_length($3::int[], 1)], 1 + g % 9,
                    round((40 + g % 300)::numeric, 2), round((20 + g % 150)::numeric, 2), 'Bench item ' || g, g
               FROM generate_series(1, ${BENCH_ITEMS}) g`,
          [est!.id, `{${options.join(',')}}`, `{${products.map((p) => p.id).join(',')}}`],
        );
      }
    });
    found = await db.query<{ id: number }>(`SELECT id FROM estimates WHERE name LIKE $1 AND deleted_at IS NULL ORDER BY id`, [`${name} %`]);
  }
  const out: { id: number; cells: number[] }[] = [];
  for (const e of found.slice(0, BENCH_ESTIMATES)) {
    const cells = await db.query<{ id: number }>(
      'SELECT i.id FROM takeoff_items i JOIN takeoffs t ON t.id = i.takeoff_id WHERE t.estimate_id = $1 ORDER BY i.id',
      [e.id],
    );
    out.push({ id: e.id, cells: cells.map((c) => c.id) });
  }
  return out;
}

const LABEL_JOBS = 4;
const LABEL_PRODUCTS = 250;

/**
 * The bench's label jobs (a job of 500 pieces, one client): per job 125 products of a
 * dimensions series, qty 2 each, with a glass size, and 125 of a cut-list series with a list of two
 * leaves each (a row and two sub-rows): 500 labels. Made once in SQL, with a category and series of
 * their own, and reused.
 */
export async function ensureBenchLabelJobs(db: Db): Promise<number[]> {
  const name = 'Bench labels job';
  const find = () =>
    db.query<{ id: number }>(`SELECT id FROM jobs WHERE name LIKE $1 AND deleted_at IS NULL AND is_template = false ORDER BY id`, [`${name} %`]);
  let found = await find();
  if (found.length < LABEL_JOBS) {
    await db.transaction(async (tx) => {
      const [category] = await tx.query<{ id: number }>(
        `INSERT INTO product_categories (name, enable_cutlist, enable_dimensions, enable_measured, enable_fabricated) VALUES ('Bench labels', true, true, true, true) RETURNING id`,
      );
      const series = async (label: string) =>
        (
          await tx.query<{ id: number }>(`INSERT INTO series (name, category_id, use_category_settings) VALUES ($1, $2, true) RETURNING id`, [
            label,
            category!.id,
          ])
        )[0]!.id;
      const glass = await series('Bench labels: glass');
      const shelves = await series('Bench labels: shelves');
      const [client] = await tx.query<{ id: number }>('SELECT id FROM clients WHERE deleted_at IS NULL ORDER BY id LIMIT 1');
      const tree = JSON.stringify([
        {
          text: 'Closet',
          sub_rows: [
            { text: '12 x 30', sub_rows: [] },
            { text: '12 x 24', sub_rows: [] },
          ],
        },
      ]);
      for (let j = found.length; j < LABEL_JOBS; j++) {
        const [job] = await tx.query<{ id: number }>(
          `INSERT INTO jobs (client_id, name, number, active, is_template, start_date) VALUES ($1, $2, $3, true, false, $4) RETURNING id`,
          [client!.id, `${name} ${j + 1}`, `BL-${j + 1}`, BENCH_TODAY],
        );
        await tx.query(
          `INSERT INTO job_products (job_id, series_id, name, qty, note, glass_width, glass_height, is_measured, cut_list_json, sort)
             SELECT $1, CASE WHEN g % 2 = 0 THEN $2::int ELSE $3::int END, 'Bench piece ' || g, CASE WHEN g % 2 = 0 THEN 2 ELSE 1 END, 'Bench note ' || g,
                    CASE WHEN g % 2 = 0 THEN 20 + g % 30 + 0.4375 END, CASE WHEN g % 2 = 0 THEN 60 + g % 20 END, true,
                    CASE WHEN g % 2 = 0 THEN '[]'::jsonb ELSE $4::jsonb END, g
               FROM generate_series(1, ${LABEL_PRODUCTS}) g`,
          [job!.id, glass, shelves, tree],
        );
      }
    });
    found = await find();
  }
  return found.slice(0, LABEL_JOBS).map((r) => r.id);
}

/**
 * Every scenario's variants on this database, for these signed-in sessions (deterministic). The
 * search terms are passed in when the caller reports per term: computed once, since the capture
 * adds jobs and a second computation could name a term no variant has.
 */
export async function scenarioVariants(db: Db, sessions: Session[], terms?: string[]): Promise<Record<ScenarioKey, Variant[]>> {
  const writers = sessions.filter((s) => s.role === 'supervisor' || s.role === 'admin');
  const [range] = await db.query<{ lo: number; hi: number }>('SELECT min(id) AS lo, max(id) AS hi FROM jobs WHERE is_template = false');
  const crew = await db.query<{ id: number }>("SELECT id FROM users WHERE email LIKE '%@crew.demo.test' AND deleted_at IS NULL ORDER BY id");
  const crewIds = crew.map((c) => c.id);
  terms ??= await searchTerms(db);
  const materialCategoryIds = (await db.query<{ id: number }>('SELECT id FROM material_categories ORDER BY id')).map((r) => r.id);
  const [busy] = await db.query<{ client_id: number; foreman_id: number }>(
    `SELECT client_id, (SELECT foreman_id FROM jobs f WHERE f.client_id = j.client_id AND f.foreman_id IS NOT NULL LIMIT 1) AS foreman_id
         FROM jobs j WHERE is_template = false AND client_id IS NOT NULL GROUP BY client_id ORDER BY count(*) DESC, client_id LIMIT 1 OFFSET 10`,
  );

  // Deterministic variants per scenario; the load picks among them at random, the SQL replay
  // goes round the same list, so both see the same calls in the same proportions.
  const rnd = (() => {
    let s = 99;
    return () => (s = (s * 1103515245 + 12345) >>> 0) / 4294967296;
  })();
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const readerIdx = sessions.map((_, i) => i);
  const writerIdx = sessions.flatMap((s, i) => (writers.includes(s) ? [i] : []));
  const variants: Record<ScenarioKey, Variant[]> = {
    search: [],
    job: [],
    get: [],
    create: [],
    inventory: [],
    suggestions: [],
    estimate: [],
    estimate_save: [],
    to_fabricate: [],
    labels: [],
    schedule: [],
    time_cards: [],
    analysis_year: [],
    forecast_12w: [],
    aging: [],
    outbox: [],
    invoice_pdf: [],
  };
  let n = 0;
  const next = (pool: number[]) => pool[n++ % pool.length]!;
  // The job list: the screen as it opens (no search), then each term typed; page 1 mostly.
  for (const pageNo of [1, 1, 1, 2, 3]) variants.search.push({ session: next(readerIdx), steps: [[get(jobListPath({ page: pageNo }))]] });
  variants.search.push({ session: next(readerIdx), steps: [[get(jobListPath({ page: 1, status: 'all' }))]] });
  if (busy) {
    variants.search.push({ session: next(readerIdx), steps: [[get(jobListPath({ page: 1, client_id: busy.client_id }))]] });
    variants.search.push({
      session: next(readerIdx),
      steps: [[get(jobListPath({ page: 1, status: 'all', client_id: busy.client_id, foreman_id: busy.foreman_id ?? undefined }))]],
    });
  }
  for (const term of terms) {
    for (const [pageNo, status] of [
      [1, 'active'],
      [1, 'active'],
      [1, 'all'],
      [2, 'active'],
      [5, 'all'],
    ] as const) {
      variants.search.push({ session: next(readerIdx), steps: [[get(jobListPath({ page: pageNo, search: term, status }))]] });
    }
  }
  const randomJob = () => range!.lo + Math.floor(rnd() * (range!.hi - range!.lo + 1));
  // The budgets' "job with its relations" (docs/platform.md, Budgets): the job's GET, every relation of the contract embedded.
  for (let i = 0; i < 40; i++) variants.job.push({ session: next(readerIdx), steps: [[get(`/api/jobs/${randomJob()}`)]] });
  for (let i = 0; i < 40; i++) variants.get.push({ session: next(readerIdx), steps: jobPageSteps(randomJob()) });
  // A person's day holds at most 24 h, and the load posts these bodies over and over
  // (some 30 000 times a run on PostgreSQL, the floor as often with the same picks, then one client
  // alone): each body has a (person, day) of its own, after the data's days, and a quarter hour, so
  // no day passes 24 h (96 posts of one body) when the entries of earlier loads are removed first
  // (clearBenchEntries: here, and before each load that creates). With 1 000 bodies, some 60 posts
  // each, the most picked reached 96 once creates got quicker.
  await clearBenchEntries(db);
  const people = crewIds.length ? crewIds : writerIdx.map((i) => sessions[i]!.userId);
  for (let i = 0; i < 4000; i++) {
    const day = new Date(Date.parse(BENCH_TODAY) + (1 + Math.floor(i / people.length)) * 86_400_000).toISOString().slice(0, 10);
    const session = next(writerIdx);
    const body = {
      user_id: people[i % people.length],
      job_id: randomJob(),
      hours: 0.25,
      date: day,
      note: `${BENCH_NOTE} ${pick(['install', 'measure', 'shop fabrication', 'delivery', 'punch list'])}`,
    };
    variants.create.push({ session, steps: [[{ method: 'POST', path: '/api/time_entries', body: JSON.stringify(body) }]] });
  }
  for (const [i, term] of INVENTORY_TERMS.entries()) {
    for (const [pageNo, withCategory] of [
      [1, false],
      [1, true],
      [2, false],
      [3, true],
    ] as const) {
      const category = withCategory || !term ? materialCategoryIds[i % Math.max(1, materialCategoryIds.length)] : undefined;
      variants.inventory.push({
        session: next(readerIdx),
        steps: [[get(`/api/materials?${qs({ page: pageNo, per_page: 60, search: term, material_category_id: category })}`)]],
      });
    }
  }
  for (let i = 0; i < 2; i++) variants.suggestions.push({ session: next(writerIdx), steps: [[get('/api/purchase_orders/suggestions')]] });
  // Estimating: the estimators (the admins: edit estimates and estimates_admin) open
  // and save the large estimates ensureBenchEstimates made.
  const estimators = sessions.flatMap((s, i) => (s.role === 'admin' ? [i] : []));
  for (const e of await ensureBenchEstimates(db)) {
    variants.estimate.push({ session: next(estimators), steps: estimatePageSteps(e.id) });
    for (let i = 0; i < 4; i++) {
      const cell = pick(e.cells);
      variants.estimate_save.push({
        session: next(estimators),
        steps: [
          [{ method: 'PATCH', path: `/api/takeoff_items/${cell}`, body: JSON.stringify({ qty: 1 + Math.floor(rnd() * 4) }) }],
          [{ method: 'POST', path: `/api/estimates/${e.id}/items_from_takeoff`, body: '{}' }],
        ],
      });
    }
  }
  // The To Fabricate list of a busy shop (/lists/products/is_fabricated): its first page,
  // as it opens and filtered by each category whose products are fabricated, then the jobs of
  // the page (their headings). The series, categories and clients are reference lists, loaded
  // once per visit, and left out.
  const fabricating = (await db.query<{ id: number }>('SELECT id FROM product_categories WHERE enable_fabricated AND deleted_at IS NULL ORDER BY id')).map(
    (c) => c.id,
  );
  for (const category of [undefined, undefined, ...fabricating]) {
    const path = `/api/job_products?${qs({ page: 1, per_page: 50, needs: 'is_fabricated', sort_column: 'job_start_date', sort_direction: 'asc', with_pieces: 'true', category_id: category })}`;
    const jobIds = await firstPageJobs(db, category);
    const jobs = jobIds.length ? [[get(`/api/jobs?${qs({ id_list: jobIds.join(','), active: 'all' })}`)]] : [];
    variants.to_fabricate.push({ session: next(readerIdx), steps: [[get(path)], ...jobs] });
  }
  // Labels: Print Options for a 500-piece job (print-options-dialog.tsx) reads the job's
  // products with their pieces marked apart, from which it counts and prepares the labels in the
  // browser. The job's own record is the job page's, already loaded (its GET is the "job with its
  // relations" scenario), and series and categories are reference lists, loaded once: both left out.
  for (const id of await ensureBenchLabelJobs(db)) {
    for (let i = 0; i < 2; i++) {
      variants.labels.push({ session: next(readerIdx), steps: [[get(`/api/job_products?${qs({ job_id: id, sort_column: 'sort', with_pieces: 'true' })}`)]] });
    }
  }
  // The schedule (schedule-page.tsx): a month view's six weeks as the screen loads them
  // together: the events (with their job's number, name and client), the schedule notes, and the
  // readiness of the jobs on them; months around the data's today. The users (supervisors' names)
  // are a reference list loaded once, left out.
  for (let m = -4; m <= 3; m++) {
    const { start, end } = monthGrid(BENCH_TODAY, m);
    variants.schedule.push({
      session: next(readerIdx),
      steps: [
        [get(`/api/events?${qs({ start, end })}`), get(`/api/schedule_notes?${qs({ start, end })}`), get(`/api/schedule/readiness?${qs({ start, end })}`)],
      ],
    });
  }
  // Time cards (/time_cards): the weeks the data has whole time cards for (the demo's
  // last weeks before BENCH_TODAY, cli/demo/time.ts). A supervisor's crew week (one aggregate,
  // GET /api/time_cards/crew) and one crew member's week (the week's entries, and the person's
  // record for their name); an employee's own week (the entries only: their name is the session's).
  const weeks = [0, 1, 2, 3].map((w) => addDays(weekStartDate(BENCH_TODAY), -7 * w));
  const weekOf = (week: string, userId: number) =>
    `/api/time_entries?${qs({ user_id: userId, start: week, end: addDays(week, 6), sort_column: 'date', sort_direction: 'asc' })}`;
  const supervisors = sessions.flatMap((s, i) => (s.role === 'supervisor' ? [i] : []));
  const employees = sessions.flatMap((s, i) => (s.role === 'employee' ? [i] : []));
  for (const week of weeks) {
    for (let i = 0; i < 3; i++) variants.time_cards.push({ session: next(supervisors), steps: [[get(`/api/time_cards/crew?${qs({ week })}`)]] });
    for (let i = 0; i < 3; i++) {
      const person = people[Math.floor(rnd() * people.length)]!;
      variants.time_cards.push({ session: next(supervisors), steps: [[get(weekOf(week, person)), get(`/api/users/${person}`)]] });
    }
    for (let i = 0; i < 2; i++) {
      const session = next(employees);
      variants.time_cards.push({ session, steps: [[get(weekOf(week, sessions[session]!.userId))]] });
    }
  }
  // Analysis (/analysis as analysis-page.tsx asks): the last 12 months' job profitability
  // as the screen opens (grouped by client, latest jobs first) and grouped each other way, a page
  // sorted by profit; the Estimates tab; the Labour tab's two calls. By the admins (view analysis).
  const analysts = sessions.flatMap((s, i) => (s.role === 'admin' ? [i] : []));
  // the screen's default range (last 12 months) on the bench's day
  const year = { ...presetRange('last_12_months', BENCH_TODAY) };
  const jobsReport = (q: Record<string, string | number>) =>
    get(`/api/analysis/jobs?${qs({ ...year, group_by: 'client', sort: 'end_date', direction: 'desc', page: 1, per_page: 50, ...q })}`);
  for (const group_by of ['client', 'client_type', 'scope', 'foreman', 'month'])
    variants.analysis_year.push({ session: next(analysts), steps: [[jobsReport({ group_by })]] });
  variants.analysis_year.push({ session: next(analysts), steps: [[jobsReport({ sort: 'profit', direction: 'asc', page: 2 })]] });
  variants.analysis_year.push({ session: next(analysts), steps: [[get(`/api/analysis/estimates?${qs(year)}`)]] });
  variants.analysis_year.push({ session: next(analysts), steps: [[get(`/api/analysis/labour?${qs(year)}`)]] });
  variants.analysis_year.push({ session: next(analysts), steps: [[get(`/api/analysis/calibration?${qs(year)}`)]] });
  // Forecasting (/forecasting as forecasting-page.tsx asks): the 12 weeks from the
  // bench's day (the screen's default; the server's today pinned by `start`), and from the next
  // two weeks, by the admins (view forecasting).
  for (const days of [0, 0, 7, 14])
    variants.forecast_12w.push({ session: next(analysts), steps: [[get(`/api/forecasting?${qs({ weeks: 12, start: addDays(BENCH_TODAY, days) })}`)]] });
  // Receivables (docs/domain/billing.md, Receivables): the aging as the screen opens it (the bench's
  // day) and on the last days of the months before, and the overdue invoices' first page beside it,
  // by the admins (view invoices).
  for (let m = 0; m < 4; m++) {
    const asOf = m === 0 ? BENCH_TODAY : addDays(`${BENCH_TODAY.slice(0, 8)}01`, -1 - 30 * (m - 1));
    variants.aging.push({ session: next(analysts), steps: [[get(`/api/invoices/aging?${qs({ as_of: asOf })}`)]] });
  }
  variants.aging.push({
    session: next(analysts),
    steps: [
      [
        get(`/api/invoices/aging?${qs({ as_of: BENCH_TODAY })}`),
        get(`/api/invoices?${qs({ page: 1, per_page: 20, due: 'overdue', sort_column: 'due_date', sort_direction: 'asc' })}`),
      ],
    ],
  });
  // The Outbox (/outbox, outbox-page.tsx, admins): 50 messages a page, newest first, over the
  // bench's 10 000 messages (ensureBenchOutbox): as it opens, the next pages, a page deep in the
  // history, and each status filter.
  await ensureBenchOutbox(db);
  const outboxPage = (page: number, status?: string) => get(`/api/mail/outbox?${qs({ status, page, per_page: 50 })}`);
  for (const [page, status] of [[1], [1], [1], [2], [3], [40], [1, 'sent'], [2, 'sent'], [1, 'failed'], [1, 'queued'], [1, 'not_configured']] as const)
    variants.outbox.push({ session: next(analysts), steps: [[outboxPage(page, status)]] });
  // An invoice's PDF (GET /api/invoices/{id}/pdf, docs/domain/billing.md, The invoice as a PDF):
  // the bench's invoices with the most lines, by the admins.
  for (const id of await benchInvoices(db)) variants.invoice_pdf.push({ session: next(analysts), steps: [[get(`/api/invoices/${id}/pdf`)]] });
  return variants;
}

/** The bench's invoices with the most lines (the longest PDFs), not void. */
export async function benchInvoices(db: Db, count = 6): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT l.invoice_id AS id FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
      WHERE l.deleted_at IS NULL AND i.deleted_at IS NULL AND i.status <> 'void'
      GROUP BY l.invoice_id ORDER BY count(*) DESC, l.invoice_id LIMIT ${count}`,
  );
  return rows.map((r) => r.id);
}

/** Messages in the Outbox scenario's data: a shop's years of sent estimates, orders, invoices and reminders. */
export const BENCH_OUTBOX = 10_000;

/**
 * Fills the outbox up to BENCH_OUTBOX messages (made once in SQL on the bench data, and reused):
 * estimates to clients, orders to vendors, invoices and their reminders, each naming its record
 * (the Outbox labels them), a password reset now and then; over the two years before the bench's
 * day, mostly sent, some kept without a mail server, a few failed or waiting. Bodies of a few KB, as
 * the templates make them (the list does not read them, but they are the table's size).
 */
export async function ensureBenchOutbox(db: Db): Promise<void> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
  const missing = BENCH_OUTBOX - (row?.n ?? 0);
  if (missing > 0) await fillOutbox(db, missing);
  // as the generator leaves its tables (cli/demo-data.ts): counted and vacuumed, so PGlite (which has
  // no autovacuum) neither reads the heap for a count nor plans for a table it takes to be empty
  await db.query('VACUUM ANALYZE mail_outbox');
}

async function fillOutbox(db: Db, missing: number): Promise<void> {
  await db.query(
    `WITH ids AS (
       SELECT (SELECT array_agg(id ORDER BY id) FROM estimates WHERE deleted_at IS NULL) AS estimates,
              (SELECT array_agg(id ORDER BY id) FROM purchase_orders WHERE deleted_at IS NULL) AS orders,
              (SELECT array_agg(id ORDER BY id) FROM invoices WHERE deleted_at IS NULL) AS invoices,
              (SELECT array_agg(id ORDER BY id) FROM users WHERE deleted_at IS NULL) AS users
     ), m AS (
       SELECT g, (ARRAY['estimate_to_client','estimate_to_client','purchase_order_to_vendor','invoice_to_client','invoice_to_client','invoice_reminder','password_reset'])[1 + g % 7] AS kind,
              CASE WHEN g % 20 = 0 THEN 'failed' WHEN g % 50 = 1 THEN 'queued' WHEN g % 10 = 3 THEN 'not_configured' ELSE 'sent' END AS status,
              $2::timestamptz - make_interval(mins => (g * 7919) % (730 * 24 * 60)) AS at
         FROM generate_series(1, $1::int) g
     )
     INSERT INTO mail_outbox (message_id, kind, "to", cc, subject, html, text, resource, record_id, status, attempts, next_attempt_at, last_error, sent_reply, sent_at, created_by, created_at, updated_at)
     SELECT 'bench-' || g || '-' || md5(g::text) || '@bench.test', m.kind,
            jsonb_build_array('client' || g % 900 || '@bench.test'), CASE WHEN g % 4 = 0 THEN jsonb_build_array('office@bench.test') ELSE '[]'::jsonb END,
            initcap(replace(m.kind, '_', ' ')) || ' ' || g,
            '<html><body>' || repeat('<p>Bench message body, as the templates make it.</p>', 40) || '</body></html>',
            repeat('Bench message body, as the templates make it. ', 30),
            CASE m.kind WHEN 'estimate_to_client' THEN 'estimates' WHEN 'purchase_order_to_vendor' THEN 'purchase_orders' WHEN 'password_reset' THEN NULL ELSE 'invoices' END,
            CASE m.kind WHEN 'estimate_to_client' THEN ids.estimates[1 + g % array_length(ids.estimates, 1)]
                        WHEN 'purchase_order_to_vendor' THEN ids.orders[1 + g % array_length(ids.orders, 1)]
                        WHEN 'password_reset' THEN NULL
                        ELSE ids.invoices[1 + g % array_length(ids.invoices, 1)] END,
            m.status, CASE m.status WHEN 'failed' THEN 5 WHEN 'queued' THEN 1 WHEN 'sent' THEN 1 ELSE 0 END, m.at + interval '1 minute',
            CASE WHEN m.status IN ('failed', 'queued') THEN '550 5.1.1 Mailbox unavailable' END,
            CASE WHEN m.status = 'sent' THEN '250 2.0.0 OK queued' END,
            CASE WHEN m.status = 'sent' THEN m.at + interval '5 seconds' END,
            ids.users[1 + g % array_length(ids.users, 1)], m.at, m.at
       FROM m, ids`,
    [missing, `${BENCH_TODAY}T17:00:00Z`],
  );
}

/** Open copies of the bench's first 200-item estimate, for the send scenario (Send to client needs an open estimate). */
export async function ensureBenchSendEstimates(db: Db, count = 2): Promise<number[]> {
  const name = 'Bench send estimate';
  const find = () => db.query<{ id: number }>(`SELECT id FROM estimates WHERE name LIKE $1 AND deleted_at IS NULL ORDER BY id`, [`${name} %`]);
  let found = await find();
  if (found.length < count) {
    const [source] = await ensureBenchEstimates(db);
    await db.transaction(async (tx) => {
      for (let e = found.length; e < count; e++) {
        const [est] = await tx.query<{ id: number }>(
          `INSERT INTO estimates (client_id, name, status, type, date, product_category_list)
             SELECT client_id, $2, 'open', type, date, product_category_list FROM estimates WHERE id = $1 RETURNING id`,
          [source!.id, `${name} ${e + 1}`],
        );
        await tx.query(
          `INSERT INTO estimate_items (estimate_id, product_id, qty, amount, cost, description, sort)
             SELECT $2, product_id, qty, amount, cost, description, sort FROM estimate_items WHERE estimate_id = $1 AND deleted_at IS NULL`,
          [source!.id, est!.id],
        );
      }
    });
    found = await find();
  }
  return found.slice(0, count).map((r) => r.id);
}

/** The days a month view shows (six weeks from the Sunday on or before the 1st), `offset` months from `today`'s. */
export function monthGrid(today: string, offset: number): { start: string; end: string } {
  const first = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + offset, 1));
  const start = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
  const end = new Date(start.getTime() + 41 * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * The jobs of the To Fabricate list's first page (of a category), which the screen asks for next:
 * the same question as the app's filter (areas/shop-floor/job-product-lists.ts), asked plainly.
 */
async function firstPageJobs(db: Db, category: number | undefined): Promise<number[]> {
  const rows = await db.query<{ job_id: number }>(
    `SELECT jp.job_id FROM job_products jp JOIN jobs j ON j.id = jp.job_id
       JOIN series s ON s.id = jp.series_id LEFT JOIN product_categories c ON c.id = s.category_id
      WHERE NOT jp.is_fabricated AND jp.deleted_at IS NULL AND j.active AND NOT j.is_template AND j.deleted_at IS NULL
        AND CASE WHEN s.use_category_settings THEN coalesce(c.enable_fabricated, false) ELSE s.enable_fabricated END
        ${category ? 'AND s.category_id = $1' : ''}
      ORDER BY j.start_date, jp.job_id LIMIT 50`,
    category ? [category] : [],
  );
  return [...new Set(rows.map((r) => r.job_id))];
}

// ---------- sign-in with a second factor ----------

/**
 * People enrolled in an authenticator app, for the sign-in scenario: a code is taken once (its
 * time step is kept), so each can sign in once per 30 s step, and the load takes them in turn.
 * Enough that 20 clients never run out of people in a step (each sign-in hashes a password:
 * some tens a second on 2 cores).
 */
export const SIGN_IN_USERS = 3000;
const SIGN_IN_PASSWORD = 'bench-sign-in-password-1';
const signInEmail = (i: number) => `signin-${String(i).padStart(5, '0')}@bench.test`;
const SIGN_IN_PATTERN = 'signin-%@bench.test';

export interface SignInUser {
  id: number;
  email: string;
  /** The authenticator's key (base32), as the app showed it at enrolment. */
  secret: string;
  /** The browser cookie of a browser this person signed in from before (known: no "new browser" message). */
  browser: string;
}

/**
 * The sign-in users, active and enrolled: made once (one password hashed by the engine, through
 * `createOrResetUser`, its hash shared by the others: the same argon2id cost to check), each with
 * a new authenticator key sealed with this run's key (the app's sealing: the bench's session
 * secret is new each run), confirmed, no code taken yet, and a known browser. Written in SQL, as
 * the bench's other data; retired after the scenario (retireSignInUsers), as they would count in
 * the crew week and the forecast's schedulable people.
 */
export async function ensureSignInUsers(db: Db, factorKey: Buffer): Promise<{ users: SignInUser[]; password: string }> {
  await db.query(`UPDATE users SET active = true, deleted_at = NULL WHERE email LIKE $1`, [SIGN_IN_PATTERN]);
  const first = await createOrResetUser(db, { email: signInEmail(1), password: SIGN_IN_PASSWORD, role: 'employee', name: 'Sign-in 1' });
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE id = $1) WHERE email LIKE $2`, [first.id, SIGN_IN_PATTERN]);
    await tx.query(
      `INSERT INTO users (name, email, role, active, password_hash)
         SELECT 'Sign-in ' || g, 'signin-' || lpad(g::text, 5, '0') || '@bench.test', 'employee', true, (SELECT password_hash FROM users WHERE id = $1)
           FROM generate_series(1, $2::int) g
          WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.email = 'signin-' || lpad(g::text, 5, '0') || '@bench.test')`,
      [first.id, SIGN_IN_USERS],
    );
  });
  const rows = await db.query<{ id: number; email: string }>(`SELECT id, email FROM users WHERE email LIKE $1 ORDER BY email LIMIT $2`, [
    SIGN_IN_PATTERN,
    SIGN_IN_USERS,
  ]);
  const users = rows.map((r) => ({ ...r, secret: generateSecret(), browser: `bench-browser-${String(r.id).padStart(8, '0')}` }));
  await db.query(
    `INSERT INTO user_totp (user_id, secret_sealed, confirmed_at, last_step) SELECT unnest($1::int[]), unnest($2::text[]), now(), NULL
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, confirmed_at = now(), last_step = NULL`,
    [`{${users.map((u) => u.id).join(',')}}`, `{${users.map((u) => `"${sealSecret(factorKey, u.secret)}"`).join(',')}}`],
  );
  await db.query(`INSERT INTO known_browsers (user_id, browser_hash) SELECT unnest($1::int[]), unnest($2::text[]) ON CONFLICT DO NOTHING`, [
    `{${users.map((u) => u.id).join(',')}}`,
    `{${users.map((u) => tokenHash(u.browser)).join(',')}}`,
  ]);
  return { users, password: SIGN_IN_PASSWORD };
}

/** The sign-in users out of the shop's people (inactive, deleted) and signed out; at every bench's start too, after a run that stopped. */
export async function retireSignInUsers(db: Db): Promise<void> {
  await db.query(`DELETE FROM sessions WHERE user_id IN (SELECT id FROM users WHERE email LIKE $1)`, [SIGN_IN_PATTERN]);
  await db.query(`UPDATE users SET active = false, deleted_at = now() WHERE email LIKE $1 AND deleted_at IS NULL`, [SIGN_IN_PATTERN]);
}

/**
 * A sign-in with a second factor as the sign-in dialog makes it (login-dialog.tsx, app/session.tsx):
 * the anti-forgery cookie, the password, "who is signed in?" (nobody yet), whether a second step
 * waits (yes), the code, and "who is signed in?" again, each after the one before. The time the
 * person takes to type the code is not in it.
 */
export function signInSteps(
  paths = ['/sanctum/csrf-cookie', '/login', '/api/user?guest=null', '/login/two_factor', '/login/two_factor', '/api/user?guest=null'],
): Req[][] {
  const [csrf, login, user, status, code, after] = paths as [string, string, string, string, string, string];
  return [
    [get(csrf)],
    [{ method: 'POST', path: login, body: JSON.stringify({ email: '{{email}}', password: '{{password}}' }) }],
    [get(user)],
    [get(status)],
    [{ method: 'POST', path: code, body: JSON.stringify({ code: '{{code}}' }) }],
    [get(after)],
  ];
}
