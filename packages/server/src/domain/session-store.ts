/** @fastify/session store backed by the sessions table, so any app server can serve any user. */
import type { Session } from 'fastify';
import type { Db } from '../db/client.ts';

type StoredSession = Session;

type Callback = (err?: unknown) => void;
type CallbackSession = (err: unknown, result?: StoredSession | null) => void;

const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;

export class DbSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: StoredSession, cb: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    this.db
      .query(
        `INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
        [sid, session.userId ?? null, JSON.stringify(session), expires.toISOString()],
      )
      .then(() => cb(), cb);
  }

  get(sid: string, cb: CallbackSession): void {
    this.db
      .query<{ data: StoredSession }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid])
      .then((rows) => cb(null, rows[0]?.data ?? null), (e) => cb(e));
  }

  destroy(sid: string, cb: Callback): void {
    this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => cb(), cb);
  }
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function destroyUserSessions(db: Db, userId: number, exceptSid?: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, exceptSid ?? '']);
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}
