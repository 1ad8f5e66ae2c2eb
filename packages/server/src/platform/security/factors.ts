/**
 * Second factors (docs/platform.md, Sessions and second factors): an authenticator app (TOTP, RFC
 * 6238, by otplib) confirmed by a first code, whose codes are taken once each (the last accepted
 * time step is kept, and a code of that step or before is refused), and ten one-time recovery
 * codes kept as their sha-256. The shop's requirement, the security events of a person's history,
 * and the messages that tell them of a change are here too.
 */
import crypto from 'node:crypto';
import { createElement } from 'react';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Role } from '@glazier/shared/permissions';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, invalid } from '../../engine/errors.ts';
import { tokenHash } from '../bearer-tokens.ts';
import { openSecret, sealSecret } from '../mail/mail-secrets.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail, shopName } from '../mail/templates/render.ts';
import { SecurityNotice } from '../mail/templates/security-notice.tsx';
import { forgetSessionUser } from '../session-user-cache.ts';

/** The setting that holds the shop's requirement: none, admins or everyone (shared/actions/security.ts). */
export const REQUIREMENT_SETTING = 'require_second_factor';

/** Whether the shop's requirement (the setting's value) asks a second factor of this role. */
export function requirementApplies(value: string | null | undefined, role: Role): boolean {
  return value === 'everyone' || (value === 'admins' && role === 'admin');
}

/** The key that seals authenticator keys, from the session secret (outside the database, like the outbox's). */
export const factorKey = (sessionSecret: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', sessionSecret, Buffer.alloc(0), 'glazier second factors', 32));

// --- security events -------------------------------------------------------------------------

export type SecurityAction =
  | 'signed_in'
  | 'session_ended'
  | 'other_sessions_ended'
  | 'totp_enabled'
  | 'totp_removed'
  | 'recovery_codes_made'
  | 'recovery_code_used'
  | 'code_refused'
  | 'passkey_added'
  | 'passkey_removed'
  | 'factors_reset';

/** The actions the admin's view of security events lists (with a password's change, the users' own `update`s are not). */
export const SECURITY_EVENT_ACTIONS: readonly SecurityAction[] = [
  'signed_in',
  'session_ended',
  'other_sessions_ended',
  'totp_enabled',
  'totp_removed',
  'recovery_codes_made',
  'recovery_code_used',
  'code_refused',
  'passkey_added',
  'passkey_removed',
  'factors_reset',
];

/**
 * An event in the person's history (the audit log, as a row of their user record) and the
 * admin's view of security events. Written by hand rather than by the engine's audit: no field of
 * the user changes, and no live notice should tell the screens the record changed.
 */
export async function recordSecurityEvent(db: Db, e: { userId: number; by: number | null; action: SecurityAction; detail?: string }): Promise<void> {
  await db.query('INSERT INTO audit_log (user_id, resource, record_id, action, after) VALUES ($1, $2, $3, $4, $5::jsonb)', [
    e.by,
    'users',
    e.userId,
    e.action,
    JSON.stringify({ detail: e.detail ?? null }),
  ]);
}

/** Tells a person of a change at the door of their account, through the outbox (in `ctx.db`'s transaction). */
export async function mailSecurityNotice(
  ctx: Pick<Ctx, 'db' | 'mail'>,
  person: { id: number; name: string; email: string },
  subject: string,
  what: string,
  details: string[],
): Promise<void> {
  const shop = await shopName(ctx.db);
  const body = await renderMail(createElement(SecurityNotice, { shop, name: person.name, what, details }));
  await enqueueMail(
    { db: ctx.db, mail: ctx.mail, user: null },
    { kind: 'security_notice', to: [person.email], subject: `${shop}: ${subject}`, ...body, record: { resource: 'users', id: person.id } },
  );
}

export async function personOf(db: Db, userId: number): Promise<{ id: number; name: string; email: string }> {
  const [u] = await db.query<{ id: number; name: string; email: string }>('SELECT id, name, email FROM users WHERE id = $1', [userId]);
  if (!u) throw new ApiError(404, 'User not found.');
  return u;
}

// --- the authenticator app ---------------------------------------------------------------------

const conflictOf = (message: string) => new ApiError(409, message);
const WRONG_CODE = 'That code is not right. Enter the 6 digits your authenticator app shows now.';

interface TotpRow {
  secret_sealed: string;
  confirmed_at: string | null;
  last_step: number | null;
}

const totpOf = async (db: Db, userId: number): Promise<TotpRow | undefined> =>
  (await db.query<TotpRow>('SELECT secret_sealed, confirmed_at, last_step FROM user_totp WHERE user_id = $1', [userId]))[0];

/** A new key for the person's authenticator (replacing one not yet confirmed). */
export async function startTotp(db: Db, key: Buffer, person: { id: number; email: string }): Promise<{ key: string; uri: string }> {
  const existing = await totpOf(db, person.id);
  if (existing?.confirmed_at) throw conflictOf('An authenticator app is already set up. Remove it first to set up another.');
  const secret = generateSecret();
  await db.query(
    `INSERT INTO user_totp (user_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, confirmed_at = NULL, last_step = NULL, created_at = now()`,
    [person.id, sealSecret(key, secret)],
  );
  return { key: secret, uri: generateURI({ issuer: await shopName(db), label: person.email, secret }) };
}

/**
 * Checks a code of the person's authenticator and takes it: accepted once, within a step either
 * side of now (a clock a little off), and never a code of the step last taken or an earlier one.
 * `confirmed` false checks the key still being set up.
 */
async function takeTotpCode(db: Db, key: Buffer, userId: number, code: string, confirmed: boolean): Promise<boolean> {
  const row = await totpOf(db, userId);
  if (!row || Boolean(row.confirmed_at) !== confirmed) return false;
  const secret = openSecret(key, row.secret_sealed);
  const token = code.replace(/\s+/g, '');
  if (!secret || !/^\d{6}$/.test(token)) return false;
  const result = await verify({ secret, token, epochTolerance: 30, ...(row.last_step != null && { afterTimeStep: row.last_step }) });
  if (!result.valid || !('timeStep' in result)) return false;
  // Taken once even by two requests at the same moment: only one of them moves the step on.
  const taken = await db.query<{ user_id: number }>(
    `UPDATE user_totp SET last_step = $2, confirmed_at = COALESCE(confirmed_at, now())
      WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING user_id`,
    [userId, result.timeStep],
  );
  return taken.length === 1;
}

/** Confirms the key being set up with its first code; answers the ten recovery codes. */
export async function confirmTotp(
  ctx: Pick<Ctx, 'db' | 'mail'>,
  key: Buffer,
  person: { id: number; name: string; email: string },
  code: string,
): Promise<string[]> {
  return ctx.db.transaction(async (db) => {
    const row = await totpOf(db, person.id);
    if (!row || row.confirmed_at) throw conflictOf('No authenticator app is being set up: start again.');
    if (!(await takeTotpCode(db, key, person.id, code, false))) throw invalid({ code: [WRONG_CODE] });
    const codes = await replaceRecoveryCodes(db, person.id);
    await recordSecurityEvent(db, { userId: person.id, by: person.id, action: 'totp_enabled' });
    await mailSecurityNotice(
      { ...ctx, db },
      person,
      'a second step was added to your sign-in',
      'An authenticator app now gives the second step of your sign-in.',
      [],
    );
    await forgetSessionUser(db, person.id);
    return codes;
  });
}

export async function removeTotp(db: Db, userId: number, by: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM user_totp WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    await recordSecurityEvent(tx, { userId, by, action: 'totp_removed' });
    await forgetSessionUser(tx, userId);
  });
}

