/**
 * Signed-in users, cached per process for a moment: every request needs its user, and a fresh
 * read each time is a round trip the budget cannot spare. A change to a user in this process
 * clears its entry at once; other app servers see it within the TTL (like the role matrix).
 */
import type { SessionUser } from '@glazier/shared/api';

const TTL_MS = 2_000;
const MAX = 10_000;
type Entry = { at: number; user: SessionUser | null };
// Keyed by database too: one process may serve several (tests, benchmarks).
const caches = new WeakMap<object, Map<number, Entry>>();
const all = new Set<Map<number, Entry>>();

function cacheFor(db: object): Map<number, Entry> {
  let c = caches.get(db);
  if (!c) {
    c = new Map();
    caches.set(db, c);
    all.add(c);
  }
  return c;
}

export function cachedSessionUser(db: object, id: number): SessionUser | null | undefined {
  const cache = cacheFor(db);
  const hit = cache.get(id);
  if (!hit) return undefined;
  if (Date.now() - hit.at > TTL_MS) {
    cache.delete(id);
    return undefined;
  }
  return hit.user;
}

export function cacheSessionUser(db: object, id: number, user: SessionUser | null): void {
  const cache = cacheFor(db);
  if (cache.size >= MAX) cache.clear();
  cache.set(id, { at: Date.now(), user });
}

/** Forgets one user (or everyone) in every database's cache: ids are cheap to over-clear. */
export function forgetSessionUser(id?: number): void {
  for (const cache of all) {
    if (id === undefined) cache.clear();
    else cache.delete(id);
  }
}
