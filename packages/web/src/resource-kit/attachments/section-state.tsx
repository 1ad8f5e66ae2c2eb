import { Alert, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDelayedFlag } from '../../ui/loader.tsx';
import { useQueryOffline, type QueryShape } from '../offline/offline.ts';
import { NoRows, OfflineAsOf } from '../offline/offline-state.tsx';

/**
 * Loading, failed and empty states of an attachments list; the list itself otherwise. Offline it
 * shows the cached list with when it is from, or says it is offline (never the empty text).
 */
export function SectionState({
  query,
  empty,
  children,
}: {
  query: QueryShape & { isLoading: boolean; error: Error | null; data?: unknown[] };
  empty: string;
  children: ReactNode;
}) {
  const showSkeleton = useDelayedFlag(query.isLoading);
  const offline = useQueryOffline(query);
  if (offline && !query.data) return <NoRows query={query} empty={empty} what="This list" />;
  if (query.error && !query.data) {
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  }
  if (!query.data) return showSkeleton ? <Skeleton h={80} radius="sm" /> : null;
  return (
    <>
      <OfflineAsOf query={query} />
      {query.data.length ? children : <Text c="dimmed">{empty}</Text>}
    </>
  );
}
