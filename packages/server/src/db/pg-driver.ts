/** PostgreSQL through node-postgres (DATABASE_URL): a pool, one client per transaction. */
import pg from 'pg';
import { DbError, TEXT_PARSERS } from './driver-types.ts';
import type { Connection, Driver, QueryOptions, RowMode } from './client.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TEXT_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Named prepared statements kept at most (each connection keeps the plan of every name it ran
 * until it closes): past this, statements asked to be prepared run unnamed, so a stream of new
 * texts cannot fill the server's memory.
 */
export const PREPARED_MAX = 500;

export async function createPgDriver(connectionString: string, max = 10, preparedMax = PREPARED_MAX): Promise<Driver> {
  const pool = new pg.Pool({ connectionString, max, types: types as pg.CustomTypesConfig });
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

  const runOn = (q: pg.Pool | pg.PoolClient): Connection => ({
    async run(sql: string, params: unknown[], mode: RowMode, options?: QueryOptions) {
      try {
        const config: pg.QueryConfig = { text: sql, values: params, name: nameFor(sql, options) };
        const res: pg.QueryResult | pg.QueryResult[] = mode === 'array' ? await q.query({ ...config, rowMode: 'array' }) : await q.query(config);
        // A multi-statement script answers one result per statement.
        return (Array.isArray(res) ? res.at(-1)?.rows : res.rows) ?? [];
      } catch (e) {
        throw DbError.from(e);
      }
    },
  });

  return {
    kind: 'postgres',
    shared: runOn(pool),
    async acquire() {
      const c = await pool.connect();
      return { conn: runOn(c), release: () => c.release() };
    },
    poolStats: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
