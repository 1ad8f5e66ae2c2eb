/**
 * Delivering the outbox (outbox.ts) over SMTP, on any number of app servers sharing the database.
 *
 * A server claims due messages in one short statement (`FOR UPDATE SKIP LOCKED`: two servers never
 * claim the same row, and neither waits on the other), marking them `sending` with its name and the
 * time, then sends each with no transaction open (a slow mail server holds no lock or connection),
 * then records the outcome, only if the claim is still its own. A claim older than
 * `SENDING_TIMEOUT_MS` (the server died while sending) is taken again, and the message goes out
 * with the same Message-ID, so a receiver sees the repeat for what it is.
 *
 * This is scheduled work of its own rather than a task of platform/scheduled.ts: those run in a
 * transaction that holds the task's lock for the whole run, which SMTP round trips must not; the
 * row claims make it safe everywhere instead. Each server checks every `pollMs` (retries falling
 * due), and at once after a commit that enqueued mail (outboxWake).
 *
 * Outcomes: the server's acceptance → `sent` (its reply kept as `sent_reply`, the last error cleared); a 5xx reply → `failed` with the
 * reply; anything else (a 4xx reply, connection refused, a timeout) → `queued` again after a
 * backoff that doubles from a minute up to six hours, `failed` after MAX_ATTEMPTS.
 */
import os from 'node:os';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/client.ts';
import { revealSecrets, type SealedSecrets } from './mail-secrets.ts';
import { announceMail, outboxWake, type MailOfRecord } from './outbox.ts';

export const SENDING_TIMEOUT_MS = 5 * 60_000;
export const MAX_ATTEMPTS = 10;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 6 * 3600_000;
const BATCH = 20;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export const retryDelayMs = (attempts: number): number => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

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

/** Who claims: host, process and a per-deliverer number (two apps in one process are two claimers). */
let deliverers = 0;
const claimerName = () => `${os.hostname()}:${process.pid}:${++deliverers}`;

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

/** The mail server as Settings shows it: host and port, never the credentials. */
export function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
}

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

export interface Deliverer {
  /** Claims and sends what is due now (again while more is due); answers how many were sent. */
  deliverDue(): Promise<number>;
  /** Starts checking every `pollMs` and on every wake; stop() ends it (a run in progress finishes). */
  start(log: { warn(obj: object, msg: string): void }): void;
  stop(): Promise<void>;
  readonly claimer: string;
}

export function createDeliverer(db: Db, setup: MailSetup, opts: { pollMs?: number; sendingTimeoutMs?: number } = {}): Deliverer {
  const claimer = claimerName();
  const transport = nodemailer.createTransport(transportOptions(setup.smtpUrl));
  const sendingTimeoutMs = opts.sendingTimeoutMs ?? SENDING_TIMEOUT_MS;
  let running: Promise<number> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const claim = () =>
    db.query<ClaimedMail>(
      `UPDATE mail_outbox SET status = 'sending', claimed_by = $1, claimed_at = now(), attempts = attempts + 1, updated_at = now()
        WHERE id IN (SELECT id FROM mail_outbox
                      WHERE (status = 'queued' AND next_attempt_at <= now())
                         OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $2::double precision / 1000))
                      ORDER BY next_attempt_at, id LIMIT $3
                      FOR UPDATE SKIP LOCKED)
        RETURNING id, message_id, "to", cc, reply_to, subject, html, text, attempts, secrets`,
      [claimer, sendingTimeoutMs, BATCH],
    );

  const send = async (m: ClaimedMail) => {
    const attachments = await db.query<{ filename: string; content_type: string; data: Buffer }>(
      'SELECT filename, content_type, data FROM mail_attachments WHERE mail_id = $1 ORDER BY id',
      [m.id],
    );
    const domain = m.message_id.replace(/^<[^@]*@|>$/g, '');
    const body = m.secrets ? revealSecrets(setup.secretKey, m.secrets, m) : m;
    if (!body) throw new UnreadableSecret();
    return transport.sendMail({
      from: setup.from ?? `glazier@${domain}`,
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

  // Each outcome is written only while the claim is still ours: a claim taken over after the
  // timeout belongs to the other server now.
  // The outcome's live notice goes with it (the Outbox shows it without a reload).
  const settle = (id: number, sets: string, params: unknown[]) =>
    db.transaction(async (tx) => {
      const settled = await tx.query<MailOfRecord>(
        `UPDATE mail_outbox SET ${sets}, claimed_by = NULL, claimed_at = NULL, updated_at = now() WHERE id = $1 AND claimed_by = $2 AND status = 'sending'
          RETURNING id, resource, record_id`,
        [id, claimer, ...params],
      );
      await announceMail(tx, settled, 'deliver');
    });

  const deliverOne = async (m: ClaimedMail) => {
    try {
      const info = await send(m);
      // the acceptance is no error; the sealed secrets have done their work
      await settle(m.id, `status = 'sent', sent_at = now(), sent_reply = $3, last_error = NULL, secrets = NULL`, [String(info.response ?? '').slice(0, 2000)]);
      return true;
    } catch (e) {
      const reason = reasonOf(e);
      if (isPermanent(e) || m.attempts >= MAX_ATTEMPTS)
        await settle(m.id, `status = 'failed', last_error = $3`, [
          m.attempts >= MAX_ATTEMPTS && !isPermanent(e) ? `Gave up after ${m.attempts} attempts: ${reason}` : reason,
        ]);
      else
        await settle(m.id, `status = 'queued', last_error = $3, next_attempt_at = now() + make_interval(secs => $4::double precision / 1000)`, [
          reason,
          retryDelayMs(m.attempts),
        ]);
      return false;
    }
  };

  const runOnce = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const batch = await claim();
      for (const m of batch) if (await deliverOne(m)) sent++;
      if (batch.length < BATCH) return sent;
    }
  };

  // One run at a time per deliverer; a wake during a run makes it look once more at the end.
  const deliverDue = async (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await runOnce();
      } while (again && !stopped);
      return total;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  let onWake: (() => void) | undefined;
  return {
    claimer,
    deliverDue,
    start(log) {
      const tick = () => void deliverDue().catch((e: unknown) => log.warn({ err: e }, 'mail delivery failed; the messages stay queued and are tried again'));
      onWake = tick;
      outboxWake.on('enqueued', tick);
      timer = setInterval(tick, opts.pollMs ?? 30_000);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      if (onWake) outboxWake.off('enqueued', onWake);
      await running?.catch(() => undefined);
      transport.close();
    },
  };
}
