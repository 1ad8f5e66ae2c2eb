/**
 * The generic resource engine: list, page, get, create, update, store_many and delete for any
 * registry entry, with authorisation, validation, record rules (hooks), nested children, conflict
 * detection, one transaction per call and an audit row per change.
 */
import { and, count, eq, fillPlaceholders, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { recordSchema, issuesToErrors, type RelationDef } from '@glazier/shared/resources/define';
import { LIST_LIMIT, type Page } from '@glazier/shared/api';
import type { Area } from '@glazier/shared/permissions';
import { isResourceName } from '@glazier/shared/resources/registry';
import { type Row, sqlRows } from '../db/client.ts';
import { asDbError, isoTimestamp } from '../db/driver-types.ts';
import { recordAudit } from './audit.ts';
import { refuseStateChanges, touchParents } from './aggregates.ts';
import { SERVER_RESOURCES } from '../areas/registry.ts';
import { allowed, authorize, canEdit, requireUser, type Ctx } from './context.ts';
import { ApiError, conflict, forbidden, fromDbError, invalid, notFound } from './errors.ts';
import { baseConditions, parseListQuery, parsePaging, parseSort, type QueryInput } from './query.ts';
import { renderSql, selectQuery, selectRows } from './select-rows.ts';
import { insertRow, updateRow } from './write-rows.ts';
import type { ListAnswer, ServerResource, UnionPart, WriteOp } from './server-resource.ts';

export function resource(name: string): ServerResource {
  if (!isResourceName(name)) throw notFound('Resource');
  return SERVER_RESOURCES[name];
}

// ---------- output ----------

/**
 * What presenting a row of a resource looks at, read off its definition once: the few fields that
 * may be left out, and the timestamps to bring to ISO. A job's GET presents some twenty rows, and
 * walking every field of each was a tenth of the request's main-thread time (issue 9).
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

/** Removes what the caller may not see: write-only fields, guarded cost/revenue, secrets. */
export function present(ctx: Ctx, res: ServerResource, row: Row): Row {
  const out: Row = { ...row };
  const { writeOnly, guarded } = presentationOf(res);
  for (const name of writeOnly) delete out[name];
  for (const [name, area] of guarded) if (!canEdit(ctx, area)) delete out[name];
  return res.present ? res.present(ctx, out) : out;
}

/**
 * Who deleted each soft-deleted row (`deleted_by_name`, from the audit log): one query, and only
 * when rows are deleted, so lists of live records pay nothing.
 */
export async function addDeleters(ctx: Ctx, res: ServerResource, rows: Row[]): Promise<void> {
  const deleted = rows.filter((r) => r.deleted_at != null);
  if (!deleted.length) return;
  const found = await ctx.db.query<Row>(
    `SELECT DISTINCT ON (a.record_id) a.record_id, CASE WHEN a.user_id = 0 THEN 'System' ELSE u.name END AS name
       FROM audit_log a LEFT JOIN users u ON u.id = a.user_id
      WHERE a.resource = $1 AND a.record_id = ANY($2::int[]) AND a.action IN ('delete', 'discontinue')
      ORDER BY a.record_id, a.id DESC`,
    [res.name, deleted.map((r) => r.id as number)],
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
export async function addComputed(ctx: Ctx, res: ServerResource, rows: Row[]): Promise<void> {
  if (!rows.length) return;
  const statement = computedStatement(res);
  if (!statement) return;
  const found = await ctx.db.query<Row>(statement.sql, fillPlaceholders(statement.params, { ids: rows.map((r) => r.id as number) }), { prepare: true });
  const byId = new Map(found.map((r) => [r.id, r]));
  for (const r of rows) {
    const values = byId.get(r.id);
    for (const [name, asNumber] of statement.fields) {
      const v = values?.[name] ?? null;
      r[name] = asNumber && v !== null ? Number(v) : v;
    }
  }
}

/**
 * addComputed's statement for a resource: its computed columns for a list of ids, the same text
 * whatever the ids, so it is rendered once (Drizzle rendered the expressions again for every page,
 * most of an inventory page's main-thread time, issue 9) and prepared. `fields`: each computed
 * field and whether it is a number (numeric kinds).
 */
const computedStatements = new WeakMap<ServerResource, { sql: string; params: unknown[]; fields: [string, boolean][] } | null>();
const IDS = sql.placeholder('ids');

function computedStatement(res: ServerResource) {
  let statement = computedStatements.get(res);
  if (statement === undefined) {
    const exprs = Object.entries(res.computed ?? {});
    const t = res.table;
    const columns = exprs.map(([name, expr]) => sql`${expr(t)} AS ${sql.identifier(name)}`);
    const numeric = (name: string) => ['int', 'money', 'qty', 'length'].includes(res.def.fields[name]?.kind ?? '');
    statement = exprs.length
      ? { ...renderSql(sql`SELECT ${t.id} AS id, ${sql.join(columns, sql`, `)} FROM ${t} WHERE ${t.id} = ANY(${IDS}::int[])`), fields: exprs.map(([name]) => [name, numeric(name)]) }
      : null;
    computedStatements.set(res, statement);
  }
  return statement;
}

/** Relations of many parents (lists with `with_{relation}`): one batched query per relation. */
async function embedRelations(ctx: Ctx, res: ServerResource, rows: Row[], names: string[]): Promise<void> {
  if (!rows.length) return;
  for (const relName of names) {
    const rel = res.def.relations[relName]!;
    const child = resource(rel.resource);
    if (!allowed(ctx, 'view', child.def.read)) continue; // a relation the caller may not read is left out
    const t = child.table;
    if (rel.kind === 'belongsTo') {
      const ids = [...new Set(rows.map((r) => r[rel.localKey!]).filter((v): v is number => typeof v === 'number'))];
      const found = ids.length
        ? await selectRows(ctx.db, t, { where: and(inArray(t.id, ids), ...baseConditions(ctx, child, { includeDeleted: true })) })
        : [];
      const byId = new Map(found.map((r) => [r.id, present(ctx, child, r)]));
      for (const r of rows) r[relName] = byId.get(r[rel.localKey!]) ?? null;
    } else if (rel.via) {
      // rows found by a filter rather than a key cannot be told apart by parent: one statement each
      const { orderBy } = parseListQuery(ctx, child, { ...rel.order }, 'page');
      for (const r of rows) {
        const found = (await selectRows(ctx.db, t, { where: and(childrenOf(child, rel, r.id as number), ...baseConditions(ctx, child)), orderBy })).map((f) => present(ctx, child, f));
        r[relName] = rel.kind === 'one' ? (found[0] ?? null) : found;
      }
    } else {
      const ids = rows.map((r) => r.id as number);
      const { orderBy } = parseListQuery(ctx, child, { ...rel.order }, 'page');
      const found = await selectRows(ctx.db, t, { where: and(inArray(t[rel.foreignKey!], ids), ...baseConditions(ctx, child)), orderBy });
      const groups = new Map<unknown, Row[]>();
      for (const f of found) {
        const key = f[rel.foreignKey!];
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key)!.push(present(ctx, child, f));
      }
      for (const r of rows) r[relName] = rel.kind === 'one' ? (groups.get(r.id)?.[0] ?? null) : (groups.get(r.id) ?? []);
    }
  }
}

/** json_agg renders timestamps in PostgreSQL's format: bring them to the contract's ISO UTC. */
function fromJson(res: ServerResource, row: Row): Row {
  for (const name of presentationOf(res).timestamps) {
    if (typeof row[name] === 'string') row[name] = isoTimestamp(row[name] as string);
  }
  return row;
}

/** A relation of a record the caller may read: its name, the child resource, its definition. */
type ReadableRelation = [string, ServerResource, RelationDef];

function readableRelations(ctx: Ctx, res: ServerResource, names: string[]): ReadableRelation[] {
  const used: ReadableRelation[] = [];
  for (const relName of names) {
    const rel = res.def.relations[relName]!;
    const child = resource(rel.resource);
    if (allowed(ctx, 'view', child.def.read)) used.push([relName, child, rel]);
  }
  return used;
}

/** Column names of the relations in a statement that also reads the record's own columns (no column has a dot). */
const RELATION_PREFIX = 'relation.';
const relationColumn = (name: string) => `${RELATION_PREFIX}${name}`;

/**
 * Relations of one record as select-list subqueries, each found by the record's id alone (a
 * belongsTo through the record's key, read by an uncorrelated subquery: right even when the child
 * lives in the same table, a job's template), so they ride in the statement that reads the record
 * (get) or go alone (readRelations). `id` may be a placeholder (a statement kept for reuse).
 */
function relationColumns(ctx: Ctx, res: ServerResource, id: number | SQLWrapper, used: ReadableRelation[]): SQL[] {
  return used.map(([relName, child, rel]) => {
    const t = child.table;
    let sub: SQL;
    if (rel.kind === 'belongsTo') {
      const local = sql`(SELECT ${res.table[rel.localKey!]} FROM ${res.table} WHERE ${eq(res.table.id, id)})`;
      sub = sql`(SELECT row_to_json(${t}) FROM ${t} WHERE ${and(sql`${t.id} = ${local}`, ...baseConditions(ctx, child, { includeDeleted: true }))} LIMIT 1)`;
    } else {
      const where = and(childrenOf(child, rel, id), ...baseConditions(ctx, child));
      // The relation's order is its list query's (a screen lists the same rows the same way).
      const order = sql.join(parseListQuery(ctx, child, { ...rel.order }, 'page').orderBy, sql`, `);
      sub =
        rel.kind === 'one'
          ? sql`(SELECT row_to_json(${t}) FROM ${t} WHERE ${where} ORDER BY ${order} LIMIT 1)`
          : sql`(SELECT coalesce(json_agg(${t} ORDER BY ${order}), '[]'::json) FROM ${t} WHERE ${where})`;
    }
    return sql`${sub} AS ${sql.identifier(relationColumn(relName))}`;
  });
}

/** The condition on a `many` or `one` relation's rows for one parent: its `via` filter, or its foreign key. */
function childrenOf(child: ServerResource, rel: RelationDef, parentId: number | SQLWrapper): SQL {
  if (!rel.via) return eq(child.table[rel.foreignKey!], parentId);
  const via = child.viaFilters?.[rel.via];
  if (!via) throw new Error(`${child.name} declares no via filter ${rel.via}.`);
  return via(parentId, child.table);
}

/** Puts the relation columns' values (read by `relationColumns`) on the record, as each child presents them. */
function putRelations(ctx: Ctx, used: ReadableRelation[], row: Row, values: Row | undefined): void {
  for (const [relName, child, rel] of used) {
    const value = values?.[relationColumn(relName)];
    if (rel.kind === 'many') row[relName] = ((value as Row[] | null) ?? []).map((r) => present(ctx, child, fromJson(child, r)));
    else row[relName] = value ? present(ctx, child, fromJson(child, value as Row)) : null;
  }
}

/** Relations of one record in a statement of their own (after a write). */
async function readRelations(ctx: Ctx, res: ServerResource, id: number, names: string[]): Promise<(row: Row) => void> {
  const used = readableRelations(ctx, res, names);
  if (!used.length) return () => {};
  const columns = relationColumns(ctx, res, id, used);
  const [values] = await sqlRows(ctx.db, sql`SELECT ${sql.join(columns, sql`, `)}`);
  return (row) => putRelations(ctx, used, row, values);
}

/**
 * get()'s statement (the record and every relation, some twenty subqueries for a job) is the same
 * text for every id, so it is rendered once per shape and kept, with the id its one placeholder.
 * The shape is everything of the caller that goes into it: the resource, whether deleted records
 * are readable, which relations are readable, and the record scopes (rendered, values included,
 * so a scope on the user's own id keys by user). Bounded; cleared when full.
 */
const getStatements = new Map<string, { sql: string; params: unknown[] }>();
const GET_STATEMENTS_MAX = 1_000;
const ID = sql.placeholder('id');

function getStatement(ctx: Ctx, res: ServerResource, used: ReadableRelation[]): { sql: string; params: unknown[] } {
  const includeDeleted = maySeeDeleted(ctx, res);
  const scopes = [res, ...used.map(([, child]) => child)].map((r) => {
    const scope = r.scope?.(ctx, r.table);
    return scope ? renderSql(scope) : null;
  });
  const key = JSON.stringify([res.name, includeDeleted, used.map(([relName]) => relName), scopes]);
  let statement = getStatements.get(key);
  if (!statement) {
    const where = and(eq(res.table.id, ID), ...baseConditions(ctx, res, { includeDeleted }));
    statement = renderSql(selectQuery(res.table, { where, limit: 1, extraColumns: relationColumns(ctx, res, ID, used) }));
    if (getStatements.size >= GET_STATEMENTS_MAX) getStatements.clear();
    getStatements.set(key, statement);
  }
  return statement;
}

/**
 * get()'s relations and statement for one caller: what they are depends on the caller's user
 * alone (their rights, their id in a scope), and a signed-in user is one object until their rights
 * or record change (session-user-cache.ts), so they are worked out once per user and resource
 * instead of on every request.
 */
const plansByUser = new WeakMap<object, Map<string, { used: ReadableRelation[]; statement: { sql: string; params: unknown[] } }>>();

function getPlan(ctx: Ctx, res: ServerResource, relations: string[]) {
  const user = requireUser(ctx);
  let plans = plansByUser.get(user);
  if (!plans) plansByUser.set(user, (plans = new Map()));
  let plan = plans.get(res.name);
  if (!plan) {
    const used = readableRelations(ctx, res, relations);
    plans.set(res.name, (plan = { used, statement: getStatement(ctx, res, used) }));
  }
  return plan;
}

// ---------- reads ----------

export async function list(ctx: Ctx, name: string, q: QueryInput): Promise<ListAnswer> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  if (res.list) return res.list(ctx, q, (other, oq) => genericList(ctx, other, oq));
  return genericList(ctx, name, q);
}

async function genericList(ctx: Ctx, name: string, q: QueryInput): Promise<ListAnswer> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const { where, orderBy, embed } = parseListQuery(ctx, res, q, 'list');
  // One row past the cap tells a capped list from one that just fits.
  const rows = await selectRows(ctx.db, res.table, { where, orderBy, limit: LIST_LIMIT + 1 });
  const data = rows.slice(0, LIST_LIMIT).map((r) => present(ctx, res, r));
  await addComputed(ctx, res, data);
  await addDeleters(ctx, res, data);
  await embedRelations(ctx, res, data, embed);
  return rows.length > LIST_LIMIT ? { data, truncated: true } : { data };
}

