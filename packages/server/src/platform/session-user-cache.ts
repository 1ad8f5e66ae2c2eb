/**
 * Signed-in users, cached per process for a moment: every request needs its user, and a fresh
 * read each time is a round trip the budget cannot spare. A change to a user in this process
 * clears its entry at once, and other app servers on the same PostgreSQL when it commits
 * (change-notices.ts; the 2 s TTL bounds it when a notice is lost).
 */
import type { SessionUser } from '@glazier/shared/api';
import type { Db } from '../db/client.ts';
import { announce } from '../db/change-notices.ts';
import { recheckLiveStreams } from './live-streams.ts';
import { RefreshingCachePerDatabase, type RefreshingCache } from './refreshing-cache.ts';

const caches = new RefreshingCachePerDatabase<number, SessionUser | null>(2_000, 10_000, 'users');

/** The cache of signed-in users read from `db` (refreshing-cache.ts). */
export function sessionUserCache(db: object): RefreshingCache<number, SessionUser | null> {
  return caches.of(db);
}

/** Forgets one user (or everyone) here, and tells the other app servers to (at commit). */
export async function forgetSessionUser(db: Db, id?: number): Promise<void> {
  forgetSessionUserHere(id);
  await announce(db, id === undefined ? { kind: 'user' } : { kind: 'user', id });
  // A deactivated user's live streams close once the change is committed (a changed role narrows them by itself).
  db.afterCommit(() => {
    forgetSessionUserHere(id); // a read that ran before the commit is not kept
    recheckLiveStreams(id === undefined ? {} : { userId: id });
  });
}

/** Forgets one user (or everyone) in every database's cache of this process: ids are cheap to over-clear. */
export function forgetSessionUserHere(id?: number): void {
  for (const cache of caches.all()) {
    if (id === undefined) cache.clear();
    else cache.forget(id);
  }
}
