/** Who is asking, and on which database connection: passed to every engine and domain call. */
import { can, type Action, type Area } from '@glazier/shared/permissions';
import type { Access, WriteAccess } from '@glazier/shared/resources/define';
import type { SessionUser } from '@glazier/shared/api';
import type { Db } from '../db/client.ts';
import { forbidden, unauthenticated } from './errors.ts';

export interface BlobContent {
  sha256: string;
  mime: string;
  data: Buffer;
}

/** An upload (a multipart create's file: checked and ready to store; stored-files.ts makes it): its name and contents (a thumbnail for images). */
export interface PreparedUpload {
  name: string;
  main: BlobContent;
  thumb?: BlobContent;
}

/** What a request knows of mail (http/app.ts sets it from the configuration; platform/mail/outbox.ts uses it). */
export interface MailContext {
  /** SMTP_URL is set: a message is queued for delivery (else kept as `not_configured`). */
  configured: boolean;
  /** Where the links in a message point: PUBLIC_URL, or without a mail server the request's own address. */
  origin: string;
  /** The domain of the Message-IDs made here (MAIL_FROM's, else PUBLIC_URL's host). */
  messageIdDomain: string;
  /** Seals the secrets a message carries (platform/mail/mail-secrets.ts); none: a message may carry none. */
  secretKey?: Buffer;
  /** MAIL_FROM, PUBLIC_URL and the mail server (its address, never its credentials) as the server was started with: what Settings shows. */
  from?: string;
  publicUrl?: string;
  server?: string;
}

export interface Ctx {
  db: Db;
  user: SessionUser | null;
  /** The caller's session, when the call comes over HTTP (kept when they change their own password). */
  sessionId?: string;
  /** The file of this request's multipart create (files, images), checked and ready to store. */
  upload?: PreparedUpload;
  /** Who acts without a user account (the client by an approval link): the audit log and history name them. */
  actor?: string;
  /** Mail as configured, for a message enqueued by this call (platform/mail/outbox.ts); none: kept, not sent. */
  mail?: MailContext;
}

/** The name of who is acting: the actor without an account, else the user's. */
export const actorName = (ctx: Ctx): string | null => ctx.actor ?? ctx.user?.name ?? null;

export function requireUser(ctx: Ctx): SessionUser {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

export function allowed(ctx: Ctx, action: Action, access: WriteAccess): boolean {
  if (!ctx.user || access === 'nobody') return false;
  if (access === 'signed_in') return true;
  return can(ctx.user, action, access);
}

/** Throws 401 for a guest and 403 without the right. */
export function authorize(ctx: Ctx, action: Action, access: Access): SessionUser {
  const user = requireUser(ctx);
  if (!allowed(ctx, action, access)) throw forbidden();
  return user;
}

export function canEdit(ctx: Ctx, area: Area): boolean {
  return allowed(ctx, 'edit', area);
}
