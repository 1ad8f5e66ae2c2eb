/**
 * Notices into the query cache: the one place a live notice becomes TanStack Query invalidations
 * (the key scheme of records/records.ts). Active queries refetch and keep showing their data
 * meanwhile (no flash; pages keep the previous one), so a screen changes in place; a dialog's
 * form is not touched (its values are its own from when it opened: forms/use-record-form.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ResourceName } from '@glazier/shared/resources/registry';
import { SESSION_KEY, type CurrentUser } from '../http/session-user.ts';
import { isCollectionKey } from '../records/queries.ts';
import { resourceKeys, type Rec } from '../records/records.ts';
import type { LiveChange } from './live-state.ts';

const sameVersion = (a: unknown, b: string | null) => b != null && typeof a === 'string' && Date.parse(a) === Date.parse(b);

/**
 * One pass over the cache for a burst of notices (a bulk save of 100 rows is one pass), but for
 * this tab's own saves (by the signed-in user, the cached record at the notice's version: the save's
 * answer put it there and invalidated the lists already):
 * - the lists and pages of each resource named;
 * - each record named (`[r, 'record', id]`), unless the cached copy is already at the notice's
 *   version (our own save stored it: nothing to fetch);
 * - the history of each record named;
 * - the queries whose `meta.liveOn` names one of the resources (a named action's answer).
 */
export function applyLiveChanges(queryClient: QueryClient, changes: readonly LiveChange[]): Promise<void> {
  const me = queryClient.getQueryData<CurrentUser | null>(SESSION_KEY)?.id;
  const cachedVersion = (c: LiveChange) => queryClient.getQueryData<Rec>(resourceKeys.record(c.resource as ResourceName, c.id))?.updated_at;
  // This tab's own save: its answer is already in the cache, lists invalidated (records/queries.ts storeRecords).
  const news = changes.filter((c) => !(c.by?.id != null && c.by.id === me && sameVersion(cachedVersion(c), c.version)));
  if (news.length === 0) return Promise.resolve();
  const resources = new Set(news.map((c) => c.resource));
  // The newest notice of each record decides (a delete after an update, two updates).
  const latest = new Map(news.map((c) => [`${c.resource}:${c.id}`, c]));
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const [resource, kind, id] = query.queryKey;
      if (typeof resource === 'string' && resources.has(resource)) {
        if (isCollectionKey(query.queryKey)) return true;
        if (kind === 'record') {
          const change = latest.get(`${resource}:${String(id)}`);
          return change != null && !sameVersion((query.state.data as Rec | undefined)?.updated_at, change.version);
        }
        // A record's history (detail/history-panel.tsx `historyKey`) has one more entry.
        if (kind === 'history') return latest.has(`${resource}:${String(id)}`);
      }
      return query.meta?.liveOn?.some((r) => resources.has(r)) ?? false;
    },
  });
}

/** Notices may have been missed (the server could not resume): everything is read again, what is shown first. */
export function applyLiveReset(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
}
