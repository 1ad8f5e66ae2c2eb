/** Sign-in, first-run setup and password resets: the auth actions behind the session routes. */
import { verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@glazier/shared/api';
import type { Role } from '@glazier/shared/permissions';
import type { Db, Row } from '../db/client.ts';
import { password_resets, users } from '../db/schema.ts';
import type { Ctx } from '../engine/context.ts';
import type { StoredRow } from '../engine/server-resource.ts';
import { forbidden, invalid, notFound } from '../engine/errors.ts';
import { create, update } from '../engine/write.ts';
import { hashPassword } from './passwords.ts';
import { permissionsFor } from './role-permissions.ts';
import { destroyUserSessions } from './session-store.ts';
import { createElement } from 'react';
import { hiddenSecret } from './mail/mail-secrets.ts';
import { NO_MAIL, appLink, enqueueMail } from './mail/outbox.ts';
import { renderMail, shopName } from './mail/templates/render.ts';
import { PasswordReset } from './mail/templates/password-reset.tsx';
import { systemCtx } from './system-context.ts';
import { sessionUserCache } from './session-user-cache.ts';
import { newBearerToken, tokenHash } from './bearer-tokens.ts';
import { REQUIREMENT_SETTING, requirementApplies } from './security/factors.ts';

// A real hash to verify against when the email is unknown, so timing does not reveal accounts.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));

type StoredUser = StoredRow<'users'>;

async function asSessionUser(db: Db, u: Pick<StoredUser, 'id' | 'name' | 'email' | 'role'>): Promise<SessionUser> {
  const role = u.role as Role;
  return { id: u.id, name: u.name, email: u.email, role, permissions: await permissionsFor(db, role) };
}

export function sessionUserFor(db: Db, userId: number): Promise<SessionUser | null> {
  return sessionUserCache(db).get(userId, async () => {
    // urgent: read on the request's way in (client.ts)
    // With what the shop's requirement of a second factor needs (security/factors.ts), in the same statement.
    const [u] = await db.query<
      Pick<StoredUser, 'id' | 'name' | 'email' | 'role' | 'active' | 'deleted_at'> & { requirement: string | null; has_factor: boolean }
    >(
      `SELECT id, name, email, role, active, deleted_at,
              (SELECT value FROM settings WHERE name = '${REQUIREMENT_SETTING}' AND deleted_at IS NULL LIMIT 1) AS requirement,
              (EXISTS (SELECT 1 FROM user_totp t WHERE t.user_id = users.id AND t.confirmed_at IS NOT NULL)
                OR EXISTS (SELECT 1 FROM passkeys p WHERE p.user_id = users.id)) AS has_factor
         FROM users WHERE id = $1`,
      [userId],
      { urgent: true, prepare: true },
    );
    if (!u || !u.active || u.deleted_at) return null;
    const user = await asSessionUser(db, u);
    return requirementApplies(u.requirement, user.role) && !u.has_factor ? { ...user, must_enrol: true } : user;
  });
}

/** Checks credentials; answers the user id or throws 422 on `email` (docs/platform.md, Sessions). */
export async function authenticate(db: Db, input: { email?: unknown; password?: unknown }): Promise<number> {
  const errors: Record<string, string[]> = {};
  if (typeof input.email !== 'string' || !input.email.trim()) errors.email = ['The email field is required.'];
  if (typeof input.password !== 'string' || !input.password) errors.password = ['The password field is required.'];
  if (Object.keys(errors).length) throw invalid(errors);
  const email = (input.email as string).trim().toLowerCase().slice(0, 255);
  const password = (input.password as string).slice(0, 200);
  const [u] = (await db.orm
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email} AND ${users.deleted_at} IS NULL`)
    .limit(1)) as StoredUser[];
  const ok = await verify(u?.password_hash ?? (await getDummyHash()), password).catch(() => false);
  if (!u || !ok) throw invalid({ email: ['These credentials do not match our records.'] });
  if (!u.active) throw invalid({ email: ['This account is inactive. Ask an administrator to activate it.'] });
  return u.id;
}

export async function setupNeeded(db: Db): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  return (row?.n ?? 0) === 0;
}

/** Creates the first admin while no user exists (403 afterwards). */
export async function setupFirstAdmin(db: Db, body: Row): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(727001)', [], { deferred: true });
    if (!(await setupNeeded(tx))) throw forbidden('Glazier is already set up. Sign in instead.');
    // The first admin is created through the engine with a synthetic admin context, so the same
    // validation, hashing and audit apply as for any other user.
    const bootstrap = await systemCtx(tx, 'setup');
    const record = await create(bootstrap, 'users', { ...body, role: 'admin', active: true });
    return record.id;
  });
}

const RESET_TTL_MS = 24 * 3600 * 1000;

/** An admin issues a one-time reset link for a user (our own flow instead of an external page). */
export async function issuePasswordResetLink(ctx: Ctx, userId: number): Promise<{ url: string; expires_at: string }> {
  const [u] = (await ctx.db.orm.select({ id: users.id }).from(users).where(eq(users.id, userId))) as { id: number }[];
  if (!u) throw notFound('User');
  const { token, hash } = newBearerToken();
  const expires = new Date(Date.now() + RESET_TTL_MS).toISOString();
  await ctx.db.orm.insert(password_resets).values({ token_hash: hash, user_id: userId, expires_at: expires });
  return { url: `/reset-password?token=${token}`, expires_at: expires };
}

/** How long an emailed reset link works: shorter than an admin's, since it travels by email. */
export const EMAILED_RESET_HOURS = 2;

/**
 * A forgotten password: when the address belongs to an active account, a one-time link goes to it
 * by email (the outbox, in the transaction that stores the link). The caller answers the same
 * whether or not it did.
 */
export async function emailPasswordResetLink(ctx: Ctx, rawEmail: unknown): Promise<void> {
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase().slice(0, 255) : '';
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw invalid({ email: ['Enter the email address you sign in with.'] });
  await ctx.db.transaction(async (db) => {
    const [u] = (await db.orm
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email} AND ${users.deleted_at} IS NULL AND ${users.active}`)
      .limit(1)) as StoredUser[];
    if (!u) return;
    const { token, hash } = newBearerToken();
    const expires = new Date(Date.now() + EMAILED_RESET_HOURS * 3600_000).toISOString();
    await db.orm.insert(password_resets).values({ token_hash: hash, user_id: u.id, expires_at: expires });
    const shop = await shopName(db);
    // the token reaches only the message as it is sent: the outbox keeps it sealed (mail-secrets.ts)
    const hidden = hiddenSecret(token);
    const url = appLink(ctx.mail ?? NO_MAIL, `/reset-password?token=${hidden.marker}`);
    const body = await renderMail(createElement(PasswordReset, { shop, name: u.name, url, hours: EMAILED_RESET_HOURS }));
    await enqueueMail(
      { ...ctx, db, user: null },
      {
        kind: 'password_reset',
        to: [u.email],
        subject: `Set a new password for ${shop}`,
        ...body,
        secrets: [hidden],
        record: { resource: 'users', id: u.id },
      },
    );
  });
}

