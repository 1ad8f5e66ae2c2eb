/**
 * Reading records: TanStack Query hooks over the generic API (docs/platform.md, Generic calls), for
 * any resource of the registry. The query cache is the app's local store: records
 * by id, lists and pages by params.
 *
 *   const clients = useList('clients');                       // GET /api/clients  → RecordOf<'clients'>[]
 *   const page = usePage('clients', { page: 1, search: 'ac' }); // paginated        → Page<RecordOf<'clients'>>
 *   const client = useRecord('clients', id);                  // GET /api/clients/1?accessed_at=…
 *
 * Every hook is typed by the resource name (shared/resources/records.ts): `client.data?.name` is a
 * string, and a field the definition lacks fails to compile.
 *
 * A query whose answer a screen must still show after a reload without a signal (a time card's
 * week) opts in to being kept on the device: `useList('time_entries', filters, { meta: KEEP_ON_DEVICE })`
 * (offline/device-records.ts; shown with `OfflineAsOf`, its kept writes laid over it with
 * `useWithKeptWrites`).
 *
 * `storeRecords` and `forgetRecord` are how a write's answer reaches every screen (saves.ts, the
 * offline queue): the record into the cache, patched into cached lists and pages, the resource's
 * lists invalidated; a child's (a job's product) also refreshes its parent, which the server
 * counts as changed.
 */
import type { ListResponse, Page } from '@glazier/shared/api';
import type { RecordOf, RecordWithRelations } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { http, type Query } from '../http/http.ts';
import { resourceKeys, resourcePath, type PageParams, type Rec } from './records.ts';

function serverNow(serverDate: string | null): string {
  const t = serverDate ? Date.parse(serverDate) : Number.NaN;
  return Number.isNaN(t) ? new Date().toISOString() : new Date(t).toISOString();
}

type QueryOptions<T> = Partial<UseQueryOptions<T, Error, T, QueryKey>>;

export async function fetchList<N extends ResourceName>(resource: N, filters: Query = {}, signal?: AbortSignal): Promise<RecordOf<N>[]> {
  return (await fetchListAnswer(resource, filters, signal)).data;
}

/** An unpaged list with its `truncated` flag, for a screen that must say when it got only the first `LIST_LIMIT` rows. */
export async function fetchListAnswer<N extends ResourceName>(resource: N, filters: Query = {}, signal?: AbortSignal): Promise<ListResponse<RecordOf<N>>> {
  const { data } = await http<ListResponse<RecordOf<N>>>('GET', resourcePath(resource), { query: filters, signal });
  return data;
}

export async function fetchPage<N extends ResourceName>(resource: N, params: PageParams, signal?: AbortSignal): Promise<Page<RecordOf<N>>> {
  const { data } = await http<Page<RecordOf<N>>>('GET', resourcePath(resource), { query: params, signal });
  return data;
}

/**
 * GET one record with the relations its read embeds (a job's estimate and products), sending `accessed_at` when a cached copy has it; on `{current: true}` the cached
 * copy is kept (docs/platform.md, Generic calls).
 */
export async function fetchRecord<N extends ResourceName>(
  queryClient: QueryClient,
  resource: N,
  id: number,
  signal?: AbortSignal,
): Promise<RecordWithRelations<N>> {
  type T = RecordWithRelations<N>;
  const cached = queryClient.getQueryData<T>(resourceKeys.record(resource, id));
  const query = cached?.accessed_at ? { accessed_at: cached.accessed_at } : undefined;
  const { data, serverDate } = await http<T | { current: true }>('GET', `${resourcePath(resource)}/${id}`, { query, signal });
  const now = serverNow(serverDate);
  if (cached && (data as { current?: unknown }).current === true && !('id' in data)) {
    return { ...cached, accessed_at: now };
  }
  return { ...(data as T), accessed_at: now };
}

export function useList<N extends ResourceName>(resource: N, filters: Query = {}, options: QueryOptions<RecordOf<N>[]> = {}) {
  return useQuery<RecordOf<N>[], Error, RecordOf<N>[], QueryKey>({
    queryKey: resourceKeys.list(resource, filters),
    queryFn: ({ signal }) => fetchList(resource, filters, signal),
    ...options,
  });
}

