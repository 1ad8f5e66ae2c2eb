/**
 * Sign-in, sign-out and the startup data (docs/platform.md, Sessions). After a sign-in (or on start when
 * already signed in) the initial data — users, clients, client types, product categories,
 * settings — loads behind an overlay.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { setUnauthorizedHandler } from '../resource-kit/http/unauthorized.ts';
import { fetchList } from '../resource-kit/records/queries.ts';
import { resourceKeys } from '../resource-kit/records/records.ts';
import { api, fetchCsrfCookie } from '../resource-kit/http/http.ts';
import { SESSION_KEY, fetchSessionUser, forgetLastUser, useSessionUser, type CurrentUser } from '../resource-kit/http/session-user.ts';
import { useLoader } from '../ui/loader.tsx';

export const INITIAL_RESOURCES: readonly ResourceName[] = ['users', 'clients', 'client_types', 'product_categories', 'settings'];

interface SessionApi {
  user: CurrentUser | null;
  /** Working from the remembered user: the server could not be reached. */
  offline: boolean;
  /** The first user check has not answered yet. */
  checking: boolean;
  /**
   * Signs in (the initial data then loads behind the overlay); throws the server's error (422/429).
   * Null when the account's second step is still to come (the login dialog asks for its code).
   */
  login: (email: string, password: string) => Promise<CurrentUser | null>;
  /** After a sign-in made elsewhere (the second step, a passkey): the new session's user, its data loaded afresh. */
  signedIn: () => Promise<CurrentUser | null>;
  logout: () => Promise<void>;
}

const Ctx = createContext<SessionApi | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userQuery = useSessionUser();
  const user = userQuery.data ?? null;
  const loader = useLoader();
  const loadedFor = useRef<number | null>(null);

  // Behind the app's loader (docs/platform.md, Dialogs): its overlay shows only when the load lasts,
  // and the person can close it; a quick load re-renders nothing.
  const loadInitialData = useCallback(
    () =>
      loader.run(
        Promise.all(
          INITIAL_RESOURCES.map((r) => queryClient.prefetchQuery({ queryKey: resourceKeys.list(r), queryFn: ({ signal }) => fetchList(r, {}, signal) })),
        ),
        'Loading your data…',
      ),
    [queryClient, loader],
  );

  // Signed in on start (or after login): load the initial data once per user (once back online
  // when the session started offline).
  useEffect(() => {
    // Who must still set up a second factor may load nothing else (the server refuses it).
    if (user && !user.offline && !user.must_enrol && loadedFor.current !== user.id) {
      loadedFor.current = user.id;
      void loadInitialData();
    }
    if (!user) loadedFor.current = null;
  }, [user, loadInitialData]);

  useEffect(() => {
    setUnauthorizedHandler(() => void queryClient.invalidateQueries({ queryKey: SESSION_KEY }));
    return () => setUnauthorizedHandler(null);
  }, [queryClient]);

  const signedIn = useCallback(() => {
    // A new session: drop anything cached for a previous one.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
    // The new user starts the initial data load (effect above) behind the overlay.
    loadedFor.current = null;
    return queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: fetchSessionUser, staleTime: 0 });
  }, [queryClient]);

  const login = useCallback(
    async (email: string, password: string) => {
      await fetchCsrfCookie();
      await api.post('/login', { email, password });
      return signedIn();
    },
    [signedIn],
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
    () => ({ user: shown.user, offline: Boolean(shown.user?.offline), checking: shown.checking, login, signedIn, logout }),
    [shown, login, signedIn, logout],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSession(): SessionApi {
  const s = useContext(Ctx);
  if (!s) throw new Error('useSession needs a SessionProvider');
  return s;
}
