/**
 * The records field work picks from, kept on the device across reloads (issue 25, B3): the jobs
 * and users this device has read are written to IndexedDB a moment after they arrive, and put back
 * into the query cache when the app starts, so the offline record picker (cached-records.ts) still
 * finds today's job after a phone reloaded the page without a signal. Kept per person: another
 * person signed in on the device gets none of them, and signing out forgets them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { cachedRecords } from '../cached-records.ts';
import type { Rec } from '../hooks.ts';

/**
 * What it needs of the app, given at its start (hooks.ts) rather than imported, so this module's
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
/** Wait after a read before writing (reads come in bursts: a page, then its records). */
const SAVE_DELAY_MS = 2_000;

/** Where they stand in the cache: a list nobody asks the server for, never collected. */
export const deviceRecordsKey = (resource: string) => [resource, 'list', { kept_on_device: true }] as const;

interface Snapshot {
  userId: number;
  records: Record<string, Rec[]>;
}

let store: UseStore | null = null;
const db = () => (typeof indexedDB === 'undefined' ? null : (store ??= createStore('glazier-device-records', 'records')));
const KEY = 'snapshot';

/** The records of the device's resources in the cache, at most `DEVICE_LIMIT` each. */
export function deviceSnapshot({ queryClient, cachedRecords }: Pick<DeviceRecordsDeps, 'queryClient' | 'cachedRecords'>, userId: number): Snapshot {
  const records: Record<string, Rec[]> = {};
  for (const resource of DEVICE_RESOURCES) {
    records[resource] = cachedRecords(queryClient, resource)
      .map(({ accessed_at: _a, pending: _p, ...r }) => r as Rec)
      .slice(-DEVICE_LIMIT);
  }
  return { userId, records };
}

/** Puts a snapshot's records into the cache, for its own person only. */
export function restoreSnapshot(queryClient: QueryClient, snapshot: Snapshot | undefined, userId: number): void {
  if (!snapshot || snapshot.userId !== userId) return;
  for (const resource of DEVICE_RESOURCES) {
    const rows = snapshot.records[resource];
    if (!rows?.length) continue;
    const key = deviceRecordsKey(resource);
    queryClient.setQueryDefaults(key, { gcTime: Infinity, staleTime: Infinity });
    // dated long ago: a copy read from the server since wins (cached-records keeps the newest)
    queryClient.setQueryData(key, rows, { updatedAt: 1 });
  }
}

/** Starts keeping (once the person is known, their kept records are put back first). */
export function startDeviceRecords(deps: DeviceRecordsDeps): void {
  const { queryClient, userId, sessionKey } = deps;
  const isSession = (key: readonly unknown[]) => key.length === sessionKey.length && key.every((k, i) => k === sessionKey[i]);
  const where = db();
  if (!where || typeof window === 'undefined') return;
  let restoredFor: number | null = null;
  let restoring: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const id = userId();
    if (id == null || restoredFor !== id) return;
    void set(KEY, deviceSnapshot(deps, id), where).catch((e: unknown) => console.warn('Could not keep records on the device', e));
  };
  // nothing is written for a person before their kept records are back (it would drop them)
  const restore = async () => {
    const id = userId();
    if (id == null || restoredFor === id || restoring === id) return;
    restoring = id;
    try {
      restoreSnapshot(queryClient, await get<Snapshot>(KEY, where), id);
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
      if (timer) clearTimeout(timer);
      timer = null;
      void del(KEY, where).catch((e: unknown) => console.warn('Could not forget the records kept on the device', e));
      return;
    }
    if (isSession(key)) void restore();
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!(DEVICE_RESOURCES as readonly unknown[]).includes(key[0])) return;
    void restore();
    timer ??= setTimeout(save, SAVE_DELAY_MS);
  });
}
