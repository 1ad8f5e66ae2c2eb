/**
 * `npm run soak [-- --clients 20 --minutes 10 --scale small]`: the bench's mixed scenarios
 * (scenarios.ts: the job list and its searches, a job with its relations, the job page on a phone,
 * creating time entries, the inventory page, suggested orders) from N clients for M minutes
 * against the real server (`npm run serve`, a child process) on PGlite, or on PostgreSQL when
 * DATABASE_URL is set (a throwaway database: the run adds users and time entries). Every minute it
 * prints throughput, p50/p95, errors and the server's memory (read from its GET /metrics); at the
 * end, the totals and memory at the end against memory after the first minute.
 *
 * Not part of `npm test`. Data: the demo generator at `--scale` (small: 2k jobs), into a fresh
 * DATA_DIR under the system's temp folder (removed after), or into the PostgreSQL database when
 * it has no jobs yet.
 */
import crypto from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { SCALES, generateDemoData, type ScaleName } from '../packages/server/src/cli/demo-data.ts';
import { installServerResources } from '../packages/server/src/areas/registry.ts';
import { openReadyDb } from '../packages/server/src/runtime.ts';
import { BENCH_TODAY, ensureUsers, login, scenarioVariants, type Session, type Variant } from './scenarios.ts';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    minutes: { type: 'string', default: '10' },
    scale: { type: 'string', default: 'small' },
    port: { type: 'string', default: '3297' },
  },
});
const CLIENTS = Math.max(1, Math.min(200, Number(args.clients)));
const MINUTES = Math.max(1, Math.min(24 * 60, Number(args.minutes)));
const scaleName = args.scale as ScaleName;
if (!(scaleName in SCALES)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(', ')} (got ${args.scale}).`);
const PORT = Number(args.port);
const ROOT = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL || undefined;

interface LoadResult {
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

/**
 * The variants of one minute. The bench's time entries are one (person, day) each, a quarter hour,
 * so a 10-second run never fills a day; posted for minutes on end a day would pass the 24 hours a
 * person's day may hold (a 422 each after that). Each minute moves them to days of its own.
 */
function variantsOfMinute(variants: Variant[], minute: number): Variant[] {
  const isEntry = (r: Variant['steps'][number][number]) => r.method === 'POST' && r.path === '/api/time_entries' && r.body;
  const days = variants.flatMap((v) =>
    v.steps
      .flat()
      .filter(isEntry)
      .map((r) => Date.parse((JSON.parse(r.body!) as { date: string }).date)),
  );
  if (!days.length) return variants;
  const span = Math.round((Math.max(...days) - Math.min(...days)) / 86_400_000) + 1;
  const shift = (date: string) => new Date(Date.parse(date) + (minute - 1) * span * 86_400_000).toISOString().slice(0, 10);
  return variants.map((v) => ({
    ...v,
    steps: v.steps.map((step) =>
      step.map((r) =>
        isEntry(r) ? { ...r, body: JSON.stringify({ ...(JSON.parse(r.body!) as object), date: shift((JSON.parse(r.body!) as { date: string }).date) }) } : r,
      ),
    ),
  }));
}

function runMinute(baseUrl: string, sessions: Session[], variants: Variant[], seed: number): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
      workerData: { baseUrl, sessions, variants, concurrency: CLIENTS, durationMs: 60_000, warmupMs: 0, seed },
    });
    worker.once('message', (m: LoadResult) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with ${code}`)));
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The server's memory, from its own GET /metrics (METRICS_ALLOW lets this process read it). */
async function serverMemory(baseUrl: string): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const value = (name: string) => Number(text.match(new RegExp(`^${name} (\\S+)`, 'm'))?.[1] ?? NaN);
  return { rss: value('process_resident_memory_bytes'), heap: value('nodejs_heap_size_used_bytes') };
}

async function waitForServer(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before answering.`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('The server did not answer /health within 2 minutes.');
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-soak-'));
  const label = databaseUrl ? 'PostgreSQL' : 'PGlite';
  let child: ChildProcess | undefined;
  try {
    // The data and the users, then the variants; the database is closed again before the server
    // opens it (PGlite allows one process).
    const db = await openReadyDb({ databaseUrl, dataDir });
    let users;
    let variants: Variant[];
    let sessions: Session[];
    let password: string;
    try {
      const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE is_template = false');
      if ((row?.n ?? 0) === 0) {
        console.log(`${label}: generating the ${scaleName} data set...`);
        const result = await generateDemoData(db, SCALES[scaleName], { seed: 20260142, today: BENCH_TODAY });
        console.log(`${label}: generated in ${result.seconds.toFixed(1)} s.`);
      } else console.log(`${label}: ${row!.n} jobs already there, reusing them.`);
      ({ users, password } = await ensureUsers(db));
      // Sessions are made once the server runs; the variants only need who is who.
      sessions = users.map((u) => ({ cookie: '', xsrf: '', userId: u.id, role: u.role }));
      variants = Object.values(await scenarioVariants(db, sessions)).flat();
    } finally {
      await db.close();
    }

    const baseUrl = `http://127.0.0.1:${PORT}`;
    child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'packages/server/src/cli/main.ts'), 'serve'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        METRICS_ALLOW: '127.0.0.1',
        SESSION_SECRET: crypto.randomBytes(48).toString('base64url'),
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitForServer(baseUrl, child);
    sessions = [];
    for (const u of users) sessions.push(await login(baseUrl, u, password));
    console.log(
      `${label}: the server (pid ${child.pid}) on ${baseUrl}; ${CLIENTS} clients for ${MINUTES} min of ${variants.length} mixed calls; memory at start ${mb((await serverMemory(baseUrl)).rss)} resident.`,
    );
    console.log('| minute | calls/s | p50 ms | p95 ms | errors | statuses | server RSS | server heap used |');
    console.log('|---:|---:|---:|---:|---:|---|---:|---:|');

    const all: number[] = [];
    let errors = 0;
    let calls = 0;
    let seconds = 0;
    let afterFirst: number | undefined;
    let last = 0;
    for (let minute = 1; minute <= MINUTES; minute++) {
      const r = await runMinute(baseUrl, sessions, variantsOfMinute(variants, minute), minute);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const mem = await serverMemory(baseUrl);
      afterFirst ??= mem.rss;
      last = mem.rss;
      all.push(...r.latencies);
      errors += r.errors;
      calls += r.latencies.length;
      seconds += r.seconds;
      console.log(
        `| ${minute} | ${(r.latencies.length / r.seconds).toFixed(0)} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${r.errors} | ${JSON.stringify(r.statuses)} | ${mb(mem.rss)} | ${mb(mem.heap)} |`,
      );
    }
    const sorted = all.sort((a, b) => a - b);
    const growth = afterFirst ? ((last - afterFirst) / afterFirst) * 100 : NaN;
    console.log(
      `\n${label}: ${calls} calls in ${seconds.toFixed(0)} s (${(calls / seconds).toFixed(0)}/s), p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
        `${errors} errors; server memory ${mb(afterFirst ?? NaN)} after the first minute, ${mb(last)} at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %).`,
    );
    console.log(
      `Goal: 0 errors: ${errors === 0 ? 'met' : 'NOT MET'}; memory at the end within 10 % of after the first minute: ${Math.abs(growth) <= 10 ? 'met' : 'NOT MET'}.`,
    );
    process.exitCode = errors === 0 ? 0 : 1;
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

installServerResources();
await main();
