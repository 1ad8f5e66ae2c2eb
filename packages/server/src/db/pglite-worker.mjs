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

parentPort.on('message', async (msg) => {
  const { id, op } = msg;
  try {
    if (op === 'query') {
      const res = await db.query(msg.sql, msg.params, { rowMode: msg.mode });
      parentPort.postMessage({ id, rows: res.rows });
    } else if (op === 'batch') {
      // statements held back in a transaction (QueryOptions.deferred), then the one that waits
      for (const s of msg.before) await db.query(s.sql, s.params);
      const res = await db.query(msg.sql, msg.params, { rowMode: msg.mode });
      parentPort.postMessage({ id, rows: res.rows });
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
