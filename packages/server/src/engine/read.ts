/** The engine's reads: list, page (plain or a union of resources), get and getRow, with authorisation and the record scope. */
import { and, eq, fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { LIST_LIMIT, type Page } from '@glazier/shared/api';
import { type ResourceRow, type Row, sqlRows } from '../db/client.ts';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { authorize, requireUser, type Ctx } from './context.ts';
import { notFound } from './errors.ts';
import { addComputed, addDeleters, hiddenFields, maySeeDeleted, present } from './present.ts';
import { baseConditions, parseList, parseListQuery, parsePaging, parseSort, type ParsedList, type QueryInput } from './query.ts';
import { addRelationsComputed, embedRelations, putRelations, readableRelations, relationColumns, RELATION_PREFIX, type ReadableRelation } from './relations.ts';
import { resource } from './resources.ts';
import { anyOf, renderSql, selectQuery, selectRows } from './select-rows.ts';
import type { ListAnswer, RecordFor, RecordWithRelationsFor, ServerResource, StoredRow, UnionPart } from './server-resource.ts';

/**
 * Statements that are the same text for every id (get()'s: the record and every relation, some
 * twenty subqueries for a job; findRow()'s), rendered once per shape and kept, with the id their
 * one placeholder. The shape is everything of the caller that goes into one: the statement's kind,
 * the resource, its options, and the record scopes (rendered, values included, so a scope on the
 * user's own id keys by user). Bounded; cleared when full.
 */
type Statement = { sql: string; params: unknown[] };
const keptStatements = new Map<string, Statement>();
const KEPT_STATEMENTS_MAX = 1_000;
const ID = sql.placeholder('id');

function keptStatement(shape: unknown[], render: () => Statement): Statement {
  const key = JSON.stringify(shape);
  let statement = keptStatements.get(key);
  if (!statement) {
    statement = render();
    if (keptStatements.size >= KEPT_STATEMENTS_MAX) keptStatements.clear();
    keptStatements.set(key, statement);
  }
  return statement;
}

/**
 * A resource's record scope for this caller, rendered (part of a kept statement's shape). A scope
 * depends on the caller's user alone (getPlan, below), so it is rendered once per user.
 */
const scopesByUser = new WeakMap<object, Map<string, Statement | null>>();

function renderedScope(ctx: Ctx, r: ServerResource): Statement | null {
  if (!r.scope) return null;
  const render = () => {
    const scope = r.scope!(ctx, r.table);
    return scope ? renderSql(scope) : null;
  };
  if (!ctx.user) return render();
  let scopes = scopesByUser.get(ctx.user);
  if (!scopes) scopesByUser.set(ctx.user, (scopes = new Map()));
  let scope = scopes.get(r.name);
  if (scope === undefined) scopes.set(r.name, (scope = render()));
  return scope;
}

function getStatement(ctx: Ctx, res: ServerResource, used: ReadableRelation[]): Statement {
  const includeDeleted = maySeeDeleted(ctx, res);
  const scopes = [res, ...used.map(([, child]) => child)].map((r) => renderedScope(ctx, r));
  return keptStatement(['get', res.name, includeDeleted, used.map(([relName]) => relName), scopes], () => {
    const where = and(eq(res.table.id, ID), ...baseConditions(ctx, res, { includeDeleted }));
    return renderSql(selectQuery(res.table, { where, limit: 1, extraColumns: relationColumns(ctx, res, ID, used) }));
  });
}

/**
 * get()'s relations and statement for one caller: what they are depends on the caller's user
 * alone (their rights, their id in a scope), and a signed-in user is one object until their rights
 * or record change (session-user-cache.ts), so they are worked out once per user and resource
 * instead of on every request.
 */
const plansByUser = new WeakMap<object, Map<string, { used: ReadableRelation[]; statement: Statement }>>();

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

const LIMIT = sql.placeholder('limit');
const OFFSET = sql.placeholder('offset');

/**
 * The rows of a list or a page: the statement is kept per shape (the query's choices, the columns
 * the caller may see, their record scope; parseList), run with this call's values. A shape a value
 * decides (a custom filter's without a fixed list of values) is rendered each time.
 */
async function listRows(ctx: Ctx, res: ServerResource, parsed: ParsedList, opts: { limit: number; offset?: number; totalAs?: string }): Promise<ResourceRow[]> {
  const omit = hiddenFields(ctx, res);
  const paging = { limit: LIMIT, offset: opts.offset ? OFFSET : undefined, totalAs: opts.totalAs };
  const render = () => renderSql(selectQuery(res.table, { where: parsed.where(), orderBy: parsed.orderBy(), ...paging, omit }));
  const statement =
    parsed.shape === undefined
      ? render()
      : keptStatement(['list', res.name, parsed.shape, [...(omit ?? [])], renderedScope(ctx, res), paging.offset !== undefined, opts.totalAs ?? null], render);
  return ctx.db.query<ResourceRow>(statement.sql, fillPlaceholders(statement.params, { ...parsed.values, limit: opts.limit, offset: opts.offset }));
}

// ---------- reads ----------

export async function list<N extends string>(ctx: Ctx, name: N, q: QueryInput): Promise<ListAnswer<RecordFor<N>>> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const answer = res.list ? await res.list(ctx, q, (other, oq) => genericList(ctx, other, oq)) : await genericList(ctx, name, q);
  return answer as ListAnswer<RecordFor<N>>;
}

