import { RESOURCES } from '@glazier/shared/resources/registry';
import { describe, expect, it } from 'vitest';
import { makeQueryClient, signedInQueryClient } from '../../test/render.tsx';
import { cachedRecords, searchCachedRecords } from './cached-records.ts';
import { resourceKeys } from './records.ts';

describe('records on this device', () => {
  it('gathers a resource’s records from records, lists and pages, once each, the newest copy winning', () => {
    const cache = makeQueryClient();
    cache.setQueryData(resourceKeys.record('jobs', 1), { id: 1, number: 'J-1', name: 'Read by id' }, { updatedAt: 2_000 });
    cache.setQueryData(
      resourceKeys.page('jobs', { page: 1 }),
      {
        data: [
          { id: 1, number: 'J-1', name: 'Older row' },
          { id: 2, number: 'J-2' },
        ],
      },
      { updatedAt: 1_000 },
    );
    cache.setQueryData(
      resourceKeys.list('jobs', { active: true }),
      [
        { id: 3, number: 'J-3' },
        { id: -1, number: 'kept offline' },
      ],
      { updatedAt: 3_000 },
    );
    cache.setQueryData(resourceKeys.record('clients', 9), { id: 9, name: 'Not a job' });
    const found = cachedRecords(cache, 'jobs');
    expect(found.map((r) => [r.id, r.name ?? null]).sort()).toEqual([
      [1, 'Read by id'],
      [2, null],
      [3, null],
    ]);
  });

  it('knows the signed-in person among the users', () => {
    const cache = signedInQueryClient('employee', { id: 77, name: 'Erin Employee' });
    expect(cachedRecords(cache, 'users')).toEqual([expect.objectContaining({ id: 77, name: 'Erin Employee', active: true })]);
    expect(cachedRecords(cache, 'jobs')).toEqual([]);
  });

  it('matches the search columns as the server does, compares the filters a record carries, sorts with empty values last', () => {
    const rows = [
      { id: 1, number: '26-0002', name: 'Lobby mirrors', active: true },
      { id: 2, number: null, name: 'Shower glass', active: true },
      { id: 3, number: '26-0010', name: 'Mirror wall', active: false },
      { id: 4, number: '26-0001', name: 'Closet mirrors', active: true },
    ];
    const def = RESOURCES.jobs;
    const search = (text: string, filters = {}) =>
      searchCachedRecords(def, rows, { text, filters, sort: { column: 'number', direction: 'asc' }, limit: 20 }).map((r) => r.id);
    expect(search('MIRROR')).toEqual([4, 1, 3]);
    expect(search('mirror', { active: true, start: '2026-01-01' })).toEqual([4, 1]);
    expect(search('')).toEqual([4, 1, 3, 2]);
    expect(searchCachedRecords(def, rows, { text: '', limit: 2, sort: { column: 'number', direction: 'desc' } }).map((r) => r.id)).toEqual([3, 1]);
  });
});
