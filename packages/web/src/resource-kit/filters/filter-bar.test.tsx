import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { useFilterBar } from './filter-bar.tsx';

function Invoices() {
  const bar = useFilterBar({ due: 'all', status: null, client_id: null, overdue_only: null }, [
    {
      kind: 'segments',
      name: 'due',
      label: 'Which invoices',
      options: [
        { value: 'all', label: 'All' },
        { value: 'open', label: 'Open' },
      ],
    },
    { kind: 'choice', name: 'status', label: 'Status', placeholder: 'All statuses', options: [{ value: 'sent', label: 'Sent' }] },
    { kind: 'record', name: 'client_id', label: 'Client', placeholder: 'All clients', resource: 'clients', query: { active: 'all' }, testId: 'client-filter' },
    { kind: 'switch', name: 'overdue_only', label: 'Overdue only' },
  ]);
  return (
    <>
      {bar.toolbar}
      <output>{JSON.stringify(bar.values)}</output>
    </>
  );
}

function show(path: string) {
  const router = createMemoryRouter([{ path: '/invoices', element: <Invoices /> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, makeQueryClient());
  return () => router.state.location.search;
}

describe('a filter bar', () => {
  it('draws each declared control from the address, and writes each change there', async () => {
    const calls = mockFetch((url) =>
      url.pathname === '/api/clients'
        ? json({
            data: [
              { id: 7, name: 'Harbor Dental' },
              { id: 8, name: 'Lakeside' },
            ],
            current_page: 1,
            last_page: 1,
            per_page: 100,
            total: 2,
          })
        : undefined,
    );
    const search = show('/invoices?status=sent&client_id=8');
    expect(JSON.parse(screen.getByRole('status').textContent!)).toEqual({ due: 'all', status: 'sent', client_id: '8', overdue_only: null });
    await waitFor(() => expect((screen.getByTestId('client-filter') as HTMLInputElement).value).toBe('Lakeside'));
    expect(calls.find((c) => c.url.pathname === '/api/clients')!.url.searchParams.get('active')).toBe('all');
    expect((screen.getByTestId('status-filter') as HTMLInputElement).value).toBe('Sent');

    await userEvent.click(within(screen.getByTestId('due-filter')).getByText('Open'));
    await waitFor(() => expect(search()).toContain('due=open'));
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(search()).toContain('overdue_only=true'));
    await userEvent.click(screen.getByRole('switch', { name: 'Overdue only' }));
    await waitFor(() => expect(search()).not.toContain('overdue_only'));
    // the default is left out of the address
    await userEvent.click(within(screen.getByTestId('due-filter')).getByText('All'));
    await waitFor(() => expect(search()).not.toContain('due='));
    expect(search()).toContain('status=sent');
  });
});
