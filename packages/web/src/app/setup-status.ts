import { useQuery } from '@tanstack/react-query';
import type { setupStatus } from '@glazier/shared/actions/session';
import { SETUP_STATUS_ROUTE } from '@glazier/shared/actions/session-routes';
import { callAction } from '../resource-kit/http/actions.ts';

export const SETUP_KEY = ['setup'] as const;

/** Whether the first administrator still has to be created (`GET /api/setup`). */
export function useSetupNeeded() {
  return useQuery({ queryKey: SETUP_KEY, queryFn: () => callAction<typeof setupStatus>(SETUP_STATUS_ROUTE), staleTime: 10_000, retry: false });
}
