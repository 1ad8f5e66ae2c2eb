/** offline, the Stock value card shows its cached copy "as of" its time, and never a false "No snapshots yet.". */
import { onlineManager } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { SNAPSHOT_SUMMARY_KEY } from './stock-dialogs.tsx';
import { StockValue } from './stock-value.tsx';

afterEach(() => onlineManager.setOnline(true));

describe('Stock value card', () => {
  it('offline with nothing cached says it is offline, not that there are no snapshots', async () => {
    const calls = mockFetch(() => json({ data: [] }));
    onlineManager.setOnline(false);
    renderWithProviders(<StockValue />, signedInQueryClient('manager'));
    expect(await screen.findByText('You are offline. The stock value shows once you are back online.')).toBeTruthy();
    expect(screen.queryByText('No snapshots yet.')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('offline shows the cached snapshot with "Offline, as of" its time', async () => {
    mockFetch(() => undefined);
    const client = signedInQueryClient('manager');
    const fetchedAt = new Date();
    fetchedAt.setHours(9, 5, 0, 0);
    client.setQueryData(SNAPSHOT_SUMMARY_KEY, [{ date: '2026-11-26', value: 1234.5, materials: 12 }], { updatedAt: fetchedAt.getTime() });
    onlineManager.setOnline(false);
    renderWithProviders(<StockValue />, client);
    expect((await screen.findByTestId('stock-value-total')).textContent).toBe('$1,234.50');
    expect(screen.getByTestId('offline-as-of').textContent).toMatch(/^Offline, as of 9:05\sAM$/);
  });

  it('online with an answer of none says "No snapshots yet."', async () => {
    mockFetch((url) => (url.pathname === '/api/material_snapshots/summary' ? json({ data: [] }) : undefined));
    renderWithProviders(<StockValue />, signedInQueryClient('manager'));
    expect(await screen.findByText('No snapshots yet.')).toBeTruthy();
    expect(screen.queryByTestId('offline-as-of')).toBeNull();
  });
});