export async function hasTotp(db: Db, userId: number): Promise<boolean> {
  return Boolean((await totpOf(db, userId))?.confirmed_at);
}

// --- recovery codes ----------------------------------------------------------------------------

/** Letters and digits that read apart (no 0/o, 1/l/i). */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODES = 10;

const newRecoveryCode = (): string => {
  const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[crypto.randomInt(CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
};

/** The form a typed code is compared in: no case, spaces or hyphens. */
const normalCode = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');

/** Ten new codes instead of the old ones; answers them (shown once: only their hashes are kept). */
export async function replaceRecoveryCodes(db: Db, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    `{${codes.map((c) => tokenHash(normalCode(c))).join(',')}}`,
  ]);
  return codes;
}

/** Takes one recovery code: true once for each. */
async function takeRecoveryCode(db: Db, userId: number, code: string): Promise<boolean> {
  const used = await db.query<{ id: number }>(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
    [userId, tokenHash(normalCode(code))],
  );
  return used.length === 1;
}

export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return row?.n ?? 0;
}

/**
 * The sign-in's second step: a code of the authenticator or, failing that, a recovery code.
 * Answers how it was met, or null for a wrong, used or replayed code.
 */
export async function checkSecondStep(db: Db, key: Buffer, userId: number, code: string): Promise<'totp' | 'recovery_code' | null> {
  if (/^\s*\d{6}\s*$/.test(code)) return (await takeTotpCode(db, key, userId, code, true)) ? 'totp' : null;
  if (normalCode(code).length !== 10) return null;
  if (!(await takeRecoveryCode(db, userId, code))) return null;
  await recordSecurityEvent(db, { userId, by: userId, action: 'recovery_code_used', detail: `${await recoveryCodesLeft(db, userId)} left` });
  return 'recovery_code';
}
