/**
 * Sessions (docs/platform.md, Sessions): a signed cookie carries the session id; the session's data
 * (who is signed in, the CSRF token) lives in the sessions table (session-store.ts), so any app
 * server can serve any user.
 *
 * Our own, small: @fastify/session built a cookie object and hashed the session twice on every
 * request, signed in or not, a tenth of a job GET's main-thread time. The rules:
 * - a session is saved (its row and its cookie) only when a request changed its data; the cookie
 *   and the row expire 7 days after that save;
 * - an unknown, forged or expired cookie gives an empty session, and the cookie is left alone:
 *   only logout clears it (a request still in flight with the pre-login id must not sign the user
 *   out of the session that login just made);
 * - `regenerate()` (login) drops the old row and takes a new id: no session fixation;
 * - `destroy()` (logout) drops the row.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Signer } from '@fastify/cookie';
import type { DbSessionStore, PasskeyChallenge, PendingSignIn, SessionData } from '../platform/session-store.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession;
  }
}

export interface SessionOptions {
  cookieName: string;
  signer: Signer;
  store: DbSessionStore;
  secure: boolean;
  maxAgeMs: number;
}

/** A request's session: its data are the public fields (SessionData), what is stored. */
export class RequestSession implements SessionData {
  userId?: number;
  csrf?: string;
  pending?: PendingSignIn;
  challenge?: PasskeyChallenge;
  /** The browser and address to record with the row at its next save (at sign-in). */
  meta?: { userAgent: string | null; ip: string | null };
  #id: string | undefined;
  /** The data as last read or saved (the two fields are compared, not serialised, on every request). */
  #saved: SessionData;
  #destroyed = false;
  readonly #store: DbSessionStore;

  constructor(store: DbSessionStore, id?: string, data?: SessionData | null) {
    this.#store = store;
    this.#id = data ? id : undefined;
    if (data) Object.assign(this, data); // the store answers the data fields only
    this.#saved = this.#data(); // an empty session stays unsaved until it holds something
  }

  /** The session's id; none until a session that had none is first saved. */
  get sessionId(): string | undefined {
    return this.#id;
  }

  /** Whether this request changed the data (what saving is for). */
  get changed(): boolean {
    if (this.#destroyed) return false;
    const s = this.#saved;
    return this.userId !== s.userId || this.csrf !== s.csrf || this.pending !== s.pending || this.challenge !== s.challenge || this.meta !== undefined;
  }

  #data(): SessionData {
    const data: SessionData = { userId: this.userId, csrf: this.csrf };
    if (this.pending) data.pending = this.pending;
    if (this.challenge) data.challenge = this.challenge;
    return data;
  }

  /** A new id and no data, the old row dropped (at login). */
  async regenerate(): Promise<void> {
    if (this.#id !== undefined) await this.#store.destroy(this.#id);
    this.#id = newSessionId();
    this.#clear();
    this.#saved = this.#data();
  }

  /** Drops the row; nothing of this session is saved again (at logout). */
  async destroy(): Promise<void> {
    if (this.#id !== undefined) await this.#store.destroy(this.#id);
    this.#destroyed = true;
    this.#clear();
  }

  #clear(): void {
    this.userId = undefined;
    this.csrf = undefined;
    this.pending = undefined;
    this.challenge = undefined;
  }

  /** Writes the data with a new expiry; answers the id (made now for a new session). */
  async save(expiresAt: Date): Promise<string> {
    const id = (this.#id ??= newSessionId());
    const data = this.#data();
    await this.#store.set(id, data, expiresAt, this.meta);
    this.meta = undefined;
    this.#saved = data;
    return id;
  }
}

const newSessionId = () => crypto.randomBytes(24).toString('base64url');

export function registerSessions(app: FastifyInstance, opts: SessionOptions): void {
  const { cookieName, signer, store, secure, maxAgeMs } = opts;

  // null until the onRequest hook sets it (Fastify's untyped form: the field's type says set)
  app.decorateRequest('session', null, []);

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.cookie;
    const signed = header && header.includes(`${cookieName}=`) ? app.parseCookie(header)[cookieName] : undefined;
    const unsigned = signed ? signer.unsign(signed) : undefined;
    const id = unsigned?.valid ? unsigned.value : undefined;
    const data = id ? await store.get(id) : null;
    request.session = new RequestSession(store, id, data);
  });

  const save = async (session: RequestSession, reply: FastifyReply) => {
    const expires = new Date(Date.now() + maxAgeMs);
    const id = await session.save(expires);
    reply.setCookie(cookieName, signer.sign(id), { path: '/', httpOnly: true, sameSite: 'lax', secure, expires });
  };
  // Without a promise when nothing is saved (nearly every request).
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void) => {
    const session = request.session;
    // A Secure cookie the browser would not send back over plain HTTP is not worth a row.
    if (!session?.changed || (secure && request.protocol !== 'https')) return done(null, payload);
    save(session, reply).then(
      () => done(null, payload),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e))),
    );
  });
}
