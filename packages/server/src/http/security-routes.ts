/**
 * The calls of shared/actions/security.ts: signed-in browsers, the authenticator app and recovery
 * codes, passkeys, the sign-in's second step and passkey sign-in (which need the request's
 * session and the reply's cookies), the shop's requirement, an administrator's reset of a
 * person's factors, and the security events. The rules are platform/security's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { verify as verifyPassword } from '@node-rs/argon2';
import type { SECURITY_ACTIONS, SecondFactorRequirement } from '@glazier/shared/actions/security';
import { ACTIONS, type ActionName } from '@glazier/shared/actions/registry';
import type { ActionHandlers } from '../engine/action-handler.ts';
import { requireUser } from '../engine/context.ts';
import { ApiError, forbidden, invalid } from '../engine/errors.ts';
import { LoginThrottle } from './login-throttle.ts';
import { completeSignIn, issueCsrf } from './sign-in.ts';
import { publicOrigin } from '../platform/public-url.ts';
import { readSetting, writeSystemSetting } from '../platform/settings.ts';
import { destroyUserSessions } from '../platform/session-store.ts';
import { forgetSessionUser } from '../platform/session-user-cache.ts';
import {
  REQUIREMENT_SETTING,
  SECURITY_EVENT_ACTIONS,
  checkSecondStep,
  confirmTotp,
  hasTotp,
  mailSecurityNotice,
  personOf,
  recordSecurityEvent,
  recoveryCodesLeft,
  removeTotp,
  replaceRecoveryCodes,
  requirementApplies,
  startTotp,
} from '../platform/security/factors.ts';
import {
  addPasskey,
  listPasskeys,
  passkeyUser,
  registrationOptions,
  relyingParty,
  removePasskey,
  renamePasskey,
  signInOptions,
} from '../platform/security/passkeys.ts';
import { endOtherSignedIn, endSignedIn, listSignedIn } from '../platform/security/signed-in-sessions.ts';

/** How long after the password its second step may come. */
const PENDING_MS = 5 * 60_000;

/** Wrong second-step codes per account and per client address, per app (like the password's). */
const codeThrottles = new WeakMap<FastifyInstance, LoginThrottle>();
const codeThrottleOf = (app: FastifyInstance) => codeThrottles.get(app) ?? (codeThrottles.set(app, new LoginThrottle()), codeThrottles.get(app)!);

/** The calls a person who must still set up a factor may make (the server refuses the rest with 403). */
const ENROLMENT_ACTIONS: readonly string[] = [
  'security.status',
  'security.totp_start',
  'security.totp_confirm',
  'security.recovery_codes',
  'passkeys.options',
  'passkeys.add',
  'sessions.list',
  'sessions.end',
  'sessions.end_others',
];

/** `METHOD path` of every call a person who must still enrol may make, besides the session's own. */
const ENROLMENT_ROUTES = new Set(
  (Object.keys(ACTIONS) as ActionName[])
    .filter((name) => ENROLMENT_ACTIONS.includes(name) || name.startsWith('session.'))
    .map((name) => `${ACTIONS[name].method} ${ACTIONS[name].path}`),
);

/** 403 for every call but setting up a second factor (and the session's own), while the shop requires one and the caller has none. */
export function refuseUntilEnrolled(request: FastifyRequest): void {
  const route = request.routeOptions.url;
  if (route === undefined || !route.startsWith('/api/')) return; // the app's pages and files, /login, /logout
  if (ENROLMENT_ROUTES.has(`${request.method} ${route}`)) return;
  throw forbidden('Your shop requires a second step at sign-in: set up a passkey or an authenticator app first (Profile → Security).');
}

const rpOf = (request: FastifyRequest) => relyingParty(publicOrigin(request));

