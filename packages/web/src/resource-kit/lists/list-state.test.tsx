import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, makeQueryClient, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { ListScope, listAddress, useListFilters } from './list-state.tsx';
import { ResourceTable } from './resource-table.tsx';

const client = (id: number) => ({ id, name: `Client ${id}`, active: true });

/** A clients list of 45 rows, 20 a page, searched by name; answers what the table asked. */
function clientsServer() {
  return mockFetch((url) => {
    if (url.pathname !== '/api/clients') return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    const search = url.searchParams.get('search');
    const all = Array.from({ length: search === 'dental' ? 3 : 45 }, (_, i) => client(i + 1));
    return json({ data: all.slice((page - 1) * 20, page * 20), current_page: page, last_page: Math.ceil(all.length / 20), per_page: 20, total: all.length });
  });
}

function Clients() {
  const navigate = useNavigate();
  const [filters, setFilter] = useListFilters({ status: 'active', client_type_id: null });
  return (
    <>
      <button onClick={() => setFilter('status', filters.status === 'active' ? 'all' : 'active')}>Status {filters.status}</button>
      <ResourceTable
        resource="clients"
        columns={[{ key: 'name', label: 'Name', sortable: true }]}
        filters={{ active: filters.status === 'all' ? 'all' : 'true', client_type_id: filters.client_type_id ?? undefined }}
        onRowClick={(c) => void navigate(`/clients/${c.id}`)}
        defaultSort={{ column: 'name', direction: 'asc' }}
      />
    </>
  );
}

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/clients', element: <Clients /> },
      { path: '/clients/:id', element: <p>A client</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />, makeQueryClient());
  const address = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { router, address };
}

/** What the table last asked of the clients (the shell's own calls, such as the session's user, are not the table's). */
const asked = (calls: ReturnType<typeof mockFetch>) => {
  const url = calls.filter((c) => c.url.pathname === '/api/clients').at(-1)!.url;
  return Object.fromEntries(url.searchParams);
};

describe('a list keeps its state in the address', () => {
  it('opens on the page, search, sort and filters the address holds', async () => {
    const calls = clientsServer();
    show('/clients?page=2&q=Client&sort=-name&status=all&client_type_id=3');
    await screen.findAllByTestId('clients-row');
    expect(asked(calls)).toMatchObject({ page: '2', search: 'Client', sort_column: 'name', sort_direction: 'desc', active: 'all', client_type_id: '3' });
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('Client');
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('leaves the defaults out, pushes paging and sorting, and Back returns to the same rows', async () => {
    const calls = clientsServer();
    const { router, address } = show('/clients');
    await screen.findAllByTestId('clients-row');
    expect(asked(calls)).toMatchObject({ page: '1', sort_column: 'name', sort_direction: 'asc', active: 'true' });
    expect(address()).toBe('/clients');

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(address()).toBe('/clients?page=2'));
    await waitFor(() => expect(asked(calls).page).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    // Another order starts again at page 1; ascending is the default, so descending is written.
    await waitFor(() => expect(address()).toBe('/clients?sort=-name'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(address()).toBe('/clients?sort=none'));
    await waitFor(() => expect(asked(calls).sort_column).toBeUndefined());

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(address()).toBe('/clients?page=2');
    await waitFor(() => expect(asked(calls).page).toBe('2'));

    // Open a row and come back: still page 2.
    fireEvent.click((await screen.findAllByTestId('clients-row'))[0]!);
    await waitFor(() => expect(address()).toBe('/clients/21'));
    await act(() => router.navigate(-1));
    expect(address()).toBe('/clients?page=2');
    await screen.findAllByTestId('clients-row');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('data-active')).toBe('true');
    // A link back to the list ("‹ Clients") returns to it as it was too.
    expect(listAddress('/clients')).toBe('/clients?page=2');
  });

  it('writes the search once typing pauses, replacing the entry, and a filter goes back to page 1', async () => {
    const calls = clientsServer();
    const { router, address } = show('/clients?page=2');
    await screen.findAllByTestId('clients-row');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'd' } });
    fireEvent.change(box, { target: { value: 'dental' } });
    await waitFor(() => expect(address()).toBe('/clients?q=dental'));
    await waitFor(() => expect(asked(calls).search).toBe('dental'));
    // One entry for the whole search, in place of page 2's: Back leaves the list.
    expect(router.state.historyAction).toBe('REPLACE');

    fireEvent.click(screen.getByRole('button', { name: 'Status active' }));
    // The control shows its new state within the click, before the address catches up.
    expect(screen.getByRole('button', { name: 'Status all' })).toBeTruthy();
    await waitFor(() => expect(address()).toBe('/clients?q=dental&status=all'));
    fireEvent.click(screen.getByRole('button', { name: 'Status all' }));
    await waitFor(() => expect(address()).toBe('/clients?q=dental'));

    // Back to an address without the search empties the box.
    await act(() => router.navigate('/clients'));
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe(''));
    await new Promise((r) => setTimeout(r, 400));
    expect(address()).toBe('/clients');
  });

  it('shows the last page when the address asks for one past it', async () => {
    clientsServer();
    const { address } = show('/clients?page=9');
    await waitFor(() => expect(address()).toBe('/clients?page=3'));
  });

  it('keys the lists of a scope apart', async () => {
    const calls = clientsServer();
    const router = createMemoryRouter(
      [
        {
          path: '/x',
          element: (
            <ListScope name="clients">
              <ResourceTable resource="clients" columns={[{ key: 'name', label: 'Name' }]} />
            </ListScope>
          ),
        },
      ],
      { initialEntries: ['/x?clients.page=2&page=5'] },
    );
    renderWithProviders(<RouterProvider router={router} />, makeQueryClient());
    await screen.findAllByTestId('clients-row');
    expect(asked(calls).page).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?clients.page=3&page=5'));
  });
});