const TOTAL = '__total';

export async function page(ctx: Ctx, name: string, q: QueryInput): Promise<Page<Row>> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  if (res.page) return res.page(ctx, q, (parts, pq) => unionPage(ctx, parts, pq));
  const { page: pageNo, perPage } = parsePaging(q);
  const { where, orderBy, embed } = parseListQuery(ctx, res, q, 'page');
  // The total rides along with the page (one scan); only a page past the end needs its own count.
  const rows = await selectRows(ctx.db, res.table, { where, orderBy, limit: perPage, offset: (pageNo - 1) * perPage, totalAs: TOTAL });
  let total = Number(rows[0]?.[TOTAL] ?? 0);
  if (!rows.length && pageNo > 1) total = Number((await ctx.db.orm.select({ n: count() }).from(res.table).where(where))[0]?.n ?? 0);
  const data = rows.map(({ [TOTAL]: _total, ...r }) => present(ctx, res, r));
  await addComputed(ctx, res, data);
  await addDeleters(ctx, res, data);
  await embedRelations(ctx, res, data, embed);
  return { data, current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * One page over the rows of several resources (`UnionPart`s), as if they were one table: one
 * statement selects each part's matching ids and sort keys, UNION ALL, sorted, counted and cut to
 * the page; then each part's rows of the page are read whole and presented as their own resource's,
 * each with its part's `type`. Sorts by a column every part lists as sortable; by default by name,
 * then type, then id.
 */
async function unionPage(ctx: Ctx, parts: UnionPart[], q: QueryInput): Promise<Page<Row>> {
  const used = parts.map((part) => ({ ...part, res: resource(part.name) }));
  for (const { res } of used) authorize(ctx, 'view', res.def.read);
  const { page: pageNo, perPage } = parsePaging(q);
  const sortable = ['id', ...used.map(({ res }) => res.def.sortable).reduce((a, b) => a.filter((c) => b.includes(c)))];
  const sort = parseSort(q, sortable);
  const byName = used.every(({ res }) => 'name' in res.def.fields);
  const keys = [...new Set(['id', ...(byName ? ['name'] : []), ...(sort.column ? [sort.column] : [])])];

  const selects = used.map(({ res, q: partQuery, type }) => {
    const { where } = parseListQuery(ctx, res, partQuery, 'page');
    const columns = sql.join(keys.map((k) => sql`${res.table[k]} AS ${sql.identifier(k)}`), sql`, `);
    return sql`SELECT ${type}::text AS type, ${columns} FROM ${res.table}${where ? sql` WHERE ${where}` : sql``}`;
  });
  const rowsOfAll = sql.join(selects, sql` UNION ALL `);
  const order: SQL[] = [];
  if (sort.column) order.push(sql`${sql.identifier(sort.column)} ${sql.raw(sort.direction)} NULLS LAST`);
  if (byName) order.push(sql`name ASC NULLS LAST`);
  order.push(sql`type ASC`, sql`id ASC`);
  const found = await sqlRows(ctx.db, sql`SELECT type, id, count(*) OVER () AS ${sql.identifier(TOTAL)} FROM (${rowsOfAll}) AS combined ORDER BY ${sql.join(order, sql`, `)} LIMIT ${perPage} OFFSET ${(pageNo - 1) * perPage}`);
  let total = Number(found[0]?.[TOTAL] ?? 0);
  if (!found.length && pageNo > 1) {
    const [counted] = await sqlRows(ctx.db, sql`SELECT count(*) AS n FROM (${rowsOfAll}) AS combined`);
    total = Number(counted?.n ?? 0);
  }

  const pageRows = new Map<string, Row>();
  for (const { res, type } of used) {
    const ids = found.filter((r) => r.type === type).map((r) => Number(r.id));
    if (!ids.length) continue;
    const rows = await selectRows(ctx.db, res.table, { where: inArray(res.table.id, ids) });
    const data = rows.map((r) => present(ctx, res, r));
    await addComputed(ctx, res, data);
    for (const r of data) pageRows.set(`${type}:${r.id}`, { ...r, type });
  }
  const data = found.map((r) => pageRows.get(`${r.type}:${Number(r.id)}`)).filter((r): r is Row => r !== undefined);
  return { data, current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/** A record id from a path segment, or 404. */
export function parseId(id: unknown): number {
  const s = String(id);
  if (!/^\d{1,9}$/.test(s) || Number(s) < 1 || Number(s) > 2_147_483_647) throw notFound();
  return Number(s);
}

async function findRow(ctx: Ctx, res: ServerResource, id: number, opts: { includeDeleted?: boolean; forUpdate?: boolean } = {}): Promise<Row | undefined> {
  const [row] = await selectRows(ctx.db, res.table, { where: and(eq(res.table.id, id), ...baseConditions(ctx, res, opts)), limit: 1, forUpdate: opts.forUpdate });
  return row;
}

/**
 * The stored row a get() of this caller would answer, or 404 by the same rules: the record scope,
 * and a deleted record in a trash only for those who may restore it (the area right comes first).
 */
async function readableRow(ctx: Ctx, res: ServerResource, id: number): Promise<Row> {
  const row = await findRow(ctx, res, id, { includeDeleted: maySeeDeleted(ctx, res) });
  if (!row) throw notFound(res.def.label);
  return row;
}

/**
 * One record as the caller may see it, without its computed fields and relations: for calls that
 * only check the caller may read it (a history) or need its own columns (a file's blob), where
 * get()'s embedded relations would be read for nothing. Same access rules as get().
 */
export async function getRow(ctx: Ctx, name: string, idRaw: unknown): Promise<Row> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  return present(ctx, res, await readableRow(ctx, res, parseId(idRaw)));
}

const newest = (a: string | undefined, b: unknown) => (typeof b === 'string' && (!a || b > a) ? b : a);

/**
 * Get one with its relations; `{current: true}` when nothing changed since `accessed_at`. A record
 * with computed fields (a material's on hand) can change while its row does not, so it is always
 * answered in full.
 */
export async function get(ctx: Ctx, name: string, idRaw: unknown, accessedAt?: unknown): Promise<Row> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const id = parseId(idRaw);
  const relations = Object.keys(res.def.relations);
  // The record and its relations in one statement: relations only come with a readable record
  // (the same access rules as readableRow).
  const { used, statement } = getPlan(ctx, res, relations);
  const [read] = await ctx.db.query<Row>(statement.sql, fillPlaceholders(statement.params, { id }), { prepare: true });
  if (!read) throw notFound(res.def.label);
  const row: Row = {};
  const values: Row = {};
  for (const [key, value] of Object.entries(read)) (key.startsWith(RELATION_PREFIX) ? values : row)[key] = value;
  const out = present(ctx, res, row);
  await addComputed(ctx, res, [out]);
  await addDeleters(ctx, res, [out]);
  putRelations(ctx, used, out, values);
  const computes = Object.keys(res.computed ?? {}).length > 0;
  if (!computes && typeof accessedAt === 'string' && !Number.isNaN(Date.parse(accessedAt))) {
    let latest = row.updated_at as string;
    for (const rel of relations) {
      const v = out[rel];
      for (const child of Array.isArray(v) ? v : v ? [v] : []) latest = newest(latest, (child as Row).updated_at) ?? latest;
    }
    if (Date.parse(latest) <= Date.parse(accessedAt)) return { current: true };
  }
  return out;
}

// ---------- writes ----------

interface WriteOpts {
  /** Prefix for error keys of nested or bulk records ("products.0."). */
  prefix?: string;
  /** A nested child must already belong to this parent (column → parent id). */
  belongsTo?: { column: string; id: unknown };
}

function prefixErrors(errors: Record<string, string[]>, prefix?: string): Record<string, string[]> {
  if (!prefix) return errors;
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));
}

