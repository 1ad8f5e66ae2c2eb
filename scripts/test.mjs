// `npm test`: every stage in order (typecheck, lint, unit, PostgreSQL, e2e), stopping at the first
// failure, with each stage's wall time as it ends and a table of them all at the close, so a slow
// stage shows up before it makes the whole run slow. `.ci/run` passes the times of its own stages
// (install, PostgreSQL start) in STAGE_TIMES_BEFORE ("name=seconds,name=seconds") for the table.
import { spawn } from 'node:child_process';

const STAGES = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit' },
  { name: 'PostgreSQL', script: 'test:pg' },
  { name: 'e2e', script: 'test:e2e' },
];

/** 754.2 → "12m 34s". */
const duration = (seconds) => (seconds >= 60 ? `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${seconds.toFixed(1)}s`);

const rows = (process.env.STAGE_TIMES_BEFORE ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [name, seconds] = pair.split('=');
    return { name, seconds: Number(seconds), result: 'ok' };
  });

let current;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => current?.kill(signal));

function run(script) {
  return new Promise((resolve) => {
    current = spawn('npm', ['run', '--silent', script], { stdio: 'inherit', env: process.env });
    current.on('error', () => resolve(1));
    current.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let failed;
for (const stage of STAGES) {
  console.log(`\n── ${stage.name} (npm run ${stage.script}) ──`);
  const start = performance.now();
  const code = await run(stage.script);
  const seconds = (performance.now() - start) / 1000;
  rows.push({ name: stage.name, seconds, result: code === 0 ? 'ok' : `failed (exit ${code})` });
  console.log(`── ${stage.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${duration(seconds)} ──`);
  if (code !== 0) {
    failed = { stage, code };
    break;
  }
}
for (const stage of STAGES) if (!rows.some((r) => r.name === stage.name)) rows.push({ name: stage.name, seconds: undefined, result: 'not run' });

const total = rows.reduce((sum, r) => sum + (r.seconds ?? 0), 0);
const width = Math.max(...rows.map((r) => r.name.length), 'total'.length);
console.log('\nStage times (wall clock):');
for (const r of rows) console.log(`  ${r.name.padEnd(width)}  ${(r.seconds === undefined ? '–' : duration(r.seconds)).padStart(8)}  ${r.result}`);
console.log(`  ${'total'.padEnd(width)}  ${duration(total).padStart(8)}`);
if (failed) {
  console.log(`npm test: stopped at ${failed.stage.name}, which failed.`);
  process.exit(failed.code);
}
console.log(`npm test: every stage ran and passed in ${duration(total)}.`);
