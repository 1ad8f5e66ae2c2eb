/**
 * A client's statement of account sent by email (docs/domain/billing.md, Receivables), as an
 * invoice is (send-invoice.ts): the PDF made before the transaction by the statement's own call
 * (statement.ts) and made again if the client's invoices or payments changed meanwhile
 * (render-then-write.ts), then queued in the outbox with the sender's words, the PDF attached, as
 * one of the client's messages.
 */
import { sql } from 'drizzle-orm';
import type { ComposedMail } from '@glazier/shared/actions/mail';
import { formatDate } from '@glazier/shared/rules/dates';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { getRow } from '../../engine/read.ts';
import { readMailMessage } from '../../platform/mail/mail-actions.ts';
import { enqueueRecordToParty } from '../../platform/mail/record-to-party-mail.ts';
import { renderThenWrite } from '../../platform/documents/render-then-write.ts';
import { clientStatementPdf } from './statement.ts';

export async function sendClientStatement(ctx: Ctx, clientId: number, input: Required<ComposedMail> & { start: string; end: string }) {
  const client = await getRow(ctx, 'clients', clientId); // 404 / 403 before any PDF is made
  const range = { start: input.start, end: input.end };
  const { start: _s, end: _e, ...mail } = input;
  const mailId = await renderThenWrite(ctx.db, {
    // the client's invoices and payments, as the statement reads them (the client's row locked)
    stamp: async (db) =>
      (
        await sqlSelect(
          db,
          { stamp: 'text' },
          sql`SELECT (SELECT coalesce(max(updated_at)::text, '') || '/' || count(*) FROM invoices WHERE client_id = c.id) || '/' ||
              (SELECT coalesce(max(updated_at)::text, '') || '/' || count(*) FROM payments WHERE client_id = c.id) AS stamp
            FROM clients c WHERE c.id = ${clientId} FOR UPDATE OF c`,
        )
      )[0]?.stamp ?? null,
    render: () => clientStatementPdf(ctx, clientId, range),
    write: (db, pdf) =>
      namedWrite({ ...ctx, db }, async (w) => {
        const message = await enqueueRecordToParty(w.ctx, {
          kind: 'statement_to_client',
          record: { resource: 'clients', id: clientId },
          what: 'statement',
          title: `Statement of account ${formatDate(range.start)} to ${formatDate(range.end)}`,
          contactName: null,
          lead: `Our statement of your account from ${formatDate(range.start)} to ${formatDate(range.end)} is attached: the invoices and payments of those days, and what is still open.`,
          mail,
          pdf: { bytes: pdf.bytes, fileName: pdf.fileName },
        });
        await w.summary('clients', 'send_statement', clientId, { statement: `${range.start} to ${range.end}`, to: mail.to.join(', '), name: client.name });
        return message.id;
      }),
  });
  return { mail: await readMailMessage(ctx, mailId) };
}
