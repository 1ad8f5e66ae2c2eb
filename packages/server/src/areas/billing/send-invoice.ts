/**
 * Send (docs/domain/billing.md, Sending): the invoice emailed to the client in one named write: a
 * draft becomes sent (`statusAfterSend`; sent again keeps its status; void and empty refused), a
 * new client link (its token only in the message as it is sent: the outbox keeps it sealed,
 * platform/mail/mail-secrets.ts), the PDF attached, the sender's words. The PDF is made before the
 * transaction and made again if the invoice changed meanwhile (platform/documents/render-then-write.ts).
 */
import { sql } from 'drizzle-orm';
import { clientInvoicePath } from '@glazier/shared/actions/billing';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { statusAfterSend } from '@glazier/shared/rules/billing/invoice-status';
import { formatDate } from '@glazier/shared/rules/dates';
import { formatMoney, fromCents } from '@glazier/shared/rules/money';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get, getRow } from '../../engine/read.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { hiddenSecret } from '../../platform/mail/mail-secrets.ts';
import { NO_MAIL, appLink } from '../../platform/mail/outbox.ts';
import { enqueueRecordToParty } from '../../platform/mail/record-to-party-mail.ts';
import { renderThenWrite } from '../../platform/documents/render-then-write.ts';
import { systemCtx } from '../../platform/system-context.ts';
import { invoiceMoney } from './invoice-money.ts';
import { invoiceLinks } from './invoice-links.ts';
import { invoiceTitle, renderInvoicePdf } from './invoice-pdf.ts';

export async function sendInvoice(ctx: Ctx, id: number, mail: Required<ComposedMail>) {
  await getRow(ctx, 'invoices', id); // 404 / 403 before any PDF is made
  const sent = await renderThenWrite(ctx.db, {
    // the invoice, and the payments its balance shows
    stamp: async (db) =>
      (
        await sqlSelect(
          db,
          { stamp: 'text' },
          sql`SELECT i.updated_at::text || '/' || (SELECT count(*) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
                WHERE a.invoice_id = i.id AND NOT p.voided) AS stamp FROM invoices i WHERE i.id = ${id} FOR UPDATE OF i`,
        )
      )[0]?.stamp ?? null,
    render: async () => renderInvoicePdf(await systemCtx(ctx.db, 'Send invoice'), id, { checked: true, sending: true }),
    write: (db, pdf) =>
      changeRecord({ ...ctx, db }, { resource: 'invoices', id, action: 'send' }, async (w, before) => {
        const [lines] = await sqlSelect(db, { n: 'num' }, sql`SELECT count(*) AS n FROM invoice_lines WHERE invoice_id = ${id} AND deleted_at IS NULL`);
        const next = statusAfterSend({ number: before.number, status: before.status ?? 'draft', lineCount: lines?.n ?? 0 });
        if (!next.ok) throw new ApiError(409, next.message);
        const { link, token } = await invoiceLinks.insert(w, before, { sending: true });
        const hidden = hiddenSecret(token);
        const [money] = await invoiceMoney(db, sql`id = ${id}`);
        const due = before.due_date ? ` It is due ${formatDate(before.due_date)}.` : '';
        const message = await enqueueRecordToParty(w.ctx, {
          kind: 'invoice_to_client',
          record: { resource: 'invoices', id },
          what: 'invoice',
          title: invoiceTitle(before.number ?? id),
          contactName: null,
          lead: `Our invoice ${before.number} for ${formatMoney(fromCents(money!.amountDue))} is attached.${due} You can view it and its balance online.`,
          action: {
            label: 'View the invoice',
            url: appLink(ctx.mail ?? NO_MAIL, clientInvoicePath(hidden.marker)),
            note: `The link is yours alone and works until ${formatDate(link.expires_at)}.`,
          },
          secrets: [hidden],
          mail,
          pdf,
        });
        await sqlRun(db, sql`UPDATE invoices SET status = ${next.value}, sent_at = now(), updated_at = now() WHERE id = ${id}`);
        return { mailId: message.id };
      }),
  });
  return { data: await get(ctx, 'invoices', id), mail: await readMailMessage(ctx, sent.mailId) };
}
