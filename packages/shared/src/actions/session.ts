/**
 * The session's own calls (docs/platform.md, Sessions): the anti-forgery cookie, signing in and out
 * (outside /api, where the Laravel-style client expects them), who is signed in, the first-run
 * setup, a password reset by its emailed link (asked for by a forgotten password, or made by an administrator), and the database backup.
 */
import { z } from 'zod';
import { AREAS, ROLES, type PermissionMap } from '../permissions.ts';
import { actionMap, defineAction } from './define.ts';
import { CURRENT_USER_ROUTE, SETUP_STATUS_ROUTE } from './session-routes.ts';

const areaRight = z.object({ view: z.boolean(), edit: z.boolean() });
/** A right per area, each area a documented property (a record keyed by the areas documents its keys as required only). */
const permissionMap = z.object(Object.fromEntries(AREAS.map((area) => [area, areaRight]))) as unknown as z.ZodType<PermissionMap>;

/** The signed-in user as `GET /api/user` answers (api.ts `SessionUser`). */
export const sessionUserSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    permissions: permissionMap,
    must_enrol: z.boolean().optional().meta({ description: 'A second factor is required and missing: all else answers 403.' }),
  })
  .meta({ id: 'session_user', description: 'The signed-in user: who, their role, and their right on each area.' });

/** The public writes (a first admin, a reset link's token): limited per address like the approval link's. */
const SESSION_LIMIT = { max: 120, timeWindow: '1 minute' };

export const currentUser = defineAction({
  ...CURRENT_USER_ROUTE,
  name: 'session.user',
  summary: 'The signed-in user (401 for a guest; with `guest=null`, null instead).',
  query: z.object({ guest: z.literal('null').optional().meta({ description: 'Answers 200 null for a guest instead of 401.' }) }),
  answer: sessionUserSchema.nullable(),
  alsoRefuses: { 401: 'Not signed in (without `guest=null`).' },
  // No limit: it answers only the caller's own session, and every page load asks it.
  permission: 'public',
});

export const setupStatus = defineAction({
  ...SETUP_STATUS_ROUTE,
  name: 'session.setup_status',
  summary: 'Whether the first administrator still has to be created.',
  answer: z.object({ needed: z.boolean() }),
  permission: 'public',
});

const text = (description: string) => z.string({ error: 'Must be text.' }).optional().meta({ description });

export const setupFirstAdmin = defineAction({
  name: 'session.setup',
  summary: 'Creates the first administrator while there is no user (403 afterwards) and signs them in.',
  method: 'POST',
  path: '/api/setup',
  body: z.looseObject({
    name: text('Their name.'),
    email: text('Their email: the sign-in.'),
    password: text('At least 8 characters.'),
    password_confirmation: text('The password again.'),
  }),
  answer: z.object({ id: z.number().int() }),
  permission: 'public',
  alsoRefuses: { 403: 'The first administrator exists already.' },
  status: 201,
  rateLimit: SESSION_LIMIT,
});

export const resetPassword = defineAction({
  name: 'session.password_reset',
  summary: 'Sets a new password with the token of a reset link (an administrator makes the link); the link is then used up.',
  method: 'POST',
  path: '/api/password_reset',
  body: z.looseObject({
    token: text('The token of the reset link.'),
    password: text('At least 8 characters.'),
    password_confirmation: text('The password again.'),
  }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'public',
  rateLimit: SESSION_LIMIT,
});

/** What a forgot-password request answers, whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER = 'If this address has an account, a link to set a new password is on its way. Check your email.';

export const forgotPassword = defineAction({
  name: 'session.forgot_password',
  summary:
    'Emails a one-time link to set a new password to the account with this address, if there is one; answers the same either way. Limited per address and per client (429 with Retry-After).',
  method: 'POST',
  path: '/api/forgot_password',
  body: z.looseObject({ email: text('The email the user signs in with.') }),
  answer: z.object({ message: z.string() }),
  status: 201,
  permission: 'public',
  rateLimit: SESSION_LIMIT,
});

export const downloadBackup = defineAction({
  name: 'backup.download',
  summary: 'A backup of the whole database (gzip), for an administrator, or for `npm run db:backup` with the control token.',
  method: 'GET',
  path: '/api/backup',
  answer: z.string(),
  download: 'application/octet-stream',
  permission: { action: 'edit', area: 'settings' },
  controlToken: true,
});

export const csrfCookie = defineAction({
  name: 'session.csrf_cookie',
  summary: 'Sets the `XSRF-TOKEN` cookie (bound to the session) that every write sends back in `X-XSRF-TOKEN`.',
  method: 'GET',
  path: '/sanctum/csrf-cookie',
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'public',
});

export const login = defineAction({
  name: 'session.login',
  summary:
    'Signs in with email and password: a new session (its cookie) and a new anti-forgery cookie. Failed attempts per email and address are throttled (429 with Retry-After).',
  method: 'POST',
  path: '/login',
  body: z.looseObject({ email: text('The email the user signs in with.'), password: text('Their password.') }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'public',
  rateLimit: { max: 30, timeWindow: '1 minute' },
});

export const logout = defineAction({
  name: 'session.logout',
  summary: 'Signs out: the session ends and its cookies are cleared.',
  method: 'POST',
  path: '/logout',
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'public',
});

export const SESSION_ACTIONS = actionMap({
  'session.csrf_cookie': csrfCookie,
  'session.login': login,
  'session.logout': logout,
  'session.user': currentUser,
  'session.setup_status': setupStatus,
  'session.setup': setupFirstAdmin,
  'session.password_reset': resetPassword,
  'session.forgot_password': forgotPassword,
  'backup.download': downloadBackup,
});
