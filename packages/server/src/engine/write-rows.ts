/**
 * The engine's writes of one row: `insertRow` and `updateRow` send what Drizzle's
 * `insert(t).values(v).returning()` and `update(t).set(v).where(id = …).returning()` sent, but
 * the statement's text is kept per table and set of columns, and prepared. Drizzle rebuilt it on
 * every write, about a tenth of the HTTP thread's time creating a time entry on PostgreSQL.
 *
 * Each value goes through its column's `mapToDriverValue`, as Drizzle sends it (a JSON column's
 * value as JSON text); keys that are no column of the table, and `undefined` values, are left out
 * as Drizzle leaves them out. The row comes back with the table's columns, as `selectRows` answers
 * it (the drivers answer JSON-ready values, driver-types.ts), and with `alsoReturning` (columns
 * worked out from the row, `expr AS name, …`) when given.
 */
import { getTableColumns, getTableName, type Column } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, ResourceRow, Row } from '../db/client.ts';
import type { AnyTable } from '../db/schema.ts';
import { selectHead } from './select-rows.ts';

const dialect = new PgDialect();
const statements = new Map<string, string>();
/** Texts kept at most (a table has a few shapes of write: the bound is for safety). */
const STATEMENTS_MAX = 2_000;

function statement(key: string, make: () => string): string {
  let text = statements.get(key);
  if (text === undefined) {
    text = make();
    if (statements.size >= STATEMENTS_MAX) statements.clear();
    statements.set(key, text);
  }
  return text;
}

/** The columns `values` sets, in its order, with the values as the driver takes them. */
function columnValues(table: AnyTable, values: Row): { columns: Column[]; params: unknown[] } {
  const all = getTableColumns(table) as Record<string, Column>;
  const columns: Column[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = all[key];
    if (!column || value === undefined) continue;
    columns.push(column);
    params.push(value === null ? null : column.mapToDriverValue(value));
  }
  return { columns, params };
}

const returning = (table: AnyTable, also: string) => ` returning ${selectHead(table).slice('select '.length)}${also && `, ${also}`}`;

export async function insertRow(db: Db, table: AnyTable, values: Row, alsoReturning = ''): Promise<ResourceRow> {
  const { columns, params } = columnValues(table, values);
  const name = getTableName(table);
  const names = columns.map((c) => dialect.escapeName(c.name));
  const text = statement(`insert ${name} ${names.join(',')} ${alsoReturning}`, () =>
    columns.length
      ? `insert into ${dialect.escapeName(name)} (${names.join(', ')}) values (${names.map((_, i) => `$${i + 1}`).join(', ')})${returning(table, alsoReturning)}`
      : `insert into ${dialect.escapeName(name)} default values${returning(table, alsoReturning)}`,
  );
  const [row] = await db.query<ResourceRow>(text, params, { prepare: true });
  return row!;
}

/** Updates the row `id`; undefined when there is none. */
export async function updateRow(db: Db, table: AnyTable, id: number, values: Row, alsoReturning = ''): Promise<ResourceRow | undefined> {
  const { columns, params } = columnValues(table, values);
  if (!columns.length) throw new Error(`Nothing to update in ${getTableName(table)}.`);
  const name = getTableName(table);
  const names = columns.map((c) => dialect.escapeName(c.name));
  const text = statement(
    `update ${name} ${names.join(',')} ${alsoReturning}`,
    () =>
      `update ${dialect.escapeName(name)} set ${names.map((n, i) => `${n} = $${i + 1}`).join(', ')} where ${dialect.escapeName(name)}."id" = $${names.length + 1}${returning(table, alsoReturning)}`,
  );
  const [row] = await db.query<ResourceRow>(text, [...params, id], { prepare: true });
  return row;
}
