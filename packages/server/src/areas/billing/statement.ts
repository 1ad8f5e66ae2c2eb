/**
 * The receivables' reads beside the aging (docs/domain/billing.md, Receivables): a client's
 * statement of account for a date range as a PDF (the balance brought forward, each invoice and
 * payment in the range with the running balance, the closing balance, and the invoices still open
 * now), and billed vs collected by month. Billed is what each invoice asks of the client (its total
 * less the deposits it subtracts, so a deposit and its final invoice count once), on its issue
 * date, for every invoice sent (not a draft, not void); collected, each payment not voided on its date.
 */
import { sql } from 'drizzle-orm';
import type { billedCollected } from '@glazier/shared/actions/billing';
import type { ActionParsedInput } from '@glazier/shared/actions/define';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '@glazier/shared/rules/billing/payments';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { sqlRows } from '../../db/client.ts';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { getRow } from '../../engine/read.ts';
import { pdfFileName, readShopHeader, renderPdf } from '../../platform/documents/pdf-render.ts';
import { invoiceMoney } from './invoice-money.ts';
import { totalSql } from './invoice-sql.ts';
import type { StatementPdfProps } from './statement-pdf-document.tsx';

const BILLED = sql`deleted_at IS NULL AND status IN ('sent', 'partly_paid', 'paid')`;

export async function clientStatementPdf(ctx: Ctx, clientId: number, range: { start: string; end: string }) {
  const client = await getRow(ctx, 'clients', clientId);
  const db = ctx.db;
  const invoices = await invoiceMoney(db, sql`${BILLED} AND client_id = ${clientId}`);
  const dates = new Map(
    (
      await sqlRows<{ id: number; issue_date: string }>(
        db,
        sql`SELECT id, to_char(issue_date, 'YYYY-MM-DD') AS issue_date FROM invoices WHERE ${BILLED} AND client_id = ${clientId}`,
      )
    ).map((r) => [Number(r.id), r.issue_date]),
  );
  const payments = await sqlRows<{
    id: number;
    payment_date: string;
    amount: string;
    method: PaymentMethod;
    check_number: string | null;
    reference: string | null;
  }>(
    db,
    sql`SELECT id, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, amount, method, check_number, reference FROM payments
      WHERE client_id = ${clientId} AND deleted_at IS NULL AND NOT voided AND payment_date <= ${range.end}::date ORDER BY payment_date, id`,
  );
  let forward = 0;
  const entries: { date: string; text: string; charge: number; credit: number }[] = [];
  for (const inv of invoices) {
    const day = dates.get(inv.id) ?? '';
    if (day < range.start) forward += inv.amountDue;
    else if (day <= range.end)
      entries.push({ date: day, text: `Invoice ${inv.number}${inv.due_date ? `, due ${inv.due_date}` : ''}`, charge: inv.amountDue, credit: 0 });
  }
  for (const p of payments) {
    const cents = toCents(Number(p.amount));
    if (p.payment_date < range.start) forward -= cents;
    else {
      const how = [PAYMENT_METHOD_LABELS[p.method] ?? p.method, p.check_number ? `no. ${p.check_number}` : '', p.reference ?? ''].filter(Boolean).join(' ');
      entries.push({ date: p.payment_date, text: `Payment, ${how}`, charge: 0, credit: cents });
    }
  }
  entries.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : b.charge - a.charge));
  let running = forward;
  const lines = entries.map((e) => {
    running += e.charge - e.credit;
    return {
      date: e.date,
      text: e.text,
      charge: e.charge ? fromCents(e.charge) : null,
      credit: e.credit ? fromCents(e.credit) : null,
      balance: fromCents(running),
    };
  });
  const open = invoices
    .filter((i) => i.balance > 0)
    .map((i) => ({ number: i.number, date: dates.get(i.id) ?? '', due: i.due_date, amount: fromCents(i.amountDue), balance: fromCents(i.balance) }));
  const title = `Statement ${client.name ?? ''} ${range.start} to ${range.end}`.trim();
  const props: StatementPdfProps = {
    shop: await readShopHeader(db),
    title,
    clientName: String(client.name ?? ''),
    start: range.start,
    end: range.end,
    forward: fromCents(forward),
    lines,
    closing: fromCents(running),
    open,
    openTotal: fromCents(invoices.reduce((s, i) => s + Math.max(0, i.balance), 0)),
  };
  const bytes = await renderPdf(new URL('./statement-pdf-document.tsx', import.meta.url), 'StatementPdfDocument', props);
  return { bytes, fileName: pdfFileName(title) };
}

export async function billedCollectedByMonth(ctx: Ctx, input: ActionParsedInput<typeof billedCollected>) {
  const t = tableFor('invoices');
  const rows = await sqlRows<{ month: string; billed: string; collected: string }>(
    ctx.db,
    sql`WITH months AS (
          SELECT to_char(m, 'YYYY-MM') AS month FROM generate_series(date_trunc('month', ${input.start}::date), date_trunc('month', ${input.end}::date), interval '1 month') m
        ), billed AS (
          SELECT to_char(${t.issue_date}, 'YYYY-MM') AS month, sum(${totalSql(t)} - coalesce(${t.deposits_applied}, 0)) AS billed
          FROM ${t} WHERE ${t.deleted_at} IS NULL AND ${t.status} IN ('sent', 'partly_paid', 'paid') AND ${t.issue_date} BETWEEN ${input.start}::date AND ${input.end}::date
          GROUP BY 1
        ), collected AS (
          SELECT to_char(p.payment_date, 'YYYY-MM') AS month, sum(p.amount) AS collected FROM payments p
          WHERE p.deleted_at IS NULL AND NOT p.voided AND p.payment_date BETWEEN ${input.start}::date AND ${input.end}::date GROUP BY 1
        )
        SELECT months.month, coalesce(billed.billed, 0) AS billed, coalesce(collected.collected, 0) AS collected
        FROM months LEFT JOIN billed USING (month) LEFT JOIN collected USING (month) ORDER BY months.month`,
  );
  const months = rows.map((r) => ({ month: r.month, billed: Number(r.billed), collected: Number(r.collected) }));
  const sum = (k: 'billed' | 'collected') => fromCents(months.reduce((s, m) => s + toCents(m[k]), 0));
  return { data: { months, totals: { billed: sum('billed'), collected: sum('collected') } } };
}
