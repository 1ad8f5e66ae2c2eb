/**
 * TanStack Query hooks over the generic API (docs/platform.md, Generic calls), for any resource of the
 * registry. The query cache is the spec's local store: records by id, lists and pages by params.
 *
 *   const clients = useList('clients');                       // GET /api/clients  → RecordOf<'clients'>[]
 *   const page = usePage('clients', { page: 1, search: 'ac' }); // paginated        → Page<RecordOf<'clients'>>
 *   const client = useRecord('clients', id);                  // GET /api/clients/1?accessed_at=…
 *   const save = useSave('clients');  await save.mutateAsync({ id, name });  // POST or PATCH, InputOf<'clients'>
 *   const saveMany = useSaveMany('job_products');  const del = useDelete('clients');
 *   const restore = useRestore('products');  await restore.mutateAsync(id);   // the records.restore action (soft-deleted ones)
 *
 * Every hook is typed by the resource name (shared/resources/records.ts): `client.data?.name` is a
 * string, and a field the definition lacks fails to compile.
 *
 * A query whose answer a screen must still show after a reload without a signal (a time card's
 * week) opts in to being kept on the device: `useList('time_entries', filters, { meta: KEEP_ON_DEVICE })`
 * (offline/device-records.ts; shown with `OfflineAsOf`, its kept writes laid over it with
 * `useWithKeptWrites`).
 *
 * Saves and deletes write the record into the cache, patch it into cached lists and pages, and
 * invalidate the resource's lists so every screen refreshes without a reload; a child's (a job's
 * product) also refreshes its parent, which the server counts as changed.
 */