async function writeAudit(ctx: Ctx, res: ServerResource, action: string, recordId: number, before: Row | null, after: Row | null) {
  await recordAudit(ctx, res.name, action, recordId, before, after);
}

/**
 * The area right, checked before anything else of a write (then existence 404, then validation
 * 422, then record rules): a caller without the right learns nothing about ids or the body.
 */
function checkArea(ctx: Ctx, res: ServerResource, op: WriteOp) {
  requireUser(ctx);
  const ok = res.mayWrite ? res.mayWrite(ctx, op) : allowed(ctx, 'edit', res.def.write);
  if (!ok) throw forbidden();
}

function checkWrite(ctx: Ctx, res: ServerResource, op: WriteOp, values: Row | null, existing: Row | null) {
  requireUser(ctx);
  const ok = res.canWrite ? res.canWrite(ctx, { values, existing, op }) : allowed(ctx, 'edit', res.def.write);
  if (!ok) throw forbidden();
}

/** Validates the body against the definition and keeps only what the caller may write. */
function validate(ctx: Ctx, res: ServerResource, body: unknown, mode: 'create' | 'update', prefix?: string): { values: Row; input: Row } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalid({ [prefix ? prefix.slice(0, -1) : '_']: ['The body must be a record.'] });
  const parsed = recordSchema(res.def, mode).safeParse(body);
  if (!parsed.success) throw invalid(prefixErrors(issuesToErrors(parsed.error.issues), prefix));
  const input = parsed.data as Row;
  const values: Row = {};
  for (const [name, fd] of Object.entries(res.def.fields)) {
    if (!(name in input) || fd.readOnly) continue;
    if (fd.guard && !canEdit(ctx, fd.guard)) continue;
    values[name] = input[name]; // write-only ones (passwords) are for hooks; never stored as-is
  }
  return { values, input };
}

