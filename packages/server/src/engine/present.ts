/**
 * Presenting stored rows to a caller: what they may not see left out, computed columns filled in,
 * who deleted a soft-deleted record, timestamps in the contract's ISO UTC.
 */
import { fillPlaceholders, getTableName, sql } from 'drizzle-orm';
import type { Area } from '@glazier/shared/permissions';
import type { ResourceRow, Row } from '../db/client.ts';
import { isoTimestamp } from '../db/driver-types.ts';
import { canEdit, type Ctx } from './context.ts';
import { renderSql } from './select-rows.ts';
import type { ServerResource } from './server-resource.ts';

/**
 * What presenting a row of a resource looks at, read off its definition once: the few fields that
 * may be left out, and the timestamps to bring to ISO. A job's GET presents some twenty rows, and
 * walking every field of each was a tenth of the request's main-thread time.
 */
interface Presentation {
  writeOnly: string[];
  guarded: [string, Area][];
  timestamps: string[];
}
const presentations = new WeakMap<ServerResource, Presentation>();

function presentationOf(res: ServerResource): Presentation {
  let p = presentations.get(res);
  if (!p) {
    const fields = Object.entries(res.def.fields);
    p = {
      writeOnly: fields.filter(([, fd]) => fd.writeOnly).map(([name]) => name),
      guarded: fields.filter(([, fd]) => !fd.writeOnly && fd.guard).map(([name, fd]) => [name, fd.guard!]),
      timestamps: [...new Set([...fields.filter(([, fd]) => fd.kind === 'timestamp').map(([name]) => name), 'created_at', 'updated_at', 'deleted_at'])],
    };
    presentations.set(res, p);
  }
  return p;
}

/**
 * The fields of a resource a caller may not see, worked out once per signed-in user (one object
 * until their rights change, session-user-cache.ts) instead of for every row: a job's GET presents
 * a few dozen rows.
 */
const hiddenByUser = new WeakMap<object, WeakMap<ServerResource, ReadonlySet<string> | null>>();
const NO_USER = {};

export function hiddenFields(ctx: Ctx, res: ServerResource): ReadonlySet<string> | null {
  const user = ctx.user ?? NO_USER;
  let byRes = hiddenByUser.get(user);
  if (!byRes) hiddenByUser.set(user, (byRes = new WeakMap()));
  let hidden = byRes.get(res);
  if (hidden === undefined) {
    const { writeOnly, guarded } = presentationOf(res);
    const names = [...writeOnly, ...guarded.filter(([, area]) => !canEdit(ctx, area)).map(([name]) => name)];
    byRes.set(res, (hidden = names.length ? new Set(names) : null));
  }
  return hidden;
}

/** Removes what the caller may not see: write-only fields, guarded cost/revenue, secrets. */
export function present(ctx: Ctx, res: ServerResource, row: ResourceRow): ResourceRow;
export function present(ctx: Ctx, res: ServerResource, row: Row): Row;
export function present(ctx: Ctx, res: ServerResource, row: Row): Row {
  const hidden = hiddenFields(ctx, res);
  // A row read for this answer is the answer's own: copied only when something is taken out of it
  // (a takeoff's 2000 cells were 2000 copies for nothing; a list does not read what it hides), and
  // copied without them rather than deleted from (a deleted property leaves an object slow to read
  // and to serialise).
  let out = row;
  if (hidden && holdsAny(row, hidden)) {
    out = {};
    for (const name in row) if (!hidden.has(name)) out[name] = row[name];
  }
  return res.present ? res.present(ctx, out) : out;
}

function holdsAny(row: Row, names: ReadonlySet<string>): boolean {
  for (const name of names) if (name in row) return true;
  return false;
}

/**
 * Who deleted each soft-deleted row (`deleted_by_name`, from the audit log): one query, and only
 * when rows are deleted, so lists of live records pay nothing.
 */
export async function addDeleters(ctx: Ctx, res: ServerResource, rows: ResourceRow[]): Promise<void> {
  const deleted = rows.filter((r) => r.deleted_at != null);
  if (!deleted.length) return;
  const found = await ctx.db.query<Row>(
    `SELECT DISTINCT ON (a.record_id) a.record_id, CASE WHEN a.user_id = 0 THEN 'System' ELSE u.name END AS name
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.resource = $1 AND a.record_id = ANY($2::int[]) AND a.action IN ('delete', 'discontinue')
      ORDER BY a.record_id, a.id DESC`,
    [res.name, deleted.map((r) => r.id)],
  );
  const byId = new Map(found.map((r) => [r.record_id, r.name as string | null]));
  for (const r of deleted) r.deleted_by_name = byId.get(r.id) ?? null;
}

