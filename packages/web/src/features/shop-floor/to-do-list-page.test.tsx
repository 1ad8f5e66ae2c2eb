import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@glazier/shared/permissions';
import type { RecordOf } from '@glazier/shared/resources/records';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { ToDoListPage, keepInPlace } from './to-do-list-page.tsx';
import { NO_FLAGS } from '@glazier/shared/rules/catalogue/series-features';
import * as measureToCut from '@glazier/shared/rules/shop-floor/measure-to-cut';

// Which rows are drawn: each row's sizes are written out by formatSizes as it renders.
vi.mock('@glazier/shared/rules/shop-floor/measure-to-cut', async (importOriginal) => {
  const actual = await importOriginal<typeof measureToCut>();
  return { ...actual, formatSizes: vi.fn(actual.formatSizes) };
});

const product = (id: number, job_id: number, name: string, extra: Partial<RecordOf<'job_products'>> = {}): RecordOf<'job_products'> => ({
  id,
  job_id,
  series_id: 3,
  product_id: null,
  name,
  qty: 2,
  note: null,
  is_measured: true,
  is_ordered: true,
  is_fabricated: false,
  sort: 0,
  opening_width: null,
  opening_height: null,
  glass_width: null,
  glass_height: null,
  measure_date: null,
  cut_list_json: [],
  cut_list: null,
  ...extra,
});

type Piece = { position: number; description: string; is_measured: boolean; is_fabricated: boolean };

/**
 * The server of the screen: two jobs, three products to fabricate (the Panel's piece 1 fabricated
 * on its own); a PATCH answers the record changed, the pieces' action the product with its pieces.
 */
function server(
  rows = [
    product(10, 1, 'Inline Door', { opening_width: 36.4375, opening_height: 72, glass_width: 36.25, glass_height: 71.75 }),
    product(11, 1, 'Panel', { pieces: [1, 2].map((n) => ({ position: n, description: '', is_measured: true, is_fabricated: n === 1 })) } as Partial<
      RecordOf<'job_products'>
    >),
    product(12, 2, 'Mirror'),
  ],
) {
  let stored = rows.map((r) => ({ ...r }));
  return mockFetch(async (url, init) => {
    const marked = /^\/api\/job_products\/(\d+)\/pieces\/mark$/.exec(url.pathname);
    if (marked && init.method === 'POST') {
      const id = Number(marked[1]);
      const { step, done, positions } = JSON.parse(String(init.body)) as { step: 'is_fabricated'; done: boolean; positions: number[] };
      stored = stored.map((r) => {
        if (r.id !== id) return r;
        const pieces = ((r as { pieces?: Piece[] }).pieces ?? []).map((p) => (positions.includes(p.position) ? { ...p, [step]: done } : p));
        return { ...r, pieces, [step]: pieces.every((p) => p[step]) };
      });
      return json({ data: stored.find((r) => r.id === id) });
    }
    if (init.method === 'PATCH') {
      const id = Number(url.pathname.split('/').at(-1));
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      stored = stored.map((r) => (r.id === id ? { ...r, ...body } : r));
      return json(stored.find((r) => r.id === id));
    }
    if (url.pathname === '/sanctum/csrf-cookie') return json(null, 204);
    switch (url.pathname) {
      case '/api/job_products': {
        const data = stored.filter((r) => !r.is_fabricated);
        return json({ data, current_page: 1, last_page: 1, per_page: 50, total: data.length });
      }
      case '/api/jobs':
        return json({
          data: [
            {
              id: 1,
              number: '26-0101',
              name: 'Smith shower',
              client_id: 5,
              client_name: 'Smith Homes',
              address: '1 Main St, Portland',
              start_date: '2026-05-04',
            },
            { id: 2, number: '26-0102', name: 'Lobby', client_id: 5, client_name: 'Smith Homes', address: '9 Elm St', start_date: '2026-05-06' },
          ],
        });
      case '/api/clients':
        return json({ data: [{ id: 5, name: 'Smith Homes', color: '#1971c2' }] });
      case '/api/series':
        return json({
          data: [
            { id: 3, name: 'Frameless', category_id: 2, use_category_settings: true, ...NO_FLAGS },
            { id: 4, name: 'Towel Bars', category_id: 6, use_category_settings: true, ...NO_FLAGS },
          ],
        });
      case '/api/product_categories':
        return json({
          data: [
            { id: 2, name: 'Shower Glass', ...NO_FLAGS, enable_fabricated: true },
            { id: 6, name: 'Hardware', ...NO_FLAGS },
          ],
        });
    }
    return undefined;
  });
}

