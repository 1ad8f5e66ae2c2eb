import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LAST_USER_STORAGE_KEY } from '../resource-kit/http/session-user.ts';
import { apiServer, renderApp } from '../test/app.tsx';
import { json, mockFetch, sessionUser } from '../test/render.tsx';
import { INITIAL_RESOURCES } from './session.tsx';

const gets = (calls: { method: string; url: URL }[], path: string) => calls.filter((c) => c.method === 'GET' && c.url.pathname === path);
const remembered = () => JSON.parse(localStorage.getItem(LAST_USER_STORAGE_KEY) ?? 'null') as Record<string, unknown> | null;
const offlineError = () => {
  throw new TypeError('Failed to fetch');
};

describe('session', () => {
  it('login: signs in, loads the user, fetches the initial data, and goes home', async () => {
    let signedIn = false;
    const calls = mockFetch(
      apiServer((url, init) => {
        if (url.pathname === '/login' && init.method === 'POST') {
          signedIn = true;
          return new Response(null, { status: 204 });
        }
        if (url.pathname === '/api/user') return signedIn ? json(sessionUser('manager')) : json({ message: 'Unauthenticated.' }, 401);
        return undefined;
      }),
    );
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Glazier', level: 1 })).toBeTruthy();
    await userEvent.click(screen.getByTestId('user-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Login' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('user-button').textContent).toContain('Ada Lovelace');
    expect(calls.find((c) => c.url.pathname === '/login')?.body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
    expect(INITIAL_RESOURCES).toEqual(['users', 'clients', 'client_types', 'product_categories', 'settings']);
    await waitFor(() => {
      for (const r of INITIAL_RESOURCES) expect(gets(calls, `/api/${r}`).length, r).toBeGreaterThan(0);
    });
    // The company name from the startup settings shows on the dashboard.
    expect(await screen.findByText('Acme Glass')).toBeTruthy();
    // Remembered for offline reloads, without anything secret.
    expect(remembered()).toEqual({ id: 1, name: 'Ada Lovelace', role: 'manager', permissions: sessionUser('manager').permissions });
  });

  it('the initial data overlay shows only once the load lasts the loader delay, and can be closed', async () => {
    // A quick load: no overlay at all (docs/platform.md, Dialogs: a spinner only after 250 ms).
    const seen = () => [...document.body.querySelectorAll('[role="status"]')].some((n) => n.textContent?.includes('Loading your data…'));
    let flashed = false;
    const watch = new MutationObserver(() => (flashed ||= seen()));
    watch.observe(document.body, { childList: true, subtree: true });
    let started = 0;
    let answered = 0;
    const quick = mockFetch(
      apiServer((url) => {
        if (url.pathname === '/api/user') return json(sessionUser('admin'));
        if (url.pathname === '/api/clients') started = performance.now();
        if (url.pathname === '/api/settings') answered = performance.now();
        return undefined;
      }),
    );
    const first = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    await waitFor(() => expect(gets(quick, '/api/settings')).toHaveLength(1));
    expect(await screen.findByText('Acme Glass')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    watch.disconnect();
    // (a load that itself took the delay on a starved machine may show it, as it should)
    if (answered - started < 200) expect(flashed).toBe(false);
    first.unmount();

    // A slow load: the overlay comes up, and the person can close it while the data still loads.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    mockFetch(
      apiServer(async (url) => {
        if (url.pathname === '/api/user') return json(sessionUser('admin'));
        if (url.pathname === '/api/clients') await held;
        return undefined;
      }),
    );
    renderApp('/');
    const overlay = await screen.findByRole('status', { name: 'Loading' });
    expect(overlay.textContent).toContain('Loading your data…');
    await userEvent.click(within(overlay).getByRole('button', { name: 'Hide loader' }));
    await waitFor(() => expect(screen.queryByText('Loading your data…')).toBeNull());
    release();
    expect(await screen.findByText('Acme Glass')).toBeTruthy();
    expect(screen.queryByText('Loading your data…')).toBeNull();
  });

  it('logout: tells the server, clears the user and the remembered one, and goes to /welcome', async () => {
    const calls = mockFetch(
      apiServer((url, init) => {
        if (url.pathname === '/api/user') return json(sessionUser('admin'));
        if (url.pathname === '/logout' && init.method === 'POST') return new Response(null, { status: 204 });
        return undefined;
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(remembered()).not.toBeNull();
    await userEvent.click(screen.getByTestId('user-button'));
    // The test theme keeps the open menu shown (see TEST_THEME in test/render.tsx).
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(window.location.pathname).toBe('/welcome'));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/logout')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('user-button').textContent).toBe('Login'));
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(screen.queryByTestId('action-bar')).toBeNull();
    expect(remembered()).toBeNull();
  });

  it('401 from /api/user: the visitor is a guest, sent to /welcome, and the remembered user is forgotten', async () => {
    localStorage.setItem(LAST_USER_STORAGE_KEY, JSON.stringify({ id: 1, name: 'Ada Lovelace', role: 'admin', permissions: sessionUser().permissions }));
    const calls = mockFetch(apiServer((url) => (url.pathname === '/api/user' ? json({ message: 'Unauthenticated.' }, 401) : undefined)));
    renderApp('/lists/clients');
    await waitFor(() => expect(window.location.pathname).toBe('/welcome'));
    expect(screen.getByTestId('user-button').textContent).toBe('Login');
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    expect(remembered()).toBeNull();
    expect(gets(calls, '/api/clients')).toHaveLength(0);
  });

  it('offline reload while signed in: works as the remembered user with an Offline indicator, and recovers when the server answers', async () => {
    localStorage.setItem(LAST_USER_STORAGE_KEY, JSON.stringify({ id: 1, name: 'Ada Lovelace', role: 'admin', permissions: sessionUser().permissions }));
    let online = false;
    const calls = mockFetch(
      apiServer((url) => {
        if (!online) offlineError();
        if (url.pathname === '/api/user') return json(sessionUser('admin'));
        return undefined;
      }),
    );
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('offline-indicator').textContent).toBe('Offline');
    expect(screen.getByTestId('user-button').textContent).toContain('Ada Lovelace');
    // The admin's menu comes from the remembered permissions.
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'Settings' })).toBeTruthy();
    // No initial data load (and no overlay stuck on) while offline.
    expect(gets(calls, '/api/clients')).toHaveLength(0);
    expect(screen.queryByText('Loading your data…')).toBeNull();

    online = true;
    act(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('offline-indicator')).toBeNull());
    await waitFor(() => expect(gets(calls, '/api/clients').length).toBeGreaterThan(0));
  });

  it('offline with no remembered user: still a guest on /welcome', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => offlineError());
    renderApp('/');
    await waitFor(() => expect(window.location.pathname).toBe('/welcome'));
    expect(screen.getByTestId('user-button').textContent).toBe('Login');
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });
});
