/**
 * A record's GET embeds its relations (docs/platform.md, Generic calls), each `many` one in the order
 * its definition declares (`RelationDef.order`, the list query that gives it). A detail page's
 * section that lists such a relation (`DetailSection.relation`) starts from the embedded rows:
 * they are written into the very cache entry the section's `useList` / `ResourceTable` reads,
 * so the page sends one request instead of one per section. The server keeps the two answers
 * identical (server test embedded-relations.test.ts).
 *
 * Only the exact query "all rows of this parent in the relation's order" is filled (a list), or
 * page 1 of it (a paged table): any other query (a search, another sort, page 2) has its own key
 * and asks the server as always. The entry then ages and is invalidated like any fetched list,
 * so saves and deletes refetch it as they do today.
 */
import { DEFAULT_PER_PAGE, LIST_LIMIT, type Page } from '@glazier/shared/api';
import type { RelationDef } from '@glazier/shared/resources/define';
import { isResourceName, RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { resourceKeys, type Rec } from './records.ts';

/**
 * A relation a section lists: its name on the record, and whether the section pages it (a
 * `ResourceTable`: page 1 at the table's `perPage`, by default the table's own default).
 */
export interface SectionRelation {
  name: string;
  paged?: boolean;
  perPage?: number;
}

/**
 * The list query of a `many` relation of record `id`: the rows the parent's GET embeds, in their
 * order (`{ job_id: 7, sort_column: 'created_at', sort_direction: 'desc' }`, or the relation's
 * `via` filter in place of its key). A section listing the relation asks exactly this, so it
 * starts from the embedded rows. Null for a relation that is not `many`.
 */
export function relationQuery(resource: ResourceName, relationName: string, id: number): Record<string, string | number> | null {
  const rel: RelationDef | undefined = RESOURCES[resource].relations[relationName];
  if (!rel || rel.kind !== 'many' || !rel.foreignKey) return null;
  return { [rel.via ?? rel.foreignKey]: id, ...rel.order };
}

/**
 * The cache key and value a section listing `relation` of record `id` reads, from the embedded
 * rows; null when the section's answer cannot be told from them (not a `many` relation, a plain
 * list the server would filter to active records or cut at its cap).
 */
export function relationEntry(resource: ResourceName, id: number, relation: SectionRelation, rows: Rec[]): { key: QueryKey; value: Rec[] | Page<Rec> } | null {
  const rel: RelationDef | undefined = RESOURCES[resource].relations[relation.name];
  const query = relationQuery(resource, relation.name, id);
  if (!rel || !query || !isResourceName(rel.resource)) return null;
  const child = rel.resource;
  if (relation.paged || relation.perPage) {
    const perPage = relation.perPage ?? DEFAULT_PER_PAGE;
    const page: Page<Rec> = {
      data: rows.slice(0, perPage),
      current_page: 1,
      last_page: Math.max(1, Math.ceil(rows.length / perPage)),
      per_page: perPage,
      total: rows.length,
    };
    return { key: resourceKeys.page(child, { page: 1, per_page: perPage, ...query }), value: page };
  }
  // A plain list shows active records only (the server's default), and at most LIST_LIMIT of them.
  if ('active' in RESOURCES[child].fields || rows.length > LIST_LIMIT) return null;
  return { key: resourceKeys.list(child, query), value: rows };
}

/** Relation arrays already written: a record answered `{current: true}` keeps its old arrays, which must not overwrite newer lists. */
const used = new WeakSet<object>();

/**
 * Fills the section lists of `record` (read at `readAt`, its query's `dataUpdatedAt`) from its
 * embedded relations. An entry is left alone when it holds data at least as new, is being fetched
 * or was invalidated (a save is being refetched): the embedded copy never overwrites fresher rows.
 */
export function primeRelations(queryClient: QueryClient, resource: ResourceName, record: Rec, readAt: number, relations: SectionRelation[]): void {
  for (const relation of relations) {
    const rows = record[relation.name];
    if (!Array.isArray(rows) || used.has(rows)) continue;
    const entry = relationEntry(resource, record.id, relation, rows as Rec[]);
    if (!entry) continue;
    used.add(rows);
    const state = queryClient.getQueryState(entry.key);
    if (state && (state.fetchStatus === 'fetching' || state.isInvalidated || (state.data !== undefined && state.dataUpdatedAt >= readAt))) continue;
    queryClient.setQueryData(entry.key, entry.value, { updatedAt: readAt });
  }
}