export const securityHandlers: ActionHandlers<typeof SECURITY_ACTIONS> = {
  'sessions.list': async ({ ctx }) => ({ data: await listSignedIn(ctx.db, requireUser(ctx).id, ctx.sessionId) }),
  'sessions.end': async ({ ctx, params }) => {
    await endSignedIn(ctx.db, requireUser(ctx).id, ctx.sessionId, params.id);
    return null;
  },
  'sessions.end_others': async ({ ctx }) => ({ ended: await endOtherSignedIn(ctx.db, requireUser(ctx).id, ctx.sessionId) }),

  'security.status': async ({ ctx }) => {
    const user = requireUser(ctx);
    const [totp, left, passkeys, requirement] = await Promise.all([
      hasTotp(ctx.db, user.id),
      recoveryCodesLeft(ctx.db, user.id),
      listPasskeys(ctx.db, user.id),
      readSetting(ctx.db, REQUIREMENT_SETTING),
    ]);
    const required = requirementApplies(requirement, user.role);
    return { totp, recovery_codes_left: left, passkeys, required, must_enrol: required && !totp && !passkeys.length };
  },
  'security.totp_start': async ({ ctx, request }) => startTotp(ctx.db, request.server.factorKey, requireUser(ctx)),
  'security.totp_confirm': async ({ ctx, input, request }) => ({
    recovery_codes: await confirmTotp(ctx, request.server.factorKey, await personOf(ctx.db, requireUser(ctx).id), input.code),
  }),
  'security.totp_remove': async ({ ctx, input }) => {
    const user = requireUser(ctx);
    const [row] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    if (!row || !(await verifyPassword(row.password_hash, input.password).catch(() => false))) throw invalid({ password: ['That is not your password.'] });
    await removeTotp(ctx.db, user.id, user.id);
    return null;
  },
  'security.recovery_codes': async ({ ctx }) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (db) => {
      if (!(await hasTotp(db, user.id))) throw new ApiError(409, 'Set up an authenticator app first: recovery codes stand in for it.');
      const codes = await replaceRecoveryCodes(db, user.id);
      await recordSecurityEvent(db, { userId: user.id, by: user.id, action: 'recovery_codes_made' });
      return { recovery_codes: codes };
    });
  },

  'session.two_factor_status': async ({ request }) => {
    const p = request.session.pending;
    return { pending: Boolean(p && Date.now() - p.at < PENDING_MS) };
  },
  'session.two_factor': async ({ ctx, input, request, reply }) => {
    const pending = request.session.pending;
    if (!pending || Date.now() - pending.at >= PENDING_MS) {
      request.session.pending = undefined;
      throw invalid({ code: ['Your sign-in has expired. Enter your email and password again.'] });
    }
    const throttle = codeThrottleOf(request.server);
    const account = `user:${pending.userId}`;
    const wait = throttle.blockedFor(account, request.ip);
    if (wait > 0) {
      reply.header('retry-after', Math.ceil(wait / 1000));
      throw new ApiError(429, `Too many wrong codes. Try again in ${Math.ceil(wait / 1000)} seconds.`);
    }
    const how = await checkSecondStep(ctx.db, request.server.factorKey, pending.userId, input.code);
    if (!how) {
      throttle.fail(account, request.ip);
      await recordSecurityEvent(ctx.db, { userId: pending.userId, by: null, action: 'code_refused', detail: request.ip });
      throw invalid({ code: ['That code is not right, or was used already. Enter a new code from your app, or a recovery code.'] });
    }
    throttle.succeed(account);
    await completeSignIn(ctx, request, reply, pending.userId, how === 'totp' ? 'password and authenticator' : 'password and recovery code');
    return null;
  },

  'passkeys.options': async ({ ctx, request }) => ({
    ...(await registrationOptions(ctx.db, rpOf(request), await personOf(ctx.db, requireUser(ctx).id), request.session)),
  }),
  'passkeys.add': async ({ ctx, input, request }) => {
    const person = await personOf(ctx.db, requireUser(ctx).id);
    const data = await addPasskey(ctx.db, rpOf(request), person, request.session, input.name, input.response as RegistrationResponseJSON);
    await mailSecurityNotice(ctx, person, 'a passkey was added', `A passkey named "${data.name}" now signs in to your account.`, []);
    return { data };
  },
  'passkeys.rename': async ({ ctx, params, input }) => ({ data: await renamePasskey(ctx.db, requireUser(ctx).id, params.id, input.name) }),
  'passkeys.remove': async ({ ctx, params }) => {
    await removePasskey(ctx.db, requireUser(ctx).id, params.id);
    return null;
  },
  'session.passkey_options': async ({ request, reply }) => {
    const options = await signInOptions(rpOf(request), request.session);
    issueCsrf(request, reply, request.server.secureCookies);
    return options;
  },
  'session.passkey': async ({ ctx, input, request, reply }) => {
    const userId = await passkeyUser(ctx.db, rpOf(request), request.session, input.response as AuthenticationResponseJSON);
    const [u] = await ctx.db.query<{ active: boolean }>('SELECT active FROM users WHERE id = $1 AND deleted_at IS NULL', [userId]);
    if (!u?.active) throw invalid({ response: ['This account is inactive. Ask an administrator to activate it.'] });
    await completeSignIn(ctx, request, reply, userId, 'passkey');
    return null;
  },

  'security.requirement': async ({ ctx }) => ({ require: requirementOf(await readSetting(ctx.db, REQUIREMENT_SETTING)) }),
  'security.set_requirement': async ({ ctx, input }) => {
    const user = requireUser(ctx);
    await ctx.db.transaction(async (db) => {
      const before = requirementOf(await readSetting(db, REQUIREMENT_SETTING));
      await writeSystemSetting(db, REQUIREMENT_SETTING, input.require);
      await db.query('INSERT INTO audit_log (user_id, resource, action, before, after) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb)', [
        user.id,
        'settings',
        'security_requirement',
        JSON.stringify({ require: before }),
        JSON.stringify({ require: input.require }),
      ]);
      await forgetSessionUser(db); // every signed-in user's requirement is read again
    });
    return { require: input.require };
  },
  'users.reset_factors': async ({ ctx, params }) => {
    const admin = requireUser(ctx);
    const person = await personOf(ctx.db, params.id);
    await ctx.db.transaction(async (db) => {
      await db.query('DELETE FROM user_totp WHERE user_id = $1', [person.id]);
      await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [person.id]);
      await db.query('DELETE FROM passkeys WHERE user_id = $1', [person.id]);
      await recordSecurityEvent(db, { userId: person.id, by: admin.id, action: 'factors_reset', detail: `by ${admin.name}` });
      await destroyUserSessions(db, person.id, person.id === admin.id ? ctx.sessionId : undefined);
      await mailSecurityNotice(
        { ...ctx, db },
        person,
        'your second factors were reset',
        `${admin.name} removed your passkeys, authenticator app and recovery codes, and signed you out everywhere.`,
        ['Sign in with your password; if your shop requires a second step, you will be asked to set one up again.'],
      );
      await forgetSessionUser(db, person.id);
    });
    return null;
  },
  'security.events': async ({ ctx, input }) => {
    const rows = await ctx.db.query<{
      id: number;
      created_at: string;
      action: string;
      record_id: number | null;
      user_name: string | null;
      by_name: string | null;
      detail: string | null;
    }>(
      `SELECT a.id, a.created_at, a.action, a.record_id, u.name AS user_name, b.name AS by_name, a.after->>'detail' AS detail
         FROM audit_log a LEFT JOIN users u ON u.id = a.record_id LEFT JOIN users b ON b.id = a.user_id
        WHERE a.resource = 'users' AND a.action = ANY($1::text[]) AND ($2::int IS NULL OR a.record_id = $2)
        ORDER BY a.id DESC LIMIT 200`,
      [`{${SECURITY_EVENT_ACTIONS.join(',')}}`, input.user_id ?? null],
    );
    return {
      data: rows.map((r) => ({
        id: r.id,
        at: new Date(r.created_at).toISOString(),
        action: r.action,
        user_id: r.record_id,
        user_name: r.user_name,
        by_name: r.by_name,
        detail: r.detail,
      })),
    };
  },
};

const requirementOf = (value: string | null): SecondFactorRequirement => (value === 'admins' || value === 'everyone' ? value : 'none');
