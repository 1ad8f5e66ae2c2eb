/**
 * The signed-in user, shared by the shell and the screens: `GET /api/user` cached under one key
 * (null for a guest). `useCan('edit', 'clients')` is the spec's permission check for the UI (the
 * server enforces every check; the UI only hides).
 */
import type { SessionUser } from '@glazier/shared/api';
import { can, type Action, type Area } from '@glazier/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { HttpError, api } from './http.ts';

export const SESSION_KEY = ['session', 'user'] as const;

export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>('/api/user');
  } catch (e) {
    if (e instanceof HttpError && (e.status === 401 || e.status === 419)) return null;
    // Any other failure is only a warning (platform.md 8); the visitor is treated as a guest.
    console.warn('Could not fetch the current user', e);
    throw e;
  }
}

export function useSessionUser() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: fetchSessionUser, staleTime: Infinity, retry: 1 });
}

export function useCurrentUser(): SessionUser | null {
  return useSessionUser().data ?? null;
}

export function useCan(action: Action, area: Area): boolean {
  return can(useCurrentUser(), action, area);
}
