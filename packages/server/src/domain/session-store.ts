/** @fastify/session store backed by the sessions table, so any app server can serve any user. */
import type { Session } from 'fastify';
import type { Db } from '../db/client.ts';

type StoredSession = Session;

type Callback = (err?: unknown) => void;
type CallbackSession = (err: unknown, result?: StoredSession | null) => void;

const DEFAULT_TTL_MS = 7 * 24 * 3600 * 1000;
/**
 * Sessions read in the last moment are served from memory: every request reads its session, and
 * the round trip was a third of a simple request's statements. Writes and destroys in this process
 * update the cache at once; another app server sees a logout within this TTL.
 */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX = 10_000;
const recent = new Map<string, { at: number; db: Db; data: StoredSession }>();

function remember(db: Db, sid: string, data: StoredSession) {
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(sid, { at: Date.now(), db, data });
}

export class DbSessionStore {
  constructor(private readonly db: Db) {}

  set(sid: string, session: StoredSession, cb: Callback): void {
    const expires = session.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + DEFAULT_TTL_MS);
    recent.delete(sid);
    this.db
      .query(
        `INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
        [sid, session.userId ?? null, JSON.stringify(session), expires.toISOString()],
      )
      .then(() => cb(), cb);
  }

  get(sid: string, cb: CallbackSession): void {
    const hit = recent.get(sid);
    if (hit && hit.db === this.db && Date.now() - hit.at < CACHE_TTL_MS) {
      // a copy: the session plugin mutates what it is given
      cb(null, structuredClone(hit.data));
      return;
    }
    this.db
      .query<{ data: StoredSession }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid])
      .then((rows) => {
        const data = rows[0]?.data ?? null;
        if (data) remember(this.db, sid, structuredClone(data));
        cb(null, data);
      }, (e) => cb(e));
  }

  destroy(sid: string, cb: Callback): void {
    recent.delete(sid);
    this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => cb(), cb);
  }
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function destroyUserSessions(db: Db, userId: number, exceptSid?: string): Promise<void> {
  for (const [sid, entry] of recent) if (entry.data.userId === userId && sid !== exceptSid) recent.delete(sid);
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, exceptSid ?? '']);
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}