/** A used, expired or unknown link: a new one is a "Forgot password?" away (an administrator can still make one). */
const EXPIRED_RESET_LINK = 'This reset link was used already or has expired. Get a new one with "Forgot password?" when you log in.';

/** `mail`: the request's, so the message that the password changed goes out as configured. */
export async function resetPassword(db: Db, body: Row, mail?: Ctx['mail']): Promise<void> {
  const token = typeof body.token === 'string' ? body.token.slice(0, 200) : '';
  await db.transaction(async (tx) => {
    const [reset] = await tx.orm
      .select()
      .from(password_resets)
      .where(sql`${password_resets.token_hash} = ${tokenHash(token)} AND ${password_resets.expires_at} > now()`);
    if (!reset) throw invalid({ token: [EXPIRED_RESET_LINK] });
    const userId = reset.user_id;
    const [u] = (await tx.orm.select().from(users).where(eq(users.id, userId))) as StoredUser[];
    if (!u) throw invalid({ token: [EXPIRED_RESET_LINK] });
    // The user changes their own password (the token stands in for signing in).
    const self: Ctx = { db: tx, user: await asSessionUser(tx, u), mail };
    if (!body.password) throw invalid({ password: ['The password field is required.'] });
    await update(self, 'users', userId, { password: body.password, password_confirmation: body.password_confirmation });
    await tx.orm.delete(password_resets).where(eq(password_resets.user_id, userId));
    await destroyUserSessions(tx, userId);
  });
}
