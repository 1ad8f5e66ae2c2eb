/** The sessions table behind http/session.ts, so any app server can serve any user. */
import type { Db } from '../db/client.ts';
import { announce } from '../db/change-notices.ts';
import { recheckLiveStreams } from './live-streams.ts';
import { RefreshingCachePerDatabase, type RefreshingCache } from './refreshing-cache.ts';

/** What a session holds (rows written by @fastify/session also hold a `cookie`, ignored). */
export interface SessionData {
  userId?: number;
  csrf?: string;
  /** A password was right and the account's second factor is still to come (auth-routes.ts). */
  pending?: PendingSignIn;
  /** The WebAuthn challenge this session was last given: used once, within minutes (security/passkeys.ts). */
  challenge?: PasskeyChallenge;
}

export interface PendingSignIn {
  userId: number;
  /** Epoch ms of the password's check: the second step must follow within minutes. */
  at: number;
}

export interface PasskeyChallenge {
  value: string;
  purpose: 'register' | 'sign_in';
  at: number;
}

type Cached = Readonly<SessionData> | null;

/**
 * Sessions read in the last moment are served from memory (refreshing-cache.ts): every request
 * reads its session, and the round trip was a third of a simple request's statements. Writes and
 * destroys in this process forget the entry at once; other app servers on the same PostgreSQL are
 * told (change-notices.ts) and forget it as soon as the change commits, the 2 s TTL bounding it
 * when a notice is lost.
 */
const caches = new RefreshingCachePerDatabase<string, Cached>(2_000, 10_000, 'sessions');

const TOUCH_EVERY_MS = 5 * 60_000;
const MAX_TOUCHED = 50_000;
/** When each session last had its use written, by this process (oldest first). */
const touched = new Map<string, number>();

export class DbSessionStore {
  readonly #cache: RefreshingCache<string, Cached>;

  constructor(private readonly db: Db) {
    this.#cache = caches.of(db);
  }

  /** Writes the session; `meta` (at sign-in) records the browser and address with it. */
  async set(sid: string, data: SessionData, expiresAt: Date, meta?: { userAgent: string | null; ip: string | null }): Promise<void> {
    this.#cache.forget(sid);
    await this.db.query(
      `INSERT INTO sessions (sid, user_id, data, expires_at, user_agent, ip) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (sid) DO UPDATE SET user_id = EXCLUDED.user_id, data = EXCLUDED.data, expires_at = EXCLUDED.expires_at,
         user_agent = COALESCE(EXCLUDED.user_agent, sessions.user_agent), ip = COALESCE(EXCLUDED.ip, sessions.ip)`,
      [sid, data.userId ?? null, JSON.stringify(data), expiresAt.toISOString(), meta?.userAgent?.slice(0, 500) ?? null, meta?.ip ?? null],
    );
    this.#cache.forget(sid); // a read that ran meanwhile is not kept
    await announce(this.db, { kind: 'session', sid });
  }

  /**
   * Records that the session served a request now, from `ip`: at most once in TOUCH_EVERY_MS per
   * session and process, so a signed-in request costs no write (Profile → Sessions' "last used").
   */
  async touch(sid: string, ip: string): Promise<void> {
    const now = Date.now();
    const last = touched.get(sid);
    if (last !== undefined && now - last < TOUCH_EVERY_MS) return;
    touched.delete(sid);
    touched.set(sid, now);
    for (const key of touched.keys()) {
      if (touched.size <= MAX_TOUCHED) break;
      touched.delete(key);
    }
    await this.db.query('UPDATE sessions SET last_used_at = now(), ip = $2 WHERE sid = $1', [sid, ip]);
  }

  /** The session's data, or null when there is none (never was, expired, destroyed); not to be changed. */
  get(sid: string): Promise<Cached> {
    return this.#cache.get(sid, async () => {
      const [row] = await this.db.query<{ data: SessionData }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid], {
        urgent: true,
        prepare: true,
      });
      if (!row?.data) return null;
      const { userId, csrf, pending, challenge } = row.data;
      return Object.freeze({ userId, csrf, ...(pending && { pending }), ...(challenge && { challenge }) });
    });
  }

  async destroy(sid: string): Promise<void> {
    // Every cache of this process: the row may be dropped in a transaction (Profile → Sessions), whose Db is not the app's.
    forgetSession(sid);
    await this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]);
    forgetSession(sid);
    await announce(this.db, { kind: 'session', sid });
    this.db.afterCommit(() => {
      forgetSession(sid); // a read that ran before the commit is not kept
      recheckLiveStreams({ sid }); // its live streams close
    });
  }
}

/** Forgets one session in every database's cache of this process (a notice from another server). */
export function forgetSession(sid: string): void {
  for (const cache of caches.all()) cache.forget(sid);
}

/** Forgets the sessions of one user, or every session, in this process. */
export function forgetSessionsOf(userId?: number, exceptSid?: string): void {
  for (const cache of caches.all()) {
    if (userId === undefined) cache.clear();
    else for (const sid of cache.keysWhere((d) => d?.userId === userId)) if (sid !== exceptSid) cache.forget(sid);
  }
}

/** Signs a user out everywhere (password reset, deactivation). */
export async function destroyUserSessions(db: Db, userId: number, exceptSid?: string): Promise<void> {
  forgetSessionsOf(userId, exceptSid);
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND sid <> $2', [userId, exceptSid ?? '']);
  forgetSessionsOf(userId, exceptSid);
  // Other servers forget every session of the user they hold (the kept one is read again).
  await announce(db, { kind: 'user-sessions', id: userId });
  db.afterCommit(() => recheckLiveStreams({ userId }));
}

/** Drops expired sessions; answers how many. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('WITH gone AS (DELETE FROM sessions WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM gone');
  return row?.n ?? 0;
}