/** Every id of an id list must name an existing record (422 instead of a dangling id). */
async function checkIdLists(ctx: Ctx, res: ServerResource, values: Row, prefix = ''): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [name, fd] of Object.entries(res.def.fields)) {
    const ids = values[name];
    if (fd.kind !== 'idList' || !fd.ref || !Array.isArray(ids) || !ids.length) continue;
    const target = resource(fd.ref);
    const wanted = [...new Set(ids as number[])];
    const found = (await ctx.db.orm
      .select({ id: target.table.id })
      .from(target.table)
      .where(and(inArray(target.table.id, wanted), ...baseConditions(ctx, target)))) as { id: number }[];
    const known = new Set(found.map((r) => r.id));
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length) errors[`${prefix}${name}`] = [`Unknown ${target.def.label.toLowerCase()} id${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}.`];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

function stripWriteOnly(res: ServerResource, values: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(values)) if (!res.def.fields[k]?.writeOnly) out[k] = v;
  return out;
}

async function saveOne(ctx: Ctx, res: ServerResource, body: unknown, existingId: number | null, opts: WriteOpts = {}): Promise<Row> {
  checkArea(ctx, res, existingId !== null ? 'update' : 'create');
  const bodyRow = (typeof body === 'object' && body !== null ? body : {}) as Row;
  let existing: Row | null = null;
  if (existingId !== null) {
    existing = (await findRow(ctx, res, existingId, { forUpdate: true })) ?? null;
    if (!existing) throw opts.prefix ? invalid({ [`${opts.prefix}id`]: [`${res.def.label} not found.`] }) : notFound(res.def.label);
    if (opts.belongsTo && existing[opts.belongsTo.column] !== opts.belongsTo.id) {
      throw invalid({ [`${opts.prefix ?? ''}id`]: ['This record belongs to another parent.'] });
    }
  } else if (res.upsertBy && bodyRow[res.upsertBy] != null) {
    const [found] = await selectRows(ctx.db, res.table, { where: and(eq(res.table[res.upsertBy], bodyRow[res.upsertBy] as string), ...baseConditions(ctx, res)), limit: 1 });
    existing = found ?? null;
  }
  const mode = existing ? 'update' : 'create';
  const { values, input } = validate(ctx, res, body, mode, opts.prefix);
  await checkIdLists(ctx, res, values, opts.prefix);
  checkWrite(ctx, res, mode, values, existing);

  // Conflict: the client edited a copy older than the stored record (DESIGN.md 409).
  if (existing && existingId !== null && typeof input.updated_at === 'string') {
    const theirs = Date.parse(input.updated_at);
    if (!Number.isNaN(theirs) && theirs < Date.parse(existing.updated_at as string)) throw conflict();
  }
  refuseStateChanges(res, bodyRow, existing, opts.prefix);

  try {
    await res.beforeSave?.({ ctx, values, input, existing });
  } catch (e) {
    if (e instanceof ApiError && e.errors && opts.prefix) throw new ApiError(e.status, e.message, prefixErrors(e.errors, opts.prefix));
    throw e;
  }
  const now = new Date().toISOString();
  const writeValues = stripWriteOnly(res, values);
  for (const [col, v] of Object.entries(res.def.fixed ?? {})) writeValues[col] = v;

  let record: Row;
  try {
    record = existing
      ? (await updateRow(ctx.db, res.table, existing.id as number, { ...writeValues, updated_at: now }))!
      : await insertRow(ctx.db, res.table, { ...writeValues, created_at: now, updated_at: now });
  } catch (e) {
    const dbError = asDbError(e);
    if (dbError) throw fromDbError(dbError, { prefix: opts.prefix, table: res.def.table }) ?? e;
    throw e;
  }
  await writeAudit(ctx, res, existing ? 'update' : 'create', record.id as number, existing, record);
  await saveChildren(ctx, res, record, bodyRow, opts.prefix);
  await res.afterSave?.({ ctx, record, input, existing });
  if (!opts.belongsTo) await touchParents(ctx, res, existing, record); // inside its parent's save, the parent's own write counts
  return record;
}

