/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on `/welcome` and on `/` signed in, against the
 * built app served on a fresh temporary database, in the Debian Chromium. Prints the scores
 * (performance, accessibility, best practices) of each run and the first screen's JS/CSS weights.
 * Not part of `npm test`: the performance score depends on how busy the machine is.
 *
 * With `--screens`, the screens a shop works in instead, on the demo company's data
 * (scripts/lighthouse-data.ts: `seed:demo` plus a 200-item estimate with a 50 × 40 takeoff),
 * signed in as the demo's manager: the jobs list, a job page with products, the 200-item estimate,
 * its takeoff, the schedule, a crew's time-card week, To Fabricate and a purchase order. Each run
 * prints the performance score, LCP and the element Lighthouse took as the largest paint, TBT, CLS
 * and the JS fetched, and the screen's JS from the build manifest (deterministic: what the route's
 * chunks import statically, beyond the first screen's).
 *
 *   npm run lighthouse                 build, then 2 runs of each page
 *   npm run lighthouse -- --runs 3 --no-build
 *   npm run lighthouse -- --no-build --dist /tmp/old-dist   measures another build
 *   npm run lighthouse -- --save /tmp/lh    also writes each run's full report (JSON, with the trace's audits)
 *   npm run lighthouse -- --routes /welcome  one page only
 *   npm run lighthouse -- --screens all     the eight working screens on the demo's data, as the manager
 *   npm run lighthouse -- --screens estimate,takeoff --runs 1   some of them (names: see SCREENS)
 *   npm run lighthouse -- --screens all --routes /   and `/` too, as the manager on the demo's data
 *   npm run lighthouse -- --inp --no-build    INP of the repeated interactions on the same data (scripts/inp.ts)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstScreenWeight, kb, screenWeight } from './first-screen-weight.ts';
import { measureInp } from './inp.ts';
import type { ScreenRecords } from './lighthouse-data.ts';
import { DEMO_LOGINS } from '../packages/server/src/cli/seed-demo.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '3290' },
    save: { type: 'string' },
    dist: { type: 'string' },
    routes: { type: 'string' },
    screens: { type: 'string' },
    inp: { type: 'boolean', default: false },
  },
});
const root = path.resolve(import.meta.dirname, '..');
// --dist: another build to measure (e.g. a copy of the previous one, to compare in the same conditions).
const dist = args.dist ? path.resolve(args.dist) : path.join(root, 'packages/web/dist');
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
/** The working screens `--screens` measures, each its address on the measurement's data. */
const SCREENS: Record<string, (r: ScreenRecords) => string> = {
  jobs: () => '/jobs',
  job: (r) => `/jobs/${r.jobId}`,
  estimate: (r) => `/estimates/${r.estimateId}`,
  takeoff: (r) => `/estimates/${r.estimateId}/takeoff`,
  schedule: () => '/schedule',
  'time-cards': (r) => `/time_cards?view=crew&week=${r.busyDay}`,
  'to-fabricate': () => '/lists/products/is_fabricated',
  'purchase-order': (r) => `/purchase_orders/${r.purchaseOrderId}`,
};
const screenNames = args.screens === 'all' ? Object.keys(SCREENS) : (args.screens?.split(',').filter(Boolean) ?? []);
for (const name of screenNames) if (!SCREENS[name]) throw new Error(`--screens: no screen ${name} (${Object.keys(SCREENS).join(', ')}, or all)`);
const onDemoData = screenNames.length > 0 || args.inp;
const routes = (args.routes ?? (onDemoData ? '' : '/welcome,/')).split(',').filter(Boolean);
const ADMIN = { name: 'Lighthouse Admin', email: 'lighthouse@glazier.test', password: 'lighthouse-pass-1' };
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function run(cmd: string, argv: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${argv.join(' ')} exited with ${code}`))));
  });
}

async function waitForHealth() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

/**
 * Signs in through the API (`POST /login` with the demo's manager when `as` is given, else creates
 * the first admin by the first-run setup); returns the session's Cookie header.
 */
async function signIn(as?: { email: string; password: string }): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const res = await fetch(`${base}${as ? '/login' : '/api/setup'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify(as ? { email: as.email, password: as.password } : { ...ADMIN, password_confirmation: ADMIN.password }),
  });
  if (!res.ok) throw new Error(`${as ? 'login' : 'setup'} failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  jsTransfer: number;
  failing: string[];
  metrics: string;
  /** The element Lighthouse took as the largest paint: its label and selector. */
  lcpElement: string;
}

async function audit(chromePort: number, url: string, cookie?: string, retry = true): Promise<Scores> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    extraHeaders: cookie ? { Cookie: cookie } : null,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  // A trace Chrome failed to record (NO_NAVSTART, now and then on a fresh browser) is not a score.
  if (result.lhr.runtimeError && retry) {
    console.log(`    (run not scored: ${result.lhr.runtimeError.code}; running it again)`);
    return audit(chromePort, url, cookie, false);
  }
  if (args.save) {
    fs.mkdirSync(args.save, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(args.save, name), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const requests = (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const failing = ['accessibility', 'best-practices'].flatMap((c) =>
    (categories[c]?.auditRefs ?? []).filter((r) => r.weight > 0 && (audits[r.id]?.score ?? 1) < 1).map((r) => `${c}: ${r.id}`),
  );
  const metric = (id: string, short: string) => `${short} ${audits[id]?.displayValue ?? '?'}`;
  const metrics = [
    metric('first-contentful-paint', 'FCP'),
    metric('largest-contentful-paint', 'LCP'),
    metric('total-blocking-time', 'TBT'),
    metric('cumulative-layout-shift', 'CLS'),
    metric('speed-index', 'SI'),
  ].join(', ');
  for (const id of failing.map((f) => f.split(': ')[1]!)) {
    const items = (audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    for (const item of items.slice(0, 3)) failing.push(`  ${id}: ${JSON.stringify(item).slice(0, 200)}`);
  }
  const lcpNode = (
    audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } | undefined
  )?.items?.[0]?.items?.[0]?.node;
  return {
    metrics,
    lcpElement: lcpNode ? `"${(lcpNode.nodeLabel ?? '').slice(0, 60)}" (${lcpNode.selector ?? '?'})` : 'none',
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    jsTransfer: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    failing,
  };
}

/** The demo company and the measurement's big estimate, in DATA_DIR before the server opens it (scripts/lighthouse-data.ts). */
async function seedScreensData(dataDir: string): Promise<ScreenRecords> {
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/lighthouse-data.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`scripts/lighthouse-data.ts exited with ${code}`))));
  });
  const records = JSON.parse(out.trim().split('\n').at(-1)!) as ScreenRecords;
  console.log(
    `Measurement data: the demo company, job ${records.jobId} (${records.jobProducts} products), estimate ${records.estimateId} (200 items, takeoff 50 × 40), purchase order ${records.purchaseOrderId}, the crew's week of ${records.busyDay}.`,
  );
  return records;
}