function renderList(role: Role, path = '/lists/products/is_fabricated') {
  const router = createMemoryRouter([{ path: '/lists/products/:field', Component: ToDoListPage }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, signedInQueryClient(role));
  return router;
}

describe('to-do list page', () => {
  it('groups the products under their job (number, client, address, start date) and asks the server for the step, by start date', async () => {
    const calls = server();
    renderList('supervisor');
    expect(await screen.findByRole('heading', { name: 'To Fabricate' })).toBeTruthy();
    const jobs = await screen.findAllByTestId('to-do-job');
    expect(jobs).toHaveLength(2);
    expect(within(jobs[0]!).getByRole('link', { name: '26-0101' }).getAttribute('href')).toBe('/jobs/1');
    await within(jobs[0]!).findByText(/Smith Homes · Smith shower/);
    expect(within(jobs[0]!).getByText('1 Main St, Portland')).toBeTruthy();
    expect(within(jobs[0]!).getByText(/Starts/)).toBeTruthy();
    expect(within(jobs[0]!).getAllByTestId('to-do-row')).toHaveLength(2);
    // both sizes of a measured piece, with its series
    expect(within(jobs[0]!).getAllByTestId('to-do-row')[0]!.textContent).toContain('Frameless · Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"');
    expect(screen.getByTestId('to-do-total').textContent).toBe('3 left');
    const asked = calls.find((c) => c.url.pathname === '/api/job_products')!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      needs: 'is_fabricated',
      sort_column: 'job_start_date',
      sort_direction: 'asc',
      page: '1',
      per_page: '50',
      with_pieces: 'true',
    });
    // a product whose pieces are marked apart says how far they are; the others say nothing
    expect(screen.getAllByTestId('to-do-progress').map((e) => e.textContent)).toEqual(['1 of 2 fabricated']);
    expect(within(jobs[0]!).getAllByTestId('to-do-row')[1]!.textContent).toContain('1 of 2 fabricated');
  });

  it('checks a product off in place (PATCH of the flag), keeps it there ticked, and undoes it from the notice (the PATCH back)', async () => {
    const calls = server();
    renderList('supervisor');
    const door = await screen.findByRole('checkbox', { name: /Inline Door/ });
    expect(door.getAttribute('aria-checked')).toBe('false');
    await userEvent.click(door);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: expect.objectContaining({ pathname: '/api/job_products/10' }),
      body: { id: 10, is_fabricated: true },
    });
    expect(await screen.findByText('Marked fabricated: Inline Door')).toBeTruthy();
    // the list refetched without it, yet the row stays where it was, ticked
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/job_products' && c.method === 'GET').length).toBeGreaterThan(1));
    const rows = screen.getAllByTestId('to-do-row').map((r) => r.textContent);
    expect(rows.findIndex((t) => t?.includes('Inline Door'))).toBe(0);
    expect(screen.getByRole('checkbox', { name: /Inline Door/ }).getAttribute('aria-checked')).toBe('true');

    // no piece marked on its own before (none stored): unmarking the whole product puts it back
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PATCH')[1]!.body).toEqual({ id: 10, is_fabricated: false });
    expect(calls.filter((c) => c.url.pathname.endsWith('/mark'))).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Inline Door/ }).getAttribute('aria-checked')).toBe('false'));
  });

  // On a phone, drawing the list's fifty rows again on every tap made a tick answer in 200–310 ms at 4× CPU slowdown.
  it('draws only the ticked row again when a row is ticked, not the whole list', async () => {
    const calls = server();
    renderList('supervisor');
    const mirror = await screen.findByRole('checkbox', { name: /Mirror/ });
    await screen.findByText(/Smith Homes · Smith shower/);
    const drawn = vi.mocked(measureToCut.formatSizes);
    drawn.mockClear();
    fireEvent.click(mirror);
    expect(mirror.getAttribute('aria-checked')).toBe('true');
    expect(new Set(drawn.mock.calls.map(([row]) => (row as { id: number }).id))).toEqual(new Set([12]));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(await screen.findByText('Marked fabricated: Mirror')).toBeTruthy();
  });

  it('undoes a tick of a product with a piece marked before it by unmarking only the other pieces (the pieces action)', async () => {
    const calls = server();
    renderList('supervisor');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Panel/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ id: 11, is_fabricated: true });
    expect(await screen.findByText('Marked fabricated: Panel')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname.endsWith('/mark'))).toHaveLength(1));
    const undo = calls.find((c) => c.url.pathname.endsWith('/mark'))!;
    expect(undo.method).toBe('POST');
    expect(undo.url.pathname).toBe('/api/job_products/11/pieces/mark');
    // piece 1 was fabricated before the tick: it stays
    expect(undo.body).toEqual({ step: 'is_fabricated', done: false, positions: [2] });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(await screen.findByText('Back on the list: Panel')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Panel/ }).getAttribute('aria-checked')).toBe('false'));
  });

  it('says offline that such an Undo needs a connection, and keeps the tick', async () => {
    const calls = server();
    renderList('supervisor');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Panel/ }));
    expect(await screen.findByText('Marked fabricated: Panel')).toBeTruthy();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText(/Undo needs a connection: some pieces of Panel were fabricated before the tick/)).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.endsWith('/mark'))).toHaveLength(0);
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: /Panel/ }).getAttribute('aria-checked')).toBe('true');
  });

  it('is read-only without edit jobs: no checkboxes, and says why', async () => {
    server();
    renderList('employee');
    expect(await screen.findByText('Inline Door')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByTestId('to-do-read-only').textContent).toMatch(/needs permission to edit jobs/);
  });

  it('says when nothing is left, and filters by category in the address (series offered: those with the step)', async () => {
    const calls = server([]);
    const router = renderList('manager', '/lists/products/is_fabricated?category_id=2');
    expect(await screen.findByText('Nothing left to fabricate in this category or series.')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/job_products')!.url.searchParams.get('category_id')).toBe('2');
    expect(router.state.location.search).toBe('?category_id=2');
    await userEvent.click(screen.getByPlaceholderText('Any series'));
    expect(await screen.findByRole('option', { name: 'Frameless', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Towel Bars', hidden: true })).toBeNull();
  });

  it('names the lists there are for an unknown one', async () => {
    renderList('manager', '/lists/products/is_paid');
    expect(await screen.findByText(/There is no such list/)).toBeTruthy();
  });
});

describe('keepInPlace', () => {
  const r = (id: number) => product(id, 1, `P${id}`);
  it('leaves a kept row after the row shown before it, and drops the rest that left', () => {
    expect(keepInPlace([r(1), r(2), r(3), r(4)], [r(1), r(4)], new Set([2, 3])).map((x) => x.id)).toEqual([1, 2, 3, 4]);
    expect(keepInPlace([r(1), r(2), r(3)], [r(3)], new Set([1])).map((x) => x.id)).toEqual([1, 3]);
    expect(keepInPlace([r(1), r(2)], [r(1)], new Set()).map((x) => x.id)).toEqual([1]);
  });
});
