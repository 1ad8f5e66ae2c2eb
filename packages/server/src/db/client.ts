/**
 * The one database interface the rest of the server uses: raw parameterised SQL, a Drizzle query
 * builder over the same connection, and transactions. Two implementations: PGlite in a worker
 * thread (embedded default) and node-postgres (DATABASE_URL).
 */
import { drizzle, type PgRemoteDatabase } from 'drizzle-orm/pg-proxy';
import type { SQLWrapper } from 'drizzle-orm';

export type Row = Record<string, unknown>;
/** A row of a resource's table, whose columns are known only at run time: every such table has an integer id. */
export type ResourceRow = Row & { id: number };
export type { RowMode } from './driver-types.ts';
import type { RowMode } from './driver-types.ts';

/**
 * `prepare`: the statement's text is run again and again with other values (a record read by its
 * id), so the database may keep its plan: PostgreSQL parses and plans it once per connection (a
 * job with its twenty relations spends twice as long being planned as being run). Drivers that
 * cannot keep a plan ignore it.
 */
export interface QueryOptions {
  prepare?: boolean;
  /**
   * The caller needs no answer (an audit row, BEGIN): inside a transaction the driver may hold the
   * statement and send it with the transaction's next one, in one round trip; its error then
   * fails that next statement (and so the transaction). PGlite, whose one connection waits for the
   * HTTP thread between statements, batches; node-postgres writes it at once without waiting for
   * its answer (pipeline mode).
   */
  deferred?: boolean;
  /**
   * A read every request waits on before its own work starts (its session, its user, the role
   * permissions, each cached for a moment and read again when it expires). PGlite runs statements
   * one at a time in arrival order; an urgent one goes ahead of those waiting, so a request whose
   * session was due for a read does not wait out the whole queue twice (the p95 of PGlite's heavy
   * scenarios at 20 clients). PostgreSQL's pool has no queue to jump: ignored there.
   */
  urgent?: boolean;
  /**
   * Answer the statement's columns too (names and type OIDs, as a `columns` property of the rows
   * array: `DescribedRows`): db/typed-sql.ts checks a declared row shape against them.
   */
  describe?: boolean;
}

/** What a listener is told: each notice's payload, and when notices may have been missed. */
export interface NoticeHandlers {
  onNotice(payload: string): void;
  /** The listening connection was lost (notices may be missed until it is back) or came back. */
  onReset(why: 'lost' | 'reconnected'): void;
}

