// `npm test`: every stage in order (typecheck and lint side by side, unit, PostgreSQL beside the web
// build, e2e), stopping at the first failure, with each stage's wall time as it ends and a table of
// them all at the close, so a slow stage shows up before it makes the whole run slow. `.ci/run` passes the times of its own stages
// (install, PostgreSQL start) in STAGE_TIMES_BEFORE ("name=seconds,name=seconds") for the table.
import { spawn } from 'node:child_process';

// Stages of one step run side by side: typecheck and lint are one process each (a core each on CI's
// two), so together they take the longer one's time, not the sum.
const STEPS = [
  [
    { name: 'typecheck', script: 'typecheck' },
    { name: 'lint', script: 'lint' },
  ],
  [{ name: 'unit', script: 'test:unit' }],
  // The PostgreSQL pass waits on the database as much as it computes: the browser tests' build
  // (`npm run test:e2e` builds first) fits beside it.
  [
    { name: 'PostgreSQL', script: 'test:pg' },
    { name: 'web build', script: 'build' },
  ],
  [{ name: 'e2e', script: 'test:e2e:built' }],
];
const STAGES = STEPS.flat();

/** 754.2 → "12m 34s". */
const duration = (seconds) => (seconds >= 60 ? `${Math.floor(seconds / 60)}m ${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${seconds.toFixed(1)}s`);

const rows = (process.env.STAGE_TIMES_BEFORE ?? '')
  .split(',')
  .filter(Boolean)
  .map((pair) => {
    const [name, seconds] = pair.split('=');
    return { name, seconds: Number(seconds), result: 'ok' };
  });

const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => running.forEach((child) => child.kill(signal)));

/**
 * Runs an npm script; alone, its output goes straight through; beside another, it is held and
 * printed whole when the script ends, so the two do not interleave.
 */
function run(script, alone) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: process.env });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    const done = (code) => {
      running.delete(child);
      if (output.length) process.stdout.write(Buffer.concat(output));
      resolve(code);
    };
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const began = performance.now();
const secondsBefore = rows.reduce((sum, r) => sum + r.seconds, 0);
let failed;
for (const step of STEPS) {
  console.log(`\n── ${step.map((stage) => `${stage.name} (npm run ${stage.script})`).join(' and ')} ──`);
  const results = await Promise.all(
    step.map(async (stage) => {
      const start = performance.now();
      const code = await run(stage.script, step.length === 1);
      const seconds = (performance.now() - start) / 1000;
      console.log(`── ${stage.name}: ${code === 0 ? 'ok' : 'FAILED'} in ${duration(seconds)} ──`);
      return { stage, code, seconds };
    }),
  );
  for (const { stage, code, seconds } of results) {
    const beside =
      step.length > 1
        ? ` (beside ${step
            .filter((s) => s !== stage)
            .map((s) => s.name)
            .join(', ')})`
        : '';
    rows.push({ name: stage.name, seconds, result: `${code === 0 ? 'ok' : `failed (exit ${code})`}${beside}` });
  }
  failed = results.find((r) => r.code !== 0);
  if (failed) break;
}
for (const stage of STAGES) if (!rows.some((r) => r.name === stage.name)) rows.push({ name: stage.name, seconds: undefined, result: 'not run' });

// Wall time, not the sum of the rows: stages side by side overlap.
const total = secondsBefore + (performance.now() - began) / 1000;
const width = Math.max(...rows.map((r) => r.name.length), 'total'.length);
console.log('\nStage times (wall clock):');
for (const r of rows) console.log(`  ${r.name.padEnd(width)}  ${(r.seconds === undefined ? '–' : duration(r.seconds)).padStart(8)}  ${r.result}`);
console.log(`  ${'total'.padEnd(width)}  ${duration(total).padStart(8)}`);
if (failed) {
  console.log(`npm test: stopped at ${failed.stage.name}, which failed.`);
  process.exit(failed.code);
}
console.log(`npm test: every stage ran and passed in ${duration(total)}.`);
