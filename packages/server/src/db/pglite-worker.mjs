// PGlite runs here, in a worker thread, so a slow query never blocks the HTTP thread.
// Plain JavaScript so it loads the same under tsx, Vitest and plain Node.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const toIso = (v) => new Date(v.includes('T') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();
// Same mapping as driver-types.ts TEXT_PARSERS (kept in step by the driver tests).
const parsers = { 20: Number, 1700: Number, 1082: (v) => v, 1114: toIso, 1184: toIso };

let db;
try {
  db = await PGlite.create({
    dataDir: workerData.dataDir,
    extensions: { pg_trgm },
    // Durability is traded for speed: PGlite is the single-machine default, PostgreSQL the
    // production answer (docs/platform.md, Several app servers).
    relaxedDurability: true,
    parsers,
  });
  parentPort.postMessage({ ready: true });
} catch (e) {
  parentPort.postMessage({ ready: false, error: { message: String(e?.message ?? e) } });
}

/**
 * Transaction control (BEGIN, COMMIT, a savepoint): no parameters, no rows. PGlite's simple protocol
 * runs a statement in two calls into the database, its extended one (db.query) in six (parse,
 * describe, bind, describe, execute, sync), a third of an import row's time in the worker.
 */
const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/** A statement whose rows are wanted: transaction control by the simple protocol, the rest by the extended one. */
async function run(sql, params, mode) {
  if (params.length === 0 && CONTROL.test(sql)) {
    await db.exec(sql);
    return [];
  }
  return (await db.query(sql, params, { rowMode: mode })).rows;
}

/**
 * Statements held back in a transaction (QueryOptions.deferred), whose rows nobody reads, in order:
 * those without parameters side by side in one simple-protocol call (a row's RELEASE and the next
 * row's SAVEPOINT), the others one by one. The first error stops the rest, as one by one.
 */
async function runHeldBack(statements) {
  let plain = [];
  const flush = async () => {
    if (plain.length) await db.exec(plain.join(';\n'));
    plain = [];
  };
  for (const s of statements) {
    if (s.params.length === 0) plain.push(s.sql);
    else {
      await flush();
      await db.query(s.sql, s.params);
    }
  }
  await flush();
}

parentPort.on('message', async (msg) => {
  const { id, op } = msg;
  try {
    if (op === 'query') {
      parentPort.postMessage({ id, rows: await run(msg.sql, msg.params, msg.mode) });
    } else if (op === 'batch') {
      await runHeldBack(msg.before);
      parentPort.postMessage({ id, rows: await run(msg.sql, msg.params, msg.mode) });
    } else if (op === 'exec') {
      await db.exec(msg.sql);
      parentPort.postMessage({ id, rows: [] });
    } else if (op === 'close') {
      await db.close();
      parentPort.postMessage({ id, rows: [] });
    }
  } catch (e) {
    parentPort.postMessage({
      id,
      error: {
        message: String(e?.message ?? e),
        code: e?.code,
        constraint: e?.constraint,
        detail: e?.detail,
        column: e?.column,
        table: e?.table,
      },
    });
  }
});
