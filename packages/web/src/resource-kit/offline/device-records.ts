/**
 * What this device read, kept across reloads: the jobs and users it has
 * read, and the answers of the queries that opt in (`meta: KEEP_ON_DEVICE`, records.ts: a time card's
 * week), are written to IndexedDB a moment after they arrive and put back into the query cache
 * when the app starts. So after a phone reloaded the page without a signal the offline record
 * picker (cached-records.ts) still finds today's job, and a screen shows what it last read, with
 * its time ("Offline, as of …", offline-state.tsx), rather than nothing or a part of it. Kept per
 * person: another person signed in on the device gets none of them, and signing out forgets them.
 */
import { hashKey, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { cachedRecords } from '../records/cached-records.ts';
import type { Rec } from '../records/records.ts';

/**
 * What it needs of the app, given at its start (offline-wiring.ts) rather than imported, so this module's
 * chunk shares nothing with the first screen's (whose weight has a budget).
 */
export interface DeviceRecordsDeps {
  queryClient: QueryClient;
  cachedRecords: typeof cachedRecords;
  /** The signed-in person's id (null: nobody yet). */
  userId: () => number | null;
  /** The query key of the signed-in person (their records are put back once it is known). */
  sessionKey: readonly unknown[];
}

/** What a time entry, a pickup item or a to-do needs to pick offline. */
export const DEVICE_RESOURCES = ['jobs', 'users'] as const;
/** The most kept of each. */
export const DEVICE_LIMIT = 500;
/** The most query answers kept (the newest read). */
export const DEVICE_QUERY_LIMIT = 30;
/** Wait after a read before writing (reads come in bursts: a page, then its records). */
const SAVE_DELAY_MS = 2_000;

/** Where they stand in the cache: a list nobody asks the server for, never collected. */
export const deviceRecordsKey = (resource: string) => [resource, 'list', { kept_on_device: true }] as const;

/** A query's answer as last read from the server, and when. */
export interface KeptQuery {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

export interface Snapshot {
  userId: number;
  records: Record<string, Rec[]>;
  /** The answers of the queries that opt in, newest first (none in a snapshot kept before). */
  queries?: KeptQuery[];
}

/** Whether a query asked to be kept on the device (its `meta`, records.ts `KEEP_ON_DEVICE`). */
const keepsOnDevice = (meta: Record<string, unknown> | undefined) => meta?.keepOnDevice === true;

/**
 * The answer a cache event brings to keep: the server's answer to a query that opts in. A change
 * made on this device and laid over a cached answer (storeRecords, `manual`) is not one: its kept
 * write is laid over the server's answer again when shown, and the answer keeps the time it was
 * read (the "as of").
 */
export function answerToKeep(event: QueryCacheNotifyEvent): KeptQuery | null {
  if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return null;
  const { query, action } = event;
  if (!keepsOnDevice(query.meta) || action.data === undefined) return null;
  return { key: query.queryKey, data: action.data, updatedAt: action.dataUpdatedAt ?? query.state.dataUpdatedAt };
}

/** The answers kept: the newest read of each query, newest first, at most `DEVICE_QUERY_LIMIT`. */
export function newestAnswers(answers: Iterable<KeptQuery>): KeptQuery[] {
  const byHash = new Map<string, KeptQuery>();
  for (const a of answers) {
    const hash = hashKey(a.key);
    const known = byHash.get(hash);
    if (!known || known.updatedAt < a.updatedAt) byHash.set(hash, a);
  }
  return [...byHash.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, DEVICE_QUERY_LIMIT);
}

/**
 * Puts a kept answer into the cache, dated when it was read, unless the cache has a newer one.
 * It is to be asked again (invalidated: read a moment before the reload, it would otherwise pass
 * for fresh and never be asked), and how its fetch stands is kept: one that failed for want of a
 * network (after a reload without a signal TanStack's onlineManager still believes it is online)
 * still says so, and the screen says "Offline, as of …" rather than passing it off as the server's.
 */
function restoreQuery(queryClient: QueryClient, kept: KeptQuery): void {
  const query = queryClient.getQueryCache().build(queryClient, queryClient.defaultQueryOptions({ queryKey: kept.key }));
  const { data, dataUpdatedAt, error } = query.state;
  if (data !== undefined && dataUpdatedAt >= kept.updatedAt) return;
  query.setState({ data: kept.data, dataUpdatedAt: kept.updatedAt, status: error ? 'error' : 'success', isInvalidated: true });
}

/** Where the snapshot is kept: IndexedDB in the app, memory in tests. */
export interface DeviceStore {
  get(): Promise<Snapshot | undefined>;
  set(snapshot: Snapshot): Promise<void>;
  del(): Promise<void>;
}

let store: UseStore | null = null;
const KEY = 'snapshot';
function idbStore(): DeviceStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const where = (store ??= createStore('glazier-device-records', 'records'));
  return { get: () => get<Snapshot>(KEY, where), set: (snapshot) => set(KEY, snapshot, where), del: () => del(KEY, where) };
}

/** The records of the device's resources in the cache, at most `DEVICE_LIMIT` each, and the answers kept. */
export function deviceSnapshot(
  { queryClient, cachedRecords }: Pick<DeviceRecordsDeps, 'queryClient' | 'cachedRecords'>,
  userId: number,
  kept: Iterable<KeptQuery> = [],
): Snapshot {
  const records: Record<string, Rec[]> = {};
  for (const resource of DEVICE_RESOURCES) {
    records[resource] = cachedRecords(queryClient, resource)
      .map(({ accessed_at: _a, pending: _p, ...r }) => r as Rec)
      .slice(-DEVICE_LIMIT);
  }
  return { userId, records, queries: newestAnswers(kept) };
}

/**
 * Puts a snapshot's records and kept answers into the cache, for its own person only; answers the
 * kept answers (what a query that is added to the cache later, once this one let it go, gets).
 */
export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined, userId: number): KeptQuery[] {
  if (!snapshot || snapshot.userId !== userId) return [];
  const queries = snapshot.queries ?? [];
  for (const kept of queries) restoreQuery(queryClient, kept);
  for (const resource of DEVICE_RESOURCES) {
    const rows = snapshot.records[resource];
    if (!rows?.length) continue;
    const key = deviceRecordsKey(resource);
    queryClient.setQueryDefaults(key, { gcTime: Infinity, staleTime: Infinity });
    // dated long ago: a copy read from the server since wins (cached-records keeps the newest)
    queryClient.setQueryData(key, rows, { updatedAt: 1 });
  }
  return queries;
}

