/** The mail actions (shared/actions/mail.ts): the setup's status, a test message, the Outbox, Retry, Send now, a record's messages. */
import { createElement } from 'react';
import type { MAIL_ACTIONS, MailMessage } from '@glazier/shared/actions/mail';
import type { MailStatus } from '@glazier/shared/actions/mail-status';
import { isResourceName } from '@glazier/shared/resources/registry';
import type { Db } from '../../db/client.ts';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError, notFound } from '../../engine/errors.ts';
import { getRow } from '../../engine/read.ts';
import { refLabels } from '../../engine/ref-labels.ts';
import { resource } from '../../engine/resources.ts';
import type { ServerResource } from '../../engine/server-resource.ts';
import { NO_MAIL, announceMail, enqueueMail, senderOf, wakeDelivery, type MailOfRecord } from './outbox.ts';
import { renderMail, shopName } from './templates/render.ts';
import { TestEmail } from './templates/test-email.tsx';

/** The configuration the mail actions report (http/app.ts's `mail` option). */
export interface MailSettings {
  smtpUrl?: string;
  mailFrom?: string;
  publicUrl?: string;
}

interface MailRow {
  id: number;
  message_id: string;
  kind: string;
  to: string[];
  cc: string[];
  reply_to: string | null;
  subject: string;
  resource: string | null;
  record_id: number | null;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  sent_reply: string | null;
  next_attempt_at: string | Date | null;
  sent_at: string | Date | null;
  created_at: string | Date;
  created_by_name: string | null;
}

const iso = (v: string | Date | null): string | null => (v == null ? null : new Date(v).toISOString());
const COLUMNS = `m.id, m.message_id, m.kind, m."to", m.cc, m.reply_to, m.subject, m.resource, m.record_id, m.status, m.attempts, m.last_error,
  m.sent_reply, m.next_attempt_at, m.sent_at, m.created_at, u.name AS created_by_name`;

/**
 * The messages as the actions answer them, each with its record's name as everywhere else (its
 * resource's naming: "PO 1021", an estimate's name), read in one statement for them all; none for
 * a record the caller may not read.
 */
async function present(ctx: Ctx, rows: MailRow[]): Promise<MailMessage[]> {
  const wanted = new Map<ServerResource, Set<number>>();
  for (const row of rows) {
    if (row.record_id == null || !row.resource || !isResourceName(row.resource)) continue;
    const target = resource(row.resource);
    wanted.set(target, (wanted.get(target) ?? new Set()).add(row.record_id));
  }
  const labels = await refLabels(ctx, wanted);
  return rows.map((row) =>
    presentOne(row, row.resource && isResourceName(row.resource) && row.record_id != null ? labels.get(`${row.resource}:${row.record_id}`) : undefined),
  );
}

function presentOne(row: MailRow, recordLabel: string | undefined): MailMessage {
  return {
    id: row.id,
    message_id: row.message_id,
    kind: row.kind,
    to: row.to,
    cc: row.cc,
    subject: row.subject,
    resource: row.resource,
    record_id: row.record_id,
    record_label: recordLabel ?? null,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    sent_reply: row.sent_reply,
    next_attempt_at: row.status === 'queued' ? iso(row.next_attempt_at) : null,
    sent_at: iso(row.sent_at),
    created_at: iso(row.created_at)!,
    created_by_name: row.created_by_name,
  };
}

async function mailRow(db: Db, id: number): Promise<MailRow> {
  const [row] = await db.query<MailRow>(`SELECT ${COLUMNS} FROM mail_outbox m LEFT JOIN users u ON u.id = m.created_by WHERE m.id = $1`, [id]);
  if (!row) throw notFound('Message');
  return row;
}

/** One message of the outbox as the mail actions answer it (an area's send answers the message it wrote). */
export async function readMailMessage(ctx: Ctx, id: number): Promise<MailMessage> {
  return (await present(ctx, [await mailRow(ctx.db, id)]))[0]!;
}

/** Why Send now refuses a message that is not waiting for its next try. */
const NOT_WAITING: Record<Exclude<MailStatus, 'queued'>, string> = {
  sending: 'This message is being sent now.',
  sent: 'This message was sent already.',
  failed: 'This message failed: Retry sends it again.',
  not_configured: 'No mail server was configured when this message was written: Retry sends it.',
};

