/** PostgreSQL through node-postgres (DATABASE_URL): a pool, one client per transaction. */
import pg from 'pg';
import { DbError, TEXT_PARSERS } from './driver-types.ts';
import type { Connection, Driver, RowMode } from './client.ts';

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parser = TEXT_PARSERS[oid];
    if (parser && format !== 'binary') return parser;
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export async function createPgDriver(connectionString: string, max = 10): Promise<Driver> {
  const pool = new pg.Pool({ connectionString, max, types: types as pg.CustomTypesConfig });
  pool.on('error', () => undefined); // idle client errors surface on the next query instead
  const client = await pool.connect(); // fail fast with a clear error when the URL is wrong
  client.release();

  const runOn = (q: pg.Pool | pg.PoolClient): Connection => ({
    async run(sql: string, params: unknown[], mode: RowMode) {
      try {
        const res: pg.QueryResult | pg.QueryResult[] =
          mode === 'array' ? await q.query({ text: sql, values: params, rowMode: 'array' }) : await q.query({ text: sql, values: params });
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
    close: () => pool.end(),
  };
}