/** Nested children in the parent's body are synced: upserted, and missing ones deleted. */
async function saveChildren(ctx: Ctx, res: ServerResource, parent: Row, body: Row, prefix = ''): Promise<void> {
  const raw = body;
  for (const [relName, rel] of Object.entries(res.def.relations) as [string, RelationDef][]) {
    if (!rel.writable || rel.kind !== 'many') continue;
    const children = raw[relName];
    if (children === undefined) continue;
    if (!Array.isArray(children)) throw invalid({ [`${prefix}${relName}`]: ['Must be a list of records.'] });
    if (children.length > 1000) throw invalid({ [`${prefix}${relName}`]: ['At most 1000 records.'] });
    const child = resource(rel.resource);
    const keep: number[] = [];
    for (const [i, c] of children.entries()) {
      if (typeof c !== 'object' || c === null || Array.isArray(c)) throw invalid({ [`${prefix}${relName}.${i}`]: ['Must be a record.'] });
      const body = { ...(c as Row), [rel.foreignKey!]: parent.id };
      const id = (c as Row)?.id;
      const childPrefix = `${prefix}${relName}.${i}.`;
      const existingId = id !== undefined && id !== null ? parseChildId(id, childPrefix) : null;
      const saved = await saveOne(ctx, child, body, existingId, { prefix: childPrefix, belongsTo: { column: rel.foreignKey!, id: parent.id } });
      keep.push(saved.id as number);
    }
    const t = child.table;
    const stale = await selectRows(ctx.db, t, { where: and(eq(t[rel.foreignKey!], parent.id as number), ...baseConditions(ctx, child)) });
    for (const row of stale) if (!keep.includes(row.id as number)) await deleteRow(ctx, child, row);
  }
}

