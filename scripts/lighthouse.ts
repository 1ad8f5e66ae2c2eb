/**
 * `npm run lighthouse`: Lighthouse (mobile preset) on `/welcome` and on `/` signed in, against the
 * built app served on a fresh temporary database, in the Debian Chromium. Prints the scores
 * (performance, accessibility, best practices) of each run and the first screen's JS/CSS weights.
 * Not part of `npm test`: the performance score depends on how busy the machine is.
 *
 *   npm run lighthouse                 build, then 2 runs of each page
 *   npm run lighthouse -- --runs 3 --no-build
 *   npm run lighthouse -- --no-build --dist /tmp/old-dist   measures another build
 *   npm run lighthouse -- --save /tmp/lh    also writes each run's full report (JSON, with the trace's audits)
 *   npm run lighthouse -- --routes /welcome  one page only
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstScreenWeight, kb } from './first-screen-weight.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '2' },
    'no-build': { type: 'boolean', default: false },
    port: { type: 'string', default: '3290' },
    save: { type: 'string' },
    dist: { type: 'string' },
    routes: { type: 'string', default: '/welcome,/' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
// --dist: another build to measure (e.g. a copy of the previous one, to compare in the same conditions).
const dist = args.dist ? path.resolve(args.dist) : path.join(root, 'packages/web/dist');
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
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

/** Creates the first admin through the API; returns the session's Cookie header. */
async function createAdmin(): Promise<string> {
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
  const res = await fetch(`${base}/api/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ ...ADMIN, password_confirmation: ADMIN.password }),
  });
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${await res.text()}`);
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
  return {
    metrics,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    jsTransfer: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    failing,
  };
}

async function main() {
  if (!args['no-build']) await run('npm', ['run', 'build']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-lighthouse-'));
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['packages/server/src/cli/main.ts', 'serve'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: dist, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  });
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    await waitForHealth();
    const cookie = await createAdmin();
    chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
    for (const route of args.routes.split(',')) {
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
  } finally {
    await chrome?.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
