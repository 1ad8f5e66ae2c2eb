/** PostgreSQL through node-postgres (DATABASE_URL): a pool, one client per transaction. */
import pg from 'pg';
import { DbError, isUnavailable, PREPARED_MAX, TEXT_PARSERS, withColumns } from './driver-types.ts';
import type { Connection, Driver, NoticeHandlers, QueryOptions, RowMode } from './client.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TEXT_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * How long a request waits for a connection before it is told the database is unavailable (503):
 * while PostgreSQL is down or restarting, requests fail within this instead of hanging.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long the serving app waits for a statement's answer before it takes the connection for dead
 * (a network partition: packets dropped, no reset, the OS's TCP keepalive hours away) and answers
 * 503. Off for the command line (migrations, backups, seeding), whose statements may run long.
 */
export const QUERY_TIMEOUT_MS = 30_000;

export async function createPgDriver(connectionString: string, max = 10, preparedMax = PREPARED_MAX): Promise<Driver> {
  // pipeline: a statement is written at once, not after the previous one's answer (a transaction's
  // deferred statements, QueryOptions.deferred)
  const pool = new pg.Pool({
    connectionString,
    max,
    types: types as pg.CustomTypesConfig,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    pipeline: true,
  });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  const client = await pool.connect(); // fail fast with a clear error when the URL is wrong
  client.release();

  // One name per text for the life of the pool: node-postgres parses a name once per connection
  // and refuses the same name for another text.
  const names = new Map<string, string>();
  const nameFor = (sql: string, options?: QueryOptions): string | undefined => {
    if (!options?.prepare) return undefined;
    let name = names.get(sql);
    if (name === undefined && names.size < preparedMax) names.set(sql, (name = `glazier_${names.size + 1}`));
    return name;
  };

  // 0: no timeout (node-postgres's read timeout; a timed-out client is destroyed, never reused)
  let queryTimeoutMs = 0;
  const runOn = (q: pg.Pool | pg.PoolClient): Connection => ({
    async run(sql: string, params: unknown[], mode: RowMode, options?: QueryOptions) {
      try {
        const config: pg.QueryConfig & { query_timeout?: number } = {
          text: sql,
          values: params,
          name: nameFor(sql, options),
          ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
        };
        const res: pg.QueryResult | pg.QueryResult[] = mode === 'array' ? await q.query({ ...config, rowMode: 'array' }) : await q.query(config);
        // A multi-statement script answers one result per statement.
        const last = Array.isArray(res) ? res.at(-1) : res;
        const rows = last?.rows ?? [];
        return options?.describe
          ? withColumns(
              rows,
              (last?.fields ?? []).map((f: pg.FieldDef) => ({ name: f.name, type: f.dataTypeID })),
            )
          : rows;
      } catch (e) {
        throw DbError.from(e);
      }
    },
  });

  return {
    kind: 'postgres',
    shared: runOn(pool),
    async acquire() {
      let c: pg.PoolClient;
      try {
        c = await pool.connect();
      } catch (e) {
        throw DbError.from(e);
      }
      // A client whose connection broke (the server restarted) is destroyed, not given back to the pool.
      let broken = false;
      // While it is checked out the pool does not listen for its errors: one that comes between
      // statements (PostgreSQL terminating connections as it stops) would be an unhandled 'error'
      // event, which ends the process. It marks the client broken; the next statement fails as unavailable.
      const onError = () => {
        broken = true;
      };
      c.on('error', onError);
      const conn = runOn(c);
      const send = (sql: string, params: unknown[], mode: RowMode, options?: QueryOptions) =>
        // after a lost connection nothing more is sent on it (the ROLLBACK would wait for the timeout again)
        broken
          ? Promise.reject(DbError.from(new Error('Connection terminated: the database stopped answering.')))
          : conn.run(sql, params, mode, options).catch((e: unknown) => {
              if (isUnavailable(e)) broken = true;
              throw e;
            });
      // Deferred statements on their way (BEGIN, a lock, an audit row): written at once, behind the
      // ones before them, and answered before the next statement is; the first of them to fail fails
      // that next statement (the transaction ends there), as on PGlite.
      let inFlight: Promise<unknown>[] = [];
      return {
        conn: {
          async run(sql, params, mode, options) {
            if (options?.deferred) {
              const sent = send(sql, params, mode, options);
              sent.catch(() => undefined); // judged with the next statement
              inFlight.push(sent);
              return [];
            }
            const before = inFlight;
            inFlight = [];
            const answer = send(sql, params, mode, options);
            if (before.length) {
              answer.catch(() => undefined); // a deferred statement's error comes first
              for (const sent of before) await sent;
            }
            return answer;
          },
        },
        release: () => {
          c.off('error', onError);
          c.release(broken);
        },
      };
    },
    listen: (channel, handlers) => listen(connectionString, channel, handlers),
    // NOTIFY in the transaction goes out when it commits; one per notice, far below PostgreSQL's 8000 bytes
    notify: async (conn, channel, payload) => void (await conn.run('SELECT pg_notify($1, $2)', [channel, payload], 'object', { deferred: true })),
    poolStats: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    setQueryTimeout: (ms) => {
      queryTimeoutMs = ms;
    },
    close: () => pool.end(),
  };
}

/**
 * LISTEN on a connection of its own. When it is lost (PostgreSQL restarted, network cut), the
 * handlers hear `lost` at once and `reconnected` once it is back; it retries with a growing pause
 * (at most 5 s) until stopped.
 */
async function listen(connectionString: string, channel: string, handlers: NoticeHandlers): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  let current: pg.Client | undefined;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let attempts = 0;

  const retry = () => {
    if (stopped) return;
    failures++;
    timer = setTimeout(() => void connect(), Math.min(5_000, 50 * 2 ** failures));
    timer.unref();
  };
  const lost = (c: pg.Client) => {
    if (current !== c) return;
    current = undefined;
    c.end().catch(() => undefined);
    if (stopped) return;
    handlers.onReset('lost');
    retry();
  };
  async function connect(): Promise<void> {
    if (stopped) return;
    attempts++;
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.onNotice(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      c.removeAllListeners('end');
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      retry();
      return;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    current = c;
    failures = 0;
    if (attempts > 1) handlers.onReset('reconnected'); // notices may have been missed meanwhile
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = current;
    current = undefined;
    await c?.end().catch(() => undefined);
  };
}
