/**
 * `npm run bench [-- --scale small|full] [--duration 10] [--concurrency 20] [--explain]`
 *
 * Builds (or reuses) a database of a contractor at bench scale with the demo generator, starts the
 * real Fastify app in this process on 127.0.0.1, signs in 20 users, and with 20 concurrent clients
 * for 10 s per scenario measures what screens request: the /jobs list, the /jobs/{id} page (the
 * job and its sections' lists), creating a time entry, the inventory page and suggested orders.
 * Next to each: the raw SQL time of the very statements the app issued for the same requests
 * (captured at the driver while the real app answered them), replayed through `db.query`, alone
 * and at the same concurrency, and the API/SQL ratio. PGlite always; PostgreSQL too when
 * DATABASE_URL is set. See bench/README.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Session as InspectorSession } from 'node:inspector/promises';
import type { FastifyInstance } from 'fastify';
import { verify as verifyPassword } from '@node-rs/argon2';
import { generate as totpCode, verify as verifyTotp } from 'otplib';
import {
  CHANGES_CHANNEL,
  wrapDriver,
  type Row as DbRow,
  type Connection,
  type Db,
  type Driver,
  type QueryOptions,
  type RowMode,
} from '../packages/server/src/db/client.ts';
import { createPgliteDriver } from '../packages/server/src/db/pglite-driver.ts';
import { createPgDriver } from '../packages/server/src/db/pg-driver.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { ensureDefaultPermissions } from '../packages/server/src/platform/role-permissions.ts';
import { buildApp } from '../packages/server/src/http/app.ts';
import { ANSWER_COMPRESSION } from '../packages/server/src/http/answer-compression.ts';
import { SCALES, generateDemoData } from '../packages/server/src/cli/demo-data.ts';
import type { DemoScale } from '../packages/server/src/cli/demo/seed-context.ts';
import { readInvoiceDocument } from '../packages/server/src/areas/billing/invoice-document.ts';
import { invoiceTitle } from '../packages/server/src/areas/billing/invoice-pdf.ts';
import { renderPdf, PDF_MEDIA_TYPE } from '../packages/server/src/platform/documents/pdf-render.ts';
import { installServerResources } from '../packages/server/src/areas/registry.ts';
import { tokenHash } from '../packages/server/src/platform/bearer-tokens.ts';
import { openSecret } from '../packages/server/src/platform/mail/mail-secrets.ts';
import {
  BENCH_TODAY,
  SCENARIO_KEYS,
  clearBenchEntries,
  ensureBenchEstimates,
  ensureBenchSendEstimates,
  ensureSignInUsers,
  ensureUsers,
  retireSignInUsers,
  signInSteps,
  type SignInUser,
  get,
  login,
  jobListPath,
  scenarioVariants,
  searchTerms,
  type Req,
  type ScenarioKey,
  type Session,
  type Variant,
} from './scenarios.ts';

/** Bump when the generator changes in a way that makes an existing bench database stale (6: products' labour hours, open estimates' job start dates). */
const DATA_VERSION = 6;
const BENCH_SEED = 20260142;

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: 'full' },
    duration: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '20' },
    'sql-runs': { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    /** Comma list of scenarios to run (search, job, get, create, inventory, suggestions); all by default. */
    only: { type: 'string', default: '' },
    /** A folder: the main thread's CPU profile of each scenario's API load and of its floor's, for DevTools or `--cpu-prof` tools. */
    profile: { type: 'string' },
    /** Alternating rounds of the API's and the floor's loads per scenario. */
    rounds: { type: 'string', default: '4' },
  },
});
/**
 * Ten times the full scale's history (a million jobs, three million job products, ten million stock
 * movements, …) on the full scale's catalogue, crew and shapes (items per estimate, events per job,
 * lines per order): the shop after ten times the years. PostgreSQL only (`--skip-pglite`).
 */
const TENFOLD: DemoScale = {
  ...SCALES.full,
  clients: SCALES.full.clients * 10,
  jobs: SCALES.full.jobs * 10,
  jobProducts: SCALES.full.jobProducts * 10,
  timeEntries: SCALES.full.timeEntries * 10,
  estimates: SCALES.full.estimates * 10,
  pickupItems: SCALES.full.pickupItems * 10,
  notes: SCALES.full.notes * 10,
  files: SCALES.full.files * 10,
  images: SCALES.full.images * 10,
  purchaseOrders: SCALES.full.purchaseOrders * 10,
  materialTransactions: SCALES.full.materialTransactions * 10,
  invoices: SCALES.full.invoices * 10,
};
const BENCH_SCALES: Record<string, DemoScale> = { small: SCALES.small, full: SCALES.full, tenfold: TENFOLD };
const scaleName = args.scale;
const scale: DemoScale = BENCH_SCALES[scaleName] ?? SCALES.small;
if (!(scaleName in BENCH_SCALES)) throw new Error(`--scale must be small, full or tenfold (got ${args.scale}).`);
if (scaleName === 'tenfold' && !args['skip-pglite']) throw new Error('--scale tenfold is for PostgreSQL: give DATABASE_URL and --skip-pglite.');
const DURATION_MS = Math.max(1, Math.min(60, Number(args.duration))) * 1000;
const CONCURRENCY = Math.max(1, Math.min(100, Number(args.concurrency)));
const SQL_RUNS = Math.max(20, Number(args['sql-runs']));
const WARMUP_MS = 1000;
/**
 * A scenario's first round warms each side up for longer: the API's code paths of a scenario are
 * compiled by V8 over its first seconds, the floor's few lines at once, and a round with the API
 * still cold measured it at 1.4–1.6× the floor, later ones at 1.0–1.3×.
 */
const FIRST_WARMUP_MS = 4000;
/** The API's and the floor's loads are taken in this many alternating rounds (each DURATION / LOAD_ROUNDS). */
const LOAD_ROUNDS = Math.max(1, Math.min(10, Number(args.rounds)));
/** The one-client run of each scenario (docs/platform.md, Budgets: latencies of one client at a time). */
const SOLO_DURATION_MS = Math.max(3000, DURATION_MS / 2);
/** Time allowed for each raw SQL measurement (runs stop early when it is used up). */
const SQL_BUDGET_MS = 10_000;
const ROOT = path.resolve(import.meta.dirname);

// ---------- a Db whose statements can be captured ----------

interface Captured {
  sql: string;
  params: unknown[];
  /** Run as the app ran it: a statement the app prepares is prepared in the replay too. */
  options?: QueryOptions;
  /** Statements sent while another was in flight share a group (the engine ran them in parallel). */
  group: number;
  tx: boolean;
}

class Recorder {
  on = false;
  inflight = 0;
  group = 0;
  statements: Captured[] = [];
  wrap(conn: Connection, tx: boolean): Connection {
    return {
      run: async (sql: string, params: unknown[], mode: RowMode, options?: QueryOptions) => {
        if (!this.on) return conn.run(sql, params, mode, options);
        const group = this.inflight > 0 ? this.group : ++this.group;
        this.statements.push({ sql, params, options, group, tx });
        this.inflight++;
        try {
          return await conn.run(sql, params, mode, options);
        } finally {
          this.inflight--;
        }
      },
    };
  }
  async capture(fn: () => Promise<unknown>): Promise<Captured[]> {
    this.statements = [];
    this.on = true;
    try {
      await fn();
    } finally {
      this.on = false;
    }
    return this.statements;
  }
}

function recordingDriver(driver: Driver, rec: Recorder): Driver {
  return {
    kind: driver.kind,
    shared: rec.wrap(driver.shared, false),
    async acquire() {
      const { conn, release } = await driver.acquire();
      return { conn: rec.wrap(conn, true), release };
    },
    poolStats: () => driver.poolStats(),
    // the app servers' channel (caches, live updates), as the real driver listens and tells
    listen: driver.listen.bind(driver),
    notify: driver.notify.bind(driver),
    close: () => driver.close(),
  };
}

async function openBenchDb(kind: 'pglite' | 'postgres', location: string, rec: Recorder): Promise<Db> {
  const driver = kind === 'pglite' ? await createPgliteDriver(location) : await createPgDriver(location);
  const db = wrapDriver(recordingDriver(driver, rec));
  await migrate(db);
  await ensureDefaultPermissions(db);
  return db;
}

/**
 * Replays captured statements: parallel groups in parallel, transactions in one transaction.
 * Answers every statement's rows, in order (what the floor server sends: an answer carries what
 * all its statements read, a record with its relations read apart, a takeoff with its cells).
 */
/**
 * PostgreSQL's background work set going by the bench's own writes (autoanalyze, autovacuum) ran
 * inside a later scenario's rounds: one round at 1.6× the floor beside rounds at 1.0–1.2×, the
 * statistics showing an autoanalyze of time_entries and audit_log that minute. Before a scenario,
 * the tables past half of autovacuum's default thresholds are vacuumed and analysed, so it has
 * nothing to start meanwhile.
 */
