/**
 * The browsers a person is signed in on (Profile → Sessions): each with its device, address, when
 * it began and was last used, the current one marked; ending one or all the others drops their
 * rows (session-store.ts), which closes their live streams at once, so their screens leave for
 * sign-in. A session is named by a hash of its id, never the id itself (the cookie's secret).
 */
import { tokenHash } from '../bearer-tokens.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, notFound } from '../../engine/errors.ts';
import { DbSessionStore, destroyUserSessions } from '../session-store.ts';
import { deviceName } from './device-name.ts';
import { recordSecurityEvent } from './factors.ts';

/** The public id of a session: a hash of its id, enough to tell a person's few sessions apart. */
export const publicSessionId = (sid: string): string => tokenHash(`session:${sid}`).slice(0, 32);

interface SessionRow {
  sid: string;
  user_agent: string | null;
  ip: string | null;
  created_at: string;
  last_used_at: string;
}

const rowsOf = (db: Db, userId: number) =>
  db.query<SessionRow>(
    'SELECT sid, user_agent, ip, created_at, last_used_at FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY last_used_at DESC, created_at DESC',
    [userId],
  );

export async function listSignedIn(db: Db, userId: number, currentSid: string | undefined) {
  return (await rowsOf(db, userId)).map((r) => ({
    id: publicSessionId(r.sid),
    device: deviceName(r.user_agent),
    ip: r.ip,
    created_at: new Date(r.created_at).toISOString(),
    last_used_at: new Date(r.last_used_at).toISOString(),
    current: r.sid === currentSid,
  }));
}

export async function endSignedIn(db: Db, userId: number, currentSid: string | undefined, id: string): Promise<void> {
  const row = (await rowsOf(db, userId)).find((r) => publicSessionId(r.sid) === id);
  if (!row) throw notFound('Session');
  if (row.sid === currentSid) throw new ApiError(409, 'This is the browser you are using: sign out instead.');
  await db.transaction(async (tx) => {
    await new DbSessionStore(tx).destroy(row.sid);
    await recordSecurityEvent(tx, { userId, by: userId, action: 'session_ended', detail: deviceName(row.user_agent) });
  });
}

export async function endOtherSignedIn(db: Db, userId: number, currentSid: string | undefined): Promise<number> {
  const others = (await rowsOf(db, userId)).filter((r) => r.sid !== currentSid).length;
  await db.transaction(async (tx) => {
    await destroyUserSessions(tx, userId, currentSid);
    await recordSecurityEvent(tx, { userId, by: userId, action: 'other_sessions_ended', detail: `${others} ended` });
  });
  return others;
}
