/** Renders a component inside the app's providers (no router unless asked). */
import type { SessionUser } from '@glazier/shared/api';
import { DEFAULT_ROLE_MATRIX, type Role } from '@glazier/shared/permissions';
import { MantineProvider, Popover, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { SESSION_KEY } from '../resource-kit/http/session-user.ts';
import { LoaderProvider } from '../ui/loader.tsx';
import { ModalStackProvider, useModals, type ModalStackApi } from '../ui/modal-stack.tsx';

export function makeQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** The signed-in user `GET /api/user` answers: `role`'s default permissions unless `over` gives others. */
export function sessionUser(role: Role = 'admin', over: Partial<SessionUser> = {}): SessionUser {
  return { id: 1, name: 'Ada Lovelace', email: 'ada@example.com', role, permissions: DEFAULT_ROLE_MATRIX[role], ...over };
}

/** A query client already signed in as `role` (what the screens' `useCan` and `useSessionUser` read). */
export function signedInQueryClient(role: Role = 'admin', over: Partial<SessionUser> = {}): QueryClient {
  const client = makeQueryClient();
  client.setQueryData(SESSION_KEY, sessionUser(role, over));
  return client;
}

/**
 * jsdom lays nothing out, so floating-ui's `hide` middleware reports every popover's target clipped
 * once it has placed the dropdown, and Mantine then hides menus and comboboxes (`hideDetached`): a
 * query that comes after that moment (a loaded machine) misses their items. The app keeps the default.
 */
const TEST_THEME = createTheme({ components: { Popover: Popover.extend({ defaultProps: { hideDetached: false } }) } });

/** What main.tsx puts around the router: query client, Mantine, notifications, loader. */
export function BaseProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client ?? makeQueryClient()}>
      <MantineProvider theme={TEST_THEME}>
        <Notifications />
        <LoaderProvider>{children}</LoaderProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <BaseProviders client={client}>
      <ModalStackProvider defaultTitle="Acme Glass">{children}</ModalStackProvider>
    </BaseProviders>
  );
}

export function renderWithProviders(ui: ReactElement, client?: QueryClient) {
  const queryClient = client ?? makeQueryClient();
  return { queryClient, ...render(<Providers client={queryClient}>{ui}</Providers>) };
}

/** Captures the modal stack API so tests can push modals directly. */
export function StackGrabber({ onReady }: { onReady: (api: ModalStackApi) => void }) {
  onReady(useModals());
  return null;
}

/**
 * The app's providers, signed in as `role`, around nothing but the modal stack: a test pushes its
 * dialogs onto the stack it answers (`const stack = renderModalStack('manager'); openX(stack())`).
 */
export function renderModalStack(role: Role = 'admin', over: Partial<SessionUser> = {}): () => ModalStackApi {
  let api!: ModalStackApi;
  renderWithProviders(<StackGrabber onReady={(a) => (api = a)} />, signedInQueryClient(role, over));
  return () => api;
}

/** A fetch mock answering by method + path; unmatched calls fail the test loudly. */
export type Route = (url: URL, init: RequestInit) => Response | undefined | Promise<Response | undefined>;

export function json(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function mockFetch(route: Route) {
  const calls: { method: string; url: URL; body: unknown; headers: Record<string, string> }[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: (init.headers ?? {}) as Record<string, string> });
    const res = await route(url, { ...init, method });
    if (!res) throw new Error(`Unexpected request ${method} ${url.pathname}${url.search}`);
    return res;
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}
