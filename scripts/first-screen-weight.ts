/**
 * What the first screen after login (`/`) and the welcome page (`/welcome`) load, from the build's
 * manifest (packages/web/dist/.vite/manifest.json): the entry with its static imports and the
 * chunks index.html preloads, plus the route's lazy chunk with its static imports. Sizes are of
 * the gzip files the server sends. And what a working screen's deep link loads beyond that
 * (`screenWeight`): its route's chunks with their static imports, and the styles every
 * lazy screen waits for (ui/all-styles.ts).
 * Deterministic (no browser, no timing), so a test can hold the budget (docs/platform.md, Budgets).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIRST_SCREEN_JS_BUDGET = 170_000; // bytes of gzipped JS (docs/platform.md, Budgets: ≤ 170 KB)
/** The render-blocking stylesheet: only the first screens' Mantine styles (ui/first-screen-styles.ts). */
export const FIRST_SCREEN_CSS_BUDGET = 15_000; // bytes of gzipped CSS

/** The source module of each measured route's screen (see packages/web/src/app/router.tsx). */
export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/home-page.tsx',
  '/welcome': 'src/app/welcome-page.tsx',
};

/**
 * The modules of each working screen `npm run lighthouse -- --screens` measures (scripts/lighthouse.ts
 * SCREENS): what its route imports (features/<area>/<area>-feature.ts), and what that imports lazily
 * at once (the schedule's route module, then its calendar page).
 */
export const SCREEN_MODULES: Record<string, string[]> = {
  jobs: ['src/features/jobs/jobs-page.tsx'],
  job: ['src/features/jobs/job-page.tsx'],
  estimate: ['src/features/estimating/estimate-page.tsx'],
  takeoff: ['src/features/estimating/takeoff-page.tsx'],
  schedule: ['src/features/schedule/schedule-route.tsx', 'src/features/schedule/schedule-page.tsx'],
  'time-cards': ['src/features/time/time-cards-page.tsx'],
  'to-fabricate': ['src/features/shop-floor/to-do-list-page.tsx'],
  'purchase-order': ['src/features/purchasing/purchase-order-page.tsx'],
};
const ALL_STYLES = 'src/ui/all-styles.ts';

/**
 * Each working screen's JS beyond the first screen's (gzipped bytes, `screenWeight`): what the
 * screen weighed when its dialogs were made to load when opened and zod was taken off its first
 * render (a screen calls actions by their routes, shared/actions/routes.ts), with 3–4 KB to spare,
 * so a static import of a dialog, a form, a date picker or an action's declaration into a screen
 * shows as over budget (e2e/first-screen.spec.ts).
 */
export const SCREEN_JS_BUDGETS: Record<keyof typeof SCREEN_MODULES, number> = {
  jobs: 92_000,
  job: 115_000,
  estimate: 116_000,
  takeoff: 41_000,
  schedule: 119_000,
  'time-cards': 99_000,
  'to-fabricate': 77_000,
  'purchase-order': 98_000,
};

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface Weight {
  route: string;
  js: number;
  css: number;
  files: { file: string; gzip: number }[];
}

export function gzipSize(dist: string, file: string): number {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

/** The app's code as index.html names it (`#app-code`, vite.config.ts startAfterFirstPaint): its entry and the modules it preloads. */
export function appCode(html: string): { entry: string; preload: string[] } {
  const json = /<script type="application\/json" id="app-code">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('index.html does not name its code (#app-code)');
  return JSON.parse(json) as { entry: string; preload: string[] };
}

type Manifest = Record<string, ManifestChunk>;

const readManifest = (dist: string) => JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;

/** Adds a chunk and everything it imports statically to `seen`. */
function visitChunk(manifest: Manifest, seen: Set<string>, key: string) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const k of manifest[key]?.imports ?? []) visitChunk(manifest, seen, k);
}

