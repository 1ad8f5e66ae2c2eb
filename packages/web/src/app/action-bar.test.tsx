import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiServer, renderApp } from '../test/app.tsx';
import { json, mockFetch, sessionUser } from '../test/render.tsx';
import { dashboardCards } from './dashboard.ts';

describe('action bar', () => {
  it("the dashboard's Add opens the screen with its add dialog, and the request leaves the URL", async () => {
    const add = dashboardCards(sessionUser('manager'))
      .find((c) => c.key === 'jobs')!
      .actions.find((a) => a.label === 'Add');
    expect(add && 'to' in add && add.to).toBeTruthy();
    const to = new URL((add as { to: string }).to, 'http://localhost');
    mockFetch(
      apiServer((url, init) => {
        if (url.pathname === '/api/user') return json(sessionUser('manager'));
        if (init.method === 'GET' && url.pathname === '/api/jobs') return json({ data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
        if (init.method === 'GET') return json({ data: [] });
        return undefined;
      }),
    );
    renderApp(to.pathname + to.search);
    expect(await screen.findByRole('dialog', { name: 'Add Job' })).toBeTruthy();
    // Back and reload land on the plain list, not on another dialog.
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/jobs');
  });
});
