import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Role } from '@glazier/shared/permissions';
import { DOOR_CATEGORY, DOOR_SERIES, showerDoor } from './shower-door.fixture.ts';
import { json, mockFetch, renderWithProviders, signedInQueryClient } from '../../test/render.tsx';
import { PiecePage } from './piece-page.tsx';

const door = showerDoor({ note: 'Left hinge' });

/** A door of 2 pieces (none marked apart); the piece action answers the door with piece `position` fabricated. */
function server() {
  return mockFetch(async (url, init) => {
    if (url.pathname === '/sanctum/csrf-cookie') return json(null, 204);
    const marked = /^\/api\/job_products\/7\/pieces\/(\d+)\/mark$/.exec(url.pathname);
    if (marked && init.method === 'POST') {
      const { done } = JSON.parse(String(init.body)) as { done: boolean };
      const position = Number(marked[1]);
      const pieces = [1, 2].map((n) => ({
        id: 40 + n,
        job_product_id: 7,
        position: n,
        description: '',
        is_measured: true,
        is_fabricated: n === position ? done : false,
      }));
      return json({ data: { ...door, pieces } });
    }
    switch (url.pathname) {
      case '/api/job_products/7':
        return json(door);
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

function renderPiece(role: Role, position: number) {
  const router = createMemoryRouter([{ path: '/job_products/:job_product_id/pieces/:position', Component: PiecePage }], {
    initialEntries: [`/job_products/7/pieces/${position}`],
  });
  renderWithProviders(<RouterProvider router={router} />, signedInQueryClient(role));
}

describe('piece page', () => {
  it('marks its own piece fabricated (the piece action), and says how far the product is', async () => {
    const calls = server();
    renderPiece('supervisor', 2);
    expect((await screen.findByTestId('piece-heading')).textContent).toBe('Piece 2 of 2');
    expect(screen.getByTestId('piece-product-progress').textContent).toBe('2 of 2 measured · 0 of 2 fabricated');
    await userEvent.click(screen.getByRole('button', { name: 'Mark fabricated' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fabricated' }).getAttribute('aria-pressed')).toBe('true'));
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname.endsWith('/mark'))!;
    expect(post.url.pathname).toBe('/api/job_products/7/pieces/2/mark');
    expect(post.body).toEqual({ step: 'is_fabricated', done: true });
    expect(screen.getByTestId('piece-product-progress').textContent).toBe('2 of 2 measured · 1 of 2 fabricated');
    expect(screen.getByTestId('piece-product-link').getAttribute('href')).toBe('/job_products/7');

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark fabricated' })).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/mark')).at(-1)!.body).toEqual({ step: 'is_fabricated', done: false });
  });

  it('shows the steps without edit jobs, disabled', async () => {
    server();
    renderPiece('employee', 1);
    expect((await screen.findByTestId('piece-heading')).textContent).toBe('Piece 1 of 2');
    expect(screen.getByRole('button', { name: 'Mark fabricated' }).hasAttribute('disabled')).toBe(true);
  });

  it('says so when the piece is no longer on the product', async () => {
    server();
    renderPiece('supervisor', 3);
    expect((await screen.findByTestId('piece-gone')).textContent).toMatch(/has 2 pieces now; piece 3 is no longer on it/);
  });
});
