/**
 * Overdue reminders (docs/domain/billing.md, Reminders): the step of Settings' reminder days an
 * overdue invoice has reached is mailed once through the outbox, to whom the invoice was sent,
 * with a client link; none for a client without reminders, a paid or void invoice; an invoice
 * reached late gets only its latest step; and two servers (two runners, on PostgreSQL each with
 * its own pool) send one step once.
 */
import { describe, expect, it } from 'vitest';
import type { Db, Row } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { invoiceRemindersTask, sendInvoiceReminders } from '../src/areas/billing/invoice-reminders.ts';
import { backgroundJobs } from '../src/platform/jobs/background-jobs.ts';
import { createJobRunner } from '../src/platform/jobs/job-runner.ts';
import { SCHEDULED_TASKS } from '../src/platform/jobs/scheduled-tasks.ts';
import { mailContext } from '../src/platform/mail/outbox.ts';
import { withDatabase } from './global-setup.ts';
import { appWithRoles, made, madeJob } from './harness.ts';

const { env, as } = appWithRoles();
const sql = <T extends Row = Row>(text: string, params: unknown[] = []) => env.db.query<T>(text, params);
const MAIL = mailContext({ publicUrl: 'https://glazier.example.com', secretKey: Buffer.alloc(32, 7) }, 'http://localhost');

let seq = 0;
/** A sent invoice of a new client, due on `due` (its issue date, due on receipt), for $100.00. */
async function overdue(due: string, client: Row = {}) {
  const c = await made(as.manager, 'clients', { name: `Late Payer ${++seq}`, ...client });
  const job = await madeJob(as.admin, { client_id: c.id });
  const inv = await made(as.manager, 'invoices', { job_id: job.id, client_id: c.id, issue_date: due, terms: 'due_on_receipt' });
  await made(as.manager, 'invoice_lines', { invoice_id: inv.id, description: 'Glass', qty: 1, rate: 100 });
  const res = await as.manager.post(`/api/invoices/${String(inv.id)}/send`, { to: [`pay${seq}@client.test`] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return inv;
}
const reminders = (id: unknown) =>
  sql<{ step: number; to: string[]; subject: string; text: string }>(
    `SELECT r.step, m."to", m.subject, m.text FROM invoice_reminders r JOIN mail_outbox m ON m.id = r.mail_id WHERE r.invoice_id = $1 ORDER BY r.step`,
    [id],
  );

describe('overdue reminders', () => {
  it('mails each step once, the latest reached only, and none to a client without reminders or for a paid invoice', async () => {
    await as.admin.post('/api/settings', { name: 'reminder_days', value: '7, 21' });
    const a = await overdue('2026-11-01');
    const late = await overdue('2026-10-01');
    const optedOut = await overdue('2026-11-01', { no_reminders: true });
    const paid = await overdue('2026-11-01');
    await as.manager.post('/api/payments/record', { client_id: paid.client_id, payment_date: '2026-11-05', amount: 100, method: 'cash' });

    // a is 6 days late: nothing yet for it; the one 37 days late gets its latest step (21) only
    expect(await sendInvoiceReminders(env.db, MAIL, '2026-11-07')).toBe('1 reminder');
    expect(await reminders(a.id)).toEqual([]);
    await sendInvoiceReminders(env.db, MAIL, '2026-11-08');
    const first = await reminders(a.id);
    expect(first.map((r) => r.step)).toEqual([7]);
    expect(first[0]!.to).toEqual([`pay1@client.test`]);
    expect(first[0]!.subject).toMatch(new RegExp(`^Reminder: invoice ${String(a.number)} from .* is overdue$`));
    expect(first[0]!.text).toContain('$100.00 is still open');
    expect(first[0]!.text).toMatch(/https:\/\/glazier\.example\.com\/invoice-view\/hidden-in-the-outbox-/);
    // the invoice reached late gets its latest step only
    expect((await reminders(late.id)).map((r) => r.step)).toEqual([21]);
    expect(await reminders(optedOut.id)).toEqual([]);
    expect(await reminders(paid.id)).toEqual([]);
    // the same day again, or a day later: nothing twice
    await sendInvoiceReminders(env.db, MAIL, '2026-11-08');
    await sendInvoiceReminders(env.db, MAIL, '2026-11-09');
    expect((await reminders(a.id)).map((r) => r.step)).toEqual([7]);
    await sendInvoiceReminders(env.db, MAIL, '2026-11-22');
    expect((await reminders(a.id)).map((r) => r.step)).toEqual([7, 21]);
    expect((await reminders(late.id)).map((r) => r.step)).toEqual([21]);
  });

  it('two servers running the reminders at once send one step once', async () => {
    await as.admin.post('/api/settings', { name: 'reminder_days', value: '3' });
    await sql("UPDATE invoices SET status = 'void' WHERE status IN ('sent', 'partly_paid')");
    const inv = await overdue('2020-01-01');
    // PGlite serves one process: there the second server shares its one connection
    const other: Db = env.db.kind === 'postgres' ? await openTestDbOnSameDatabase() : env.db;
    try {
      // each server's runner with the app's scheduled tasks, the reminders due now
      const runner = (db: Db) => createJobRunner([backgroundJobs(db, { tasks: [...SCHEDULED_TASKS, invoiceRemindersTask(MAIL)], pollMs: 3600_000 })]);
      await sql(`UPDATE background_jobs SET next_attempt_at = now() - interval '1 second' WHERE key = 'invoice reminders'`);
      await Promise.all([runner(env.db).runDue('background jobs'), runner(other).runDue('background jobs')]);
      expect((await reminders(inv.id)).map((r) => r.step)).toEqual([3]);
      // and the reminders themselves, run at once on both (as a claim taken over would): still once
      await sql('DELETE FROM invoice_reminders WHERE invoice_id = $1', [inv.id]);
      const outcomes = await Promise.all([sendInvoiceReminders(env.db, MAIL), sendInvoiceReminders(other, MAIL)]);
      expect(outcomes.sort()).toEqual(['0 reminders', '1 reminder']);
      expect((await reminders(inv.id)).map((r) => r.step)).toEqual([3]);
      const [mails] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'invoice_reminder' AND record_id = $1`, [inv.id]);
      expect(mails!.n).toBe(2); // the runner's, and the one of the two at once
    } finally {
      if (other !== env.db) await other.close();
    }
  });
});

/** Another pool on the same PostgreSQL database as `env.db`. */
async function openTestDbOnSameDatabase() {
  const [row] = await env.db.query<{ name: string }>('SELECT current_database() AS name');
  return openDb({ databaseUrl: withDatabase(process.env.TEST_DATABASE_URL!, row!.name), dataDir: '/nonexistent' });
}
