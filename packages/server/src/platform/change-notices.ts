/**
 * What one app server tells the others sharing its PostgreSQL database, so what each caches for a
 * moment (sessions, signed-in users, the role matrix) stays true everywhere (docs/platform.md, Several app servers: several
 * app servers behind a proxy), and the live streams every committed record change. A notice sent
 * inside a transaction goes out when it commits, and not at all when it rolls back; it reaches every
 * listening server, this one included (on PGlite, one process, only this one: db/pglite-driver.ts).
 * The listening side is change-listener.ts.
 */
import { CHANGES_CHANNEL, type Db } from '../db/client.ts';
import type { RecordChange } from '../engine/record-changes.ts';

export type Change =
  /** one session was written or destroyed */
  | { k: 'session'; sid: string }
  /** every session of a user was destroyed (password reset, deactivation) */
  | { k: 'user-sessions'; id: number }
  /** a user changed (role, active, name...), or every user when no id */
  | { k: 'user'; id?: number }
  /** the role matrix changed */
  | { k: 'permissions' }
  /** a record's committed change, for the live streams (engine/record-changes.ts sends it) */
  | { k: 'record'; c: RecordChange }
  /** a message of the outbox is due now: each server's mail delivery looks (platform/mail/outbox.ts wakeDelivery) */
  | { k: 'mail-due' };

export async function announce(db: Db, change: Change): Promise<void> {
  await db.notify(CHANGES_CHANNEL, JSON.stringify(change));
}
