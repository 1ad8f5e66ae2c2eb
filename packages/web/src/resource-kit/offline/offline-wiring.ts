/**
 * The offline queue and the device's copy of records, wired to the app: the queue's answers go into
 * the query cache (queries.ts), and both load after the first screen.
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { QueryClient } from '@tanstack/react-query';
import { cachedRecords } from '../records/cached-records.ts';
import { HttpError, NetworkError, http, onServerReached } from '../http/http.ts';
import { keptWrites } from './offline.ts';
import { forgetRecord, storeRecords } from '../records/queries.ts';
import type { Rec } from '../records/records.ts';
import { SESSION_KEY, type CurrentUser } from '../http/session-user.ts';

let cacheClient: QueryClient | null = null;
let offlineModule: Promise<typeof import('./offline-writes.ts')> | null = null;

/**
 * The offline queue (offline/offline-writes.ts), started with what it needs of the app: loaded on
 * the app's load event or by the first save that may be kept offline, not with the first screen.
 */
export function offlineWritesModule(): Promise<typeof import('./offline-writes.ts')> {
  return (offlineModule ??= import('./offline-writes.ts').then((m) => {
    m.startOfflineWrites({
      http,
      HttpError,
      NetworkError,
      publish: keptWrites.publish,
      sent: (write, record) => {
        if (!cacheClient) return;
        const resource = write.resource as ResourceName;
        if (write.method === 'DELETE') forgetRecord(cacheClient, resource, write.recordId!);
        else storeRecords(cacheClient, resource, [record as Rec]);
      },
      dropped: (resource) => void cacheClient?.invalidateQueries({ queryKey: [resource] }),
      userId: () => cacheClient?.getQueryData<CurrentUser | null>(SESSION_KEY)?.id ?? null,
      onServerReached,
    });
    return m;
  }));
}

/**
 * Once, at the app's start: writes kept offline are sent, and what the server answers goes into
 * the cache; the records field work picks from are kept on the device.
 */
export function connectOfflineWrites(queryClient: QueryClient): void {
  cacheClient = queryClient;
  void offlineWritesModule();
  // the jobs and users field work picks from and the answers kept on the device (offline/device-records.ts), also after the first screen
  void import('./device-records.ts').then((m) =>
    m.startDeviceRecords({
      queryClient,
      cachedRecords,
      sessionKey: SESSION_KEY,
      userId: () => queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id ?? null,
    }),
  );
}
