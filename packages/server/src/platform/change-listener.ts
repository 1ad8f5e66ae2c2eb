/**
 * The listening side of change-notices.ts: every app server on PostgreSQL listens on one channel
 * and forgets what a notice names. When the listening connection is lost, notices may be missed,
 * so everything cached is dropped (and again once it is back); until then the caches' own short
 * TTL bounds how stale a value can be.
 */
import type { Db } from '../db/client.ts';
import { CHANGES_CHANNEL, type Change } from './change-notices.ts';
import { forgetPermissionsHere } from './role-permissions.ts';
import { forgetSession, forgetSessionsOf } from './session-store.ts';
import { forgetSessionUserHere } from './session-user-cache.ts';

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Drops every cache of this process (sessions, users, the role matrix). */
export function forgetEverything(): void {
  forgetSessionsOf();
  forgetPermissionsHere(); // and the users
}

export function applyChange(change: Change): void {
  switch (change.k) {
    case 'session':
      return forgetSession(change.sid);
    case 'user-sessions':
      // the session kept by the user's own server is read again; the rest are gone from the table
      return forgetSessionsOf(change.id);
    case 'user':
      return forgetSessionUserHere(change.id);
    case 'permissions':
      return forgetPermissionsHere();
  }
}

/** Starts listening (PostgreSQL only; a no-op on PGlite); answers how to stop. */
export async function listenForChanges(db: Db, log: Log): Promise<() => Promise<void>> {
  return db.listen(CHANGES_CHANNEL, {
    onNotice(payload) {
      try {
        applyChange(JSON.parse(payload) as Change);
      } catch {
        forgetEverything(); // a notice this version does not understand: forget all, to be safe
      }
    },
    onReset(why) {
      forgetEverything();
      if (why === 'lost') log.warn({}, 'lost the connection listening for changes from other app servers: caches dropped, reconnecting');
      else log.info('listening for changes from other app servers again (caches dropped)');
    },
  });
}
