/**
 * The signed-in user, shared by the shell and the screens: `GET /api/user` cached under one key
 * (null for a guest). `useCan('edit', 'clients')` is the spec's permission check for the UI (the
 * server enforces every check; the UI only hides).
 *
 * Offline: the last session's user (id, name, role, permissions — nothing secret) is kept in
 * localStorage. When `/api/user` cannot be reached (a network failure, not a 401), that user is
 * used with `offline: true`, so a signed-in person reloading without a connection keeps the app
 * shell instead of landing on /welcome. A 401/419 or a logout forgets it.
 */
import type { SessionUser } from '@glazier/shared/api';
import { ROLES, can, type Action, type Area } from '@glazier/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { currentUser } from '@glazier/shared/actions/session';
import { CURRENT_USER_ROUTE } from '@glazier/shared/actions/session-routes';
import { callAction } from './actions.ts';
import { HttpError, NetworkError } from './http.ts';

export const SESSION_KEY = ['session', 'user'] as const;
export const LAST_USER_STORAGE_KEY = 'glazier.lastUser';

/** The user the app works as; `offline` when it is the remembered one because the server could not be reached. */
export interface CurrentUser extends SessionUser {
  offline?: boolean;
}

type RememberedUser = Pick<SessionUser, 'id' | 'name' | 'role' | 'permissions'>;

function remember(user: SessionUser): void {
  const kept: RememberedUser = { id: user.id, name: user.name, role: user.role, permissions: user.permissions };
  try {
    localStorage.setItem(LAST_USER_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: offline reloads then fall back to the guest screens.
  }
}

export function forgetLastUser(): void {
  try {
    localStorage.removeItem(LAST_USER_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** The remembered user, or null when none (or what is stored is not a user). */
export function lastUser(): CurrentUser | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(LAST_USER_STORAGE_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return null;
    const u = raw as Partial<RememberedUser>;
    if (typeof u.id !== 'number' || typeof u.name !== 'string' || !ROLES.includes(u.role!) || !u.permissions || typeof u.permissions !== 'object') {
      return null;
    }
    return { id: u.id, name: u.name, email: '', role: u.role!, permissions: u.permissions, offline: true };
  } catch {
    return null;
  }
}

export async function fetchSessionUser(): Promise<CurrentUser | null> {
  try {
    const user = await callAction<typeof currentUser>(CURRENT_USER_ROUTE, { query: { guest: 'null' } });
    if (!user) {
      forgetLastUser();
      return null;
    }
    remember(user);
    return user;
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 419)) {
      forgetLastUser();
      return null;
    }
    if (e instanceof NetworkError) {
      const remembered = lastUser();
      if (remembered) return remembered;
    }
    // Any other failure is only a warning (docs/platform.md, Sessions); the visitor is treated as a guest.
    console.warn('Could not fetch the current user', e);
    throw e;
  }
}

/** While working offline, check the server again this often (and whenever the browser reconnects). */
export const OFFLINE_RECHECK_MS = 30_000;

/** The user check's query: `useSessionUser`, and main.tsx starts it before the first render. */
export const sessionUserQuery = queryOptions({
  queryKey: SESSION_KEY,
  queryFn: fetchSessionUser,
  staleTime: (q) => (q.state.data?.offline ? 0 : Infinity),
  refetchInterval: (q) => (q.state.data?.offline ? OFFLINE_RECHECK_MS : false),
  refetchOnReconnect: true,
  retry: 1,
  // The check runs (and can fall back to the remembered user) even when the browser says it is offline.
  networkMode: 'always',
});

export function useSessionUser() {
  return useQuery(sessionUserQuery);
}

export function useCurrentUser(): CurrentUser | null {
  return useSessionUser().data ?? null;
}

export function useCan(action: Action, area: Area): boolean {
  return can(useCurrentUser(), action, area);
}
