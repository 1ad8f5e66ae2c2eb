import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiServer, renderApp } from '../../test/app.tsx';
import { json, mockFetch, sessionUser } from '../../test/render.tsx';

describe('job list', () => {
  it('gives the Client column a width of its own and a name two lines at most, the whole name in its title', async () => {
    const name = 'Riverbend Commercial Builders of the Pacific Northwest';
    const job = {
      id: 4,
      number: '27-0006',
      name: 'Forest Heights',
      client_id: 2,
      client_name: name,
      address: '7524 Powell Dr, Happy Valley, OR 97082',
      scope_array: ['Mirrors'],
      active: true,
    };
    mockFetch(
      apiServer((url, init) => {
        if (url.pathname === '/api/user') return json(sessionUser('manager'));
        if (init.method === 'GET' && url.pathname === '/api/jobs') return json({ data: [job], current_page: 1, last_page: 1, per_page: 20, total: 1 });
        return undefined;
      }),
    );
    renderApp('/jobs');
    const row = await screen.findByTestId('jobs-row', undefined);
    // 200 px, as Mantine writes it
    expect(screen.getByRole('columnheader', { name: /Client/ }).style.width).toBe('calc(12.5rem * var(--mantine-scale))');
    const cell = within(row).getAllByRole('cell')[1]!;
    const shown = within(cell).getByTitle(name);
    expect(shown.textContent).toBe(name);
    expect(shown.getAttribute('data-line-clamp')).not.toBeNull();
    expect(shown.style.getPropertyValue('--text-line-clamp')).toBe('2');
  });
});
