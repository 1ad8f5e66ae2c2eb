/**
 * Sign-in, sign-out and the startup data (platform.md 2.2, 7.1). After a sign-in (or on start when
 * already signed in) the initial data — users, clients, client types, product categories,
 * settings — loads behind an overlay.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../resource-kit/error-mapper.tsx';
import { fetchList, resourceKeys } from '../resource-kit/hooks.ts';
import { api, fetchCsrfCookie } from '../resource-kit/http.ts';
import { SESSION_KEY, fetchSessionUser, forgetLastUser, useSessionUser, type CurrentUser } from '../resource-kit/session-user.ts';

export const INITIAL_RESOURCES: readonly ResourceName[] = ['users', 'clients', 'client_types', 'product_categories', 'settings'];

interface SessionApi {
  user: CurrentUser | null;
  /** Working from the remembered user: the server could not be reached. */
  offline: boolean;
  /** The first user check has not answered yet. */
  checking: boolean;
  /** Signs in (the initial data then loads behind the overlay); throws the server's error (422/429). */
  login: (email: string, password: string) => Promise<CurrentUser | null>;
  logout: () => Promise<void>;
}

const Ctx = createContext<SessionApi | null>(null);

/**
 * Whether the initial data is loading, as a small store rather than SessionProvider state: its
 * start and end re-render only the overlay that reads it, not the provider (whose render walks
 * the whole app for context readers, one long task on a phone on every start).
 */
interface LoadingFlag {
  get: () => boolean;
  set: (loading: boolean) => void;
  subscribe: (listener: () => void) => () => void;
}

function createLoadingFlag(): LoadingFlag {
  let loading = false;
  const listeners = new Set<() => void>();
  return {
    get: () => loading,
    set: (next) => {
      if (next === loading) return;
      loading = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const InitialDataLoadingCtx = createContext<LoadingFlag>(createLoadingFlag());

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userQuery = useSessionUser();
  const user = userQuery.data ?? null;
  const [initialDataLoading] = useState(createLoadingFlag);
  const loadedFor = useRef<number | null>(null);

  const loadInitialData = useCallback(async () => {
    initialDataLoading.set(true);
    try {
      await Promise.all(
        INITIAL_RESOURCES.map((r) =>
          queryClient.prefetchQuery({ queryKey: resourceKeys.list(r), queryFn: ({ signal }) => fetchList(r, {}, signal) }),
        ),
      );
    } finally {
      initialDataLoading.set(false);
    }
  }, [queryClient, initialDataLoading]);

  // Signed in on start (or after login): load the initial data once per user (once back online
  // when the session started offline).
  useEffect(() => {
    if (user && !user.offline && loadedFor.current !== user.id) {
      loadedFor.current = user.id;
      void loadInitialData();
    }
    if (!user) loadedFor.current = null;
  }, [user, loadInitialData]);

  useEffect(() => {
    setUnauthorizedHandler(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }));
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      await fetchCsrfCookie();
      await api.post('/login', { email, password });
      // A new session: drop anything cached for a previous one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
      // The new user starts the initial data load (effect above) behind the overlay.
      loadedFor.current = null;
      return queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSessionUser, staleTime: 0 });
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    try {
      await api.post('/logout');
    } catch (e) {
      console.warn('Logout request failed', e);
    }
    forgetLastUser();
    queryClient.setQueryData(SESSION_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    await navigate('/welcome');
  }, [queryClient, navigate]);

  // The first answer of the user check renders the whole signed-in frame (header, menu, screen):
  // it is rendered in the background (interruptible, no long task blocking input), while the
  // screens still see "checking". Later changes (login, logout, offline) apply at once.
  const live = useMemo(() => ({ user, checking: userQuery.isPending }), [user, userQuery.isPending]);
  const deferred = useDeferredValue(live);
  const shown = deferred.checking ? deferred : live;

  const value = useMemo<SessionApi>(
    () => ({ user: shown.user, offline: Boolean(shown.user?.offline), checking: shown.checking, login, logout }),
    [shown, login, logout],
  );
  return (
    <Ctx.Provider value={value}>
      <InitialDataLoadingCtx.Provider value={initialDataLoading}>{children}</InitialDataLoadingCtx.Provider>
    </Ctx.Provider>
  );
}

/** The initial data is loading (the overlay shows once that lasts the loader delay, platform.md 2.7). */
export function useInitialDataLoading(): boolean {
  const flag = useContext(InitialDataLoadingCtx);
  return useSyncExternalStore(flag.subscribe, flag.get, flag.get);
}

export function useSession(): SessionApi {
  const s = useContext(Ctx);
  if (!s) throw new Error('useSession needs a SessionProvider');
  return s;
}
