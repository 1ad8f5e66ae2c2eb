/**
 * The records of a resource this device already has (the query cache, the spec's local store:
 * records read by id, lists and pages), searched the way the server searches, for a picker that
 * cannot reach the server (Enter Time without a connection finds the jobs seen today).
 *
 * Matching is the server's (server/src/db/search.ts): the resource's search columns, lowercased and
 * joined by spaces, contain the text. A filter is compared where the record carries its field (as
 * the server's `eq`); one it does not carry (a date range, a named filter) cannot be told here and
 * is left out, so the list errs on showing more.
 */
import type { ResourceDef } from '@glazier/shared/resources/define';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { QueryClient } from '@tanstack/react-query';
import type { Query } from '../http/http.ts';
import type { Rec } from './records.ts';
import { SESSION_KEY, type CurrentUser } from '../http/session-user.ts';

/** Every cached record of the resource, once each (the newest copy: a record read by id over a list's row). */
export function cachedRecords(queryClient: QueryClient, resource: ResourceName): Rec[] {
  const byId = new Map<number, { record: Rec; at: number }>();
  const keep = (record: unknown, at: number) => {
    const r = record as Rec | null;
    // records kept offline and not sent yet (negative ids) are not choices: the server knows none of them
    if (!r || typeof r.id !== 'number' || r.id <= 0) return;
    const known = byId.get(r.id);
    if (!known || known.at <= at) byId.set(r.id, { record: r, at });
  };
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [resource] })) {
    const { data, dataUpdatedAt } = query.state;
    const kind = query.queryKey[1];
    if (kind === 'record') keep(data, dataUpdatedAt);
    else if (kind === 'list' && Array.isArray(data)) for (const r of data) keep(r, dataUpdatedAt);
    else if (kind === 'page' && data && Array.isArray((data as { data?: unknown }).data))
      for (const r of (data as { data: unknown[] }).data) keep(r, dataUpdatedAt);
  }
  // the person signed in is a user this device knows (session-user.ts): "Employee: me" reads offline too
  const me = resource === 'users' ? queryClient.getQueryData<CurrentUser | null>(SESSION_KEY) : null;
  if (me && !byId.has(me.id)) keep({ id: me.id, name: me.name, role: me.role, active: true }, 0);
  return [...byId.values()].map((k) => k.record);
}

/** Query parameters that shape a page rather than choose records. */
const PAGING = new Set(['page', 'per_page', 'sort_column', 'sort_direction', 'search']);

function matchesFilter(value: unknown, wanted: unknown): boolean {
  if (wanted === undefined || wanted === null || wanted === '') return true;
  if (Array.isArray(wanted)) return wanted.some((w) => matchesFilter(value, w));
  return String(value) === String(wanted);
}

export interface CachedSearch {
  /** The text typed ('' lists them all). */
  text: string;
  filters?: Query;
  sort?: { column: string; direction: 'asc' | 'desc' } | null;
  limit: number;
}

/** The cached records matching a picker's search, in its order, at most `limit`. */
export function searchCachedRecords<R extends Rec>(
  def: Pick<ResourceDef, 'search' | 'titleField'>,
  records: readonly R[],
  { text, filters = {}, sort, limit }: CachedSearch,
): R[] {
  const term = text.trim().toLowerCase();
  const columns = def.search.length ? def.search : [def.titleField];
  const chosen = Object.entries(filters).filter(([k]) => !PAGING.has(k));
  const matches = records.filter((r) => {
    for (const [field, wanted] of chosen) if (field in r && !matchesFilter(r[field], wanted)) return false;
    return (
      !term ||
      columns
        .map((c) => String(r[c] ?? ''))
        .join(' ')
        .toLowerCase()
        .includes(term)
    );
  });
  const column = sort?.column ?? def.titleField;
  const sign = sort?.direction === 'desc' ? -1 : 1;
  const key = (r: R) => r[column];
  matches.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x == null || y == null) return x == null ? (y == null ? 0 : 1) : -1; // empty last, as the server's NULLS LAST
    return sign * (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), undefined, { numeric: true }));
  });
  return matches.slice(0, limit);
}