async function genericList(ctx: Ctx, name: string, q: QueryInput): Promise<ListAnswer> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const parsed = parseList(ctx, res, q, 'list');
  // One row past the cap tells a capped list from one that just fits.
  const rows = await listRows(ctx, res, parsed, { limit: LIST_LIMIT + 1 });
  const data = rows.slice(0, LIST_LIMIT).map((r) => present(ctx, res, r));
  await addComputed(ctx, res, data);
  await addDeleters(ctx, res, data);
  await embedRelations(ctx, res, data, parsed.embed);
  return rows.length > LIST_LIMIT ? { data, truncated: true } : { data };
}

const TOTAL = '__total';

export async function page<N extends string>(ctx: Ctx, name: N, q: QueryInput): Promise<Page<RecordFor<N>>> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  if (res.page) return (await res.page(ctx, q, (parts, pq) => unionPage(ctx, parts, pq))) as Page<RecordFor<N>>;
  const { page: pageNo, perPage } = parsePaging(q);
  const parsed = parseList(ctx, res, q, 'page');
  // The total rides along with the page (one scan); only a page past the end needs its own count.
  const rows = await listRows(ctx, res, parsed, { limit: perPage, offset: (pageNo - 1) * perPage, totalAs: TOTAL });
  let total = Number(rows[0]?.[TOTAL] ?? 0);
  if (!rows.length && pageNo > 1) {
    const where = parsed.where();
    const counting = renderSql(sql`select count(*) as n from ${res.table}${where ? sql` where ${where}` : sql``}`);
    total = Number((await ctx.db.query<{ n: unknown }>(counting.sql, fillPlaceholders(counting.params, parsed.values)))[0]?.n ?? 0);
  }
  const data = rows.map(({ [TOTAL]: _total, ...r }) => present(ctx, res, r));
  await addComputed(ctx, res, data);
  await addDeleters(ctx, res, data);
  await embedRelations(ctx, res, data, parsed.embed);
  return { data: data as RecordFor<N>[], current_page: pageNo, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
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
    const columns = sql.join(
      keys.map((k) => sql`${res.table[k]} AS ${sql.identifier(k)}`),
      sql`, `,
    );
    return sql`SELECT ${type}::text AS type, ${columns} FROM ${res.table}${where ? sql` WHERE ${where}` : sql``}`;
  });
  const rowsOfAll = sql.join(selects, sql` UNION ALL `);
  const order: SQL[] = [];
  if (sort.column) order.push(sql`${sql.identifier(sort.column)} ${sql.raw(sort.direction)} NULLS LAST`);
  if (byName) order.push(sql`name ASC NULLS LAST`);
  order.push(sql`type ASC`, sql`id ASC`);
  const found = await sqlRows<{ type: string; id: number; [TOTAL]: number }>(
    ctx.db,
    sql`SELECT type, id, count(*) OVER () AS ${sql.identifier(TOTAL)} FROM (${rowsOfAll}) AS combined ORDER BY ${sql.join(order, sql`, `)} LIMIT ${perPage} OFFSET ${(pageNo - 1) * perPage}`,
  );
  let total = Number(found[0]?.[TOTAL] ?? 0);
  if (!found.length && pageNo > 1) {
    const [counted] = await sqlRows<{ n: number }>(ctx.db, sql`SELECT count(*) AS n FROM (${rowsOfAll}) AS combined`);
    total = Number(counted?.n ?? 0);
  }

  const pageRows = new Map<string, Row>();
  for (const { res, type } of used) {
    const ids = found.filter((r) => r.type === type).map((r) => Number(r.id));
    if (!ids.length) continue;
    const rows = await selectRows(ctx.db, res.table, { where: anyOf(res.table.id, ids) });
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

function findStatement(ctx: Ctx, res: ServerResource, opts: { includeDeleted?: boolean; forUpdate?: boolean }): Statement {
  const shape = ['find', res.name, Boolean(opts.includeDeleted), Boolean(opts.forUpdate), renderedScope(ctx, res)];
  return keptStatement(shape, () => {
    const where = and(eq(res.table.id, ID), ...baseConditions(ctx, res, opts));
    return renderSql(selectQuery(res.table, { where, limit: 1, forUpdate: opts.forUpdate }));
  });
}

export async function findRow<N extends ResourceName>(
  ctx: Ctx,
  res: ServerResource<N>,
  id: number,
  opts: { includeDeleted?: boolean; forUpdate?: boolean } = {},
): Promise<StoredRow<N> | undefined> {
  const statement = findStatement(ctx, res, opts);
  const [row] = await ctx.db.query<ResourceRow>(statement.sql, fillPlaceholders(statement.params, { id }), { prepare: true });
  return row as StoredRow<N> | undefined; // the resource's own table: its stored columns
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
export async function getRow<N extends string>(ctx: Ctx, name: N, idRaw: unknown): Promise<RecordFor<N>> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  return present(ctx, res, await readableRow(ctx, res, parseId(idRaw))) as RecordFor<N>;
}

const newest = (a: string | undefined, b: unknown) => (typeof b === 'string' && (!a || b > a) ? b : a);

/**
 * Get one with its relations; `{current: true}` when nothing changed since `accessed_at`. A record
 * with computed fields (a material's on hand) can change while its row does not, so it is always
 * answered in full.
 */
export async function get<N extends string>(ctx: Ctx, name: N, idRaw: unknown): Promise<RecordWithRelationsFor<N>>;
export async function get(ctx: Ctx, name: string, idRaw: unknown, accessedAt: unknown): Promise<Row | { current: true }>;
export async function get(ctx: Ctx, name: string, idRaw: unknown, accessedAt?: unknown): Promise<Row> {
  const res = resource(name);
  authorize(ctx, 'view', res.def.read);
  const id = parseId(idRaw);
  const relations = Object.keys(res.def.relations);
  // The record and its relations in one statement: relations only come with a readable record
  // (the same access rules as readableRow).
  const { used, statement } = getPlan(ctx, res, relations);
  const [read] = await ctx.db.query<ResourceRow>(statement.sql, fillPlaceholders(statement.params, { id }), { prepare: true });
  if (!read) throw notFound(res.def.label);
  const row: ResourceRow = { id: read.id }; // the first column, as in the read
  const values: Row = {};
  for (const key in read) (key.startsWith(RELATION_PREFIX) ? values : row)[key] = read[key];
  const out = present(ctx, res, row);
  await addComputed(ctx, res, [out]);
  await addDeleters(ctx, res, [out]);
  putRelations(ctx, used, out, values);
  await addRelationsComputed(ctx, used, out);
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