async function settle(db: Db): Promise<void> {
  if (db.kind !== 'postgres') return;
  const due = await db.query<{ name: string }>(
    `SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.n_mod_since_analyze > 25 + 0.05 * greatest(c.reltuples, 0)
         OR s.n_dead_tup > 25 + 0.1 * greatest(c.reltuples, 0)
         OR s.n_ins_since_vacuum > 500 + 0.1 * greatest(c.reltuples, 0)`,
  );
  for (const { name } of due) await db.query(`VACUUM (ANALYZE) ${name}`);
}

async function replay(db: Db, statements: Captured[]): Promise<unknown[][]> {
  const inTx = statements.filter((s) => s.tx && !/^(BEGIN|COMMIT|ROLLBACK)$/i.test(s.sql.trim()));
  const outside = statements.filter((s) => !s.tx);
  const groups = new Map<number, Captured[]>();
  for (const s of outside) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
  const rows: unknown[][] = [];
  for (const g of groups.values()) rows.push(...(await Promise.all(g.map((s) => db.query(s.sql, s.params, s.options)))));
  if (inTx.length) {
    await db.transaction(async (tx) => {
      for (const s of inTx) rows.push(await tx.query(s.sql, s.params, s.options));
    });
  }
  return rows;
}

// ---------- the floor: what any Node HTTP server pays here ----------

const brotliAsync = promisify(zlib.brotliCompress);

/**
 * A bare node:http server, no framework, session, validation or presentation: it answers each
 * request of a scenario by replaying the statements the app ran for that very request (through the
 * same Db) and sending every statement's rows as JSON (an array of each one's rows), compressed as the app compresses (brotli
 * above 1 KB: the quickest level in line up to 8 KB, level 4 beyond). Under the same load it
 * measures the floor of HTTP on this machine: API/floor is what our stack adds, floor/SQL what any
 * Node server answering these statements would.
 */
