/**
 * Multi-row inserts for the demo generator: about 1000 rows per statement (fewer for wide tables:
 * PostgreSQL allows 65535 bound parameters per statement), one transaction per table.
 */
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Row } from '../../db/client.ts';
import { tableFor } from '../../db/schema.ts';

/** PostgreSQL binds at most 65535 parameters per statement. */
const MAX_PARAMS = 60_000;
export const MAX_ROWS = 1_000;

/**
 * Multi-row `INSERT … VALUES (…), (…)` in batches; `ids` collects the new ids in insertion order
 * when asked. The statement is built here from the Drizzle table's own column list (so only real
 * columns, quoted) rather than with `db.orm.insert(t).values(rows)`: Drizzle's builder costs about
 * 250 µs per row (75 s of pure CPU for 300k job products), the plain builder under 10 µs.
 * A key missing from a row is written as DEFAULT; jsonb values are serialised here.
 */
class Inserter {
  private rows: Row[] = [];
  readonly ids: number[] = [];
  count = 0;
  private readonly batch: number;
  private readonly columns: Map<string, { name: string; json: boolean }>;
  private readonly tableName: string;
  constructor(
    private readonly db: Db,
    table: string,
    columns: number,
    private readonly keepIds: boolean,
  ) {
    this.batch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, columns))));
    const t = tableFor(table);
    this.tableName = getTableName(t);
    this.columns = new Map(
      (Object.entries(getTableColumns(t)) as [string, PgColumn][]).map(([key, col]) => [
        key,
        { name: col.name, json: col.columnType === 'PgJsonb' || col.columnType === 'PgJson' },
      ]),
    );
  }
  async push(row: Row): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.batch) await this.flush();
  }
  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const cols = keys.map((k) => {
      const c = this.columns.get(k);
      if (!c) throw new Error(`${this.tableName} has no column ${k}`);
      return c;
    });
    if (rows.length * keys.length > MAX_PARAMS && rows.length > 1) {
      // More columns than declared: split so one statement stays under the parameter limit.
      const half = Math.ceil(rows.length / 2);
      this.rows = rows.slice(0, half);
      await this.flush();
      this.rows = rows.slice(half);
      return this.flush();
    }
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const r of rows) {
      const ph: string[] = [];
      for (const [i, k] of keys.entries()) {
        if (!(k in r)) {
          ph.push('DEFAULT');
          continue;
        }
        const v = r[k];
        params.push(v === undefined || v === null ? null : cols[i]!.json ? JSON.stringify(v) : v);
        ph.push(`$${params.length}`);
      }
      tuples.push(`(${ph.join(',')})`);
    }
    const sql = `INSERT INTO "${this.tableName}" (${cols.map((c) => `"${c.name}"`).join(',')}) VALUES ${tuples.join(',')}${this.keepIds ? ' RETURNING id' : ''}`;
    const out = await this.db.query<{ id: number }>(sql, params);
    if (this.keepIds) for (const r of out) this.ids.push(r.id);
    this.count += rows.length;
  }
}

/** Where rows go and where progress lines (per table, with timing) are told. */
export interface LoadTarget {
  db: Db;
  log?: (msg: string) => void;
}

/**
 * Inserts the rows `produce` pushes (rows drawn while loading, so a table of 300k rows is never
 * held whole), in one transaction; answers the new ids in insertion order.
 */
export async function load(
  target: LoadTarget,
  table: string,
  columns: number,
  produce: (push: (row: Row) => Promise<void>) => Promise<void>,
  opts: { ids?: boolean } = {},
): Promise<number[]> {
  const started = Date.now();
  let n = 0;
  const ids = await target.db.transaction(async (tx) => {
    const ins = new Inserter(tx, table, columns, Boolean(opts.ids));
    await produce((row) => ins.push(row));
    await ins.flush();
    n = ins.count;
    return ins.ids;
  });
  target.log?.(`  ${table.padEnd(26)} ${String(n).padStart(8)} rows  ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return ids;
}

/** Inserts rows already drawn; answers their ids in order. */
export function loadRows(target: LoadTarget, table: string, columns: number, rows: readonly Row[]): Promise<number[]> {
  return load(
    target,
    table,
    columns,
    async (push) => {
      for (const row of rows) await push(row);
    },
    { ids: true },
  );
}