function parseChildId(id: unknown, prefix: string): number {
  try {
    return parseId(id);
  } catch {
    throw invalid({ [`${prefix}id`]: ['Must be a record id.'] });
  }
}

export async function create(ctx: Ctx, name: string, body: unknown): Promise<Row> {
  const res = resource(name);
  requireUser(ctx);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const record = await saveOne(tx, res, body, null);
    return readBack(tx, res, record);
  });
}

export async function update(ctx: Ctx, name: string, idRaw: unknown, body: unknown): Promise<Row> {
  const res = resource(name);
  requireUser(ctx);
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const record = await saveOne(tx, res, body, id);
    return readBack(tx, res, record);
  });
}

export async function storeMany(ctx: Ctx, name: string, body: unknown): Promise<{ data: Row[] }> {
  const res = resource(name);
  requireUser(ctx);
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) {
    checkArea(ctx, res, 'create');
    throw invalid({ data: ['The data field must be a list of records.'] });
  }
  for (const op of new Set(data.map((item) => ((item as Row | null)?.id == null ? 'create' : 'update') as WriteOp))) checkArea(ctx, res, op);
  if (data.length > 1000) throw invalid({ data: ['At most 1000 records at once.'] });
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const out: Row[] = [];
    for (const [i, item] of data.entries()) {
      if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid({ [`data.${i}`]: ['Must be a record.'] });
      const id = (item as Row | null)?.id;
      const prefix = `data.${i}.`;
      const record = await saveOne(tx, res, item, id === undefined || id === null ? null : parseChildId(id, prefix), { prefix });
      out.push(present(tx, res, record));
    }
    await addComputed(tx, res, out);
    return { data: out };
  });
}

