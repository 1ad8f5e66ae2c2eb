/**
 * A screen's records as this device will leave them once its kept writes (offline-writes.ts) are
 * sent: new records added (`pending: true`, ids negative until sent), kept changes laid over the
 * server's copy (`pending: true`), kept deletes gone. The cache shows the same until it is fetched
 * again; this holds after a reload too, when only the queue remembers (e.g. a time card's week).
 */
import type { RecordOf } from '@glazier/shared/resources/records';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { useMemo } from 'react';
import { useKeptWrites } from './offline.ts';
import { applyKeptWrites } from './write-queue.ts';

export type KeptRecord<N extends ResourceName> = RecordOf<N> & { pending?: true };

export function useWithKeptWrites<N extends ResourceName>(resource: N, records: readonly RecordOf<N>[]): KeptRecord<N>[] {
  const writes = useKeptWrites();
  return useMemo(() => applyKeptWrites(resource, records, writes), [resource, records, writes]);
}
