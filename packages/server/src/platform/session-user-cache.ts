/**
 * Signed-in users, cached per process for a moment: every request needs its user, and a fresh
 * read each time is a round trip the budget cannot spare. A change to a user in this process
 * clears its entry at once; other app servers see it within the 2 s TTL (like the role matrix).
 */
import type { SessionUser } from '@glazier/shared/api';
import { RefreshingCachePerDatabase, type RefreshingCache } from './refreshing-cache.ts';

const caches = new RefreshingCachePerDatabase<number, SessionUser | null>(2_000, 10_000, 'users');

/** The cache of signed-in users read from `db` (refreshing-cache.ts). */
export function sessionUserCache(db: object): RefreshingCache<number, SessionUser | null> {
  return caches.of(db);
}

/** Forgets one user (or everyone) in every database's cache: ids are cheap to over-clear. */
export function forgetSessionUser(id?: number): void {
  for (const cache of caches.all()) {
    if (id === undefined) cache.clear();
    else cache.forget(id);
  }
}
