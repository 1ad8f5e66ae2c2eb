/**
 * Mail (docs/platform.md, Mail): whether a mail server is configured, a test message, the Outbox
 * (every message the app wrote, with its status: queued, sending, sent, failed, or kept because no
 * mail server is configured), one message as it would be sent, Retry, and the messages of one
 * record (an estimate's, a purchase order's). The Outbox is the administrators' (the settings
 * right); a record's messages are for whoever may read that record.
 */
import { z } from 'zod';
import type { ResourceName } from '../resources/registry.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';
import { MAIL_STATUSES } from './mail-status.ts';

/** The Outbox's right (the administrators'). */
export const OUTBOX_RIGHT = { action: 'edit', area: 'settings' } as const;
const ADMIN = OUTBOX_RIGHT;

export const mailMessageSchema = z
  .object({
    id: z.number().int(),
    message_id: z.string(),
    kind: z.string(),
    to: z.array(z.string()),
    cc: z.array(z.string()),
    subject: z.string(),
    resource: z.string().nullable(),
    record_id: z.number().int().nullable(),
    /** The record's name as its page shows it ("E-1042 Lakeside offices"), when the caller may read it. */
    record_label: z.string().nullable(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    /** The mail server's last refusal, or why it could not be reached: of a failed message, or of a queued one before its next try; none once sent. */
    last_error: z.string().nullable(),
    /** The mail server's acceptance of a sent message (its queue id, to look it up in the server's logs). */
    sent_reply: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    sent_at: z.string().nullable(),
    created_at: z.string(),
    created_by_name: z.string().nullable(),
  })
  .meta({ id: 'mail_message', description: 'A message of the outbox and its delivery status.' });
export type MailMessage = z.output<typeof mailMessageSchema>;

export const mailMessageFullSchema = mailMessageSchema
  .extend({
    from: z.string(),
    reply_to: z.string().nullable(),
    html: z.string(),
    text: z.string(),
    attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  })
  .meta({ id: 'mail_message_full', description: 'A message as it would be sent: its HTML and plain-text parts and its attachments.' });
export type MailMessageFull = z.output<typeof mailMessageFullSchema>;

export const mailStatusSchema = z.object({
  configured: z.boolean(),
  /** MAIL_FROM (or the sender used without it). */
  from: z.string().nullable(),
  /** The mail server's address without its credentials (`smtp://mail.example.com:587`). */
  server: z.string().nullable(),
  /** PUBLIC_URL: where the links in messages point. */
  public_url: z.string().nullable(),
});
export type MailSetupStatus = z.output<typeof mailStatusSchema>;

/** One recipient's address: the server's check, and the compose dialog's before it asks. */
export const mailAddress = z.email({ error: 'Must be an email address.' }).max(255);
export const MAIL_MESSAGE_MAX = 5000;

/**
 * A message a person writes to send a record (Send to client, Email to vendor): who gets it, who is
 * copied, and their own words above what the app adds (the link, the attached PDF).
 */
export const composedMailBody = z.object({
  to: z
    .array(mailAddress, { error: 'Enter who gets it.' })
    .min(1, { error: 'Enter who gets it.' })
    .max(20, { error: 'At most 20 recipients.' })
    .meta({ description: 'The recipients (at least one).' }),
  cc: z.array(mailAddress).max(20, { error: 'At most 20 copies.' }).default([]).meta({ description: 'Who is copied.' }),
  message: z
    .string()
    .trim()
    .max(MAIL_MESSAGE_MAX, { error: `The message is at most ${MAIL_MESSAGE_MAX} characters.` })
    .default('')
    .meta({ description: 'The sender’s words, above the link and the attachment.' }),
});
export type ComposedMail = z.input<typeof composedMailBody>;

export const mailStatus = defineAction({
  name: 'mail.status',
  summary: 'Whether a mail server is configured: the sender, the server (without credentials) and the address links point to.',
  method: 'GET',
  path: '/api/mail/status',
  answer: z.object({ data: mailStatusSchema }),
  permission: ADMIN,
});

export const sendTestMail = defineAction({
  name: 'mail.send_test',
  summary: 'Puts a test message in the outbox, to the given address (by default the caller’s own).',
  method: 'POST',
  path: '/api/mail/test',
  body: z.object({ to: mailAddress.optional().meta({ description: 'Who gets it; the caller by default.' }) }),
  answer: z.object({ data: mailMessageSchema }),
  permission: ADMIN,
  status: 201,
});

export const listOutbox = defineAction({
  name: 'mail.outbox',
  summary: 'The outbox, newest first: each message’s recipients, subject, record, status (with the reason) and attempts.',
  method: 'GET',
  path: '/api/mail/outbox',
  query: z.object({
    status: z.enum(MAIL_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    per_page: z.coerce.number().int().min(1).max(200).optional(),
  }),
  answer: z.object({ data: z.array(mailMessageSchema), total: z.number().int(), page: z.number().int(), per_page: z.number().int() }),
  permission: ADMIN,
});

export const showMail = defineAction({
  name: 'mail.show',
  summary: 'One message as it would be sent: sender, recipients, subject, HTML and text, attachments.',
  method: 'GET',
  path: '/api/mail/outbox/:id',
  params: z.object({ id: ID_PARAM }),
  answer: z.object({ data: mailMessageFullSchema }),
  permission: ADMIN,
});

export const retryMail = defineAction({
  name: 'mail.retry',
  summary: 'Sends a failed message, or one kept without a mail server, again (409 for one queued, sending or sent).',
  method: 'POST',
  path: '/api/mail/outbox/:id/retry',
  params: z.object({ id: ID_PARAM }),
  answer: z.object({ data: mailMessageSchema }),
  permission: ADMIN,
});

/**
 * The resources whose records have messages (the server's `enqueueMail` takes only these): an
 * estimate to its client and its acceptance notice, a purchase order to its vendor, a user's reset
 * link. Only theirs are published and served; any other answers 404, as a path that names nothing.
 */
export const MAILED_RESOURCES = ['estimates', 'purchase_orders', 'users', 'invoices', 'clients'] as const satisfies readonly ResourceName[];
export type MailedResource = (typeof MAILED_RESOURCES)[number];

export const sendMailNow = defineAction({
  name: 'mail.send_now',
  summary:
    'Sends a queued message now instead of at its next try: it becomes due and the outbox’s delivery claims it as any other, so it goes out once (409 for one sending, sent, failed or kept).',
  method: 'POST',
  path: '/api/mail/outbox/:id/send_now',
  params: z.object({ id: ID_PARAM }),
  answer: z.object({ data: mailMessageSchema }),
  permission: ADMIN,
});

export const recordMail = defineAction({
  name: 'mail.record',
  summary: 'The messages of one record (an estimate, a purchase order), newest first, for whoever may read the record.',
  method: 'GET',
  path: '/api/:resource/:id/mail',
  params: z.object({ resource: z.enum(MAILED_RESOURCES), id: ID_PARAM }),
  answer: z.object({ data: z.array(mailMessageSchema) }),
  permission: 'signed_in',
});

export const MAIL_ACTIONS = actionMap({
  'mail.status': mailStatus,
  'mail.send_test': sendTestMail,
  'mail.outbox': listOutbox,
  'mail.show': showMail,
  'mail.retry': retryMail,
  'mail.send_now': sendMailNow,
  'mail.record': recordMail,
});
