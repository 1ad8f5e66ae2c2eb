/**
 * Whole rows of a resource table, for the engine's hot reads (get, list, page, relations).
 *
 * Drizzle's `select().from(table)` rebuilt and re-rendered the same column list on every call and
 * mapped each value through its column (a no-op here: the drivers already answer JSON-ready values,
 * driver-types.ts), about a sixth of the server's time on a job page. Here the column
 * list is rendered once per table; only the conditions and ordering (Drizzle `SQL`, values always
 * bound parameters) are rendered per call, and rows come back from `db.query` as they are. The
 * statement is the one Drizzle wrote, same columns in the same order, so answers are unchanged.
 */
import { getTableColumns, getTableName, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, ResourceRow } from '../db/client.ts';
import type { AnyTable } from '../db/schema.ts';

const dialect = new PgDialect();
const NOTHING_OMITTED = new Set<string>();
const heads = new WeakMap<AnyTable, WeakMap<ReadonlySet<string>, string>>();

/**
 * `select "id", "name", ...` (the table's columns but those named in `omit`, by field name),
 * rendered once per table and per set left out.
 */
export function selectHead(table: AnyTable, omit: ReadonlySet<string> = NOTHING_OMITTED): string {
  let byOmit = heads.get(table);
  if (!byOmit) heads.set(table, (byOmit = new WeakMap()));
  let head = byOmit.get(omit);
  if (head === undefined) byOmit.set(omit, (head = renderHead(table, omit)));
  return head;
}

function renderHead(table: AnyTable, omit: ReadonlySet<string>): string {
  const columns = (Object.entries(getTableColumns(table)) as [string, Column][]).filter(([key]) => !omit.has(key)).map(([, c]) => dialect.escapeName(c.name));
  return `select ${columns.join(', ')}`;
}

export interface SelectRows {
  where?: SQL | undefined;
  orderBy?: SQL[];
  /** A number, or a placeholder in a statement kept for reuse. */
  limit?: number | Placeholder;
  offset?: number | Placeholder;
  forUpdate?: boolean;
  /** Adds the number of matching rows (before limit and offset) to each row under this name. */
  totalAs?: string;
  /** More select-list entries after the table's columns (`expr AS "name"`). */
  extraColumns?: SQL[];
  /** Columns (by field name) not read: those the caller may not see (present.ts, hiddenFields). */
  omit?: ReadonlySet<string> | null;
}

/** The statement of `selectRows`, to run now or to render once and keep (with placeholders). */
export function selectQuery(table: AnyTable, opts: SelectRows = {}): SQL {
  if (opts.totalAs && 'id' in getTableColumns(table)) return countedPageQuery(table, opts, opts.totalAs);
  const parts: SQL[] = [sql.raw(selectHead(table, opts.omit ?? undefined))];
  if (opts.totalAs) parts.push(sql.raw(`, count(*) over () as ${dialect.escapeName(opts.totalAs)}`));
  if (opts.extraColumns?.length) parts.push(sql`, ${sql.join(opts.extraColumns, sql`, `)}`);
  parts.push(sql.raw(` from ${dialect.escapeName(getTableName(table))}`));
  parts.push(...filtered(opts));
  if (opts.limit !== undefined) parts.push(sql` limit ${opts.limit}`);
  if (opts.offset) parts.push(sql` offset ${opts.offset}`);
  if (opts.forUpdate) parts.push(sql` for update`);
  return sql.join(parts);
}

function filtered(opts: SelectRows): SQL[] {
  const parts: SQL[] = [];
  if (opts.where) parts.push(sql` where ${opts.where}`);
  if (opts.orderBy?.length) parts.push(sql` order by ${sql.join(opts.orderBy, sql`, `)}`);
  return parts;
}

/**
 * A page with its total. The total is a window count over every matching row, and PostgreSQL keeps
 * each row the window passes through until the sort has cut the page: counted over whole rows, the
 * job list of all 100 000 jobs took 163 ms, the 7 400 active ones 14 ms. Here the window and the
 * cut run over the ids and sort keys alone, and only the page's rows are read whole (95 and 10 ms;
 * a searched page the same or less). Same rows, same order, same total.
 */
function countedPageQuery(table: AnyTable, opts: SelectRows, totalAs: string): SQL {
  const name = dialect.escapeName(getTableName(table));
  const total = dialect.escapeName(totalAs);
  const inner: SQL[] = [sql.raw(`select "id" as "__page_id", count(*) over () as ${total} from ${name}`), ...filtered(opts)];
  if (opts.limit !== undefined) inner.push(sql` limit ${opts.limit}`);
  if (opts.offset) inner.push(sql` offset ${opts.offset}`);
  const parts: SQL[] = [sql.raw(`${selectHead(table, opts.omit ?? undefined)}, "__page".${total}`)];
  if (opts.extraColumns?.length) parts.push(sql`, ${sql.join(opts.extraColumns, sql`, `)}`);
  parts.push(sql.raw(` from ${name} join (`), ...inner, sql.raw(`) "__page" on ${name}."id" = "__page"."__page_id"`));
  if (opts.orderBy?.length) parts.push(sql` order by ${sql.join(opts.orderBy, sql`, `)}`);
  return sql.join(parts);
}

/**
 * `column = any($1)`: the ids as one array parameter (or one placeholder of a kept statement). Drizzle's
 * `inArray` binds each id apart, and the products of a 500-piece job (their pieces embedded) were 500
 * parameters rendered, sent and planned on every call; a kept list statement was one per list length.
 */
export const anyOf = (column: Column | SQL, values: readonly unknown[] | Placeholder): SQL =>
  sql`${column} = any(${Array.isArray(values) ? sql.param(values) : values})`;

/** SQL text and bound parameters, as Drizzle would send them. */
export function renderSql(query: SQL): { sql: string; params: unknown[] } {
  return dialect.sqlToQuery(query);
}

/** The rows of a resource's table. */
export async function selectRows(db: Db, table: AnyTable, opts: SelectRows = {}): Promise<ResourceRow[]> {
  const query = renderSql(selectQuery(table, opts));
  return db.query<ResourceRow>(query.sql, query.params);
}