/** Starts keeping (once the person is known, their kept records are put back first). */
export function startDeviceRecords(deps: DeviceRecordsDeps, where: DeviceStore | null = idbStore()): void {
  const { queryClient, userId, sessionKey } = deps;
  const isSession = (key: readonly unknown[]) => key.length === sessionKey.length && key.every((k, i) => k === sessionKey[i]);
  if (!where || typeof window === 'undefined') return;
  let restoredFor: number | null = null;
  let restoring: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // the answers kept for the person signed in, by their key's hash
  let kept = new Map<string, KeptQuery>();
  const keep = (answers: Iterable<KeptQuery>) => (kept = new Map(newestAnswers([...kept.values(), ...answers]).map((q) => [hashKey(q.key), q])));
  const save = () => {
    timer = null;
    const id = userId();
    if (id == null || restoredFor !== id) return;
    const snapshot = deviceSnapshot(deps, id, kept.values());
    void where.set(snapshot).catch((e: unknown) => console.warn('Could not keep records on the device', e));
  };
  // nothing is written for a person before their kept records are back (it would drop them)
  const restore = async () => {
    const id = userId();
    if (id == null || restoredFor === id || restoring === id) return;
    restoring = id;
    try {
      // with what was read meanwhile (the newer of each wins)
      keep(restoreSnapshot(queryClient, await where.get(), id));
    } catch (e) {
      console.warn('Could not read the records kept on the device', e);
    }
    restoring = null;
    restoredFor = id;
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  };
  void restore();
  queryClient.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey;
    if (isSession(key) && event.query.state.data === null) {
      // signed out (or the session ended): what they read leaves the device with them
      restoredFor = null;
      kept = new Map();
      if (timer) clearTimeout(timer);
      timer = null;
      void where.del().catch((e: unknown) => console.warn('Could not forget the records kept on the device', e));
      return;
    }
    if (isSession(key)) void restore();
    // a screen asking again for an answer the cache had let go: the kept one, until the server's
    // (not while its observer is being made, during a render)
    if (event.type === 'added' && restoredFor != null && restoredFor === userId() && event.query.state.data === undefined) {
      const again = kept.get(event.query.queryHash);
      if (again) queueMicrotask(() => restoreQuery(queryClient, again));
    }
    const answer = answerToKeep(event);
    if (answer) keep([answer]);
    else if (event.type !== 'updated' || event.action.type !== 'success' || !(DEVICE_RESOURCES as readonly unknown[]).includes(key[0])) return;
    void restore();
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
}
