/**
 * What one app server tells the others sharing its PostgreSQL database, so what each caches for a
 * moment (sessions, signed-in users, the role matrix) stays true everywhere (docs/platform.md, Several app servers: several
 * app servers behind a proxy), and the live streams every committed record change. A notice sent
 * inside a transaction goes out when it commits, and not at all when it rolls back; it reaches every
 * listening server, this one included (on PGlite, one process, only this one: db/pglite-driver.ts).
 * The listening side is change-listener.ts.
 */
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import type { Area } from '@glazier/shared/permissions';
import { CHANGES_CHANNEL, type Db, type Row } from './client.ts';

/** A record's change as the servers pass it on (engine/record-changes.ts makes it): the notice, and (never sent to a browser) whose records it touched, for a resource scoped to its user. */
export interface RecordChange extends LiveChange {
  /** The record's columns its resource's `hears` asks for, before and after: who may hear of it when a scope limits reading. */
  rows?: Row[];
  /** Only guarded fields changed (costs): only who may read one of these areas' guarded fields hears of it. */
  guarded?: Area[];
}

export type Change =
  /** one session was written or destroyed */
  | { kind: 'session'; sid: string }
  /** every session of a user was destroyed (password reset, deactivation) */
  | { kind: 'user-sessions'; id: number }
  /** a user changed (role, active, name...), or every user when no id */
  | { kind: 'user'; id?: number }
  /** the role matrix changed */
  | { kind: 'permissions' }
  /** a record's committed change, for the live streams (engine/record-changes.ts sends it) */
  | { kind: 'record'; change: RecordChange }
  /** a message of the outbox is due now: each server's mail delivery looks (platform/mail/outbox.ts wakeDelivery) */
  | { kind: 'mail-due' };

export async function announce(db: Db, change: Change): Promise<void> {
  await db.notify(CHANGES_CHANNEL, JSON.stringify(change));
}

/** Announces record changes at `db`'s commit, one notice each (a payload stays far below PostgreSQL's 8000 bytes). */
export async function announceRecords(db: Db, changes: readonly RecordChange[]): Promise<void> {
  for (const change of changes) await announce(db, { kind: 'record', change });
}
