import { Alert, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDelayedFlag } from '../../ui/loader.tsx';

/** Loading, failed and empty states of an attachments list; the list itself otherwise. */
export function SectionState({ query, empty, children }: { query: { isLoading: boolean; error: Error | null; data?: unknown[] }; empty: string; children: ReactNode }) {
  const showSkeleton = useDelayedFlag(query.isLoading);
  if (query.error && !query.data) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  if (!query.data) return showSkeleton ? <Skeleton h={80} radius="sm" /> : null;
  if (!query.data.length) return <Text c="dimmed">{empty}</Text>;
  return children;
}
