/** The sessions table behind http/session.ts, so any app server can serve any user. */
import type { Db } from '../db/client.ts';

/** What a session holds (rows written by @fastify/session also hold a `cookie`, ignored). */
export interface SessionData {
  userId?: number;
  csrf?: string;
}

/**
 * Sessions read in the last moment are served from memory: every request reads its session, and
 * the round trip was a third of a simple request's statements. Writes and destroys in this process
 * update the cache at once; another app server sees a logout within this TTL.
 */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX = 10_000;
const recent = new Map<string, { at: number; db: Db; data: Readonly<SessionData> }>();

function remember(db: Db, sid: string, data: SessionData) {
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(sid, { at: Date.now(), db, data: Object.freeze({ userId: data.userId, csrf: data.csrf }) });
}

export class DbSessionStore {
  constructor(private readonly db: Db) {}

  async set(sid: string, data: SessionData, expiresAt: Date): Promise<void> {
    recent.delete(sid);
    await this.db.query(
      `INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [sid, data.userId ?? null, JSON.stringify(data), expiresAt.toISOString()],
    );
  }

  /** The session's data, or null when there is none (never was, expired, destroyed); not to be changed. */
  async get(sid: string): Promise<Readonly<SessionData> | null> {
    const hit = recent.get(sid);
    if (hit && hit.db === this.db && Date.now() - hit.at < CACHE_TTL_MS) return hit.data;
    const [row] = await this.db.query<{ data: SessionData }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid]);
    if (!row?.data) return null;
    remember(this.db, sid, row.data);
    return recent.get(sid)!.data;
  }

  async destroy(sid: string): Promise<void> {
    recent.delete(sid);
    await this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]);
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