/** How busy the connections are: PostgreSQL's pool, or PGlite's one connection and its queue. */
export interface PoolStats {
  /** Connections open. */
  size: number;
  /** Of those, idle. */
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/**
 * What the database work costs, for GET /metrics (http/metrics.ts): each statement's round trip
 * and each transaction's whole time, observed by the wrapper below. `observe` is set by the
 * metrics (none until then: nothing is measured).
 */
export interface DbObserver {
  statement(seconds: number): void;
  transaction(seconds: number): void;
}

/**
 * The one channel the app servers sharing a PostgreSQL database tell each other on (one listening
 * connection each): their caches' changes (platform/change-notices.ts) and committed record changes
 * for live updates (engine/record-changes.ts).
 */
export const CHANGES_CHANNEL = 'glazier_changes';

export interface Db {
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Drizzle builder bound to this connection (or transaction). */
  readonly orm: PgRemoteDatabase;
  /** Runs `fn` in one transaction; nested calls reuse it (savepoint-free, all or nothing). */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn`, a report's reads over many rows, in one transaction (the caller's, when in one) with
   * PostgreSQL's JIT off for the rest of it: its estimates for these statements (a subquery per
   * material, per job) are high, and it would spend longer compiling them than running them.
   * PGlite compiles nothing.
   */
  largeRead<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` once the transaction commits (never when it rolls back); outside a transaction, at
   * once. For work that must not see, or act on, a change that may still be undone (waking the
   * mail delivery for a message just enqueued).
   */
  afterCommit(fn: () => void): void;
  readonly kind: 'pglite' | 'postgres';
  readonly inTransaction: boolean;
  /** The same object for the database and each of its transactions: a key for what belongs to one database in this process. */
  readonly identity: object;
  /**
   * Listens on a channel (PostgreSQL: LISTEN on a connection of its own, reconnected when lost;
   * PGlite, which serves one process: in this process); answers how to stop.
   */
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  /**
   * Tells every listener on `channel` (this server's included) `payload`: when the transaction
   * commits, never when it rolls back; outside a transaction, at once. Nothing waits for it.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** The connections' use now. */
  poolStats(): PoolStats;
  /** Timing of statements and transactions, for the metrics (one observer per database). */
  observer: DbObserver | undefined;
  /**
   * How long a statement may go unanswered before the connection counts as lost and the caller
   * hears "unavailable" (0: no limit, the default). The serving app sets it (DB_QUERY_TIMEOUT_MS);
   * PGlite runs in this process and has no network to lose: a no-op there.
   */
  setQueryTimeout(ms: number): void;
  close(): Promise<void>;
}

/** What a driver must provide; the Db wrapper adds Drizzle and nested-transaction handling. */
export interface Connection {
  run(sql: string, params: unknown[], mode: RowMode, options?: QueryOptions): Promise<unknown[]>;
}

export interface Driver {
  kind: Db['kind'];
  /** A connection for one statement at a time outside transactions. */
  shared: Connection;
  /** An exclusive connection for a transaction; `release` gives it back. */
  acquire(): Promise<{ conn: Connection; release: () => void }>;
  listen(channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>>;
  /** Sends a notice on `conn` (a transaction's, or the shared one): at commit on PostgreSQL, through `afterCommit` in-process. */
  notify(conn: Connection, channel: string, payload: string, afterCommit: (fn: () => void) => void): Promise<void>;
  poolStats(): PoolStats;
  /** PostgreSQL: how long a statement may go unanswered before its connection counts as lost (0: no limit). */
  setQueryTimeout?(ms: number): void;
  close(): Promise<void>;
}

function ormFor(conn: Connection): PgRemoteDatabase {
  return drizzle(async (sql, params, method) => {
    const rows = await conn.run(sql, params, method === 'all' ? 'array' : 'object');
    return { rows };
  });
}

/** A connection whose statements are timed for the observer (when there is one). */
function timed(conn: Connection, shared: { observer: DbObserver | undefined }): Connection {
  return {
    async run(sql, params, mode, options) {
      const observer = shared.observer;
      if (!observer || options?.deferred) return conn.run(sql, params, mode, options);
      const started = performance.now();
      try {
        return await conn.run(sql, params, mode, options);
      } finally {
        observer.statement((performance.now() - started) / 1000);
      }
    },
  };
}

/**
 * A transaction's connection, taken from the driver when its first statement is sent (with BEGIN
 * before it, in the same round trip where the driver can): what a transaction works out before
 * that (a save's validation and rights) does not hold PGlite's one connection or one of the pool's
 * while others wait for it, and a call refused before any statement takes none at all.
 */
function lazyConnection(driver: Driver): Connection & { acquired(): Promise<boolean>; release(): void } {
  let taking: Promise<{ conn: Connection; release: () => void }> | undefined;
  let taken: { conn: Connection; release: () => void } | undefined;
  let released = false;
  const take = () =>
    (taking ??= driver.acquire().then(async (a) => {
      if (released) {
        a.release(); // the transaction ended while the connection was coming
        throw new Error('The transaction has ended.');
      }
      const begun = a.conn.run('BEGIN', [], 'object', { deferred: true }); // goes with the first statement
      taken = a;
      await begun;
      return a;
    }));
  return {
    async run(sql, params, mode, options) {
      if (released) throw new Error('The transaction has ended.'); // a statement nobody awaited in it
      const { conn } = taken ?? (await take());
      return conn.run(sql, params, mode, options);
    },
    /** Whether a statement took the connection (waiting for one on its way): only then is there anything to end. */
    async acquired() {
      if (taking) await taking.catch(() => undefined);
      return taken !== undefined;
    },
    release() {
      released = true;
      taken?.release();
      taken = undefined;
    },
  };
}

export function wrapDriver(driver: Driver): Db {
  const shared: { observer: DbObserver | undefined } = { observer: undefined };
  const make = (rawConn: Connection, inTransaction: boolean, committed?: (() => void)[]): Db => {
    const conn = timed(rawConn, shared);
    let orm: PgRemoteDatabase | undefined;
    const db: Db = {
      kind: driver.kind,
      inTransaction,
      identity: shared,
      // made when first used: a Drizzle instance is a dozen objects, and most transactions never use it
      get orm() {
        return (orm ??= ormFor(conn));
      },
      query: <T = Row>(sql: string, params: unknown[] = [], options?: QueryOptions) => conn.run(sql, params, 'object', options) as Promise<T[]>,
      poolStats: () => driver.poolStats(),
      get observer() {
        return shared.observer;
      },
      set observer(o) {
        shared.observer = o;
      },
      afterCommit(fn) {
        if (committed) committed.push(fn);
        else fn();
      },
      async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        if (inTransaction) return fn(db);
        const started = performance.now(); // waiting for the connection counts: it is the caller's time
        const lazy = lazyConnection(driver);
        const txConn = timed(lazy, shared);
        try {
          const onCommit: (() => void)[] = [];
          const tx = make(txConn, true, onCommit);
          try {
            const result = await fn(tx);
            if (await lazy.acquired()) await txConn.run('COMMIT', [], 'object');
            for (const after of onCommit) after();
            return result;
          } catch (e) {
            if (await lazy.acquired()) await txConn.run('ROLLBACK', [], 'object').catch(() => undefined);
            throw e;
          }
        } finally {
          lazy.release();
          shared.observer?.transaction((performance.now() - started) / 1000);
        }
      },
      largeRead<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
        return db.transaction(async (tx) => {
          if (driver.kind === 'postgres') await tx.query('SET LOCAL jit = off', [], { deferred: true });
          return fn(tx);
        });
      },
      listen: (channel, handlers) => driver.listen(channel, handlers),
      notify: (channel, payload) => driver.notify(conn, channel, payload, (fn) => db.afterCommit(fn)),
      setQueryTimeout: (ms) => driver.setQueryTimeout?.(ms),
      close: () => driver.close(),
    };
    return db;
  };
  return make(driver.shared, false);
}

/**
 * Rows of a raw SQL statement (Drizzle's `sql` template), typed by the caller, unchecked: for db/,
 * engine/ and platform/. Areas use typed-sql.ts, whose row shapes are checked against the database
 * (docs/architecture.md, SQL by hand).
 */
export async function sqlRows<T extends object = Row>(db: Db, query: SQLWrapper): Promise<T[]> {
  return (await db.orm.execute(query)) as unknown as T[];
}
