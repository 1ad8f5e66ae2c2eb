import { describe, expect, it } from 'vitest';
import { makeQueryClient } from '../../test/render.tsx';
import { cachedRecords } from '../cached-records.ts';
import { resourceKeys } from '../hooks.ts';
import { DEVICE_LIMIT, deviceSnapshot, restoreSnapshot } from './device-records.ts';

describe('records kept on the device across reloads', () => {
  it('keeps the jobs and users read (without what the client adds), at most the limit of each, and nothing else', () => {
    const cache = makeQueryClient();
    cache.setQueryData(resourceKeys.page('jobs', { page: 1 }), { data: Array.from({ length: DEVICE_LIMIT + 20 }, (_, i) => ({ id: i + 1, number: `J-${i + 1}` })) });
    cache.setQueryData(resourceKeys.record('jobs', 300), { id: 300, number: 'J-300', name: 'Read by id', accessed_at: '2026-11-26T10:00:00Z' });
    cache.setQueryData(resourceKeys.record('users', 8), { id: 8, name: 'Ann' });
    cache.setQueryData(resourceKeys.record('clients', 5), { id: 5, name: 'Not kept' });
    const snapshot = deviceSnapshot({ queryClient: cache, cachedRecords }, 8);
    expect(snapshot.userId).toBe(8);
    expect(Object.keys(snapshot.records)).toEqual(['jobs', 'users']);
    expect(snapshot.records.jobs).toHaveLength(DEVICE_LIMIT);
    expect(snapshot.records.jobs!.find((j) => j.id === 300)).toEqual({ id: 300, number: 'J-300', name: 'Read by id' });
    expect(snapshot.records.users).toEqual([{ id: 8, name: 'Ann' }]);
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
});