export function usePage<N extends ResourceName>(resource: N, params: PageParams, options: QueryOptions<Page<RecordOf<N>>> = {}) {
  return useQuery<Page<RecordOf<N>>, Error, Page<RecordOf<N>>, QueryKey>({
    queryKey: resourceKeys.page(resource, params),
    queryFn: ({ signal }) => fetchPage(resource, params, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
}

export function useRecord<N extends ResourceName>(resource: N, id: number | null | undefined, options: QueryOptions<RecordWithRelations<N>> = {}) {
  const queryClient = useQueryClient();
  return useQuery<RecordWithRelations<N>, Error, RecordWithRelations<N>, QueryKey>({
    queryKey: resourceKeys.record(resource, id ?? 0),
    queryFn: ({ signal }) => fetchRecord(queryClient, resource, id as number, signal),
    enabled: id != null && id > 0,
    ...options,
  });
}

type Collection = Rec[] | Page<Rec> | undefined;

function mapCollection(value: Collection, fn: (rows: Rec[]) => Rec[]): Collection {
  if (!value) return value;
  if (Array.isArray(value)) return fn(value);
  return { ...value, data: fn(value.data) };
}

/** A list's or a page's key (`resourceKeys.list`/`page`), not a record's. */
export const isCollectionKey = (key: QueryKey) => key[1] === 'list' || key[1] === 'page';

/** Writes saved records into the cache: record entries, in-place list rows, then refetch lists. */
export function storeRecords(queryClient: QueryClient, resource: ResourceName, records: Rec[]): void {
  const byId = new Map(records.map((r) => [r.id, r]));
  // A change kept offline (`pending`, offline/offline-writes.ts) is only the fields changed: laid over the cached copy.
  const merged = (old: Rec | undefined, r: Rec) => (r.pending && old ? { ...old, ...r } : r);
  for (const r of records) queryClient.setQueryData<Rec>(resourceKeys.record(resource, r.id), (old) => ({ ...merged(old, r), accessed_at: undefined }));
  queryClient.setQueriesData<Collection>({ queryKey: [resource], predicate: (q) => isCollectionKey(q.queryKey) }, (old) =>
    mapCollection(old, (rows) => rows.map((row) => (byId.has(row.id) ? merged(row, byId.get(row.id)!) : row))),
  );
  void queryClient.invalidateQueries({ queryKey: [resource], predicate: (q) => isCollectionKey(q.queryKey) });
  refreshParents(queryClient, resource, records);
}

export function forgetRecord(queryClient: QueryClient, resource: ResourceName, id: number): void {
  const cached = queryClient.getQueryData<Rec>(resourceKeys.record(resource, id));
  refreshParents(queryClient, resource, cached ? [cached] : null);
  queryClient.removeQueries({ queryKey: resourceKeys.record(resource, id), exact: true });
  queryClient.setQueriesData<Collection>({ queryKey: [resource], predicate: (q) => isCollectionKey(q.queryKey) }, (old) =>
    mapCollection(old, (rows) => rows.filter((row) => row.id !== id)),
  );
  void queryClient.invalidateQueries({ queryKey: [resource], predicate: (q) => isCollectionKey(q.queryKey) });
}

/**
 * A child's write is a change of its parent (shared/resources/aggregates.ts: the server moves the
 * parent's `updated_at` on), so the cached parents are refetched: a whole-record save of the parent
 * made after adding a product then carries the new `updated_at` and is not refused as stale
 * (409). `children` null: the parent is not known (a delete of a child never read by id), so every
 * cached record of the parent resource is.
 */
function refreshParents(queryClient: QueryClient, resource: ResourceName, children: Rec[] | null): void {
  // Which relations are writable comes with the resource definitions (and zod): loaded by the first
  // save, not with the first screen (its JS budget).
  void import('@glazier/shared/resources/aggregates').then(({ parentsOf }) => {
    for (const { resource: parent, foreignKey } of parentsOf(resource)) {
      const ids = children && [...new Set(children.map((c) => c[foreignKey]).filter((v): v is number => typeof v === 'number'))];
      if (ids) for (const id of ids) void queryClient.invalidateQueries({ queryKey: resourceKeys.record(parent, id), exact: true });
      else void queryClient.invalidateQueries({ queryKey: [parent, 'record'] });
      void queryClient.invalidateQueries({ queryKey: [parent], predicate: (q) => isCollectionKey(q.queryKey) });
    }
  });
}
