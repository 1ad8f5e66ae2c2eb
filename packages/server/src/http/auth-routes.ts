/** Session routes (DESIGN.md "HTTP contract"): CSRF cookie, login, logout; the session's named actions (current user, setup, password reset). */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@glazier/shared/api';
import type { Db, Row } from '../db/client.ts';
import { authenticate, resetPassword, setupFirstAdmin, setupNeeded } from '../platform/auth.ts';
import { ApiError, unauthenticated } from '../engine/errors.ts';
import { LoginThrottle } from './login-throttle.ts';
import type { SESSION_ACTIONS } from '@glazier/shared/actions/session';
import type { ActionHandlers } from '../engine/action-handler.ts';

export const SESSION_COOKIE = 'glazier_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function issueCsrf(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (!request.session.csrf) request.session.csrf = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(XSRF_COOKIE, request.session.csrf, { path: '/', sameSite: 'lax', httpOnly: false, secure });
}

/** 419 unless the X-XSRF-TOKEN header matches the token bound to this session. */
export function csrfGuard(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const expected = request.session?.csrf;
  const given = request.headers[XSRF_HEADER];
  const token = Array.isArray(given) ? given[0] : given;
  const ok =
    typeof expected === 'string' &&
    typeof token === 'string' &&
    token.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(token), Buffer.from(expected));
  if (!ok) throw new ApiError(419, 'CSRF token mismatch. Reload the page and try again.');
}

async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number, secure: boolean) {
  await request.session.regenerate(); // a new session id at login (no fixation)
  request.session.userId = userId;
  issueCsrf(request, reply, secure);
}

export function registerAuthRoutes(app: FastifyInstance, db: Db, opts: { secureCookies: boolean }) {
  const throttle = new LoginThrottle();
  const secure = opts.secureCookies;

  app.get('/sanctum/csrf-cookie', async (request, reply) => {
    issueCsrf(request, reply, secure);
    return reply.status(204).send();
  });

  app.post(
    '/login',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = (request.body ?? {}) as Row;
      const key = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
      const wait = throttle.blockedFor(key, request.ip);
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        return reply.status(429).send({ message: `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 1000)} seconds.` });
      }
      let userId: number;
      try {
        userId = await authenticate(db, body);
      } catch (e) {
        if (e instanceof ApiError && e.status === 422 && e.errors?.email) throttle.fail(key, request.ip);
        throw e;
      }
      throttle.succeed(key);
      await signIn(request, reply, userId, secure);
      return reply.status(204).send();
    },
  );

  app.post('/logout', async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    return reply.status(204).send();
  });
}

/** The session's calls under /api (shared/actions/session.ts); signing in needs the reply's cookies. */
export const sessionHandlers: ActionHandlers<Omit<typeof SESSION_ACTIONS, 'backup.download'>> = {
  // `?guest=null` answers 200 `null` for a guest instead of 401: the web app's "who is signed in?"
  // check then logs no failed request in the browser console (Lighthouse best practices).
  'session.user': async ({ ctx, input }) => {
    if (!ctx.user && input.guest === 'null') return null;
    if (!ctx.user) throw unauthenticated();
    return ctx.user;
  },
  'session.setup_status': async ({ ctx }) => ({ needed: await setupNeeded(ctx.db) }),
  'session.setup': async ({ ctx, input, request, reply }) => {
    const userId = await setupFirstAdmin(ctx.db, input);
    await signIn(request, reply, userId, request.server.secureCookies);
    return { id: userId };
  },
  'session.password_reset': async ({ ctx, input }) => {
    await resetPassword(ctx.db, input);
    return null;
  },
};