/** The JS and CSS of the chunks `keys` (gzipped). */
function weigh(dist: string, manifest: Manifest, route: string, keys: Iterable<string>): Weight {
  const chunks = [...keys];
  // a chunk of styles only (ui/all-styles.ts) is its CSS file
  const js = chunks.map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const css = [...new Set(chunks.flatMap((k) => [...(manifest[k]!.css ?? []), ...(manifest[k]!.file.endsWith('.css') ? [manifest[k]!.file] : [])]))];
  const files = [...js, ...css].map((file) => ({ file, gzip: gzipSize(dist, file) }));
  const sum = (list: string[]) => files.filter((f) => list.includes(f.file)).reduce((n, f) => n + f.gzip, 0);
  return { route, js: sum(js), css: sum(css), files };
}

/** The chunks the first screen loads whatever the route: the entry with its imports, and what index.html preloads. */
function startChunks(dist: string, manifest: Manifest): Set<string> {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('no manifest entry for the app');
  const seen = new Set<string>();
  visitChunk(manifest, seen, entryKey);
  // Chunks index.html preloads are loaded with it even when imported dynamically (React's renderer, vite.config.ts).
  for (const href of appCode(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).preload) {
    const key = Object.keys(manifest).find((k) => `/${manifest[k]!.file}` === href);
    if (!key) throw new Error(`index.html preloads ${href}, which the manifest does not list`);
    visitChunk(manifest, seen, key);
  }
  return seen;
}

export function firstScreenWeight(dist: string, route: string): Weight {
  const manifest = readManifest(dist);
  const routeKey = ROUTE_MODULES[route];
  if (!routeKey) throw new Error(`no module for ${route}`);
  const seen = startChunks(dist, manifest);
  // A screen the router imports statically is part of the entry and has no manifest entry of its own.
  if (manifest[routeKey]) visitChunk(manifest, seen, routeKey);
  return weigh(dist, manifest, route, seen);
}

/**
 * A module's chunk: its own, or, when the module went into a chunk shared with the modules that
 * import it statically, that chunk (named after the module, `_<name>-<hash>.js`).
 */
function chunkOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.tsx?$/, '');
  const shared = Object.keys(manifest).filter((k) => manifest[k]!.name === name && k.startsWith('_'));
  if (shared.length !== 1) throw new Error(`the manifest has no chunk of ${module}`);
  return shared[0]!;
}

/** What a deep link to a working screen loads beyond the first screen's chunks: its route's chunks with their static imports, and the styles of every lazy screen. */
export function screenWeight(dist: string, screen: string): Weight {
  const modules = SCREEN_MODULES[screen];
  if (!modules) throw new Error(`no modules for the screen ${screen}`);
  const manifest = readManifest(dist);
  const start = startChunks(dist, manifest);
  const seen = new Set<string>();
  for (const module of [...modules, ALL_STYLES]) visitChunk(manifest, seen, chunkOf(manifest, module));
  return weigh(
    dist,
    manifest,
    screen,
    [...seen].filter((k) => !start.has(k)),
  );
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

// CLI: `npx tsx scripts/first-screen-weight.ts [dist]` prints the weights, the first screens' and the
// working screens'; exits 1 when one is over its budget.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = process.argv[2] ?? path.resolve(import.meta.dirname, '../packages/web/dist');
  let over = false;
  for (const route of Object.keys(ROUTE_MODULES)) {
    const w = firstScreenWeight(dist, route);
    console.log(`${route.padEnd(9)} JS ${kb(w.js)} gzipped, CSS ${kb(w.css)} gzipped (${w.files.length} files)`);
    if (w.js > FIRST_SCREEN_JS_BUDGET || w.css > FIRST_SCREEN_CSS_BUDGET) over = true;
  }
  for (const screen of Object.keys(SCREEN_MODULES)) {
    const w = screenWeight(dist, screen);
    console.log(
      `${screen.padEnd(15)} JS ${kb(w.js)} gzipped beyond the first screen's (budget ${kb(SCREEN_JS_BUDGETS[screen]!)}), CSS ${kb(w.css)} gzipped (${w.files.length} files)`,
    );
    if (w.js > SCREEN_JS_BUDGETS[screen]!) over = true;
  }
  if (over) {
    console.error(
      `Over the first-screen budget of ${kb(FIRST_SCREEN_JS_BUDGET)} of gzipped JS or ${kb(FIRST_SCREEN_CSS_BUDGET)} of gzipped CSS, or a screen over its budget.`,
    );
    process.exit(1);
  }
}
