/** Reading a record's embedded relations (a job's products, a product's series), for one record or many. */
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RelationDef } from '@glazier/shared/resources/define';
import { type ResourceRow, type Row, sqlRows } from '../db/client.ts';
import { allowed, type Ctx } from './context.ts';
import { addComputed, present, fromJson } from './present.ts';
import { baseConditions, parseListQuery } from './query.ts';
import { resource } from './resources.ts';
import { anyOf, selectRows } from './select-rows.ts';
import type { ServerResource } from './server-resource.ts';

/** Relations of many parents (lists with `with_{relation}`): one batched query per relation. */
export async function embedRelations(ctx: Ctx, res: ServerResource, rows: ResourceRow[], names: string[]): Promise<void> {
  if (!rows.length) return;
  for (const relName of names) {
    const rel = res.def.relations[relName]!;
    const child = resource(rel.resource);
    if (!allowed(ctx, 'view', child.def.read)) continue; // a relation the caller may not read is left out
    const t = child.table;
    if (rel.kind === 'belongsTo') {
      const ids = [...new Set(rows.map((r) => r[rel.localKey!]).filter((v): v is number => typeof v === 'number'))];
      const found = ids.length ? await selectRows(ctx.db, t, { where: and(anyOf(t.id, ids), ...baseConditions(ctx, child, { includeDeleted: true })) }) : [];
      const byId = new Map<unknown, Row>(found.map((r) => [r.id, present(ctx, child, r)]));
      for (const r of rows) r[relName] = byId.get(r[rel.localKey!]) ?? null;
    } else if (rel.via) {
      // rows found by a filter rather than a key cannot be told apart by parent: one statement each
      const { orderBy } = parseListQuery(ctx, child, { ...rel.order }, 'page');
      for (const r of rows) {
        const found = (await selectRows(ctx.db, t, { where: and(childrenOf(child, rel, r.id), ...baseConditions(ctx, child)), orderBy })).map((f) =>
          present(ctx, child, f),
        );
        r[relName] = rel.kind === 'one' ? (found[0] ?? null) : found;
      }
    } else {
      const ids = rows.map((r) => r.id);
      const { orderBy } = parseListQuery(ctx, child, { ...rel.order }, 'page');
      const found = await selectRows(ctx.db, t, { where: and(anyOf(t[rel.foreignKey!]!, ids), ...baseConditions(ctx, child)), orderBy });
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

/** A relation of a record the caller may read: its name, the child resource, its definition. */
export type ReadableRelation = [string, ServerResource, RelationDef];

export function readableRelations(ctx: Ctx, res: ServerResource, names: string[]): ReadableRelation[] {
  const used: ReadableRelation[] = [];
  for (const relName of names) {
    const rel = res.def.relations[relName]!;
    const child = resource(rel.resource);
    if (allowed(ctx, 'view', child.def.read)) used.push([relName, child, rel]);
  }
  return used;
}

/** Column names of the relations in a statement that also reads the record's own columns (no column has a dot). */
export const RELATION_PREFIX = 'relation.';
const relationColumn = (name: string) => `${RELATION_PREFIX}${name}`;

/**
 * Relations of one record as select-list subqueries, each found by the record's id alone (a
 * belongsTo through the record's key, read by an uncorrelated subquery: right even when the child
 * lives in the same table, a job's template), so they ride in the statement that reads the record
 * (get) or go alone (readRelations). `id` may be a placeholder (a statement kept for reuse).
 */
export function relationColumns(ctx: Ctx, res: ServerResource, id: number | SQLWrapper, used: ReadableRelation[]): SQL[] {
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
export function childrenOf(child: ServerResource, rel: RelationDef, parentId: number | SQLWrapper): SQL {
  if (!rel.via) return eq(child.table[rel.foreignKey!], parentId);
  const via = child.viaFilters?.[rel.via];
  if (!via) throw new Error(`${child.name} declares no via filter ${rel.via}.`);
  return via(parentId, child.table);
}

/** Puts the relation columns' values (read by `relationColumns`) on the record, as each child presents them. */
export function putRelations(ctx: Ctx, used: ReadableRelation[], row: Row, values: Row | undefined): void {
  for (const [relName, child, rel] of used) {
    const value = values?.[relationColumn(relName)];
    if (rel.kind === 'many') row[relName] = ((value as Row[] | null) ?? []).map((r) => present(ctx, child, fromJson(child, r)));
    else row[relName] = value ? present(ctx, child, fromJson(child, value as Row)) : null;
  }
}

/**
 * The computed fields of the embedded children (an estimate's items name their category), as their
 * own lists have them: one query per child resource that computes any, none otherwise.
 */
export async function addRelationsComputed(ctx: Ctx, used: ReadableRelation[], row: Row): Promise<void> {
  for (const [relName, child] of used) {
    if (!child.computed || !Object.keys(child.computed).length) continue;
    const value = row[relName];
    const rows = (Array.isArray(value) ? value : value ? [value] : []) as ResourceRow[];
    await addComputed(ctx, child, rows);
  }
}

/** Relations of one record in a statement of their own (after a write). */
export async function readRelations(ctx: Ctx, res: ServerResource, id: number, names: string[]): Promise<(row: Row) => Promise<void>> {
  const used = readableRelations(ctx, res, names);
  if (!used.length) return async () => {};
  const columns = relationColumns(ctx, res, id, used);
  // one column per relation, named by its prefix and the relation (relationColumns)
  const [values] = await sqlRows<Row>(ctx.db, sql`SELECT ${sql.join(columns, sql`, `)}`);
  return async (row) => {
    putRelations(ctx, used, row, values);
    await addRelationsComputed(ctx, used, row);
  };
}
