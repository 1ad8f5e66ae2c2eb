/** The sessions table behind http/session.ts, so any app server can serve any user. */
import type { Db } from '../db/client.ts';
import { RefreshingCache } from './refreshing-cache.ts';

/** What a session holds (rows written by @fastify/session also hold a `cookie`, ignored). */
export interface SessionData {
  userId?: number;
  csrf?: string;
}

/**
 * Sessions read in the last moment are served from memory (refreshing-cache.ts): every request
 * reads its session, and the round trip was a third of a simple request's statements. Writes and
 * destroys in this process forget the entry at once; another app server sees a logout within the
 * TTL. One cache per database (one process may serve several: tests, benchmarks).
 */
const CACHE_TTL_MS = 2_000;
const CACHE_MAX = 10_000;
type Cached = Readonly<SessionData> | null;
const caches = new WeakMap<Db, RefreshingCache<string, Cached>>();
const all = new Set<RefreshingCache<string, Cached>>();

function cacheFor(db: Db): RefreshingCache<string, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new RefreshingCache(CACHE_TTL_MS, CACHE_MAX);
    caches.set(db, cache);
    all.add(cache);
  }
  return cache;
}

export class DbSessionStore {
  readonly #cache: RefreshingCache<string, Cached>;

  constructor(private readonly db: Db) {
    this.#cache = cacheFor(db);
  }

  async set(sid: string, data: SessionData, expiresAt: Date): Promise<void> {
    this.#cache.forget(sid);
    await this.db.query(
      `INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at`,
      [sid, data.userId ?? null, JSON.stringify(data), expiresAt.toISOString()],
    );
    this.#cache.forget(sid); // a read that ran meanwhile is not kept
  }

  /** The session's data, or null when there is none (never was, expired, destroyed); not to be changed. */
  get(sid: string): Promise<Cached> {
    return this.#cache.get(sid, async () => {
      const [row] = await this.db.query<{ data: SessionData }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid]);
      return row?.data ? Object.freeze({ userId: row.data.userId, csrf: row.data.csrf }) : null;
    });
  }

  async destroy(sid: string): Promise<void> {
    this.#cache.forget(sid);
    await this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]);
    this.#cache.forget(sid);
  }
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function destroyUserSessions(db: Db, userId: number, exceptSid?: string): Promise<void> {
  // every database's cache: `db` may be a transaction's, not the one the app's store was made with
  const forget = () => {
    for (const cache of all) for (const sid of cache.keysWhere((d) => d?.userId === userId)) if (sid !== exceptSid) cache.forget(sid);
  };
  forget();
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, exceptSid ?? '']);
  forget();
}

export async function purgeExpiredSessions(db: Db): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now()');
}
