/**
 * Signed-in users, cached per process for a moment: every request needs its user, and a fresh
 * read each time is a round trip the budget cannot spare. A change to a user in this process
 * clears its entry at once; other app servers see it within the TTL (like the role matrix).
 */
import type { SessionUser } from '@glazier/shared/api';
import { RefreshingCache } from './refreshing-cache.ts';

const TTL_MS = 2_000;
const MAX = 10_000;
type Cache = RefreshingCache<number, SessionUser | null>;
// Keyed by database too: one process may serve several (tests, benchmarks).
const caches = new WeakMap<object, Cache>();
const all = new Set<Cache>();

/** The cache of signed-in users read from `db` (refreshing-cache.ts). */
export function sessionUserCache(db: object): Cache {
  let c = caches.get(db);
  if (!c) {
    c = new RefreshingCache(TTL_MS, MAX);
    caches.set(db, c);
    all.add(c);
  }
  return c;
}

/** Forgets one user (or everyone) in every database's cache: ids are cheap to over-clear. */
export function forgetSessionUser(id?: number): void {
  for (const cache of all) {
    if (id === undefined) cache.clear();
    else cache.forget(id);
  }
}
