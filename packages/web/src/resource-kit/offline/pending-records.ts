/** New records kept offline (offline-writes.ts), not on the server yet, for a screen to show beside the server's. */
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useMemo } from 'react';
import { useKeptWrites } from '../offline.ts';
import { provisionalRecord } from './write-queue.ts';

/** A resource's records created offline, `pending: true`, their ids negative until sent (e.g. a time card's entries). */
export function usePendingRecords<N extends ResourceName>(resource: N): (RecordOf<N> & { pending: true })[] {
  const writes = useKeptWrites();
  return useMemo(
    () => writes.flatMap((w, i) => (w.resource === resource && w.method === 'POST' ? [provisionalRecord<RecordOf<N> & { pending: true }>(w.body, -(i + 1))] : [])),
    [writes, resource],
  );
}
