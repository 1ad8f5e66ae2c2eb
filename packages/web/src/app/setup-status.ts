import { useQuery } from '@tanstack/react-query';
import { api } from '../resource-kit/http.ts';

export const SETUP_KEY = ['setup'] as const;

/** Whether the first administrator still has to be created (`GET /api/setup`). */
export function useSetupNeeded() {
  return useQuery({ queryKey: SETUP_KEY, queryFn: () => api.get<{ needed: boolean }>('/api/setup'), staleTime: 10_000, retry: false });
}
