/**
 * The mail outbox (docs/platform.md, Mail): a message is written to `mail_outbox` in the same
 * transaction as the change that causes it, so a change that rolls back sends nothing and a
 * committed one is sent even when the server dies right after the commit (delivery.ts picks it
 * up). Areas call `enqueueMail` with the transaction's context:
 *
 *   await ctx.db.transaction(async (db) => {
 *     const tx = { ...ctx, db };
 *     …the change…
 *     const body = await renderMail(<EstimateToClient … />);
 *     await enqueueMail(tx, { kind: 'estimate_to_client', to, cc, subject, ...body,
 *       record: { resource: 'estimates', id }, attachments: [{ filename, contentType: 'application/pdf', content }] });
 *   });
 *
 * Without a mail server (SMTP_URL unset) the message is kept as `not_configured`: an admin sees it
 * in the Outbox as it would be sent, and nothing pretends it went out.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import { MAIL_LIVE_TOPIC } from '@glazier/shared/actions/mail-status';
import type { Db } from '../../db/client.ts';
import type { Ctx, MailContext } from '../../engine/context.ts';
import type { MailedResource } from '@glazier/shared/actions/mail';
import { announce, announceRecords } from '../../db/change-notices.ts';
import { sealSecret, type HiddenSecret, type SealedSecrets } from './mail-secrets.ts';

export type { MailContext };

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'not_configured'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  /** What the message is (`test`, `password_reset`, `estimate_decision`, …): the Outbox shows it. */
  kind: string;
  to: string[];
  cc?: string[];
  replyTo?: string;
  subject: string;
  /** The message as renderMail (templates/render.ts) makes it: HTML and its plain-text part. */
  html: string;
  text: string;
  /**
   * The secrets (a link's token) the body carries as their markers (mail-secrets.ts): kept sealed
   * beside it and put in only as the message goes to the mail server.
   */
  secrets?: HiddenSecret[];
  /** The record the message belongs to: its page lists the message and its status. */
  record?: { resource: MailedResource; id: number };
  attachments?: MailAttachment[];
}

export interface EnqueuedMail {
  id: number;
  message_id: string;
  status: MailStatus;
}

/** Wakes this process's mail delivery (delivery.ts): fed by the change listener when a server announces a message due (wakeDelivery). */
export const outboxWake = new EventEmitter();
outboxWake.setMaxListeners(0);

/**
 * Wakes the mail delivery of every app server once `db`'s transaction commits (a message is due
 * now), on the channel the servers share (db/change-notices.ts): whichever claims it first
 * sends it, without waiting for its next poll.
 */
export const wakeDelivery = (db: Db): Promise<void> => announce(db, { kind: 'mail-due' });

/** A message and the record it belongs to, for its live notice. */
export interface MailOfRecord {
  id: number;
  resource: string | null;
  record_id: number | null;
}

/**
 * Tells the live streams (platform/live/) that these messages changed (written, queued again,
 * sent, refused), when `db`'s transaction commits: the Outbox and the record's messages refetch.
 * Who hears of it: live-hub.ts `mayHear` (the Outbox's administrators, and readers of the record).
 */
export function announceMail(db: Db, messages: readonly MailOfRecord[], action: string): Promise<void> {
  const at = new Date().toISOString();
  return announceRecords(
    db,
    messages.map((m) => ({
      resource: MAIL_LIVE_TOPIC,
      id: m.id,
      version: null,
      action,
      by: null,
      at,
      rows: [{ resource: m.resource, record_id: m.record_id }],
    })),
  );
}

/** A context without mail configured (the command line, scheduled work): messages are kept, not sent. */
export const NO_MAIL: MailContext = { configured: false, origin: 'http://localhost', messageIdDomain: 'glazier.invalid' };