import type { ListResponse, Page } from '@glazier/shared/api';
import type { InputOf, RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { callAction } from './actions.ts';
import { cachedRecords } from './cached-records.ts';
import { HttpError, NetworkError, http, onServerReached, type Query } from './http.ts';
import { keptWrites } from './offline.ts';
import { SESSION_KEY, type CurrentUser } from './session-user.ts';
import type { OfflineWrite } from './offline/offline-writes.ts';

export type { FieldName, InputOf, RecordOf } from '@glazier/shared/resources/records';

import { KEEP_ON_DEVICE, resourceKeys, resourcePath, type PageParams, type Rec } from './records.ts';

export { KEEP_ON_DEVICE, resourceKeys, resourcePath, type PageParams, type Rec };

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
 * GET one record, sending `accessed_at` when a cached copy has it; on `{current: true}` the cached
 * copy is kept (docs/platform.md, Generic calls).
 */
export async function fetchRecord<N extends ResourceName>(
  queryClient: QueryClient,
  resource: N,
  id: number,
  signal?: AbortSignal,
): Promise<RecordOf<N>> {
  type T = RecordOf<N>;
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

export function useRecord<N extends ResourceName>(resource: N, id: number | null | undefined, options: QueryOptions<RecordOf<N>> = {}) {
  const queryClient = useQueryClient();
  return useQuery<RecordOf<N>, Error, RecordOf<N>, QueryKey>({
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

const isCollectionKey = (key: QueryKey) => key[1] === 'list' || key[1] === 'page';

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

/** Strips what the client keeps for itself before sending a whole record. */
function body(record: object): Record<string, unknown> {
  const { accessed_at: _a, current: _c, ...rest } = record as Record<string, unknown>;
  return rest;
}

export interface SaveOptions<N extends ResourceName> {
  /** Where a new record is POSTed: a named action that creates it and answers it (e.g. `actionPath(duplicateJob, { id })`). */
  createPath?: string;
  /**
   * Field work that may be done without a connection (a time entry, a to-do check-off): made
   * offline, or failing for want of a network, the save is kept on the device and sent later
   * (offline/offline-writes.ts); it resolves at once with a provisional record (`pending: true`).
   */
  offline?: OfflineWrite<InputOf<N>>;
}

/** PATCH a record with an id, else POST it: to the resource's base path, or to `createPath`. */
export async function saveRecord<N extends ResourceName>(resource: N, record: InputOf<N>, options: SaveOptions<N> = {}): Promise<RecordOf<N>> {
  type T = RecordOf<N>;
  const base = resourcePath(resource);
  const method = record.id ? 'PATCH' : 'POST';
  const path = record.id ? `${base}/${record.id}` : (options.createPath ?? base);
  const sendNow = async (idempotencyKey?: string) => (await http<T>(method, path, { body: body(record), idempotencyKey })).data;
  if (!options.offline) return sendNow();
  const { saveOrKeep } = await offlineWritesModule();
  return saveOrKeep<T>(resource, method, path, body(record), options.offline as OfflineWrite<T>, sendNow);
}

let cacheClient: QueryClient | null = null;
let offlineModule: Promise<typeof import('./offline/offline-writes.ts')> | null = null;

/**
 * The offline queue (offline/offline-writes.ts), started with what it needs of the app: loaded on
 * the app's load event or by the first save that may be kept offline, not with the first screen.
 */
export function offlineWritesModule(): Promise<typeof import('./offline/offline-writes.ts')> {
  return (offlineModule ??= import('./offline/offline-writes.ts').then((m) => {
    m.startOfflineWrites({
      http,
      HttpError,
      NetworkError,
      publish: keptWrites.publish,
      sent: (write, record) => {
        if (!cacheClient) return;
        const resource = write.resource as ResourceName;
        if (write.method === 'DELETE') forgetRecord(cacheClient, resource, write.recordId!);
        else storeRecords(cacheClient, resource, [record as Rec]);
      },
      dropped: (resource) => void cacheClient?.invalidateQueries({ queryKey: [resource] }),
      userId: () => cacheClient?.getQueryData<CurrentUser | null>(SESSION_KEY)?.id ?? null,
      onServerReached,
    });
    return m;
  }));
}

/**
 * Once, at the app's start: writes kept offline are sent, and what the server answers goes into
 * the cache; the records field work picks from are kept on the device.
 */
export function connectOfflineWrites(queryClient: QueryClient): void {
  cacheClient = queryClient;
  void offlineWritesModule();
  // the jobs and users field work picks from and the answers kept on the device (offline/device-records.ts), also after the first screen
  void import('./offline/device-records.ts').then((m) =>
    m.startDeviceRecords({ queryClient, cachedRecords, sessionKey: SESSION_KEY, userId: () => queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id ?? null }),
  );
}

export function useSave<N extends ResourceName>(resource: N, options: SaveOptions<N> = {}) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>, Error, InputOf<N>>({
    mutationFn: (record) => saveRecord(resource, record, options),
    // a save that may be kept offline runs offline too (TanStack would hold it until online)
    networkMode: options.offline ? 'always' : undefined,
    onSuccess: (saved) => storeRecords(queryClient, resource, [saved]),
  });
}

export function useSaveMany<N extends ResourceName>(resource: N) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>[], Error, InputOf<N>[]>({
    mutationFn: async (records) => {
      const { data } = await http<ListResponse<RecordOf<N>>>('POST', `${resourcePath(resource)}/store_many`, { body: { data: records.map(body) } });
      return data.data;
    },
    onSuccess: (saved) => storeRecords(queryClient, resource, saved),
  });
}

/** What a delete answers: the id, and `pending` when it was kept on the device to be sent later. */
export interface Deleted {
  id: number;
  pending?: true;
}

/**
 * DELETE a record. With `offline` (field work), made without a connection or failing for want of
 * one, the delete is kept on the device and sent later (offline/offline-writes.ts), named by the
 * record as this device has it (cached-records.ts; the resource definitions are not imported here:
 * they would weigh on the first screen).
 */
export async function deleteRecord<N extends ResourceName>(queryClient: QueryClient, resource: N, id: number, offline?: OfflineWrite<RecordOf<N>>): Promise<Deleted> {
  const path = `${resourcePath(resource)}/${id}`;
  const sendNow = async (idempotencyKey?: string) => (await http<{ id: number }>('DELETE', path, { idempotencyKey })).data;
  if (!offline) return sendNow();
  const record = cachedRecords(queryClient, resource).find((r) => r.id === id) as RecordOf<N> | undefined;
  const { deleteOrKeep } = await offlineWritesModule();
  return deleteOrKeep(resource, path, id, record ? offline.label(record) : `record ${id}`, sendNow);
}

export function useDelete<N extends ResourceName>(resource: N, options: Pick<SaveOptions<N>, 'offline'> = {}) {
  const queryClient = useQueryClient();
  return useMutation<Deleted, Error, number>({
    mutationFn: (id) => deleteRecord(queryClient, resource, id, options.offline as OfflineWrite<RecordOf<N>> | undefined),
    networkMode: options.offline ? 'always' : undefined,
    onSuccess: (_res, id) => forgetRecord(queryClient, resource, id),
  });
}

/** Brings back a soft-deleted record (a discontinued product): the `records.restore` action. */
export function useRestore<N extends ResourceName>(resource: N) {
  const queryClient = useQueryClient();
  return useMutation<RecordOf<N>, Error, number>({
    // The action serves every resource; what it answers is a record of the one named.
    mutationFn: async (id) => {
      // The declaration carries zod schemas: loaded when restoring, not with the first screen.
      const { restoreRecord } = await import('@glazier/shared/actions/records');
      return (await callAction(restoreRecord, { params: { resource, id } })) as RecordOf<N>;
    },
    onSuccess: (restored) => storeRecords(queryClient, resource, [restored]),
  });
}