async function readBack(ctx: Ctx, res: ServerResource, record: Row): Promise<Row> {
  const out = present(ctx, res, record);
  await addComputed(ctx, res, [out]);
  const writable = Object.entries(res.def.relations).filter(([, r]) => r.writable).map(([n]) => n);
  (await readRelations(ctx, res, record.id as number, writable))(out);
  return out;
}

async function deleteRow(ctx: Ctx, res: ServerResource, existing: Row): Promise<void> {
  checkWrite(ctx, res, 'delete', null, existing);
  await res.beforeDelete?.({ ctx, existing });
  try {
    if (res.def.softDelete) {
      await ctx.db.orm.update(res.table).set({ deleted_at: new Date().toISOString() }).where(eq(res.table.id, existing.id as number));
    } else {
      await ctx.db.orm.delete(res.table).where(eq(res.table.id, existing.id as number));
    }
  } catch (e) {
    const dbError = asDbError(e);
    if (dbError) throw fromDbError(dbError, { deleting: true, table: res.def.table, label: res.def.label }) ?? e;
    throw e;
  }
  // A product without a trash is discontinued; anything else (a job in the trash too) is deleted.
  await writeAudit(ctx, res, res.def.softDelete && !res.def.trash ? 'discontinue' : 'delete', existing.id as number, existing, null);
  await res.afterDelete?.({ ctx, existing });
}