/** An absolute link into the app: `path` (`/reset-password?token=…`) on the context's origin. */
export const appLink = (mail: MailContext, path: string): string => `${mail.origin}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * Writes `message` to the outbox in `ctx.db`'s transaction (call it inside the transaction of the
 * change). Answers its id and stable Message-ID; delivery starts once the transaction commits.
 */
export async function enqueueMail(ctx: Pick<Ctx, 'db' | 'user' | 'mail'>, message: OutgoingMail): Promise<EnqueuedMail> {
  const mail = ctx.mail ?? NO_MAIL;
  const to = cleanAddresses(message.to);
  if (!to.length) throw new Error('A message needs at least one recipient.');
  const status: MailStatus = mail.configured ? 'queued' : 'not_configured';
  const messageId = `<${crypto.randomUUID()}@${mail.messageIdDomain}>`;
  const secrets = sealedSecrets(mail, message);
  return ctx.db.transaction(async (db) => {
    const [row] = await db.query<MailOfRecord>(
      `INSERT INTO mail_outbox (message_id, kind, "to", cc, reply_to, subject, html, text, resource, record_id, status, created_by, secrets)
       VALUES ($1, $2, $3::jsonb, $4::jsonb, $5, $6, $7, $8, $9, $10, $11, $12, $13::jsonb) RETURNING id, resource, record_id`,
      [
        messageId,
        message.kind,
        JSON.stringify(to),
        JSON.stringify(cleanAddresses(message.cc ?? [])),
        message.replyTo ?? null,
        message.subject,
        message.html,
        message.text,
        message.record?.resource ?? null,
        message.record?.id ?? null,
        status,
        ctx.user?.id ?? null,
        secrets && JSON.stringify(secrets),
      ],
    );
    for (const a of message.attachments ?? [])
      await db.query('INSERT INTO mail_attachments (mail_id, filename, content_type, data) VALUES ($1, $2, $3, $4)', [
        row!.id,
        a.filename,
        a.contentType,
        a.content,
      ]);
    await announceMail(db, [row!], 'create');
    if (status === 'queued') await wakeDelivery(db);
    return { id: row!.id, message_id: messageId, status };
  });
}

/** The message's secrets sealed, after checking the body holds each one's marker and never the secret itself. */
function sealedSecrets(mail: MailContext, message: OutgoingMail): SealedSecrets | null {
  if (!message.secrets?.length) return null;
  const key = mail.secretKey;
  if (!key) throw new Error('A message with a secret needs the mail context of a server (its secret key).');
  const sealed: SealedSecrets = {};
  for (const { marker, value } of message.secrets) {
    const parts = [message.subject, message.html, message.text];
    if (parts.some((p) => p.includes(value))) throw new Error(`The message "${message.kind}" holds its secret in its body: use its marker.`);
    if (!parts.some((p) => p.includes(marker))) throw new Error(`The message "${message.kind}" does not use the marker of its secret.`);
    sealed[marker] = sealSecret(key, value);
  }
  return sealed;
}

const cleanAddresses = (list: string[]) => [...new Set(list.map((a) => a.trim()).filter(Boolean))];

/** The mail part of a request's context, from the configuration and the request's own address. */
export function mailContext(setup: { smtpUrl?: string; mailFrom?: string; publicUrl?: string; secretKey?: Buffer }, requestOrigin: string): MailContext {
  const origin = setup.publicUrl ?? requestOrigin;
  const fromDomain = setup.mailFrom?.match(/@([^>\s]+)>?\s*$/)?.[1];
  let host = 'glazier.invalid';
  try {
    host = new URL(origin).hostname || host;
  } catch {
    // an unusual Host header: the fallback domain will do for an id
  }
  return {
    configured: Boolean(setup.smtpUrl),
    origin,
    messageIdDomain: fromDomain ?? host,
    secretKey: setup.secretKey,
    from: setup.mailFrom,
    publicUrl: setup.publicUrl,
    server: setup.smtpUrl ? describeSmtp(setup.smtpUrl) : undefined,
  };
}

/** Who a message is from: MAIL_FROM, else glazier@ its Message-ID's domain (what delivery sends, and the Outbox shows). */
export const senderOf = (mailFrom: string | undefined, messageId: string): string => mailFrom ?? `glazier@${messageId.replace(/^<[^@]*@|>$/g, '')}`;

/** The mail server as Settings shows it: host and port, never the credentials. */
export function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
}
