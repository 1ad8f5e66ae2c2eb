import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { SCREEN_MODULES, gzipSize } from '/work/main/scripts/first-screen-weight.ts';
const dist = process.argv[2]!;
const screens = process.argv[3] ? process.argv[3].split(',') : Object.keys(SCREEN_MODULES);
const mode = process.argv[4] ?? 'pkg'; // pkg | module
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
function visit(seen: Set<string>, k: string) { if (seen.has(k)) return; seen.add(k); for (const i of manifest[k]?.imports ?? []) visit(seen, i); }
function chunkOf(m: string) { if (manifest[m]) return m; const name = path.basename(m).replace(/\.tsx?$/, ''); return Object.keys(manifest).find((k) => manifest[k].name === name && k.startsWith('_'))!; }
const cache = new Map<string, Map<string, number>>();
function attribute(file: string): Map<string, number> {
  if (cache.has(file)) return cache.get(file)!;
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  if (!fs.existsSync(path.join(dist, file + '.map'))) { const m = new Map([[`(nomap) ${file}`, gzipSize(dist, file)]]); cache.set(file, m); return m; }
  const map = new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(dist, file + '.map'), 'utf8')));
  const lines = code.split('\n');
  const lineStart: number[] = []; let off = 0; for (const l of lines) { lineStart.push(off); off += Buffer.byteLength(l) + 1; }
  const segs: { pos: number; src: string }[] = [];
  map.eachMapping((m) => { segs.push({ pos: lineStart[m.generatedLine - 1]! + m.generatedColumn, src: m.source ?? '(none)' }); });
  segs.sort((a, b) => a.pos - b.pos);
  const out = new Map<string, number>();
  const total = Buffer.byteLength(code);
  for (let i = 0; i < segs.length; i++) { const end = i + 1 < segs.length ? segs[i + 1]!.pos : total; out.set(segs[i]!.src, (out.get(segs[i]!.src) ?? 0) + end - segs[i]!.pos); }
  const mapped = [...out.values()].reduce((a, b) => a + b, 0);
  const gz = gzipSize(dist, file);
  const scaled = new Map<string, number>();
  for (const [k, v] of out) scaled.set(k, (v / mapped) * gz);
  cache.set(file, scaled); return scaled;
}
function group(src: string) {
  const nm = src.lastIndexOf('node_modules/');
  if (nm >= 0) { const rest = src.slice(nm + 13).split('/'); const pkg = rest[0]!.startsWith('@') ? rest[0] + '/' + rest[1] : rest[0]!; return mode === 'pkg' ? pkg : src.slice(nm + 13); }
  const m = /packages\/(\w+)\/src\/(.*)$/.exec(src);
  if (m) return mode === 'pkg' ? `${m[1]}/${m[2]!.split('/').slice(0, m[1] === 'web' ? 2 : 1).join('/')}` : `${m[1]}/${m[2]}`;
  return src;
}
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!;
for (const s of screens) {
  const seen = new Set<string>(); visit(seen, entryKey);
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pre = JSON.parse(/id="app-code">([^<]*)</.exec(html)![1]!).preload as string[];
  for (const h of pre) visit(seen, Object.keys(manifest).find((k) => '/' + manifest[k].file === h)!);
  const first = new Set(seen);
  if (s !== 'first') for (const m of [...SCREEN_MODULES[s]!, 'src/ui/all-styles.ts']) visit(seen, chunkOf(m));
  const files = [...seen].map((k) => manifest[k].file).filter((f: string) => f.endsWith('.js'));
  const by = new Map<string, number>(); let tot = 0, firstTot = 0;
  for (const f of files) for (const [src, b] of attribute(f)) { const g = group(src); by.set(g, (by.get(g) ?? 0) + b); tot += b; }
  for (const k of first) { const f = manifest[k].file; if (f.endsWith('.js')) firstTot += gzipSize(dist, f); }
  console.log(`== ${s}: total ${(tot / 1000).toFixed(1)} KB gz (first screen ${(firstTot / 1000).toFixed(1)}), ${files.length} js files`);
  for (const [g, b] of [...by].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) console.log(`  ${(b / 1000).toFixed(1).padStart(6)}  ${g}`);
}
