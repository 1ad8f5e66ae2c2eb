import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DOOR_CATEGORY, DOOR_SERIES, showerDoor } from './shower-door.fixture.ts';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { JobProductPage } from './job-product-page.tsx';

type Piece = { position: number; description: string; is_measured: boolean; is_fabricated: boolean };

const piece = (position: number, is_fabricated: boolean): Piece => ({ position, description: '', is_measured: true, is_fabricated });
const door = (pieces: Piece[]) => showerDoor({ qty: 3, pieces });

/**
 * A door of 3 pieces with these stored pieces: a PATCH of a step sets it on every piece (as the
 * server does: none stored then), the pieces' action the positions it names.
 */
function server(pieces: Piece[]) {
  let stored = door(pieces);
  const asTheProduct = () => [1, 2, 3].map((n) => piece(n, stored.is_fabricated));
  return mockFetch(async (url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') return json(null, 204);
    if (url.pathname === '/api/job_products/7/pieces/mark' && init.method === 'POST') {
      const { done, positions } = JSON.parse(String(init.body)) as { done: boolean; positions: number[] };
      const marked = (stored.pieces.length ? stored.pieces : asTheProduct()).map((p) => (positions.includes(p.position) ? { ...p, is_fabricated: done } : p));
      stored = { ...stored, pieces: marked, is_fabricated: marked.every((p) => p.is_fabricated) };
      return json({ data: stored });
    }
    if (url.pathname === '/api/job_products/7' && init.method === 'PATCH') {
      const { is_fabricated } = JSON.parse(String(init.body)) as { is_fabricated: boolean };
      stored = { ...stored, is_fabricated, pieces: [] };
      return json(stored);
    }
    switch (url.pathname) {
      case '/api/job_products/7':
        return json(stored);
      case '/api/jobs/1':
        return json({ id: 1, number: '26-0101', name: 'Smith shower', client_id: 5, address: '1 Main St' });
      case '/api/series':
        return json({ data: [DOOR_SERIES] });
      case '/api/product_categories':
        return json({ data: [DOOR_CATEGORY] });
    }
    return undefined;
  });
}

function renderProduct() {
  const router = createMemoryRouter([{ path: '/job_products/:job_product_id', Component: JobProductPage }], { initialEntries: ['/job_products/7'] });
  renderWithProviders(<RouterProvider router={router} />, signedInQueryClient('supervisor'));
}

const progress = () => screen.getByTestId('pieces-progress').textContent;

describe('job product page', () => {
  it('undoes Mark all fabricated over a piece fabricated before it by unmarking only the others (the pieces action)', async () => {
    const calls = server([piece(1, true), piece(2, false), piece(3, false)]);
    renderProduct();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all fabricated' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fabricated' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ id: 7, updated_at: '2026-11-01T00:00:00Z', is_fabricated: true });

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all fabricated' })).toBeTruthy());
    const undo = calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/mark'));
    expect(undo).toHaveLength(1);
    expect(undo[0]!.url.pathname).toBe('/api/job_products/7/pieces/mark');
    // piece 1 was fabricated on its own before: it stays
    expect(undo[0]!.body).toEqual({ step: 'is_fabricated', done: false, positions: [2, 3] });
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
    expect(progress()).toBe('3 of 3 measured · 1 of 3 fabricated');
  });

  it('undoes Mark all fabricated of a product without stored pieces by the PATCH back', async () => {
    const calls = server([]);
    renderProduct();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all fabricated' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fabricated' }).getAttribute('aria-pressed')).toBe('true'));
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all fabricated' })).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { id: 7, updated_at: '2026-11-01T00:00:00Z', is_fabricated: true },
      { id: 7, updated_at: '2026-11-01T00:00:00Z', is_fabricated: false },
    ]);
    expect(calls.filter((c) => c.url.pathname.endsWith('/mark'))).toHaveLength(0);
    expect(progress()).toBe('3 of 3 measured · 0 of 3 fabricated');
  });
});
