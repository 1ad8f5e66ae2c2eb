/**
 * Send to client (docs/domain/estimating.md, Sending the estimate): an open estimate emailed to the
 * client in one transaction: a new approval link (its token goes only into the message as it is
 * sent; the outbox keeps it sealed, platform/mail/mail-secrets.ts), the
 * estimate as the client reads it (every amount, as the approval page) attached as a PDF, the
 * sender's words, and the estimate's `sent_at` and `sent_to` (its Sent line; the audit's `send`
 * row is its history). A change that fails leaves no link, no message and no Sent line. The PDF
 * is made before the transaction, from the estimate as the new link will offer it, and made again
 * if the estimate changed meanwhile (platform/documents/render-then-write.ts).
 */
import { sql } from 'drizzle-orm';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { formatDate } from '@glazier/shared/rules/dates';
import type { Ctx } from '../../engine/context.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get } from '../../engine/read.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { hiddenSecret } from '../../platform/mail/mail-secrets.ts';
import { NO_MAIL, appLink } from '../../platform/mail/outbox.ts';
import { enqueueRecordToParty } from '../../platform/mail/record-to-party-mail.ts';
import { renderThenWrite } from '../../platform/documents/render-then-write.ts';
import { systemCtx } from '../../platform/system-context.ts';
import { approvalLinks, approvalPath, estimateLabel } from './estimate-approvals.ts';
import { renderEstimatePdf } from './estimate-pdf.ts';

/** "pat@client.com, cc sam@client.com": the Sent line and the history. */
export const sentToText = (to: string[], cc: string[]) => [to.join(', '), cc.length ? `cc ${cc.join(', ')}` : ''].filter(Boolean).join(', ');

export async function sendEstimateToClient({ ctx, id, mail }: { ctx: Ctx; id: number; mail: Required<ComposedMail> }) {
  await get(ctx, 'estimates', id); // 404 / 403 as a get of the estimate, before any PDF is made
  const sent = await renderThenWrite(ctx.db, {
    stamp: async (db) =>
      (await sqlSelect(db, { stamp: 'text' }, sql`SELECT updated_at::text AS stamp FROM estimates WHERE id = ${id} FOR UPDATE`))[0]?.stamp ?? null,
    render: async () => renderEstimatePdf(await systemCtx(ctx.db, 'Send to client'), id, { sending: true }),
    // the estimate locked as the caller may read it (404 / 403), then 409 unless open (the link's rule)
    write: (db, pdf) =>
      changeRecord({ ...ctx, db }, { resource: 'estimates', id, action: 'send' }, async (w, before) => {
        const { ctx: tx } = w;
        const { link, token } = await approvalLinks.insert(w, before);
        // the token reaches only the message as it is sent: the outbox keeps it sealed (mail-secrets.ts)
        const hidden = hiddenSecret(token);
        const label = estimateLabel(before);
        const message = await enqueueRecordToParty(tx, {
          kind: 'estimate_to_client',
          record: { resource: 'estimates', id },
          what: 'estimate',
          title: `Estimate ${label}`,
          contactName: before.contact_name,
          lead: `Our estimate ${label} is attached. You can read it online, choose any alternates, and accept or decline it there.`,
          action: {
            label: 'Review and accept',
            url: appLink(ctx.mail ?? NO_MAIL, approvalPath(hidden.marker)),
            note: `The link is yours alone and works until ${formatDate(link.expires_at)}.`,
          },
          secrets: [hidden],
          mail,
          pdf,
        });
        await sqlRun(db, sql`UPDATE estimates SET sent_at = now(), sent_to = ${sentToText(mail.to, mail.cc)}, updated_at = now() WHERE id = ${id}`);
        return { mailId: message.id, estimate: await get(tx, 'estimates', id) };
      }),
  });
  return { data: sent.estimate, mail: await readMailMessage(ctx, sent.mailId) };
}
