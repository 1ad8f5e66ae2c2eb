import { useQuery } from '@tanstack/react-query';
import { api } from '../resource-kit/http.ts';

/** Whether the first administrator still has to be created (`GET /api/setup`). */
export function useSetupNeeded() {
  return useQuery({ queryKey: ['setup'], queryFn: () => api.get<{ needed: boolean }>('/api/setup'), staleTime: 10_000, retry: false });
}