async function main() {
  if (!args['no-build']) await run('npm', ['run', 'build']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-lighthouse-'));
  const records = onDemoData ? await seedScreensData(dataDir) : null;
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['packages/server/src/cli/main.ts', 'serve'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForHealth();
    const cookie = await signIn(records ? DEMO_LOGINS.find((l) => l.role === 'manager') : undefined);
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    for (const route of routes) {
      const w = firstScreenWeight(dist, route);
      console.log(`\n${route}: first-screen JS ${kb(w.js)} gzipped, CSS ${kb(w.css)} gzipped (from the build manifest)`);
      for (let i = 1; i <= Number(args.runs); i++) {
        const s = await audit(chrome.port, `${base}${route}`, route === '/' ? cookie : undefined);
        console.log(
          `  run ${i}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}; JS transferred ${kb(s.jsTransfer)}\n    ${s.metrics}` +
            (s.failing.length ? `\n    not passing: ${s.failing.join('\n      ')}` : ''),
        );
      }
    }
    const table: string[] = [];
    for (const name of screenNames) {
      const address = SCREENS[name]!(records!);
      const w = screenWeight(dist, name);
      console.log(`\n${name} (${address}): the screen's JS ${kb(w.js)} gzipped beyond the first screen's, CSS ${kb(w.css)} (from the build manifest)`);
      for (let i = 1; i <= Number(args.runs); i++) {
        const s = await audit(chrome.port, `${base}${address}`, cookie);
        console.log(`  run ${i}: performance ${s.performance}; JS fetched ${kb(s.jsTransfer)}\n    ${s.metrics}\n    largest paint: ${s.lcpElement}`);
        table.push(
          `| ${name} | ${s.performance} | ${s.metrics.replace(/^FCP [^,]*, /, '').replace(/, SI .*$/, '')} | ${s.lcpElement} | ${kb(s.jsTransfer)} | ${kb(w.js)} |`,
        );
      }
    }
    if (table.length)
      console.log(
        ['\n| screen | performance | LCP, TBT, CLS | largest paint | JS fetched | screen JS (manifest) |', '|---|---:|---|---|---:|---:|', ...table].join('\n'),
      );
    if (args.inp) {
      console.log("\nINP (a phone's size, the CPU 4× slower; web-vitals):");
      const inp = await measureInp(base, cookie, records!, Number(args.runs));
      console.log(
        [
          '\n| interaction | INP per run |',
          '|---|---|',
          ...[...inp].map(([name, v]) => `| ${name} | ${v.map((x) => (x == null ? '< 40 ms' : `${Math.round(x)} ms`)).join(', ')} |`),
        ].join('\n'),
      );
    }
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
