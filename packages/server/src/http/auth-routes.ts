/** The session's calls (shared/actions/session.ts): CSRF cookie, login, logout, current user, setup, password reset; and the CSRF guard of every write. */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '@glazier/shared/api';
import { FORGOT_PASSWORD_ANSWER } from '@glazier/shared/actions/session';
import { authenticate, emailPasswordResetLink, resetPassword, setupFirstAdmin, setupNeeded } from '../platform/auth.ts';
import { ApiError, unauthenticated } from '../engine/errors.ts';
import { LoginThrottle } from './login-throttle.ts';
import { completeSignIn, issueCsrf } from './sign-in.ts';
import { hasTotp } from '../platform/security/factors.ts';
import type { SESSION_ACTIONS } from '@glazier/shared/actions/session';
import type { ActionHandlers } from '../engine/action-handler.ts';

export const SESSION_COOKIE = 'glazier_session';
export { issueCsrf };

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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

/** Failed sign-ins per email and address, per app (a test's apps do not share them). */
const throttles = new WeakMap<FastifyInstance, LoginThrottle>();
const throttleOf = (app: FastifyInstance) => throttles.get(app) ?? (throttles.set(app, new LoginThrottle()), throttles.get(app)!);

/**
 * Forgot-password requests per address asked about and per client address, per app: 3 links per
 * address and 10 requests per client within 15 minutes, counted whether or not an account exists
 * (so the limit reveals nothing either).
 */
const forgotThrottles = new WeakMap<FastifyInstance, LoginThrottle>();
const forgotThrottleOf = (app: FastifyInstance) =>
  forgotThrottles.get(app) ?? (forgotThrottles.set(app, new LoginThrottle(undefined, { account: 3, address: 10 })), forgotThrottles.get(app)!);

/** The session's calls (shared/actions/session.ts); signing in and out need the reply's cookies. */
export const sessionHandlers: ActionHandlers<Omit<typeof SESSION_ACTIONS, 'backup.download'>> = {
  'session.csrf_cookie': async ({ request, reply }) => {
    issueCsrf(request, reply, request.server.secureCookies);
    return null;
  },
  'session.login': async ({ ctx, input, request, reply }) => {
    const throttle = throttleOf(request.server);
    const key = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    const wait = throttle.blockedFor(key, request.ip);
    if (wait > 0) {
      reply.header('retry-after', Math.ceil(wait / 1000));
      throw new ApiError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 1000)} seconds.`);
    }
    let userId: number;
    try {
      userId = await authenticate(ctx.db, input);
    } catch (e) {
      if (e instanceof ApiError && e.status === 422 && e.errors?.email) throttle.fail(key, request.ip);
      throw e;
    }
    throttle.succeed(key);
    // An account with an authenticator signs in at its second step (security-routes.ts).
    if (await hasTotp(ctx.db, userId)) {
      await request.session.regenerate();
      request.session.pending = { userId, at: Date.now() };
      issueCsrf(request, reply, request.server.secureCookies);
      return null;
    }
    await completeSignIn(ctx, request, reply, userId, 'password');
    return null;
  },
  'session.logout': async ({ request, reply }) => {
    await request.session.destroy();
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.clearCookie(XSRF_COOKIE, { path: '/' });
    return null;
  },
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
    await completeSignIn(ctx, request, reply, userId, 'password');
    return { id: userId };
  },
  'session.forgot_password': async ({ ctx, input, request, reply }) => {
    const throttle = forgotThrottleOf(request.server);
    const key = typeof input.email === 'string' ? input.email.trim().toLowerCase() : '';
    const wait = throttle.blockedFor(key, request.ip);
    if (wait > 0) {
      reply.header('retry-after', Math.ceil(wait / 1000));
      throw new ApiError(429, `Too many requests for a password link. Try again in ${Math.ceil(wait / 60_000)} minutes.`);
    }
    await emailPasswordResetLink(ctx, input.email);
    throttle.fail(key, request.ip);
    return { message: FORGOT_PASSWORD_ANSWER };
  },
  'session.password_reset': async ({ ctx, input }) => {
    await resetPassword(ctx.db, input, ctx.mail);
    return null;
  },
};
