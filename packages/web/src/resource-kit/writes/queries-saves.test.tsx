import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers, json, makeQueryClient, mockFetch } from '../../test/render.tsx';
import { resourceKeys } from '../records/records.ts';
import { useDelete, useSave } from './saves.ts';
import { useList, useRecord } from '../records/queries.ts';

describe('data hooks', () => {
  it('useRecord sends accessed_at once cached and keeps the cached copy on {current: true}', async () => {
    const calls = mockFetch((url) => {
      if (url.pathname !== '/api/clients/4') return undefined;
      return url.searchParams.get('accessed_at') ? json({ current: true }) : json({ id: 4, name: 'Cached Co', updated_at: '2025-01-01T00:00:00Z' });
    });
    const client = makeQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
    const { result } = renderHook(() => useRecord('clients', 4), { wrapper });
    await waitFor(() => expect(result.current.data?.name).toBe('Cached Co'));
    expect(calls[0]!.url.searchParams.get('accessed_at')).toBeNull();
    const firstAccess = result.current.data?.accessed_at;
    expect(firstAccess).toBeTruthy();

    await act(() => result.current.refetch());
    expect(calls[1]!.url.searchParams.get('accessed_at')).toBe(firstAccess);
    expect(result.current.data).toMatchObject({ id: 4, name: 'Cached Co' });
  });

  it('useSave PATCHes an existing record and refreshes cached lists', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    let listCalls = 0;
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/clients' && init.method === 'GET') {
        listCalls += 1;
        return json({ data: [{ id: 4, name: listCalls === 1 ? 'Old' : 'New' }] });
      }
      if (url.pathname === '/api/clients/4' && init.method === 'PATCH') return json({ id: 4, name: 'New', updated_at: '2025-02-01T00:00:00Z' });
      return undefined;
    });
    const client = makeQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
    const { result } = renderHook(() => ({ list: useList('clients'), save: useSave('clients') }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.[0]?.name).toBe('Old'));
    await act(() => result.current.save.mutateAsync({ id: 4, name: 'New', updated_at: '2025-01-01T00:00:00Z' }));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ id: 4, name: 'New', updated_at: '2025-01-01T00:00:00Z' });
    await waitFor(() => expect(result.current.list.data?.[0]?.name).toBe('New'));
    expect(client.getQueryData(resourceKeys.record('clients', 4))).toMatchObject({ name: 'New' });
  });

  it("a child's save or delete refreshes its parent, so the parent's next save carries the parent's new updated_at", async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    // The server moves the job's updated_at on with each write of one of its products.
    let jobVersion = 1;
    const job = () => ({ id: 5, name: 'Lobby', updated_at: `2025-01-0${jobVersion}T00:00:00.000Z`, products: [] });
    const calls = mockFetch((url, init) => {
      if (url.pathname === '/api/jobs/5' && init.method === 'GET') return json(job());
      if (url.pathname === '/api/jobs/5' && init.method === 'PATCH') return json({ ...job(), name: 'Lobby 2' });
      if (url.pathname === '/api/job_products' && init.method === 'POST') {
        jobVersion += 1;
        return json({ id: 40, job_id: 5, name: 'Mirror', updated_at: '2025-01-02T00:00:00.000Z' }, 201);
      }
      if (url.pathname === '/api/job_products/40' && init.method === 'DELETE') {
        jobVersion += 1;
        return json({ id: 40 });
      }
      return undefined;
    });
    const client = makeQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <Providers client={client}>{children}</Providers>;
    const { result } = renderHook(
      () => ({ job: useRecord('jobs', 5), saveProduct: useSave('job_products'), deleteProduct: useDelete('job_products'), saveJob: useSave('jobs') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.job.data?.updated_at).toBe('2025-01-01T00:00:00.000Z'));

    await act(() => result.current.saveProduct.mutateAsync({ job_id: 5, name: 'Mirror' }));
    await waitFor(() => expect(result.current.job.data?.updated_at).toBe('2025-01-02T00:00:00.000Z'));
    // deleting a product the cache never read by id refreshes the job too
    await act(() => result.current.deleteProduct.mutateAsync(40));
    await waitFor(() => expect(result.current.job.data?.updated_at).toBe('2025-01-03T00:00:00.000Z'));

    const { accessed_at: _a, ...current } = result.current.job.data!;
    await act(() => result.current.saveJob.mutateAsync({ ...current, name: 'Lobby 2' }));
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.body).toMatchObject({ name: 'Lobby 2', updated_at: '2025-01-03T00:00:00.000Z' });
    expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/jobs/5')).toHaveLength(3);
  });
});
