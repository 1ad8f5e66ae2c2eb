/**
 * The listening side of db/change-notices.ts: every app server listens on one channel (db/: PostgreSQL's
 * LISTEN, or PGlite's in this process) and acts on what a notice names: forgets a cached value,
 * hands a record change to the live streams, wakes the mail delivery. When the listening connection is lost, notices may be missed,
 * so everything cached is dropped (and again once it is back); until then the caches' own short
 * TTL bounds how stale a value can be.
 */
import { CHANGES_CHANNEL, type Db } from '../db/client.ts';
import type { Change } from '../db/change-notices.ts';
import { forgetPermissionsHere } from './role-permissions.ts';
import { forgetSession, forgetSessionsOf } from './session-store.ts';
import { forgetSessionUserHere } from './session-user-cache.ts';
import { outboxWake } from './mail/outbox.ts';
import { publishLiveChange, recheckLiveStreams, resetLiveStreams } from './live-streams.ts';

interface Log {
  info(msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Drops every cache of this process (sessions, users, the role matrix). */
export function forgetEverything(): void {
  forgetSessionsOf();
  forgetPermissionsHere(); // and the users
}

export function applyChange(change: Change, db?: Db): void {
  switch (change.kind) {
    case 'record':
      return db && publishLiveChange(db, change.change);
    case 'session':
      forgetSession(change.sid);
      return recheckLiveStreams({ sid: change.sid }); // a sign-out on another server closes this one's streams of it
    case 'user-sessions':
      // the session kept by the user's own server is read again; the rest are gone from the table
      forgetSessionsOf(change.id);
      return recheckLiveStreams({ userId: change.id });
    case 'user':
      forgetSessionUserHere(change.id);
      return recheckLiveStreams(change.id === undefined ? {} : { userId: change.id });
    case 'permissions':
      forgetPermissionsHere();
      return recheckLiveStreams(); // each stream whose user's rights changed says so
    case 'mail-due':
      outboxWake.emit('enqueued');
      return;
  }
}

/** Starts listening; answers how to stop. */
export async function listenForChanges(db: Db, log: Log): Promise<() => Promise<void>> {
  return db.listen(CHANGES_CHANNEL, {
    onNotice(payload) {
      try {
        applyChange(JSON.parse(payload) as Change, db);
      } catch {
        forgetEverything(); // a notice this version does not understand: forget all, to be safe
        resetLiveStreams(db);
      }
    },
    onReset(why) {
      forgetEverything();
      resetLiveStreams(db); // record changes may have been missed: the browsers refetch what they show
      if (why === 'lost') log.warn({}, 'lost the connection listening for changes from other app servers: caches dropped, reconnecting');
      else log.info('listening for changes from other app servers again (caches dropped)');
    },
  });
}
