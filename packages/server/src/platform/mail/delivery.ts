/**
 * Delivering the outbox (outbox.ts) over SMTP, on any number of app servers sharing the database.
 *
 * A job kind of the runner (platform/jobs/job-runner.ts), claiming and settling the outbox's rows as
 * every queue does (platform/jobs/claims.ts): a claimed message is `sending`, sent with no
 * transaction open (a slow mail server holds no lock or connection), and its outcome recorded only
 * while the claim is still this server's. A claim older than `SENDING_TIMEOUT_MS` (the server died
 * while sending) is taken again, and the message goes out with the same Message-ID, so a receiver
 * sees the repeat for what it is. Each server looks every `pollMs` (retries falling due), and at
 * once when a server announces a message due (outbox.ts wakeDelivery, on the servers' shared channel).
 *
 * Outcomes: the server's acceptance → `sent` (its reply kept as `sent_reply`, the last error cleared); a 5xx reply → `failed` with the
 * reply; anything else (a 4xx reply, connection refused, a timeout) → `queued` again after a
 * backoff that doubles from a minute up to six hours, `failed` after MAX_ATTEMPTS.
 */
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/client.ts';
import { claimDue, retryLater, retryDelayMs, settleClaim, type WorkQueue } from '../jobs/claims.ts';
import type { JobKind } from '../jobs/job-runner.ts';
import { revealSecrets, type SealedSecrets } from './mail-secrets.ts';
import { announceMail, describeSmtp, outboxWake, senderOf, type MailOfRecord } from './outbox.ts';

export const SENDING_TIMEOUT_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;
const BATCH = 20;
export { retryDelayMs };

/** The job runner's name of mail delivery. */
export const MAIL_JOB = 'mail';

export interface ClaimedMail {
  id: number;
  message_id: string;
  to: string[];
  cc: string[];
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  secrets: SealedSecrets | null;
}

export interface MailSetup {
  smtpUrl: string;
  /** MAIL_FROM; unset: `glazier@` the message's domain. */
  from?: string;
  /** Opens the secrets a message carries (mail-secrets.ts). */
  secretKey?: Buffer;
}

/** Nodemailer's options from SMTP_URL: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when offered. */
export function transportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // Well inside SENDING_TIMEOUT_MS, so a claim is never taken over while its send still runs.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  };
}

export { describeSmtp };

/** A message's secret that this server cannot open: sealed under another session secret (a restore elsewhere, a changed SESSION_SECRET). */
class UnreadableSecret extends Error {
  constructor() {
    super('Its link cannot be restored: the server’s session secret is not the one it was written with. Send it again from its record.');
  }
}

/** A 5xx reply is final, as is a secret that cannot be opened; a 4xx reply, a refused or dropped connection or a timeout is worth another try. */
export function isPermanent(error: unknown): boolean {
  if (error instanceof UnreadableSecret) return true;
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** The mail server's own reply as it gave it ("550 5.1.1 No such mailbox"); else the error, with its code (ECONNREFUSED). */
const reasonOf = (error: unknown): string => {
  const e = error as { response?: unknown; message?: unknown; code?: unknown };
  if (typeof e.response === 'string' && e.response) return e.response.slice(0, 2000);
  const text = typeof e.message === 'string' ? e.message : String(error);
  return (typeof e.code === 'string' && !text.includes(e.code) ? `${e.code}: ${text}` : text).slice(0, 2000);
};

/** Delivery of the outbox, a kind of the job runner's. */
export function mailDelivery(db: Db, setup: MailSetup, opts: { pollMs?: number; sendingTimeoutMs?: number } = {}): JobKind {
  const transport = nodemailer.createTransport(transportOptions(setup.smtpUrl));
  const queue: WorkQueue = { table: 'mail_outbox', running: 'sending', claimTimeoutMs: opts.sendingTimeoutMs ?? SENDING_TIMEOUT_MS };

  const claim = (claimer: string) =>
    claimDue<ClaimedMail>(db, queue, { claimer, limit: BATCH, returning: 'id, message_id, "to", cc, reply_to, subject, html, text, attempts, secrets' });

  const send = async (m: ClaimedMail) => {
    const attachments = await db.query<{ filename: string; content_type: string; data: Buffer }>(
      'SELECT filename, content_type, data FROM mail_attachments WHERE mail_id = $1 ORDER BY id',
      [m.id],
    );
    const body = m.secrets ? revealSecrets(setup.secretKey, m.secrets, m) : m;
    if (!body) throw new UnreadableSecret();
    return transport.sendMail({
      from: senderOf(setup.from, m.message_id),
      to: m.to,
      cc: m.cc.length ? m.cc : undefined,
      replyTo: m.reply_to ?? undefined,
      subject: m.subject,
      html: body.html,
      text: body.text,
      messageId: m.message_id,
      attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.content_type, content: Buffer.from(a.data) })),
    });
  };

  // The outcome's live notice goes with it (the Outbox shows it without a reload).
  const settle = (claimer: string, id: number, sets: string, params: unknown[]) =>
    db.transaction(async (tx) => {
      const settled = await settleClaim<MailOfRecord>(tx, queue, { id, claimer, sets, params, returning: 'id, resource, record_id' });
      await announceMail(tx, settled, 'deliver');
    });

  const deliverOne = async (claimer: string, m: ClaimedMail) => {
    try {
      const info = await send(m);
      // the acceptance is no error; the sealed secrets have done their work
      await settle(claimer, m.id, `status = 'sent', sent_at = now(), sent_reply = $3, last_error = NULL, secrets = NULL`, [
        String(info.response ?? '').slice(0, 2000),
      ]);
      return true;
    } catch (e) {
      const reason = reasonOf(e);
      if (isPermanent(e) || m.attempts >= MAX_ATTEMPTS)
        await settle(claimer, m.id, `status = 'failed', last_error = $3`, [
          m.attempts >= MAX_ATTEMPTS && !isPermanent(e) ? `Gave up after ${m.attempts} attempts: ${reason}` : reason,
        ]);
      else await settle(claimer, m.id, retryLater(3), [reason, retryDelayMs(m.attempts)]);
      return false;
    }
  };

  return {
    name: MAIL_JOB,
    pollMs: opts.pollMs ?? 30_000,
    async runDue(claimer) {
      let sent = 0;
      for (;;) {
        const batch = await claim(claimer);
        for (const m of batch) if (await deliverOne(claimer, m)) sent++;
        if (batch.length < BATCH) return sent;
      }
    },
    wakeOn(wake) {
      outboxWake.on('enqueued', wake);
      return () => outboxWake.off('enqueued', wake);
    },
    close: () => transport.close(),
  };
}