export async function remove(ctx: Ctx, name: string, idRaw: unknown): Promise<{ id: number }> {
  const res = resource(name);
  requireUser(ctx);
  checkArea(ctx, res, 'delete');
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const existing = await findRow(tx, res, id, { forUpdate: true });
    if (!existing) throw notFound(res.def.label);
    await deleteRow(tx, res, existing);
    await touchParents(tx, res, existing);
    return { id };
  });
}

/** Brings back a soft-deleted record (discontinued products, jobs in the trash). */
export async function restore(ctx: Ctx, name: string, idRaw: unknown): Promise<Row> {
  const res = resource(name);
  if (!res.def.softDelete) throw notFound();
  checkArea(ctx, res, 'update');
  if (!maySeeDeleted(ctx, res)) throw forbidden();
  const id = parseId(idRaw);
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const existing = await findRow(tx, res, id, { includeDeleted: true, forUpdate: true });
    if (!existing) throw notFound(res.def.label);
    checkWrite(tx, res, 'update', {}, existing);
    if (existing.deleted_at != null) await res.beforeRestore?.({ ctx: tx, existing });
    const [record] = (await tx.db.orm
      .update(res.table)
      .set({ deleted_at: null, updated_at: new Date().toISOString() })
      .where(eq(res.table.id, id))
      .returning()) as Row[];
    await writeAudit(tx, res, 'restore', id, existing, record!);
    await touchParents(tx, res, record);
    const out = present(tx, res, record!);
    await addComputed(tx, res, [out]);
    return out;
  });
}