async function startFloor(
  db: Db,
  list: CapturedVariant[],
  documents?: Map<string, () => Promise<Buffer>>,
): Promise<{ baseUrl: string; variants: Variant[]; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const [v, s, r] = (req.url ?? '').split('/').slice(2).map(Number);
    const statements = list[v!]?.captured[s!]?.[r!];
    req.resume(); // a POST's body is not read: its statements are known
    req.on('end', async () => {
      if (!statements) return res.writeHead(404).end();
      try {
        const rows = await replay(db, statements);
        // a document's floor: its statements, then the same document rendered by the same PDF pool
        // from props read once beforehand, its bytes sent as they are (a PDF is not compressed)
        const document = documents?.get(`${v}/${s}/${r}`);
        if (document) return res.setHeader('content-type', PDF_MEDIA_TYPE).end(await document());
        let body: string | Buffer = JSON.stringify(rows);
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (body.length >= ANSWER_COMPRESSION.threshold && /\bbr\b/.test(String(req.headers['accept-encoding']))) {
          body =
            body.length <= ANSWER_COMPRESSION.inLineUpTo
              ? zlib.brotliCompressSync(body, ANSWER_COMPRESSION.smallBrotli)
              : await brotliAsync(body, ANSWER_COMPRESSION.brotli);
          res.setHeader('content-encoding', 'br');
          res.setHeader('vary', 'accept-encoding');
        }
        res.end(body);
      } catch {
        res.writeHead(500).end();
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const variants = list.map((cv, v) => ({
    session: cv.session,
    steps: cv.steps.map((step, s) => step.map((r, i) => ({ ...r, path: `/floor/${v}/${s}/${i}` }))),
  }));
  return { baseUrl: `http://127.0.0.1:${addr.port}`, variants, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * The floor's documents of a scenario of PDFs: per request (`v/s/r`), the PDF the app makes,
 * rendered by the same pool from props read once here, so the floor pays the statements and the
 * render, and the API/floor ratio is what our stack adds around them (the session, the engine's
 * read and rights, reading the document's rows into its props, the answer).
 */
async function floorDocuments(db: Db, key: ScenarioKey, list: CapturedVariant[]): Promise<Map<string, () => Promise<Buffer>> | undefined> {
  if (key !== 'invoice_pdf') return undefined;
  const module = new URL('../packages/server/src/areas/billing/invoice-pdf-document.tsx', import.meta.url);
  const out = new Map<string, () => Promise<Buffer>>();
  for (const [v, cv] of list.entries()) {
    for (const [s, step] of cv.steps.entries()) {
      for (const [r, req] of step.entries()) {
        const id = Number(/\/api\/invoices\/(\d+)\/pdf/.exec(req.path)?.[1]);
        const doc = await readInvoiceDocument(db, id);
        const props = { doc, title: invoiceTitle(doc.invoice.number) };
        out.set(`${v}/${s}/${r}`, () => renderPdf(module, 'InvoicePdfDocument', props));
      }
    }
  }
  return out;
}

/**
 * With `--profile DIR` (and `on`), `fn` runs under V8's CPU profiler (this thread: the server, not
 * the load worker), written to DIR/<name>.cpuprofile: the API's and the floor's profiles side by
 * side show what our stack adds.
 */
async function profiled<T>(name: string, fn: () => Promise<T>, on = true): Promise<T> {
  if (!args.profile || !on) return fn();
  const session = new InspectorSession();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(args.profile, { recursive: true });
    fs.writeFileSync(path.join(args.profile, `${name.replace(/\W+/g, '_')}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

// ---------- statistics ----------

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
const summarise = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), n: s.length };
};
const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(2) : x.toFixed(1)) : '-');

/**
 * Runs `fn` up to `runs` times with `concurrency` at once, starting no new run after `budgetMs`
 * (so a slow query cannot stretch the benchmark); answers each run's duration in ms.
 */
async function timeRuns(runs: number, concurrency: number, fn: (i: number) => Promise<unknown>, budgetMs = SQL_BUDGET_MS): Promise<number[]> {
  const out: number[] = [];
  const deadline = performance.now() + budgetMs;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, runs) }, async () => {
      while (next < runs && (performance.now() < deadline || next < concurrency)) {
        const i = next++;
        const t = performance.now();
        await fn(i);
        out.push(performance.now() - t);
      }
    }),
  );
  return out;
}

// ---------- data ----------

async function ensureData(db: Db, label: string, marker?: string): Promise<{ loadSeconds: number | null; reused: boolean }> {
  if (marker && fs.existsSync(marker)) return { loadSeconds: JSON.parse(fs.readFileSync(marker, 'utf8')).seconds, reused: true };
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE is_template = false');
  if ((row?.n ?? 0) > 0) {
    console.log(`${label}: ${row!.n} jobs already there, reusing them.`);
    return { loadSeconds: null, reused: true };
  }
  console.log(
    `${label}: generating the ${scaleName} data set (${scale.jobs} jobs, ${scale.jobProducts} job products, ${scale.timeEntries} time entries, ${scale.materials} materials)...`,
  );
  const result = await generateDemoData(db, scale, { seed: BENCH_SEED, today: BENCH_TODAY, log: (m) => console.log(m) });
  console.log(`${label}: generated in ${result.seconds.toFixed(1)} s.`);
  if (marker) fs.writeFileSync(marker, JSON.stringify({ version: DATA_VERSION, scale: scaleName, seconds: result.seconds, counts: result.counts }, null, 2));
  return { loadSeconds: result.seconds, reused: false };
}

// ---------- the run ----------

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  /** Sign-in loads: times a client waited for the next time step, every sign-in user having signed in in this one. */
  waits?: number;
}

/** What a sign-in load's worker needs (load-worker.mjs): the people, and the last time step each has used. */
interface SignInLoad {
  users: { email: string; secret: string; browser: string }[];
  password: string;
  userAgent: string;
  lastSteps: number[];
}

/** Rounds of the same load, taken as one: every latency, the statuses and the time added up. */
function pooled(rounds: LoadResult[]): LoadResult {
  const statuses: Record<string, number> = {};
  for (const r of rounds) for (const [k, n] of Object.entries(r.statuses)) statuses[k] = (statuses[k] ?? 0) + n;
  return {
    latencies: rounds.flatMap((r) => r.latencies),
    statuses,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    seconds: rounds.reduce((sum, r) => sum + r.seconds, 0),
    waits: rounds.reduce((sum, r) => sum + (r.waits ?? 0), 0),
  };
}

function runLoad(
  baseUrl: string,
  sessions: Session[],
  variants: Variant[],
  seed: number,
  concurrency = CONCURRENCY,
  durationMs = DURATION_MS,
  warmupMs = WARMUP_MS,
  signIn?: SignInLoad,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { baseUrl, sessions, variants, concurrency, durationMs, warmupMs, seed, signIn },
    });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

/**
 * Scenarios whose calls are list or detail reads ("any list or detail call p95 ≤ 50 ms on
 * PostgreSQL"). Suggested orders is a report over every material's stock history, like the
 * analysis: its one-client time is printed, not held to that budget.
 */
/** The scenarios of the table: the screens' (scenarios.ts) and the sign-in with a second factor (benchSignIn). */
type BenchKey = ScenarioKey | 'sign_in';

const LIST_OR_DETAIL = new Set<BenchKey>(['job', 'get', 'inventory', 'to_fabricate', 'labels', 'schedule', 'time_cards', 'outbox']);

/** Reports over a range of the records (docs/platform.md, Budgets): one client's p95 ≤ 250 ms on PostgreSQL. */
const REPORTS = new Set<BenchKey>(['suggestions', 'analysis_year', 'forecast_12w', 'aging']);

/**
 * Scenarios that answer a document made in the PDF pool: API/SQL is shown but not held (the render,
 * not the statements, is most of the call: API/floor is, the floor rendering the same document),
 * one client's p95 ≤ 500 ms as the estimate PDF's, and the load has DOCUMENT_CLIENTS clients: the
 * pool refuses (503) what it cannot start soon (1 worker and 8 waiting on 2 cores), as it should.
 */
const DOCUMENTS = new Set<BenchKey>(['invoice_pdf']);
const DOCUMENT_CLIENTS = 4;
const clientsOf = (key: ScenarioKey) => (DOCUMENTS.has(key) ? Math.min(CONCURRENCY, DOCUMENT_CLIENTS) : CONCURRENCY);

interface Row {
  scenario: string;
  key: BenchKey;
  /** Concurrent clients of its load (CONCURRENCY, fewer for documents: clientsOf). */
  clients: number;
  api: { p50: number; p95: number; n: number };
  /** The API with one client at a time (docs/platform.md, Budgets). */
  solo: { p50: number; p95: number; n: number };
  rps: number;
  errors: number;
  statuses: Record<string, number>;
  sqlAlone: { p50: number; p95: number; n: number };
  sqlConc: { p50: number; p95: number; n: number };
  /** The bare node:http server answering the same statements under the same load (startFloor). */
  floor: { p50: number; p95: number; n: number };
  /** Statements per call (mean over the variants; BEGIN/COMMIT not counted). */
  statements: number;
  /** HTTP requests per call (a screen that opens with several). */
  requests: number;
}

/** A variant with the statements each of its requests issued, captured at the driver. */
interface CapturedVariant extends Variant {
  captured: Captured[][][];
}

async function benchDatabase(label: string, db: Db, rec: Recorder, loadInfo: { loadSeconds: number | null; reused: boolean }): Promise<Row[]> {
  await retireSignInUsers(db); // a run that stopped during the sign-in scenario left them in the shop
  const { users, password } = await ensureUsers(db);
  // Behind a proxy on this machine, as a shop's server is: the sign-in scenario's browsers each come
  // from an address of their own (X-Forwarded-For), under the per-address limits of sign-in; the
  // other scenarios send no such header, and their address is the socket's.
  const app: FastifyInstance = await buildApp({
    db,
    sessionSecret: crypto.randomBytes(48).toString('base64url'),
    logLevel: 'silent',
    trustProxy: ['127.0.0.1'],
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${addr.port}`;
  try {
    const sessions: Session[] = [];
    for (const u of users) sessions.push(await login(baseUrl, u, password));
    const terms = await searchTerms(db);
    const variants = await scenarioVariants(db, sessions, terms);

    // The statements of each request, captured at the driver while the real app answers it, one
    // request at a time (so nothing else runs). The session's cached user and session row are
    // warmed first, as they are under load (both are cached for 2 s).
    const send = async (s: Session, r: Req): Promise<Response> => {
      const headers: Record<string, string> = { cookie: s.cookie, accept: 'application/json' };
      if (r.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-xsrf-token': s.xsrf });
      return fetch(`${baseUrl}${r.path}`, { method: r.method, headers, body: r.body });
    };
    const answers = new Map<string, unknown>();
    const captured: Record<ScenarioKey, CapturedVariant[]> = {
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
    const only = new Set(
      String(args.only)
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    );
    for (const key of SCENARIO_KEYS) {
      if (only.size && !only.has(key)) continue;
      for (const v of variants[key]) {
        const s = sessions[v.session]!;
        const steps: Captured[][][] = [];
        for (const step of v.steps) {
          const out: Captured[][] = [];
          for (const r of step) {
            await (await send(s, get('/api/user'))).arrayBuffer();
            let status = 0;
            let answer = '';
            const stmts = await rec.capture(async () => {
              const res = await send(s, r);
              status = res.status;
              const body = await res.text();
              answer = body;
              if (r.method === 'GET' && res.ok && /json/.test(res.headers.get('content-type') ?? '')) answers.set(r.path, JSON.parse(body));
            });
            if (status < 200 || status >= 300) throw new Error(`${r.method} ${r.path} answered ${status} while capturing: ${answer.slice(0, 300)}`);
            out.push(stmts);
          }
          steps.push(out);
        }
        captured[key].push({ ...v, captured: steps });
      }
    }
    const replayVariant = async (v: CapturedVariant) => {
      for (const step of v.captured) await Promise.all(step.map((stmts) => replay(db, stmts)));
    };

    // Per search term: its matches and the SQL of page 1 (Active) alone.
    const termStats: { term: string; total: number; alone: number; variant: CapturedVariant }[] = [];
    for (const term of captured.search.length ? terms : []) {
      const v = captured.search.find((c) => c.steps[0]![0]!.path === jobListPath({ page: 1, search: term }))!;
      const total = Number((answers.get(v.steps[0]![0]!.path) as { total?: number } | undefined)?.total ?? 0);
      const t = await timeRuns(5, 1, () => replayVariant(v), 3_000);
      termStats.push({ term, total, alone: summarise(t).p50, variant: v });
    }
    console.log(`\n${label}: search terms (matching active jobs, SQL p50 ms of page 1 alone):`);
    for (const t of termStats) console.log(`  ${JSON.stringify(t.term).padEnd(32)} ${String(t.total).padStart(7)}  ${ms(t.alone).padStart(7)}`);

    if (args.explain) {
      const worst = [...termStats].sort((a, b) => b.alone - a.alone)[0]!;
      console.log(`\n${label}: EXPLAIN ANALYZE of the slowest term ${JSON.stringify(worst.term)}:`);
      for (const s of worst.variant.captured.flat(2)) {
        if (s.tx) continue;
        const plan = await db.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS) ${s.sql}`, s.params);
        console.log(`-- ${s.sql.slice(0, 160)}...\n${plan.map((r) => Object.values(r)[0]).join('\n')}\n`);
      }
    }

    const rows: Row[] = [];
    const scenarios: { key: ScenarioKey; name: string }[] = [
      { key: 'search', name: 'job list, /jobs (20/page, searched)' },
      { key: 'job', name: 'job with its relations, GET /api/jobs/{id}' },
      { key: 'get', name: 'job page on a phone (job, then time, history)' },
      { key: 'create', name: 'create time entry' },
      { key: 'inventory', name: 'inventory page, on hand + on order (60/page)' },
      { key: 'suggestions', name: 'suggested orders (all materials)' },
      { key: 'estimate', name: 'estimate page: 200 items, takeoff 50 × 40' },
      { key: 'estimate_save', name: 'estimate save: a takeoff cell, items from takeoff' },
      { key: 'to_fabricate', name: 'To Fabricate list of a busy shop (first page, by category), then its jobs' },
      { key: 'labels', name: 'print options: the products of a 500-piece job' },
      { key: 'schedule', name: 'schedule month: events, notes and readiness of six weeks' },
      { key: 'time_cards', name: "time cards: a crew week, a crew member's week, one's own week" },
      { key: 'analysis_year', name: "analysis: the last 12 months' jobs (each grouping), estimates, labour" },
      { key: 'forecast_12w', name: 'forecast: the next 12 weeks (load, revenue, estimates, shortages)' },
      { key: 'aging', name: 'receivables: the aging on a day, and the overdue invoices' },
      { key: 'outbox', name: 'Outbox page at 10 000 messages (50/page, by status)' },
      { key: 'invoice_pdf', name: "an invoice's PDF (the longest invoices)" },
    ];
    for (const [i, sc] of scenarios.entries()) {
      if (only.size && !only.has(sc.key)) continue;
      const clients = clientsOf(sc.key);
      process.stdout.write(`${label}: ${sc.name}: ${clients} clients × ${DURATION_MS / 1000} s ... `);
      const list = captured[sc.key];
      // The API and the floor take turns (API, floor, API, floor: LOAD_ROUNDS rounds of a share of the
      // duration each), so a drift of this shared machine's speed weighs on both sides alike.
      if (sc.key === 'create') await clearBenchEntries(db);
      await settle(db);
      const floorServer = await startFloor(db, list, await floorDocuments(db, sc.key, list));
      const apiRounds: LoadResult[] = [];
      const floorRounds: LoadResult[] = [];
      try {
        for (let round = 0; round < LOAD_ROUNDS; round++) {
          const seed = 1000 + i + 100 * round;
          const first = round === 0; // the first round's profiles
          const duration = DURATION_MS / LOAD_ROUNDS;
          const warmup = first ? FIRST_WARMUP_MS : WARMUP_MS;
          apiRounds.push(await profiled(`${label}-${sc.key}-api`, () => runLoad(baseUrl, sessions, variants[sc.key], seed, clients, duration, warmup), first));
          floorRounds.push(
            await profiled(
              `${label}-${sc.key}-floor`,
              () => runLoad(floorServer.baseUrl, sessions, floorServer.variants, seed, clients, duration, warmup),
              first,
            ),
          );
        }
      } finally {
        await floorServer.close();
      }
      const load = pooled(apiRounds);
      const floorLoad = pooled(floorRounds);
      if (floorLoad.errors) throw new Error(`The floor server answered ${JSON.stringify(floorLoad.statuses)}.`);
      const api = summarise(load.latencies);
      const soloLoad = await runLoad(baseUrl, sessions, variants[sc.key], 2000 + i, 1, SOLO_DURATION_MS);
      if (soloLoad.errors) throw new Error(`One client at a time got ${JSON.stringify(soloLoad.statuses)}.`);
      const alone = await timeRuns(SQL_RUNS, 1, (k) => replayVariant(list[k % list.length]!));
      // At the same concurrency, measured as the API is: for as long, after the same warm-up.
      await timeRuns(Infinity, clients, (k) => replayVariant(list[k % list.length]!), WARMUP_MS);
      const conc = await timeRuns(Infinity, clients, (k) => replayVariant(list[k % list.length]!), DURATION_MS);
      const counted = (v: CapturedVariant) => v.captured.flat(2).filter((s) => !/^(BEGIN|COMMIT)$/i.test(s.sql.trim())).length;
      const row: Row = {
        scenario: sc.name,
        key: sc.key,
        clients,
        api,
        solo: summarise(soloLoad.latencies),
        rps: api.n / load.seconds,
        errors: load.errors,
        statuses: load.statuses,
        sqlAlone: summarise(alone),
        sqlConc: summarise(conc),
        floor: summarise(floorLoad.latencies),
        statements: list.reduce((sum, v) => sum + counted(v), 0) / list.length,
        requests: list[0]!.steps.flat().length,
      };
      rows.push(row);
      // Each round's API ÷ floor (p50/p95): how far the machine's drift moved the pooled ratios.
      const perRound = apiRounds.map((r, k) => {
        const [a, f] = [summarise(r.latencies), summarise(floorRounds[k]!.latencies)];
        return `${(a.p50 / f.p50).toFixed(2)}/${(a.p95 / f.p95).toFixed(2)}`;
      });
      console.log(`${api.n} calls, ${load.errors} errors ${JSON.stringify(load.statuses)}; API/floor p50/p95 by round: ${perRound.join(' ')}`);
    }
    if (!only.size || only.has('sign_in')) rows.push(await benchSignIn(label, db, rec, app, baseUrl, sessions));
    printTable(label, rows, loadInfo);
    await explainMisses(label, db, rows, captured);
    if (!only.size || only.has('pdf')) await benchPdf(label, db, baseUrl, sessions, variants.search);
    if (!only.size || only.has('send')) await benchSend(label, db, baseUrl, sessions, variants.search);
    if (!only.size || only.has('live')) await benchLive(label, db, app, baseUrl, sessions, variants);
    return rows;
  } finally {
    await app.close();
  }
}

// ---------- sign-in with a second factor ----------

/** The browser the sign-in scenario's people use (the app records its name with the session). */
const SIGN_IN_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
/** RFC 6238's time step, as the app's otplib. */
const TOTP_STEP_S = 30;

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
function keepCookies(res: Response, jar: Map<string, string>): void {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(';');
    const eq = pair!.indexOf('=');
    jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
  }
}

/**
 * One sign-in as load-worker.mjs makes it (its requests one after another, the cookies of each
 * answer kept), here on the main thread; with `rec`, the statements each request issued, captured
 * at the driver.
 */
async function signInOnce(baseUrl: string, steps: Req[][], user: SignInUser, password: string, rec?: Recorder): Promise<Captured[][]> {
  const jar = new Map([['glazier_browser', user.browser]]);
  const step = Math.floor(Date.now() / 1000 / TOTP_STEP_S);
  const address = `10.255.${crypto.randomInt(256)}.${1 + crypto.randomInt(254)}`;
  const out: Captured[][] = [];
  for (const r of steps.flat()) {
    const headers: Record<string, string> = { cookie: cookieHeader(jar), accept: 'application/json', 'user-agent': SIGN_IN_UA, 'x-forwarded-for': address };
    let body = r.body?.replace('{{email}}', user.email).replace('{{password}}', password);
    if (body?.includes('{{code}}')) body = body.replace('{{code}}', await totpCode({ secret: user.secret, epoch: step * TOTP_STEP_S }));
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') });
    let status = 0;
    let text = '';
    const request = async () => {
      const res = await fetch(`${baseUrl}${r.path}`, { method: r.method, headers, body });
      status = res.status;
      text = await res.text();
      keepCookies(res, jar);
    };
    out.push(rec ? await rec.capture(request) : (await request(), []));
    if (status < 200 || status >= 300) throw new Error(`Sign-in of ${user.email}: ${r.method} ${r.path} answered ${status}: ${text.slice(0, 300)}`);
  }
  return out;
}

/**
 * The sign-in's floor: a bare node:http server answering the six requests of a sign-in (csrf
 * cookie, password, who is signed in, second step pending, code, who is signed in) with the very
 * statements the app ran for them (their text and options taken from the app's capture; where the
 * app read a session or a user from its cache, no read here either), and the same work besides
 * them: argon2id's check of the password (@node-rs/argon2), the authenticator key opened
 * (mail-secrets.ts) and the code checked by otplib as the app checks it, the browser cookie's
 * hash; sessions are a plain random id in a cookie, its data kept in memory as the app's cache
 * keeps it. No framework, session plugin, validation, rate limit or presentation.
 */
async function startSignInFloor(db: Db, key: Buffer, app: Captured[][]) {
  const all = app.flat();
  const find = (re: RegExp): Captured => {
    const s = all.find((x) => re.test(x.sql));
    if (!s) throw new Error(`The app's sign-in ran no statement like ${re}: the sign-in's floor (bench/run.ts) must follow it.`);
    return s;
  };
  const readSession = find(/^SELECT data FROM sessions/);
  const writeSession = find(/^INSERT INTO sessions/);
  const dropSession = find(/^DELETE FROM sessions WHERE sid/);
  const userByEmail = find(/from "users" where lower/i);
  const totpRow = find(/FROM user_totp WHERE user_id/);
  const takeStep = find(/^\s*UPDATE user_totp SET last_step/);
  const knownBrowsers = find(/FROM known_browsers/);
  const audit = find(/^INSERT INTO audit_log/);
  const sessionUser = find(/AS has_factor/);
  const touched = all.find((x) => /^UPDATE sessions SET last_used_at/.test(x.sql));
  // What the app read on each request rather than from its caches (a session just written is read once, then cached).
  const reads = app.map((stmts) => ({ session: stmts.some((s) => s.sql === readSession.sql), user: stmts.some((s) => s.sql === sessionUser.sql) }));
  const q = (s: Captured, params: unknown[], on: Db = db) => on.query<DbRow>(s.sql, params, s.options);
  const notice = (sid: string) => db.notify(CHANGES_CHANNEL, JSON.stringify({ kind: 'session', sid }));
  const expiry = () => new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  type FloorSession = { userId?: number; csrf?: string; pending?: { userId: number; at: number } };
  const memory = new Map<string, FloorSession>();
  const save = async (data: FloorSession, meta?: { ua: string | null; ip: string | null }) => {
    const sid = crypto.randomBytes(24).toString('base64url');
    await q(writeSession, [sid, data.userId ?? null, JSON.stringify(data), expiry(), meta?.ua?.slice(0, 500) ?? null, meta?.ip ?? null]);
    await notice(sid);
    memory.set(sid, data);
    return sid;
  };
  const drop = async (sid: string) => {
    memory.delete(sid);
    await q(dropSession, [sid]);
    await notice(sid);
  };
  const cookies = (sid: string, csrf: string | undefined) => [
    `glazier_session=${sid}; Path=/; HttpOnly; SameSite=Lax`,
    ...(csrf ? [`XSRF-TOKEN=${csrf}; Path=/; SameSite=Lax`] : []),
  ];
  const server = http.createServer((req, res) => {
    const r = Number((req.url ?? '').split('/')[3]);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      try {
        const jar = new Map((req.headers.cookie ?? '').split(/;\s*/).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const));
        const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>) : {};
        const ip = String(req.headers['x-forwarded-for'] ?? req.socket.remoteAddress);
        const ua = req.headers['user-agent'] ?? null;
        let sid = jar.get('glazier_session');
        let session: FloorSession | undefined;
        if (sid && reads[r]?.session) {
          const [row] = await q(readSession, [sid]);
          session = (row?.data as FloorSession | undefined) ?? undefined;
          if (session) memory.set(sid, session);
        } else if (sid) session = memory.get(sid);
        if (req.method === 'POST' && (!session?.csrf || req.headers['x-xsrf-token'] !== session.csrf)) return res.writeHead(419).end();
        if (r === 0) {
          const csrf = crypto.randomBytes(32).toString('base64url');
          sid = await save({ csrf });
          return res.writeHead(204, { 'set-cookie': cookies(sid, csrf) }).end();
        }
        if (r === 1) {
          const [u] = await q(userByEmail, [String(body.email).trim().toLowerCase(), 1]);
          if (!u || !(await verifyPassword(String(u.password_hash), String(body.password)).catch(() => false))) return res.writeHead(422).end();
          const [t] = await q(totpRow, [u.id]);
          if (!t?.confirmed_at) return res.writeHead(409).end();
          await drop(sid!);
          const csrf = crypto.randomBytes(32).toString('base64url');
          sid = await save({ csrf, pending: { userId: Number(u.id), at: Date.now() } });
          return res.writeHead(204, { 'set-cookie': cookies(sid, csrf) }).end();
        }
        if (r === 3) return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pending: Boolean(session?.pending) }));
        if (r === 4) {
          const userId = session!.pending!.userId;
          const [t] = await q(totpRow, [userId]);
          const secret = t ? openSecret(key, String(t.secret_sealed)) : null;
          const result = secret
            ? await verifyTotp({
                secret,
                token: String(body.code),
                epochTolerance: 30,
                ...(t!.last_step != null && { afterTimeStep: Number(t!.last_step) }),
              })
            : null;
          if (!result?.valid || !('timeStep' in result)) return res.writeHead(422).end();
          if (!(await q(takeStep, [userId, result.timeStep])).length) return res.writeHead(422).end();
          await drop(sid!);
          const browser = tokenHash(jar.get('glazier_browser') ?? '');
          await db.transaction(async (tx) => {
            const known = await q(knownBrowsers, [userId], tx);
            if (!known.some((k) => k.browser_hash === browser)) throw new Error('The sign-in users sign in from a known browser.');
            await q(audit, [userId, 'users', userId, 'signed_in', JSON.stringify({ detail: `${ip}, by password and authenticator` })], tx);
          });
          const csrf = crypto.randomBytes(32).toString('base64url');
          sid = await save({ userId, csrf }, { ua, ip });
          return res.writeHead(204, { 'set-cookie': cookies(sid, csrf) }).end();
        }
        // r 2 and 5: who is signed in (nobody yet, then the person: read as the app reads them)
        const rows = session?.userId && reads[r]?.user ? await q(sessionUser, [session.userId]) : [];
        if (session?.userId && touched) await q(touched, [sid, ip]);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows[0] ?? null));
      } catch (e) {
        console.error('sign-in floor:', e);
        res.writeHead(500).end();
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  if (!addr || typeof addr === 'string') throw new Error('no address');
  return {
    baseUrl: `http://127.0.0.1:${addr.port}`,
    steps: signInSteps(Array.from({ length: 6 }, (_, i) => `/floor/sign_in/${i}`)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sign-in with a second factor (bench/README.md): the sign-in dialog's six requests (password,
 * then a code of the person's authenticator) by the usual clients, each call a new browser as one
 * of SIGN_IN_USERS people enrolled in TOTP, in rounds with its floor (startSignInFloor), as the
 * other scenarios. Before the load, the statements of one sign-in through the app and one through
 * the floor are captured and must be the same, request by request: the floor does the app's
 * database work, and the password's and the code's checks, and nothing else.
 */
async function benchSignIn(label: string, db: Db, rec: Recorder, app: FastifyInstance, baseUrl: string, sessions: Session[]): Promise<Row> {
  const name = 'sign in with a second factor (password, then a code)';
  process.stdout.write(`${label}: ${name}: ${CONCURRENCY} clients × ${DURATION_MS / 1000} s ... `);
  const { users, password } = await ensureSignInUsers(db, app.factorKey);
  let floor: Awaited<ReturnType<typeof startSignInFloor>> | undefined;
  try {
    await settle(db);
    const steps = signInSteps();
    // a few sign-ins first (code paths compiled, the role matrix cached, as on a server that has signed people in), then one captured
    for (const u of users.slice(0, 3)) await signInOnce(baseUrl, steps, u, password);
    const appStatements = await signInOnce(baseUrl, steps, users[3]!, password, rec);
    floor = await startSignInFloor(db, app.factorKey, appStatements);
    for (const u of users.slice(4, 6)) await signInOnce(floor.baseUrl, floor.steps, u, password);
    const floorStatements = await signInOnce(floor.baseUrl, floor.steps, users[6]!, password, rec);
    const texts = (c: Captured[][]) => c.map((stmts) => stmts.map((s) => `${s.tx ? 'tx: ' : ''}${s.sql.replace(/\s+/g, ' ').slice(0, 120)}`));
    if (JSON.stringify(texts(appStatements)) !== JSON.stringify(texts(floorStatements)))
      throw new Error(
        `The sign-in's floor ran other statements than the app:\napp:   ${JSON.stringify(texts(appStatements), null, 1)}\nfloor: ${JSON.stringify(texts(floorStatements), null, 1)}`,
      );
    const load = async (): Promise<SignInLoad> => {
      const rows = await db.query<{ user_id: number; last_step: number | null }>('SELECT user_id, last_step FROM user_totp WHERE user_id = ANY($1::int[])', [
        `{${users.map((u) => u.id).join(',')}}`,
      ]);
      const last = new Map(rows.map((r) => [r.user_id, r.last_step ?? -1]));
      return {
        users: users.map(({ email, secret, browser }) => ({ email, secret, browser })),
        password,
        userAgent: SIGN_IN_UA,
        lastSteps: users.map((u) => last.get(u.id) ?? -1),
      };
    };
    const apiVariants: Variant[] = [{ session: 0, steps, signIn: true }];
    const floorVariants: Variant[] = [{ session: 0, steps: floor.steps, signIn: true }];
    const apiRounds: LoadResult[] = [];
    const floorRounds: LoadResult[] = [];
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      const seed = 1900 + 100 * round;
      const first = round === 0;
      const duration = DURATION_MS / LOAD_ROUNDS;
      const warmup = first ? FIRST_WARMUP_MS : WARMUP_MS;
      const f = floor;
      apiRounds.push(
        await profiled(`${label}-sign_in-api`, async () => runLoad(baseUrl, sessions, apiVariants, seed, CONCURRENCY, duration, warmup, await load()), first),
      );
      floorRounds.push(
        await profiled(
          `${label}-sign_in-floor`,
          async () => runLoad(f.baseUrl, sessions, floorVariants, seed, CONCURRENCY, duration, warmup, await load()),
          first,
        ),
      );
    }
    const api = pooled(apiRounds);
    const floorLoad = pooled(floorRounds);
    if (floorLoad.errors) throw new Error(`The sign-in's floor answered ${JSON.stringify(floorLoad.statuses)}.`);
    const solo = await runLoad(baseUrl, sessions, apiVariants, 2900, 1, SOLO_DURATION_MS, WARMUP_MS, await load());
    if (solo.errors) throw new Error(`One client at a time got ${JSON.stringify(solo.statuses)}.`);
    // The statements alone (shown, not held: the password's hash, not the SQL, is most of a sign-in), replayed as captured.
    const replaySignIn = async () => {
      for (const stmts of appStatements) await replay(db, stmts);
    };
    const alone = await timeRuns(SQL_RUNS, 1, replaySignIn);
    await timeRuns(Infinity, CONCURRENCY, replaySignIn, WARMUP_MS);
    const conc = await timeRuns(Infinity, CONCURRENCY, replaySignIn, DURATION_MS);
    const perRound = apiRounds.map((r, k) => {
      const [a, f] = [summarise(r.latencies), summarise(floorRounds[k]!.latencies)];
      return `${(a.p50 / f.p50).toFixed(2)}/${(a.p95 / f.p95).toFixed(2)}`;
    });
    const waits = (api.waits ?? 0) + (floorLoad.waits ?? 0);
    console.log(
      `${api.latencies.length} calls, ${api.errors} errors ${JSON.stringify(api.statuses)}; API/floor p50/p95 by round: ${perRound.join(' ')}` +
        (waits ? `; ${waits} waits for a person whose code was not yet taken (the load was lighter meanwhile)` : ''),
    );
    const a = summarise(api.latencies);
    return {
      scenario: name,
      key: 'sign_in',
      clients: CONCURRENCY,
      api: a,
      solo: summarise(solo.latencies),
      rps: a.n / api.seconds,
      errors: api.errors,
      statuses: api.statuses,
      sqlAlone: summarise(alone),
      sqlConc: summarise(conc),
      floor: summarise(floorLoad.latencies),
      statements: appStatements.flat().filter((s) => !/^(BEGIN|COMMIT)$/i.test(s.sql.trim())).length,
      requests: steps.flat().length,
    };
  } finally {
    await floor?.close();
    await retireSignInUsers(db);
  }
}

/** Open live streams: 20 bench users × 10 tabs, the most the server keeps per user. */
const LIVE_STREAMS = 200;

/** The server's heap after a full collection (the streams' workers have heaps of their own). */
const collect = (() => {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
})();
function heapNow(): number {
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

/** 200 open streams read in a worker thread (live-worker.mjs); `stop()` closes them and answers what they heard. */
async function openStreams(app: FastifyInstance, baseUrl: string, sessions: Session[]) {
  const worker = new Worker(new URL('./live-worker.mjs', import.meta.url), { workerData: { baseUrl, sessions, streams: LIVE_STREAMS } });
  const opened = await new Promise<{ open: number; statuses: Record<string, number> }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  if (opened.statuses['200'] !== LIVE_STREAMS || app.liveHub.size !== LIVE_STREAMS)
    throw new Error(`Live bench: ${JSON.stringify(opened.statuses)}, ${app.liveHub.size} streams held by the server.`);
  return {
    async stop(): Promise<{ changes: number; bytes: number }> {
      worker.postMessage('stop');
      const heard = await new Promise<{ changes: number; bytes: number }>((resolve) => worker.once('message', resolve));
      await worker.terminate();
      while (app.liveHub.size) await new Promise((resolve) => setTimeout(resolve, 20)); // the server has seen them close
      return heard;
    },
  };
}

/**
 * Live updates: the job list and the create scenario (each create a notice for every
 * stream that may hear it) without and with LIVE_STREAMS open streams, their p95 side by side, and
 * the server's heap and resident memory per stream. In two rounds, without-with then with-without
 * (each round's streams opened anew), so what drifts over the run (a growing table, PostgreSQL's
 * autovacuum after the creates) weighs on both sides alike; each side's p95 is of both its runs.
 */
async function benchLive(label: string, db: Db, app: FastifyInstance, baseUrl: string, sessions: Session[], variants: Record<ScenarioKey, Variant[]>) {
  process.stdout.write(`${label}: live streams: the job list and creates without and with ${LIVE_STREAMS} open streams, in two rounds ... `);
  const keys = ['search', 'create'] as const;
  const runs = { without: [] as LoadResult[], with: [] as LoadResult[] };
  const latencies = { without: new Map<string, number[]>(), with: new Map<string, number[]>() };
  const measure = async (side: 'without' | 'with') => {
    for (const [i, key] of keys.entries()) {
      // Each load that creates starts from no bench entries: four of them (`--duration 20`) filled
      // some (person, day) past 24 h, answered 422.
      if (key === 'create') await clearBenchEntries(db);
      const r = await runLoad(baseUrl, sessions, variants[key], 5000 + i);
      runs[side].push(r);
      latencies[side].set(key, [...(latencies[side].get(key) ?? []), ...r.latencies]);
    }
  };
  let memory = { heap: 0, rss: 0 };
  const heard = { changes: 0, bytes: 0 };
  const withStreams = async (first: boolean) => {
    const heapBefore = first ? heapNow() : 0;
    const rssBefore = process.memoryUsage().rss;
    const streams = await openStreams(app, baseUrl, sessions);
    if (first) memory = { heap: (heapNow() - heapBefore) / LIVE_STREAMS, rss: (process.memoryUsage().rss - rssBefore) / LIVE_STREAMS };
    await measure('with');
    const h = await streams.stop();
    heard.changes += h.changes;
    heard.bytes += h.bytes;
  };
  await measure('without');
  await withStreams(true);
  await withStreams(false);
  await measure('without');
  const failed = [...runs.without, ...runs.with].find((r) => r.errors);
  if (failed) throw new Error(`Live bench: errors ${JSON.stringify(failed.statuses)}.`);
  console.log('done');
  console.log(
    `\n${label}: ${LIVE_STREAMS} live streams (ms)\n  ${''.padEnd(34)} ${'p95 without'.padStart(12)} ${'p95 with'.padStart(10)} ${'with ÷ without'.padStart(15)}`,
  );
  const verdicts = [];
  for (const key of keys) {
    const a = summarise(latencies.without.get(key)!).p95;
    const b = summarise(latencies.with.get(key)!).p95;
    const name = key === 'search' ? 'job list, /jobs (searched)' : 'create time entry';
    console.log(`  ${name.padEnd(34)} ${ms(a).padStart(12)} ${ms(b).padStart(10)} ${`${(b / a).toFixed(3)}×`.padStart(15)}`);
    verdicts.push({ scenario: name, budget: `p95 with ${LIVE_STREAMS} streams ≤ 1.05× without`, measured: `${(b / a).toFixed(3)}×`, met: b / a <= 1.05 });
  }
  console.log(
    `  server memory per open stream: heap ${(memory.heap / 1024).toFixed(1)} KB, resident ${(memory.rss / 1024).toFixed(1)} KB; ` +
      `the streams heard ${heard.changes} changes (${(heard.bytes / 1024).toFixed(0)} KB) during the creates`,
  );
  console.log(`\n${label}: budgets`);
  for (const v of verdicts) printVerdict(v);
}

/** PDF clients while the job list is read (a few estimators downloading at once is a busy office). */
const PDF_CLIENTS = 2;

/**
 * Estimate PDFs: the bench's 200-item estimates (ensureBenchEstimates) downloaded as
 * PDFs by the estimators, one at a time (the render's own time, p50/p95) and by PDF_CLIENTS at
 * once while the job list is read by the usual clients; the job list's latencies with and without
 * that load, and the server's event-loop delay meanwhile (rendering runs in worker threads,
 * platform/documents/pdf-render.ts, so requests should not wait on it).
 */
async function benchPdf(label: string, db: Db, baseUrl: string, sessions: Session[], jobList: Variant[]) {
  const estimators = sessions.flatMap((s, i) => (s.role === 'admin' ? [i] : []));
  const pdfs: Variant[] = (await ensureBenchEstimates(db)).map((e, i) => ({
    session: estimators[i % estimators.length]!,
    steps: [[get(`/api/estimates/${e.id}/pdf`)]],
  }));
  process.stdout.write(
    `${label}: estimate PDFs (200 items): 1 client × ${SOLO_DURATION_MS / 1000} s, then the job list alone and with ${PDF_CLIENTS} PDF clients ... `,
  );
  // the workers started and each document module loaded, as on a server that has made a PDF before
  const warm = sessions[pdfs[0]!.session]!;
  await Promise.all(
    Array.from({ length: PDF_CLIENTS }, async () =>
      (await fetch(`${baseUrl}${pdfs[0]!.steps[0]![0]!.path}`, { headers: { cookie: warm.cookie } })).arrayBuffer(),
    ),
  );
  const solo = await runLoad(baseUrl, sessions, pdfs, 4001, 1, SOLO_DURATION_MS);
  // an invoice's PDF (docs/domain/billing.md, The invoice as a PDF): the bench's invoice with the most lines, one at a time
  const [big] = await db.query<{ id: number }>(
    'SELECT invoice_id AS id FROM invoice_lines WHERE deleted_at IS NULL GROUP BY invoice_id ORDER BY count(*) DESC, invoice_id LIMIT 1',
  );
  const invoiceSolo = big
    ? await runLoad(baseUrl, sessions, [{ session: estimators[0]!, steps: [[get(`/api/invoices/${big.id}/pdf`)]] }], 4005, 1, SOLO_DURATION_MS)
    : null;
  const loopAlone = monitorEventLoopDelay({ resolution: 10 });
  loopAlone.enable();
  const listAlone = await runLoad(baseUrl, sessions, jobList, 4002);
  loopAlone.disable();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const [listUnder, pdfUnder] = await Promise.all([runLoad(baseUrl, sessions, jobList, 4003), runLoad(baseUrl, sessions, pdfs, 4004, PDF_CLIENTS)]);
  loop.disable();
  const failed = [solo, listAlone, listUnder, pdfUnder, ...(invoiceSolo ? [invoiceSolo] : [])].find((r) => r.errors);
  if (failed) throw new Error(`PDF bench: errors ${JSON.stringify(failed.statuses)}.`);
  console.log('done');
  const line = (name: string, r: LoadResult) => {
    const x = summarise(r.latencies);
    return `  ${name.padEnd(44)} ${ms(x.p50).padStart(8)} ${ms(x.p95).padStart(8)} ${String(x.n).padStart(7)}`;
  };
  console.log(`\n${label}: estimate PDFs and the job list (ms)\n  ${''.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'calls'.padStart(7)}`);
  console.log(line('PDF of a 200-item estimate, 1 client', solo));
  if (invoiceSolo) console.log(line("PDF of the bench's longest invoice, 1 client", invoiceSolo));
  console.log(line(`PDF, ${PDF_CLIENTS} clients during the job list load`, pdfUnder));
  console.log(line(`job list, ${CONCURRENCY} clients, alone`, listAlone));
  console.log(line(`job list, ${CONCURRENCY} clients, with the PDF load`, listUnder));
  const delay = (h: ReturnType<typeof monitorEventLoopDelay>) => `p99 ${ms(h.percentile(99) / 1e6)} ms, max ${ms(h.max / 1e6)} ms`;
  console.log(`  event loop delay: job list alone ${delay(loopAlone)}; with the PDF load ${delay(loop)}`);
  // a 200-item estimate "well under a second"; rendering never stalls other requests
  // (the event loop no slower with the PDF load than without it, give or take a 10 ms tick)
  const render = summarise(solo.latencies);
  console.log(`\n${label}: budgets`);
  printVerdict({ scenario: 'estimate PDF', budget: '1 client p95 ≤ 500 ms', measured: `${ms(render.p95)} ms`, met: render.p95 <= 500 });
  const stall = loop.percentile(99) / 1e6;
  const unstalled = loopAlone.percentile(99) / 1e6 + 10;
  printVerdict({ scenario: 'estimate PDF', budget: 'event loop p99 with the PDF load ≤ alone + 10 ms', measured: `${ms(stall)} ms`, met: stall <= unstalled });
}

/** Estimators at work beside the job list's readers in the send scenario: one, sending an estimate after another. */
const SEND_CLIENTS = 1;

/**
 * Send to client while the job list is read: an estimator sending 200-item estimates one after
 * another (each: its PDF rendered in the pool, then the write: the approval link, the outbox's
 * message with the PDF attached, the estimate's Sent line), and the job list's 20 clients
 * meanwhile; against the job list alone and with the same estimator only downloading the same
 * estimate's PDF (the render without the write). The send renders before it writes
 * (platform/documents/render-then-write.ts), so on PGlite the one connection is not held while a
 * worker lays out pages: the sends should raise the list's p95 no more than the downloads do, and
 * within 10 % of the list alone. Three sides in two rounds (alone, PDF, send, send, PDF, alone), so
 * the machine's drift weighs on all alike; each side's p95 is of both its runs. The messages it
 * wrote and their links are removed after.
 */
async function benchSend(label: string, db: Db, baseUrl: string, sessions: Session[], jobList: Variant[]) {
  const estimators = sessions.flatMap((s, i) => (s.role === 'admin' ? [i] : []));
  const ids = await ensureBenchSendEstimates(db);
  const body = JSON.stringify({ to: ['client@bench.test'], message: 'Bench: our estimate, as we discussed.' });
  const sends: Variant[] = ids.map((id, i) => ({
    session: estimators[i % estimators.length]!,
    steps: [[{ method: 'POST', path: `/api/estimates/${id}/send`, body }]],
  }));
  const pdfs: Variant[] = ids.map((id, i) => ({ session: estimators[i % estimators.length]!, steps: [[get(`/api/estimates/${id}/pdf`)]] }));
  const [mark] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM mail_outbox');
  process.stdout.write(
    `${label}: send a 200-item estimate while ${CONCURRENCY} clients read the job list: the list alone, with ${SEND_CLIENTS} client downloading the PDF, with ${SEND_CLIENTS} sending it, in two rounds ... `,
  );
  // the workers started and both paths' code compiled, as on a server that has sent before
  await runLoad(baseUrl, sessions, sends, 6000, 1, 1500, 0);
  await runLoad(baseUrl, sessions, pdfs, 6001, 1, 1500, 0);
  type Side = 'alone' | 'pdf' | 'send';
  const list = { alone: [] as number[], pdf: [] as number[], send: [] as number[] };
  const side = { pdf: [] as number[], send: [] as number[] };
  const loopP99 = { alone: [] as number[], pdf: [] as number[], send: [] as number[] };
  const failures: LoadResult[] = [];
  let round = 0;
  for (const which of ['alone', 'pdf', 'send', 'send', 'pdf', 'alone'] as Side[]) {
    const seed = 6100 + 10 * round++;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const [l, extra] = await Promise.all([
      runLoad(baseUrl, sessions, jobList, seed),
      which === 'alone' ? undefined : runLoad(baseUrl, sessions, which === 'send' ? sends : pdfs, seed + 1, SEND_CLIENTS),
    ]);
    loop.disable();
    list[which].push(...l.latencies);
    if (extra) side[which as 'pdf' | 'send'].push(...extra.latencies);
    loopP99[which].push(loop.percentile(99) / 1e6);
    failures.push(...[l, extra].filter((r): r is LoadResult => Boolean(r?.errors)));
  }
  const [made] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE id > $1 AND kind = 'estimate_to_client' AND resource = 'estimates' AND record_id = ANY($2::int[])`,
    [mark!.id, `{${ids.join(',')}}`],
  );
  await db.query(`DELETE FROM mail_outbox WHERE id > $1 AND resource = 'estimates' AND record_id = ANY($2::int[])`, [mark!.id, `{${ids.join(',')}}`]);
  await db.query('DELETE FROM estimate_approvals WHERE estimate_id = ANY($1::int[])', [`{${ids.join(',')}}`]);
  if (failures.length) throw new Error(`Send bench: errors ${JSON.stringify(failures.map((f) => f.statuses))}.`);
  console.log('done');
  const row = (name: string, xs: number[], loop?: number[]) => {
    const x = summarise(xs);
    const p99 = loop ? `${ms(Math.max(...loop))}`.padStart(14) : '';
    return `  ${name.padEnd(52)} ${ms(x.p50).padStart(8)} ${ms(x.p95).padStart(8)} ${String(x.n).padStart(7)}${p99}`;
  };
  console.log(
    `\n${label}: send a 200-item estimate while ${CONCURRENCY} clients read the job list (ms)\n  ${''.padEnd(52)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'calls'.padStart(7)} ${'loop p99 max'.padStart(13)}`,
  );
  console.log(row(`job list, ${CONCURRENCY} clients, alone`, list.alone, loopP99.alone));
  console.log(row(`job list, with ${SEND_CLIENTS} client downloading the PDF`, list.pdf, loopP99.pdf));
  console.log(row(`job list, with ${SEND_CLIENTS} client sending the estimate`, list.send, loopP99.send));
  console.log(row(`  the PDF downloads (${SEND_CLIENTS} client)`, side.pdf));
  console.log(row(`  the sends: PDF, link, outbox (${SEND_CLIENTS} client)`, side.send));
  const p95 = { alone: summarise(list.alone).p95, pdf: summarise(list.pdf).p95, send: summarise(list.send).p95 };
  console.log(
    `  the list's p95: with the sends ÷ alone ${(p95.send / p95.alone).toFixed(3)}×, with the PDF downloads ÷ alone ${(p95.pdf / p95.alone).toFixed(3)}×, ` +
      `with the sends ÷ with the downloads ${(p95.send / p95.pdf).toFixed(3)}×; ${made!.n} messages written (removed after)`,
  );
  console.log(`\n${label}: budgets`);
  printVerdict({
    scenario: 'send while the job list is read',
    budget: "the list's p95 with the sends ≤ 1.10× alone",
    measured: `${(p95.send / p95.alone).toFixed(3)}×`,
    met: p95.send <= 1.1 * p95.alone,
  });
  printVerdict({
    scenario: 'send while the job list is read',
    budget: "the sends raise the list's p95 no more than the PDF downloads do",
    measured: `${ms(p95.send)} ms with the sends, ${ms(p95.pdf)} ms with the downloads`,
    met: p95.send <= p95.pdf,
  });
}

function printTable(label: string, rows: Row[], loadInfo: { loadSeconds: number | null; reused: boolean }) {
  const header = [
    'scenario',
    'clients',
    'p50 ms',
    'p95 ms',
    'calls/s',
    'errors',
    '1 client p50',
    '1 client p95',
    'HTTP reqs',
    'SQL stmts',
    'SQL p50',
    'SQL p95',
    'SQL@N p50',
    'SQL@N p95',
    'SQL runs',
    'API/SQL p50',
    'API/SQL p95',
    'floor p50',
    'floor/SQL p50',
    'API/floor p50',
    'API/floor p95',
  ];
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  const body = rows.map((r) => [
    r.scenario,
    String(r.clients),
    ms(r.api.p50),
    ms(r.api.p95),
    r.rps.toFixed(0),
    String(r.errors),
    ms(r.solo.p50),
    ms(r.solo.p95),
    String(r.requests),
    String(Math.round(r.statements * 10) / 10),
    ms(r.sqlAlone.p50),
    ms(r.sqlAlone.p95),
    ms(r.sqlConc.p50),
    ms(r.sqlConc.p95),
    `${r.sqlAlone.n}/${r.sqlConc.n}`,
    x(r.api.p50, r.sqlConc.p50),
    x(r.api.p95, r.sqlConc.p95),
    ms(r.floor.p50),
    x(r.floor.p50, r.sqlConc.p50),
    x(r.api.p50, r.floor.p50),
    x(r.api.p95, r.floor.p95),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(
    `\n${label} — ${scaleName} scale, ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per scenario` +
      (loadInfo.loadSeconds != null ? `, data generated in ${loadInfo.loadSeconds.toFixed(1)} s` : ''),
  );
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log(
    `SQL = the statements the engine issued for the same call (captured at the driver), replayed through db.query: alone (one at a time, up to ${SQL_RUNS} runs or ${SQL_BUDGET_MS / 1000} s) and N at a time, N the scenario's clients (as the API: ${DURATION_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up) (SQL runs: alone/concurrent). ` +
      `API/SQL compares the API with the SQL at the same concurrency. The API also reads the session and the user on every request. ` +
      `floor = a bare node:http server answering each request by the same statements, rows as JSON, compressed as the app does, under the same load: floor/SQL is what HTTP costs any Node server here, API/floor what our stack adds. ` +
      `1 client = the API with one client at a time for ${SOLO_DURATION_MS / 1000} s.`,
  );
  printBudgets(label, rows);
}

/** docs/platform.md, Budgets, checked against this run: one line per budget and scenario. */
function printBudgets(label: string, rows: Row[]) {
  const postgres = label === 'PostgreSQL';
  const checks: { scenario: string; budget: string; measured: string; met: boolean }[] = [];
  const x = (a: number, b: number) => a / b;
  for (const r of rows) {
    const check = (budget: string, value: number, limit: number, unit: string) =>
      checks.push({ scenario: r.scenario, budget, measured: unit === '×' ? `${value.toFixed(2)}×` : `${ms(value)} ms`, met: value <= limit });
    check('API/floor p50 ≤ 1.25×', x(r.api.p50, r.floor.p50), 1.25, '×');
    check('API/floor p95 ≤ 1.25×', x(r.api.p95, r.floor.p95), 1.25, '×');
    if (!DOCUMENTS.has(r.key) && r.key !== 'sign_in') {
      check('API/SQL p50 ≤ 1.5×', x(r.api.p50, r.sqlConc.p50), 1.5, '×');
      check('API/SQL p95 ≤ 1.5×', x(r.api.p95, r.sqlConc.p95), 1.5, '×');
    }
    checks.push({ scenario: r.scenario, budget: `no error at ${r.clients} clients`, measured: String(r.errors), met: r.errors === 0 });
    for (const b of soloBudgets(r.key, postgres)) check(b.budget, r.solo.p95, b.limit, 'ms');
  }
  console.log(`\n${label}: budgets (docs/platform.md)`);
  for (const c of checks) printVerdict(c);
}

/**
 * For each scenario whose one client missed its budget: each statement of its variants timed
 * alone, and `EXPLAIN (ANALYZE, BUFFERS)` of the slowest (what to index or rewrite).
 */
async function explainMisses(label: string, db: Db, rows: Row[], captured: Record<ScenarioKey, CapturedVariant[]>) {
  for (const r of rows) {
    const missed = soloBudgets(r.key, db.kind === 'postgres').filter((b) => r.solo.p95 > b.limit);
    if (!missed.length || r.key === 'sign_in') continue;
    // A statement the app ran in a transaction runs in one here too, after the settings it made
    // there (a report's `SET LOCAL jit = off`), so its time and plan are the app's.
    const candidates: { statement: Captured; setup: Captured[] }[] = [];
    for (const request of captured[r.key].flatMap((v) => v.captured.flat())) {
      const setup: Captured[] = [];
      for (const st of request) {
        if (st.tx && /^\s*SET\b/i.test(st.sql)) setup.push(st);
        else if (/^\s*(SELECT|WITH)\b/i.test(st.sql)) candidates.push({ statement: st, setup: st.tx ? [...setup] : [] });
      }
    }
    const run = (c: (typeof candidates)[number], sql: string) =>
      db.transaction(async (tx) => {
        for (const s of c.setup) await tx.query(s.sql, s.params);
        return tx.query<Record<string, string>>(sql, c.statement.params, sql === c.statement.sql ? c.statement.options : undefined);
      });
    let worst: { ms: number; candidate: (typeof candidates)[number] } | undefined;
    for (const c of candidates) {
      // the quickest of three runs: one run on a busy machine can take a stall for the statement's own time
      let took = Infinity;
      for (let k = 0; k < 3; k++) {
        const t = performance.now();
        await run(c, c.statement.sql);
        took = Math.min(took, performance.now() - t);
      }
      if (!worst || took > worst.ms) worst = { ms: took, candidate: c };
    }
    if (!worst) continue;
    const plan = await run(worst.candidate, `EXPLAIN (ANALYZE, BUFFERS) ${worst.candidate.statement.sql}`);
    console.log(
      `\n${label}: ${r.scenario} missed ${missed.map((b) => b.budget).join(', ')} (${ms(r.solo.p95)} ms); its slowest statement (${ms(worst.ms)} ms alone, the quickest of 3 runs):\n` +
        `-- ${worst.candidate.setup.map((x) => `${x.sql}; `).join('')}${worst.candidate.statement.sql.replace(/\s+/g, ' ').slice(0, 400)}\n${plan.map((p) => Object.values(p)[0]).join('\n')}`,
    );
  }
}

/** The one-client budgets of a scenario on this database (docs/platform.md, Budgets). */
function soloBudgets(key: BenchKey, postgres: boolean): { budget: string; limit: number }[] {
  if (key === 'search') return [{ budget: `1 client p95 ≤ ${postgres ? 20 : 50} ms (searched job list)`, limit: postgres ? 20 : 50 }];
  if (DOCUMENTS.has(key)) return [{ budget: '1 client p95 ≤ 500 ms (a document)', limit: 500 }];
  if (!postgres) return [];
  if (LIST_OR_DETAIL.has(key)) return [{ budget: '1 client p95 ≤ 50 ms (list or detail)', limit: 50 }];
  if (REPORTS.has(key)) return [{ budget: '1 client p95 ≤ 250 ms (report)', limit: 250 }];
  return [];
}

/** One budget's line: met or NOT MET, what, its limit, and the measure. */
function printVerdict(c: { scenario: string; budget: string; measured: string; met: boolean }) {
  console.log(`  ${c.met ? 'met    ' : 'NOT MET'}  ${c.scenario}: ${c.budget}: ${c.measured}`);
}

/** A cached bench database is stale when the migrations change (new indexes, columns). */
function schemaHash(): string {
  const migrations = path.resolve(ROOT, '../packages/server/src/db/migrations');
  const hash = crypto.createHash('sha1');
  for (const f of fs
    .readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(fs.readFileSync(path.join(migrations, f)));
  return hash.digest('hex').slice(0, 8);
}

async function main() {
  const results: Record<string, Row[]> = {};
  if (!args['skip-pglite']) {
    const dir = path.join(ROOT, '.data', `pglite-${scaleName}-v${DATA_VERSION}-${schemaHash()}`);
    const marker = path.join(dir, 'bench-ready.json');
    if (fs.existsSync(dir) && !fs.existsSync(marker)) fs.rmSync(dir, { recursive: true, force: true }); // an interrupted build
    const rec = new Recorder();
    const db = await openBenchDb('pglite', dir, rec);
    try {
      const info = await ensureData(db, 'PGlite', marker);
      if (info.reused && info.loadSeconds != null) console.log(`PGlite: reusing ${dir} (generated earlier in ${info.loadSeconds.toFixed(1)} s).`);
      results.pglite = await benchDatabase('PGlite', db, rec, info);
    } finally {
      await db.close();
    }
  }
  const url = process.env.DATABASE_URL;
  if (url) {
    const host = new URL(url).hostname;
    if (!['127.0.0.1', 'localhost', '::1', '[::1]', ''].includes(host))
      console.warn(`Note: DATABASE_URL points at ${host}; the load itself only targets the in-process app on 127.0.0.1.`);
    const rec = new Recorder();
    const db = await openBenchDb('postgres', url, rec);
    try {
      const info = await ensureData(db, 'PostgreSQL');
      results.postgres = await benchDatabase('PostgreSQL', db, rec, info);
    } finally {
      await db.close();
    }
  }
  // One file per scale; each database's latest run replaces only its own entry.
  fs.mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  const file = path.join(ROOT, '.data', `results-${scaleName}.json`);
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const at = new Date().toISOString();
  for (const [kind, rows] of Object.entries(results)) previous[kind] = { at, concurrency: CONCURRENCY, durationMs: DURATION_MS, rows };
  fs.writeFileSync(file, JSON.stringify(previous, null, 2));
}

installServerResources();
await main();
// A finished run ends here: a worker thread left behind (the PDF pool, a load worker) must not keep it waiting.
process.exit(process.exitCode ?? 0);
