import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackGrabber, json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import type { ModalStackApi } from '../../ui/modal-stack.tsx';
import { fieldLabel } from '../forms/field-text.ts';
import { historyValue, openHistory } from './history-panel.tsx';

describe('History panel', () => {
  it('words fields and values as the screens show them', () => {
    // the definition's label where it writes one, else the name in words
    expect(fieldLabel('products', 'revenue_per_unit')).toBe('Sale price');
    expect(fieldLabel('estimate_items', 'notes')).toBe('Internal notes');
    expect(fieldLabel('jobs', 'hardware_complete')).toBe('Hardware complete');
    expect(fieldLabel(undefined, 'client_type_id')).toBe('Client type');
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
              {
                id: 3,
                action: 'status',
                at,
                user_id: null,
                user_name: 'Pat Client, by the approval link',
                changes: [{ field: 'name', from: 'New', to: 'Newer' }],
              },
              { id: 2, action: 'update', at, user_id: 1, user_name: 'Ada', changes: [{ field: 'name', from: 'Old', to: 'New' }] },
              { id: 1, action: 'create', at, user_id: 4, user_name: null, changes: [{ field: 'name', from: null, to: 'Old' }] },
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
    expect(entries).toHaveLength(3);
    // a change made without a user names who made it (the client, by the approval link)
    expect(entries[0]!.textContent).toContain('Status by Pat Client, by the approval link · 11/23/2026 9:05 AM');
    expect(entries[1]!.textContent).toContain('Changed by Ada · 11/23/2026 9:05 AM');
    const row = within(entries[1]!).getByRole('row', { name: /Name/ });
    expect(row.textContent).toBe('NameOldNew');
    expect(entries[2]!.textContent).toContain('Created by a removed user');
  });

  it('shows a changed reference by the names of the records, "#id" for one the caller may not see', async () => {
    const at = new Date(2026, 10, 23, 9, 5).toISOString();
    mockFetch((url) =>
      url.pathname === '/api/history/jobs/8'
        ? json({
            data: [
              {
                id: 3,
                action: 'update',
                at,
                user_id: 1,
                user_name: 'Ada',
                changes: [
                  { field: 'client_id', from: 1, to: 2, from_label: 'Acme Glass', to_label: 'Keystone General' },
                  { field: 'foreman_id', from: null, to: 5, from_label: null, to_label: null },
                ],
              },
              {
                id: 1,
                action: 'create',
                at,
                user_id: 1,
                user_name: 'Ada',
                changes: [{ field: 'client_id', from: null, to: 1, from_label: null, to_label: 'Acme Glass' }],
              },
            ],
          })
        : undefined,
    );
    let api!: ModalStackApi;
    renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, makeQueryClient());
    act(() => void openHistory(api, 'jobs', 8));
    const dialog = await screen.findByRole('dialog', { name: 'Job History' });
    const [update, create] = await within(dialog).findAllByTestId('history-entry');
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells(within(update!).getByRole('row', { name: /Client/ }))).toEqual(['Client', 'Acme Glass', 'Keystone General']);
    expect(cells(within(update!).getByRole('row', { name: /Foreman/ }))).toEqual(['Foreman', '—', '#5']);
    expect(cells(within(create!).getByRole('row', { name: /Client/ }))).toEqual(['Client', 'Acme Glass']);
    expect(dialog.textContent).not.toContain('#1');
  });
});
