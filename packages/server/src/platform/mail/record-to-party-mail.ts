/**
 * A record mailed out of the shop by the signed-in person (an estimate to its client, a purchase
 * order to its vendor): the RecordToParty message in the sender's name, their words as they typed
 * them (standing alone: the app's greeting and sign-off only when they wrote none), the record's
 * PDF attached and the sender as Reply-To, queued in the caller's transaction.
 */
import type { ComposedMail, MailedResource } from '@glazier/shared/actions/mail';
import { createElement } from 'react';
import type { Ctx } from '../../engine/context.ts';
import type { HiddenSecret } from './mail-secrets.ts';
import { enqueueMail, type EnqueuedMail } from './outbox.ts';
import { RecordToParty } from './templates/record-to-party.tsx';
import { renderMail, shopName } from './templates/render.ts';

export interface RecordToPartyMail {
  /** The Outbox's kind of message: `estimate_to_client`, `purchase_order_to_vendor`. */
  kind: string;
  record: { resource: MailedResource; id: number };
  /** What the record is, for the footer: "estimate", "purchase order". */
  what: string;
  /** The subject before "from <shop>": "Estimate E-1042 Lakeside offices". */
  title: string;
  /** The party's contact, for "Dear …," ("Hello," without one) above an empty message. */
  contactName: string | null | undefined;
  /** What the app says of the record under the sender's words. */
  lead: string;
  action?: { label: string; url: string; note?: string };
  /** The secrets `action.url` carries as their markers (mail-secrets.ts: an approval link's token). */
  secrets?: HiddenSecret[];
  mail: Required<ComposedMail>;
  pdf: { bytes: Buffer; fileName: string };
}

export async function enqueueRecordToParty(tx: Ctx, m: RecordToPartyMail): Promise<EnqueuedMail> {
  const shop = await shopName(tx.db);
  const sender = tx.user!;
  const body = await renderMail(
    createElement(RecordToParty, {
      shop,
      greeting: m.contactName ? `Dear ${m.contactName},` : 'Hello,',
      message: m.mail.message,
      lead: m.lead,
      action: m.action,
      attachment: m.pdf.fileName,
      sender: sender.name,
      footer: `${shop} sent you this ${m.what}. Reply to this message to reach ${sender.name}.`,
    }),
  );
  return enqueueMail(tx, {
    kind: m.kind,
    to: m.mail.to,
    cc: m.mail.cc,
    replyTo: sender.email || undefined,
    subject: `${m.title} from ${shop}`,
    ...body,
    secrets: m.secrets,
    record: m.record,
    attachments: [{ filename: m.pdf.fileName, contentType: 'application/pdf', content: m.pdf.bytes }],
  });
}
