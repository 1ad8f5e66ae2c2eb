import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, makeQueryClient, mockFetch, renderWithProviders } from '../test/render.tsx';
import type { ModalStackApi } from '../ui/modal-stack.tsx';
import { fieldLabel, historyValue, openHistory } from './history-panel.tsx';

describe('History panel', () => {
  it('words fields and values as the screens show them', () => {
    expect(fieldLabel('client_type_id')).toBe('Client type');
    expect(historyValue('jobs', 'trip_charge', 12.5)).toBe('$12.50');
    expect(historyValue('jobs', 'start_date', '2026-03-07')).toBe('3/7/2026');
    expect(historyValue('jobs', 'active', false)).toBe('No');
    expect(historyValue('jobs', 'scope_array', ['Mirrors', 'Hardware'])).toBe('Mirrors, Hardware');
    expect(historyValue('jobs', 'address', null)).toBe('—');
  });

  it('shows who changed which field from what to what, newest first', async () => {
    const at = new Date(2026, 10, 23, 9, 5).toISOString();
    const calls = mockFetch((url) =>
      url.pathname === '/api/history/jobs/7'
        ? json({
            data: [
              { id: 2, action: 'update', at, user_id: 1, user_name: 'Ada', changes: [{ field: 'name', from: 'Old', to: 'New' }] },
              { id: 1, action: 'create', at, user_id: null, user_name: null, changes: [{ field: 'name', from: null, to: 'Old' }] },
            ],
          })
        : undefined,
    );
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, makeQueryClient());
    act(() => void openHistory(api, 'jobs', 7));
    const dialog = await screen.findByRole('dialog', { name: 'Job History' });
    const entries = await within(dialog).findAllByTestId('history-entry');
    expect(calls.some((c) => c.url.pathname === '/api/history/jobs/7')).toBe(true);
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('Changed by Ada · 11/23/2026 9:05 AM');
    const row = within(entries[0]!).getByRole('row', { name: /Name/ });
    expect(row.textContent).toBe('NameOldNew');
    expect(entries[1]!.textContent).toContain('Created by a removed user');
  });
});
