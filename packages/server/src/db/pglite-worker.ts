// PGlite runs here, in a worker thread, so a slow query never blocks the HTTP thread. TypeScript
// that Node runs by stripping its types (pglite-driver.ts starts it so on every Node the server
// takes): only erasable syntax, and imports with their .ts extension.
import { parentPort as port, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pgUtils from 'pg/lib/utils.js';
import { TEXT_PARSERS, type ColumnInfo, type DbErrorInfo, type PgliteReply, type PgliteRequest, type RowMode } from './driver-types.ts';

const parentPort = port!;
const { dataDir, preparedMax } = workerData as { dataDir: string; preparedMax: number };

let db!: PGlite;
try {
  db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm },
    // Durability is traded for speed: PGlite is the single-machine default, PostgreSQL the
    // production answer (docs/platform.md, Several app servers).
    relaxedDurability: true,
    // the same values as node-postgres gives (driver-types.ts)
    parsers: TEXT_PARSERS,
  });
  reply({ ready: true });
} catch (e) {
  reply({ ready: false, error: { message: e instanceof Error ? e.message : String(e) } });
}

function reply(r: PgliteReply): void {
  parentPort.postMessage(r);
}

/**
 * Transaction control (BEGIN, COMMIT, a savepoint): no parameters, no rows. PGlite's simple protocol
 * runs a statement in two calls into the database, its extended one (db.query) in six (parse,
 * describe, bind, describe, execute, sync), a third of an import row's time in the worker.
 */
const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

// Named statements kept at most (driver-types.ts PREPARED_MAX): past this, statements run unnamed.
const named = new Map<string, string>();
const { serialize } = protocol;

/**
 * A statement by the extended protocol in one call into the database: parse (once for a statement asked to
 * be prepared, whose plan PostgreSQL then keeps), bind, describe, execute and sync in one message,
 * where db.query makes six calls and parses and plans the text every time. Values are written as
 * node-postgres writes them (pg/lib/utils prepareValue: dates, arrays, JSON, bytes), so a statement
 * takes the same values on both databases; PostgreSQL infers their types as it does for
 * node-postgres. An error stops at the sync, as db.query's.
 */
async function runExtended(sql: string, params: unknown[], mode: RowMode, prepare: boolean | undefined): Promise<Answer> {
  let name = prepare ? named.get(sql) : undefined;
  const parts: Uint8Array[] = [];
  if (prepare && name === undefined && named.size < preparedMax) {
    name = `glazier_${named.size + 1}`;
    await db.execProtocol(Buffer.concat([serialize.parse({ name, text: sql }), serialize.sync()]), { syncToFs: false });
    named.set(sql, name);
  }
  if (name === undefined) parts.push(serialize.parse({ text: sql }));
  parts.push(serialize.bind({ statement: name ?? '', values: params.map((v) => pgUtils.prepareValue(v)) }));
  parts.push(serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
  const { messages } = await db.execProtocol(Buffer.concat(parts), { syncToFs: false });
  // as db.query: the data folder is written after a statement outside a transaction
  if (!db.isInTransaction()) void db.syncToFs();
  const result = parse.parseResults(messages, db.parsers, { rowMode: mode })[0];
  return { rows: result?.rows ?? [], columns: result?.fields.map((f) => ({ name: f.name, type: f.dataTypeID })) ?? [] };
}

/** A statement's rows, and its columns as the database described them. */
interface Answer {
  rows: unknown[];
  columns: ColumnInfo[];
}

/**
 * A statement whose rows are wanted: transaction control and a script of several statements (the
 * migrations) by the simple protocol, the rest by the extended one.
 */
async function run(sql: string, params: unknown[], mode: RowMode, prepare: boolean | undefined): Promise<Answer> {
  if (params.length === 0 && (CONTROL.test(sql) || /;\s*\S/.test(sql))) {
    await db.exec(sql);
    return { rows: [], columns: [] };
  }
  return runExtended(sql, params, mode, prepare);
}

/**
 * Statements held back in a transaction (QueryOptions.deferred), whose rows nobody reads, in order:
 * those without parameters side by side in one simple-protocol call (a row's RELEASE and the next
 * row's SAVEPOINT), the others one by one. The first error stops the rest, as one by one.
 */
async function runHeldBack(statements: { sql: string; params: unknown[]; prepare?: boolean }[]): Promise<void> {
  let plain: string[] = [];
  const flush = async () => {
    if (plain.length) await db.exec(plain.join(';\n'));
    plain = [];
  };
  for (const s of statements) {
    if (s.params.length === 0) plain.push(s.sql);
    else {
      await flush();
      await runExtended(s.sql, s.params, 'object', s.prepare);
    }
  }
  await flush();
}

parentPort.on('message', async (msg: PgliteRequest) => {
  const { id } = msg;
  try {
    if (msg.op === 'query') {
      const { rows, columns } = await run(msg.sql, msg.params, msg.mode, msg.prepare);
      reply({ id, rows, ...(msg.describe && { columns }) });
    } else if (msg.op === 'batch') {
      await runHeldBack(msg.before);
      const { rows, columns } = await run(msg.sql, msg.params, msg.mode, msg.prepare);
      reply({ id, rows, ...(msg.describe && { columns }) });
    } else {
      await db.close();
      reply({ id, rows: [] });
    }
  } catch (e) {
    const x = (e ?? {}) as Partial<DbErrorInfo>;
    reply({
      id,
      error: {
        message: e instanceof Error ? e.message : String(e),
        code: x.code,
        constraint: x.constraint,
        detail: x.detail,
        column: x.column,
        table: x.table,
      },
    });
  }
});
