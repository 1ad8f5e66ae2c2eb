/**
 * The live hubs of this process (live/live-hub.ts; one per app server), and how news reaches them
 * without importing them: a record change heard from PostgreSQL (change-listener.ts), notices
 * missed while its listening connection was down, and a change to sessions or users, made here
 * (session-store.ts, session-user-cache.ts) or on another app server, which closes or narrows
 * their streams at once.
 */
import type { Db } from '../db/client.ts';
import type { RecordChange } from '../db/change-notices.ts';

export interface LiveHubLike {
  readonly db: Db;
  publish(change: RecordChange): void;
  resetAll(): void;
  /** Reads the named sessions again, closing the streams whose session or user is gone. */
  recheck(which: { sid?: string; userId?: number }): void;
}

const hubs = new Set<LiveHubLike>();

export function registerLiveHub(hub: LiveHubLike): () => void {
  hubs.add(hub);
  return () => void hubs.delete(hub);
}

const of = (db: Db) => [...hubs].filter((hub) => hub.db.identity === db.identity);

/** A committed record change of `db`, to the hubs serving that database. */
export function publishLiveChange(db: Db, change: RecordChange): void {
  for (const hub of of(db)) hub.publish(change);
}

/** Changes of `db` may have been missed: every stream of its hubs refetches. */
export function resetLiveStreams(db: Db): void {
  for (const hub of of(db)) hub.resetAll();
}

/** A session (sid), or a user's sessions (userId), or every one, may have ended or changed. */
export function recheckLiveStreams(which: { sid?: string; userId?: number } = {}): void {
  for (const hub of hubs) hub.recheck(which);
}
