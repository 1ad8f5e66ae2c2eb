/**
 * Where every way of signing in ends (a password alone, a password and its second step, a
 * passkey, the first admin's setup): a new session id (no fixation) with the browser and address
 * recorded on its row, a new anti-forgery token, the sign-in in the person's history, and a
 * message to them when the browser is one they never signed in from (a long-lived cookie of its
 * own names the browser; only its hash is kept, in known_browsers).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE } from '@glazier/shared/api';
import type { Ctx } from '../engine/context.ts';
import { tokenHash } from '../platform/bearer-tokens.ts';
import { deviceName } from '../platform/security/device-name.ts';
import { mailSecurityNotice, personOf, recordSecurityEvent } from '../platform/security/factors.ts';
import { formatDateTime } from '@glazier/shared/rules/dates';

export const BROWSER_COOKIE = 'glazier_browser';
const BROWSER_COOKIE_DAYS = 400;

export function issueCsrf(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (!request.session.csrf) request.session.csrf = crypto.randomBytes(32).toString('base64url');
  reply.setCookie(XSRF_COOKIE, request.session.csrf, { path: '/', sameSite: 'lax', httpOnly: false, secure });
}

export type SignInMethod = 'password' | 'password and authenticator' | 'password and recovery code' | 'passkey';

export async function completeSignIn(ctx: Ctx, request: FastifyRequest, reply: FastifyReply, userId: number, method: SignInMethod): Promise<void> {
  await request.session.regenerate(); // a new session id at login (no fixation)
  request.session.userId = userId;
  const userAgent = request.headers['user-agent'] ?? null;
  request.session.meta = { userAgent, ip: request.ip };
  issueCsrf(request, reply, request.server.secureCookies);

  const given = request.cookies[BROWSER_COOKIE];
  const browser = given && /^[A-Za-z0-9_-]{20,64}$/.test(given) ? given : crypto.randomBytes(24).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, browser, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.server.secureCookies,
    maxAge: BROWSER_COOKIE_DAYS * 86_400,
  });
  const device = deviceName(userAgent);
  await ctx.db.transaction(async (db) => {
    const known = await db.query<{ browser_hash: string }>('SELECT browser_hash FROM known_browsers WHERE user_id = $1', [userId]);
    const hash = tokenHash(browser);
    if (!known.some((k) => k.browser_hash === hash)) {
      await db.query('INSERT INTO known_browsers (user_id, browser_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, hash]);
      // The very first sign-in is no news; a later one from a browser never seen is.
      if (known.length)
        await mailSecurityNotice(
          { db, mail: ctx.mail },
          await personOf(db, userId),
          'a sign-in from a new browser',
          'Your account was just signed in to from a browser it was not signed in from before.',
          [`Browser: ${device}`, `Address: ${request.ip}`, `When: ${formatDateTime(new Date().toISOString())} (server time)`, `How: ${method}`],
        );
    }
    await recordSecurityEvent(db, { userId, by: userId, action: 'signed_in', detail: `${device}, ${request.ip}, by ${method}` });
  });
}
