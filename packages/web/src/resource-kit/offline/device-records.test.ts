import { QueryClient, QueryObserver, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '../../test/render.tsx';
import { cachedRecords } from '../records/cached-records.ts';
import { KEEP_ON_DEVICE, resourceKeys } from '../records/records.ts';
import { NetworkError } from '../http/http.ts';
import { isQueryOffline } from './offline.ts';
import { SESSION_KEY } from '../http/session-user.ts';
import {
  DEVICE_LIMIT,
  DEVICE_QUERY_LIMIT,
  answerToKeep,
  deviceSnapshot,
  newestAnswers,
  restoreSnapshot,
  startDeviceRecords,
  type DeviceStore,
  type Snapshot,
} from './device-records.ts';

const weekKey = (start: string) => resourceKeys.list('time_entries', { user_id: 8, start });
const READ_AT = Date.parse('2026-11-26T16:05:00Z');

/** The server's answer to a query, as a screen's fetch gets it (at `at`: the clock is fake). */
async function read(cache: QueryClient, key: readonly unknown[], data: unknown, at: number, keep = true) {
  vi.setSystemTime(at);
  await cache.fetchQuery({ queryKey: key, queryFn: () => Promise.resolve(data), ...(keep ? { meta: KEEP_ON_DEVICE } : {}) });
}

class MemoryDeviceStore implements DeviceStore {
  snapshot: Snapshot | undefined;
  constructor(snapshot?: Snapshot) {
    this.snapshot = snapshot && structuredClone(snapshot);
  }
  get() {
    return Promise.resolve(this.snapshot && structuredClone(this.snapshot));
  }
  set(snapshot: Snapshot) {
    this.snapshot = structuredClone(snapshot);
    return Promise.resolve();
  }
  del() {
    this.snapshot = undefined;
    return Promise.resolve();
  }
}

describe('records kept on the device across reloads', () => {
  it('keeps the jobs and users read (without what the client adds), at most the limit of each, and nothing else', () => {
    const cache = makeQueryClient();
    cache.setQueryData(resourceKeys.page('jobs', { page: 1 }), {
      data: Array.from({ length: DEVICE_LIMIT + 20 }, (_, i) => ({ id: i + 1, number: `J-${i + 1}` })),
    });
    cache.setQueryData(resourceKeys.record('jobs', 300), { id: 300, number: 'J-300', name: 'Read by id', accessed_at: '2026-11-26T10:00:00Z' });
    cache.setQueryData(resourceKeys.record('users', 8), { id: 8, name: 'Ann' });
    cache.setQueryData(resourceKeys.record('clients', 5), { id: 5, name: 'Not kept' });
    const snapshot = deviceSnapshot({ queryClient: cache, cachedRecords }, 8);
    expect(snapshot.userId).toBe(8);
    expect(Object.keys(snapshot.records)).toEqual(['jobs', 'users']);
    expect(snapshot.records.jobs).toHaveLength(DEVICE_LIMIT);
    expect(snapshot.records.jobs!.find((j) => j.id === 300)).toEqual({ id: 300, number: 'J-300', name: 'Read by id' });
    expect(snapshot.records.users).toEqual([{ id: 8, name: 'Ann' }]);
    expect(snapshot.queries).toEqual([]);
  });

  it('puts them back for the same person only, and a copy read since wins over them', () => {
    const snapshot = { userId: 8, records: { jobs: [{ id: 1, number: 'J-1', name: 'Kept' }], users: [] } };
    const someoneElse = makeQueryClient();
    restoreSnapshot(someoneElse, snapshot, 9);
    expect(cachedRecords(someoneElse, 'jobs')).toEqual([]);

    const cache = makeQueryClient();
    restoreSnapshot(cache, snapshot, 8);
    expect(cachedRecords(cache, 'jobs')).toEqual([{ id: 1, number: 'J-1', name: 'Kept' }]);
    cache.setQueryData(resourceKeys.record('jobs', 1), { id: 1, number: 'J-1', name: 'Renamed since' });
    expect(cachedRecords(cache, 'jobs')).toEqual([{ id: 1, number: 'J-1', name: 'Renamed since' }]);
    // never collected: nobody observes it
    expect(cache.getQueryCache().find({ queryKey: ['jobs', 'list', { kept_on_device: true }] })?.gcTime).toBe(Infinity);
  });

  it("keeps the server's answers to the queries that opt in, with when they were read; not a change laid over one on the device, nor a query that did not opt in", async () => {
    vi.useFakeTimers();
    try {
      const cache = makeQueryClient();
      const events: QueryCacheNotifyEvent[] = [];
      cache.getQueryCache().subscribe((e) => events.push(e));
      const week = [{ id: 1, user_id: 8, hours: 9, date: '2026-11-23' }];
      await read(cache, weekKey('2026-11-22'), week, READ_AT);
      await read(cache, weekKey('2026-11-15'), [], READ_AT, false);
      // an offline save patches the cached list (storeRecords): the server did not say so
      cache.setQueryData(weekKey('2026-11-22'), [{ ...week[0], hours: 2, pending: true }]);
      expect(events.map(answerToKeep).filter(Boolean)).toEqual([{ key: weekKey('2026-11-22'), data: week, updatedAt: READ_AT }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the newest read of each query, newest first, at most the limit', () => {
    const at = (start: string, updatedAt: number, data: unknown = []) => ({ key: weekKey(start), data, updatedAt });
    expect(newestAnswers([at('2026-11-08', READ_AT - 60_000, 'old'), at('2026-11-22', READ_AT), at('2026-11-08', READ_AT + 1, 'new')])).toEqual([
      at('2026-11-08', READ_AT + 1, 'new'),
      at('2026-11-22', READ_AT),
    ]);
    const many = Array.from({ length: DEVICE_QUERY_LIMIT + 5 }, (_, i) => ({ key: ['time_entries', 'list', { n: i }], data: [], updatedAt: READ_AT + i }));
    const kept = newestAnswers(many);
    expect(kept).toHaveLength(DEVICE_QUERY_LIMIT);
    expect(kept[0]!.key).toEqual(['time_entries', 'list', { n: DEVICE_QUERY_LIMIT + 4 }]);
  });

  it('puts the kept answers back dated when they were read (the "as of"), for the same person only, never over a newer read', () => {
    const week = [{ id: 1, user_id: 8, hours: 9, date: '2026-11-23' }];
    const snapshot: Snapshot = {
      userId: 8,
      records: {},
      queries: [
        { key: weekKey('2026-11-22'), data: week, updatedAt: READ_AT },
        { key: weekKey('2026-11-15'), data: [{ id: 9 }], updatedAt: READ_AT },
      ],
    };
    const someoneElse = makeQueryClient();
    expect(restoreSnapshot(someoneElse, snapshot, 9)).toEqual([]);
    expect(someoneElse.getQueryData(weekKey('2026-11-22'))).toBeUndefined();

    const cache = makeQueryClient();
    cache.setQueryData(weekKey('2026-11-15'), [{ id: 10 }], { updatedAt: READ_AT + 1 });
    expect(restoreSnapshot(cache, snapshot, 8)).toHaveLength(2);
    expect(cache.getQueryData(weekKey('2026-11-22'))).toEqual(week);
    expect(cache.getQueryState(weekKey('2026-11-22'))?.dataUpdatedAt).toBe(READ_AT);
    expect(cache.getQueryData(weekKey('2026-11-15'))).toEqual([{ id: 10 }]);
  });

  it('a screen whose fetch failed for want of a network still says it is offline once its kept answer is back', () => {
    const cache = makeQueryClient();
    // after a reload without a signal TanStack believes it is online: the fetch is tried and fails
    const query = cache.getQueryCache().build(cache, { queryKey: weekKey('2026-11-22'), meta: KEEP_ON_DEVICE });
    query.setState({ status: 'error', error: new NetworkError(new TypeError('Failed to fetch')), fetchStatus: 'idle' });
    restoreSnapshot(cache, { userId: 8, records: {}, queries: [{ key: weekKey('2026-11-22'), data: [{ id: 1 }], updatedAt: READ_AT }] }, 8);
    const state = cache.getQueryState(weekKey('2026-11-22'))!;
    expect(state).toMatchObject({ data: [{ id: 1 }], dataUpdatedAt: READ_AT });
    expect(isQueryOffline(state)).toBe(true);
  });

  it('at start: what was read is written a moment later, put back at the next start (also for a screen opened after the cache let it go), and forgotten at sign-out', async () => {
    vi.useFakeTimers();
    try {
      const store = new MemoryDeviceStore();
      const deps = (cache: QueryClient) => ({
        queryClient: cache,
        cachedRecords,
        sessionKey: SESSION_KEY,
        userId: () => cache.getQueryData<{ id: number } | null>(SESSION_KEY)?.id ?? null,
      });
      const first = makeQueryClient();
      first.setQueryData(SESSION_KEY, { id: 8, name: 'Eli' });
      startDeviceRecords(deps(first), store);
      const week = [{ id: 1, user_id: 8, hours: 9, date: '2026-11-23' }];
      await read(first, weekKey('2026-11-22'), week, READ_AT);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(store.snapshot?.queries).toEqual([{ key: weekKey('2026-11-22'), data: week, updatedAt: READ_AT }]);

      // the next start (a reload without a signal): the week is back, dated when it was read
      const second = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 1_000 } } });
      // (the app observes the session all along)
      second.setQueryDefaults(SESSION_KEY, { gcTime: Infinity });
      second.setQueryData(SESSION_KEY, { id: 8, name: 'Eli' });
      startDeviceRecords(deps(second), store);
      await vi.advanceTimersByTimeAsync(0);
      // to be asked again (read a moment before the reload, it would pass for fresh)
      expect(second.getQueryState(weekKey('2026-11-22'))).toMatchObject({ data: week, dataUpdatedAt: READ_AT, isInvalidated: true });
      // nobody looked at it: the cache lets it go; a screen asking for it later gets the kept answer
      await vi.advanceTimersByTimeAsync(1_500);
      expect(second.getQueryData(weekKey('2026-11-22'))).toBeUndefined();
      const screen = new QueryObserver(second, { queryKey: weekKey('2026-11-22'), queryFn: () => new Promise<never>(() => {}), meta: KEEP_ON_DEVICE });
      const stop = screen.subscribe(() => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(screen.getCurrentResult().data).toEqual(week);
      expect(second.getQueryState(weekKey('2026-11-22'))?.dataUpdatedAt).toBe(READ_AT);
      // still kept after later writes, though the cache held it only for a while
      await read(second, resourceKeys.record('jobs', 4), { id: 4, number: 'J-4' }, READ_AT + 5, false);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(store.snapshot?.queries?.map((q) => q.key)).toEqual([weekKey('2026-11-22')]);
      stop();

      // signed out: forgotten
      second.setQueryData(SESSION_KEY, null);
      await vi.advanceTimersByTimeAsync(0);
      expect(store.snapshot).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
