/**
 * What the first screen after login (`/`) and the welcome page (`/welcome`) load, from the build's
 * manifest (packages/web/dist/.vite/manifest.json): the entry with its static imports and the
 * chunks index.html preloads, plus the route's lazy chunk with its static imports. Sizes are of
 * the gzip files the server sends.
 * Deterministic (no browser, no timing), so a test can hold the budget (docs/platform.md, Budgets).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIRST_SCREEN_JS_BUDGET = 170_000; // bytes of gzipped JS (docs/platform.md, Budgets: ≤ 170 KB)
/** The render-blocking stylesheet: only the first screens' Mantine styles (app/first-screen-styles.ts). */
export const FIRST_SCREEN_CSS_BUDGET = 15_000; // bytes of gzipped CSS

/** The source module of each measured route's screen (see packages/web/src/app/router.tsx). */
export const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/app/home-page.tsx',
  '/welcome': 'src/app/welcome-page.tsx',
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

export function firstScreenWeight(dist: string, route: string): Weight {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const routeKey = ROUTE_MODULES[route];
  if (!entryKey || !routeKey) throw new Error(`no manifest entry for the app or no module for ${route}`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const k of manifest[key]?.imports ?? []) visit(k);
  };
  visit(entryKey);
  // Chunks index.html preloads are loaded with it even when imported dynamically (React's renderer, vite.config.ts).
  for (const href of appCode(fs.readFileSync(path.join(dist, 'index.html'), 'utf8')).preload) {
    const key = Object.keys(manifest).find((k) => `/${manifest[k]!.file}` === href);
    if (!key) throw new Error(`index.html preloads ${href}, which the manifest does not list`);
    visit(key);
  }
  // A screen the router imports statically is part of the entry and has no manifest entry of its own.
  if (manifest[routeKey]) visit(routeKey);
  const js = [...seen].map((k) => manifest[k]!.file);
  const css = [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))];
  const files = [...js, ...css].map((file) => ({ file, gzip: gzipSize(dist, file) }));
  const sum = (list: string[]) => files.filter((f) => list.includes(f.file)).reduce((n, f) => n + f.gzip, 0);
  return { route, js: sum(js), css: sum(css), files };
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

// CLI: `npx tsx scripts/first-screen-weight.ts [dist]` prints the weights; exits 1 over budget.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const dist = process.argv[2] ?? path.resolve(import.meta.dirname, '../packages/web/dist');
  let over = false;
  for (const route of Object.keys(ROUTE_MODULES)) {
    const w = firstScreenWeight(dist, route);
    console.log(`${route.padEnd(9)} JS ${kb(w.js)} gzipped, CSS ${kb(w.css)} gzipped (${w.files.length} files)`);
    if (w.js > FIRST_SCREEN_JS_BUDGET || w.css > FIRST_SCREEN_CSS_BUDGET) over = true;
  }
  if (over) {
    console.error(`Over the first-screen budget of ${kb(FIRST_SCREEN_JS_BUDGET)} of gzipped JS or ${kb(FIRST_SCREEN_CSS_BUDGET)} of gzipped CSS.`);
    process.exit(1);
  }
}
