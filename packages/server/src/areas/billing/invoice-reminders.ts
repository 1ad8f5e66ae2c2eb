/**
 * Overdue reminders (docs/domain/billing.md, Reminders), a scheduled task of the runner
 * (hourly, beside platform/jobs/scheduled-tasks.ts' in http/app.ts): each sent or partly paid invoice past its due date, of a
 * client who has not asked for none, gets the step of Settings' reminder days it has reached
 * (`reminderStepDue`: an invoice the schedule reaches late gets only the latest), once: the step is
 * recorded in `invoice_reminders`, whose unique (invoice, step) the insert claims before the message
 * is queued in the same transaction, so two servers (or a run taken over) never send one twice. The
 * message goes to whom the invoice was last sent, with a new client link.
 */
import { createElement } from 'react';
import { sql } from 'drizzle-orm';
import { clientInvoicePath } from '@glazier/shared/actions/billing';
import { parseReminderDays, reminderStepDue } from '@glazier/shared/rules/billing/reminders';
import { formatDate, toIsoDate } from '@glazier/shared/rules/dates';
import { formatMoney, fromCents } from '@glazier/shared/rules/money';
import { SETTING } from '@glazier/shared/settings';
import type { Db } from '../../db/client.ts';
import { invoices as invoicesTable } from '../../db/schema.ts';
import { json, sqlRun, sqlSelect } from '../../db/typed-sql.ts';
import type { MailContext } from '../../engine/context.ts';
import { storedRows } from '../../engine/lookup.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { hiddenSecret } from '../../platform/mail/mail-secrets.ts';
import { NO_MAIL, appLink, enqueueMail } from '../../platform/mail/outbox.ts';
import { renderMail, shopName } from '../../platform/mail/templates/render.ts';
import type { ScheduledTask } from '../../platform/jobs/background-jobs.ts';
import { readSetting } from '../../platform/settings.ts';
import { invoiceLinks } from './invoice-links.ts';
import { InvoiceReminder } from './invoice-reminder-mail.tsx';
import { invoiceMoney } from './invoice-money.ts';

/** Sends the reminders due `today` (default: the database's today); answers a line for the runner's log. */
export async function sendInvoiceReminders(tx: Db, mail: MailContext | undefined, today?: string): Promise<string> {
  const steps = parseReminderDays(await readSetting(tx, SETTING.reminderDays));
  if (!steps.ok || !steps.value.length) return 'no reminder days set';
  const day = today ?? toIsoDate(new Date());
  const overdue = await invoiceMoney(
    tx,
    sql`deleted_at IS NULL AND status IN ('sent', 'partly_paid') AND due_date < ${day}::date
      AND NOT coalesce((SELECT c.no_reminders FROM clients c WHERE c.id = ${invoicesTable.client_id}), false)`,
  );
  if (!overdue.length) return '0 reminders';
  const ids = `{${overdue.map((i) => i.id).join(',')}}`;
  const sentSteps = await sqlSelect(
    tx,
    { invoice_id: 'num', step: 'num' },
    sql`SELECT invoice_id, step FROM invoice_reminders WHERE invoice_id = ANY(${ids}::int[])`,
  );
  const recipients = await sqlSelect(
    tx,
    { record_id: 'num', to: json<string[]>() },
    sql`SELECT DISTINCT ON (record_id) record_id, "to" FROM mail_outbox
      WHERE resource = 'invoices' AND kind = 'invoice_to_client' AND record_id = ANY(${ids}::int[]) ORDER BY record_id, id DESC`,
  );
  const toOf = new Map(recipients.map((r) => [r.record_id, r.to]));
  const shop = await shopName(tx);
  let sent = 0;
  for (const inv of overdue) {
    const step = reminderStepDue(
      {
        status: inv.status,
        due_date: inv.due_date!,
        balance: inv.balance,
        sent: sentSteps.filter((s) => s.invoice_id === inv.id).map((s) => s.step),
      },
      steps.value,
      day,
    );
    const to = toOf.get(inv.id);
    if (step == null || !to?.length) continue;
    const done = await namedWrite({ db: tx, user: null, actor: 'Payment reminders', mail }, async (w) => {
      // the claim of the step: another server's (or an earlier run's) insert makes this one nothing
      const [claimed] = await sqlSelect(
        w.ctx.db,
        { id: 'num' },
        sql`INSERT INTO invoice_reminders (invoice_id, step) VALUES (${inv.id}, ${step}) ON CONFLICT (invoice_id, step) DO NOTHING RETURNING id`,
      );
      if (!claimed) return false;
      const [row] = await storedRows(w.ctx.db, 'invoices', (t) => ({ where: sql`${t.id} = ${inv.id}`, forUpdate: true }));
      const { link, token } = await invoiceLinks.insert(w, row!);
      const hidden = hiddenSecret(token);
      const lead = `Invoice ${inv.number} for ${formatMoney(fromCents(inv.amountDue))} was due ${formatDate(inv.due_date!)}; ${formatMoney(fromCents(inv.balance))} is still open.`;
      const body = await renderMail(
        createElement(InvoiceReminder, {
          shop,
          lead,
          url: appLink(mail ?? NO_MAIL, clientInvoicePath(hidden.marker)),
          note: `The link is yours alone and works until ${formatDate(link.expires_at)}.`,
        }),
      );
      const message = await enqueueMail(w.ctx, {
        kind: 'invoice_reminder',
        to,
        subject: `Reminder: invoice ${inv.number} from ${shop} is overdue`,
        ...body,
        secrets: [hidden],
        record: { resource: 'invoices', id: inv.id },
      });
      await sqlRun(w.ctx.db, sql`UPDATE invoice_reminders SET mail_id = ${message.id} WHERE id = ${claimed.id}`);
      await w.summary('invoices', 'remind', inv.id, { step, to: to.join(', ') });
      return true;
    });
    if (done) sent++;
  }
  return `${sent} reminder${sent === 1 ? '' : 's'}`;
}

/** The runner's task: hourly, with the server's mail context (the links' address, the outbox's key for their tokens). */
export const invoiceRemindersTask = (mail: MailContext | undefined): ScheduledTask => ({
  name: 'invoice reminders',
  everyMs: 3600_000,
  run: (tx) => sendInvoiceReminders(tx, mail),
});