/** Whether the caller may see (and restore) deleted records of `res`: a trash is for its area's editors. */
export function maySeeDeleted(ctx: Ctx, res: ServerResource): boolean {
  return Boolean(res.def.softDelete) && (!res.def.trash || canEdit(ctx, res.def.trash.area));
}

/**
 * Fills the computed fields (server `computed` expressions) of rows already read, in one query for
 * the given ids: a page computes them for its own rows only, never for the whole table.
 */
export async function addComputed(ctx: Ctx, res: ServerResource, rows: ResourceRow[]): Promise<void> {
  if (!rows.length) return;
  const statement = computedStatement(res);
  if (!statement) return;
  const found = await ctx.db.query<Row>(statement.sql, fillPlaceholders(statement.params, { ids: rows.map((r) => r.id) }), { prepare: true });
  const byId = new Map(found.map((r) => [r.id, r]));
  putComputed(ctx, res, rows, (r) => byId.get(r.id));
}

/** Sets the computed fields of `rows` from their values as read (`valuesOf`); a guarded one (an estimate item's standard price) is left out as a stored one is. */
export function putComputed(ctx: Ctx, res: ServerResource, rows: ResourceRow[], valuesOf: (row: ResourceRow) => Row | undefined): void {
  const statement = computedStatement(res);
  if (!statement) return;
  const shown = statement.fields.filter(([name]) => {
    const guard = res.def.fields[name]?.guard;
    return !guard || canEdit(ctx, guard);
  });
  for (const r of rows) {
    const values = valuesOf(r);
    for (const [name, asNumber] of shown) {
      const v = values?.[name] ?? null;
      r[name] = asNumber && v !== null ? Number(v) : v;
    }
  }
}

/**
 * The computed columns as a write's RETURNING can carry them (`expr AS "name", …`, the row's
 * table named as in addComputed's statement); null when a resource has none, when one takes a
 * value, or when one reads the row's own table beyond the row itself (a stock movement's running
 * balance: RETURNING sees the table as it was before the write). Then addComputed reads them
 * after the write.
 */
const computedReturnings = new WeakMap<ServerResource, { sql: string; names: string[] } | null>();

export function computedReturning(res: ServerResource): { sql: string; names: string[] } | null {
  let returning = computedReturnings.get(res);
  if (returning === undefined) {
    const columns = computedColumns(res);
    const rendered = columns.length ? renderSql(sql.join(columns, sql`, `)) : null;
    const table = getTableName(res.table);
    const readsOwnTable = (text: string) => new RegExp(`\\b${table}\\b`).test(text.replaceAll(`"${table}".`, ''));
    returning = rendered && !rendered.params.length && !readsOwnTable(rendered.sql) ? { sql: rendered.sql, names: Object.keys(res.computed ?? {}) } : null;
    computedReturnings.set(res, returning);
  }
  return returning;
}

/** Each computed field's expression over the resource's table, `expr AS "name"`. */
const computedColumns = (res: ServerResource) => Object.entries(res.computed ?? {}).map(([name, expr]) => sql`${expr(res.table)} AS ${sql.identifier(name)}`);

/**
 * addComputed's statement for a resource: its computed columns for a list of ids, the same text
 * whatever the ids, so it is rendered once (Drizzle rendered the expressions again for every page,
 * most of an inventory page's main-thread time) and prepared. `fields`: each computed
 * field and whether it is a number (numeric kinds).
 */
const computedStatements = new WeakMap<ServerResource, { sql: string; params: unknown[]; fields: [string, boolean][] } | null>();
const IDS = sql.placeholder('ids');

function computedStatement(res: ServerResource) {
  let statement = computedStatements.get(res);
  if (statement === undefined) {
    const exprs = Object.entries(res.computed ?? {});
    const t = res.table;
    const columns = computedColumns(res);
    const numeric = (name: string) => ['int', 'money', 'qty', 'length'].includes(res.def.fields[name]?.kind ?? '');
    statement = exprs.length
      ? {
          ...renderSql(sql`SELECT ${t.id} AS id, ${sql.join(columns, sql`, `)} FROM ${t} WHERE ${t.id} = ANY(${IDS}::int[])`),
          fields: exprs.map(([name]) => [name, numeric(name)]),
        }
      : null;
    computedStatements.set(res, statement);
  }
  return statement;
}

/** json_agg renders timestamps in PostgreSQL's format: bring them to the contract's ISO UTC. */
export function fromJson(res: ServerResource, row: Row): Row {
  for (const name of presentationOf(res).timestamps) {
    if (typeof row[name] === 'string') row[name] = isoTimestamp(row[name] as string);
  }
  return row;
}
