/**
 * The whole app (real router, session, shell, lazy screens) at a path, for tests of flows that
 * cross screens. Mock the server with `mockFetch` first; `apiServer` answers the usual calls.
 */
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { createRouter } from '../app/router.tsx';
import { BaseProviders, json, makeQueryClient, type Route } from './render.tsx';

export function renderApp(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = makeQueryClient();
  const router = createRouter();
  const view = render(
    <BaseProviders client={queryClient}>
      <RouterProvider router={router} />
    </BaseProviders>,
  );
  return { ...view, router, queryClient };
}

/** The initial data lists (each a one-row list) and the setup status; `extra` answers first. */
export function apiServer(extra: Route): Route {
  const lists: Record<string, unknown[]> = {
    '/api/users': [{ id: 1, name: 'Ada Lovelace' }],
    '/api/clients': [{ id: 2, name: 'Acme Builders' }],
    '/api/client_types': [{ id: 3, name: 'Builder' }],
    '/api/product_categories': [{ id: 4, name: 'Shower Glass' }],
    '/api/settings': [{ id: 5, name: 'company_name', value: 'Acme Glass' }],
  };
  return async (url, init) => {
    const answer = await extra(url, init);
    if (answer) return answer;
    if (url.pathname === '/sanctum/csrf-cookie') {
      document.cookie = 'XSRF-TOKEN=t; path=/';
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/setup') return json({ needed: false });
    const list = init.method === 'GET' ? lists[url.pathname] : undefined;
    return list ? json({ data: list }) : undefined;
  };
}