export const mailHandlers: ActionHandlers<typeof MAIL_ACTIONS> = {
  'mail.status': async ({ ctx }) => {
    const mail = ctx.mail ?? NO_MAIL;
    return { data: { configured: mail.configured, from: mail.from ?? null, server: mail.server ?? null, public_url: mail.publicUrl ?? null } };
  },
  'mail.send_test': async ({ ctx, input }) => {
    const user = ctx.user!;
    const made = await ctx.db.transaction(async (db) => {
      const shop = await shopName(db);
      const body = await renderMail(createElement(TestEmail, { shop, sentBy: user.name }));
      return enqueueMail({ ...ctx, db }, { kind: 'test', to: [input.to ?? user.email], subject: `Test message from ${shop}`, ...body });
    });
    return { data: await readMailMessage(ctx, made.id) };
  },
  'mail.outbox': async ({ ctx, input }) => {
    const perPage = input.per_page ?? 50;
    const page = input.page ?? 1;
    const where = input.status ? 'WHERE m.status = $3' : '';
    const params: unknown[] = [perPage, (page - 1) * perPage, ...(input.status ? [input.status] : [])];
    const rows = await ctx.db.query<MailRow>(
      `SELECT ${COLUMNS} FROM mail_outbox m LEFT JOIN users u ON u.id = m.created_by ${where} ORDER BY m.created_at DESC, m.id DESC LIMIT $1 OFFSET $2`,
      params,
    );
    const [count] = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox m ${input.status ? 'WHERE m.status = $1' : ''}`,
      input.status ? [input.status] : [],
    );
    return { data: await present(ctx, rows), total: count?.n ?? 0, page, per_page: perPage };
  },
  'mail.show': async ({ ctx, params }) => {
    const row = await mailRow(ctx.db, params.id);
    const [body] = await ctx.db.query<{ html: string; text: string }>('SELECT html, text FROM mail_outbox WHERE id = $1', [params.id]);
    const attachments = await ctx.db.query<{ filename: string; content_type: string; size: number }>(
      'SELECT filename, content_type, octet_length(data)::int AS size FROM mail_attachments WHERE mail_id = $1 ORDER BY id',
      [params.id],
    );
    return {
      data: {
        ...(await present(ctx, [row]))[0]!,
        from: senderOf(ctx.mail?.from, row.message_id),
        reply_to: row.reply_to,
        html: body!.html,
        text: body!.text,
        attachments,
      },
    };
  },
  'mail.retry': async ({ ctx, params }) => {
    const configured = (ctx.mail ?? NO_MAIL).configured;
    const next: MailStatus = configured ? 'queued' : 'not_configured';
    const updated = await ctx.db.transaction(async (db) => {
      const [row] = await db.query<MailOfRecord & { status: MailStatus }>('SELECT id, resource, record_id, status FROM mail_outbox WHERE id = $1 FOR UPDATE', [
        params.id,
      ]);
      if (!row) throw notFound('Message');
      if (row.status !== 'failed' && row.status !== 'not_configured')
        throw new ApiError(409, row.status === 'sent' ? 'This message was sent already.' : 'This message is on its way already: Send now sends it at once.');
      await db.query(`UPDATE mail_outbox SET status = $2, next_attempt_at = now(), attempts = 0, updated_at = now() WHERE id = $1`, [params.id, next]);
      await announceMail(db, [row], 'retry');
      if (configured) await wakeDelivery(db);
      return params.id;
    });
    return { data: await readMailMessage(ctx, updated) };
  },
  'mail.send_now': async ({ ctx, params }) => {
    await ctx.db.transaction(async (db) => {
      // the row's lock waits out a claim in progress, which then shows as `sending`
      const [row] = await db.query<MailOfRecord & { status: MailStatus }>('SELECT id, resource, record_id, status FROM mail_outbox WHERE id = $1 FOR UPDATE', [
        params.id,
      ]);
      if (!row) throw notFound('Message');
      if (row.status !== 'queued') throw new ApiError(409, NOT_WAITING[row.status]);
      // due now: the delivery's claim takes it (once, on whichever server claims first)
      await db.query('UPDATE mail_outbox SET next_attempt_at = now(), updated_at = now() WHERE id = $1', [params.id]);
      await announceMail(db, [row], 'send_now');
      await wakeDelivery(db);
    });
    return { data: await readMailMessage(ctx, params.id) };
  },
  'mail.record': async ({ ctx, params }) => {
    await getRow(ctx, params.resource, params.id); // the caller may read the record (404/403 as its get)
    const rows = await ctx.db.query<MailRow>(
      `SELECT ${COLUMNS} FROM mail_outbox m LEFT JOIN users u ON u.id = m.created_by WHERE m.resource = $1 AND m.record_id = $2 ORDER BY m.created_at DESC, m.id DESC`,
      [params.resource, params.id],
    );
    return { data: await present(ctx, rows) };
  },
};
