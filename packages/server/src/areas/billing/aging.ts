/**
 * The receivables' aging (docs/domain/billing.md, Receivables): every invoice still owing (sent or
 * partly paid, balance above 0) read with its balance (invoice-sql.ts), bucketed and summed per
 * client by the rule (rules/billing/aging.ts), in cents, answered in dollars.
 */
import { sql } from 'drizzle-orm';
import type { invoiceAging } from '@glazier/shared/actions/billing';
import type { ActionParsedInput } from '@glazier/shared/actions/define';
import { agingReport, type BucketTotals } from '@glazier/shared/rules/billing/aging';
import { toIsoDate } from '@glazier/shared/rules/dates';
import { fromCents, toCents } from '@glazier/shared/rules/money';
import { tableFor } from '../../db/schema.ts';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { balanceSql } from './invoice-sql.ts';

const dollars = <T extends BucketTotals>(t: T): T =>
  Object.fromEntries(Object.entries(t).map(([k, v]) => [k, k === 'client_id' || typeof v !== 'number' ? v : fromCents(v)])) as T;

export async function invoiceAgingReport({ ctx, input }: { ctx: Ctx; input: ActionParsedInput<typeof invoiceAging> }) {
  const asOf = input.as_of ?? toIsoDate(new Date());
  const t = tableFor('invoices');
  // a report over every open invoice, each balance a few subqueries: PostgreSQL's JIT would compile
  // it for seconds at the bench's 20 000 invoices (its estimate is high) to run it in milliseconds
  const rows = await ctx.db.largeRead((db) =>
    sqlSelect(
      db,
      { client_id: 'num', client_name: 'text?', due_date: 'text', balance: 'num' },
      sql`SELECT o.* FROM (
      SELECT ${t.client_id} AS client_id, (SELECT c.name FROM clients c WHERE c.id = ${t.client_id}) AS client_name,
        to_char(coalesce(${t.due_date}, ${t.issue_date}), 'YYYY-MM-DD') AS due_date, ${balanceSql(t)} AS balance
      FROM ${t} WHERE ${t.deleted_at} IS NULL AND ${t.status} IN ('sent', 'partly_paid') AND ${t.issue_date} <= ${asOf}::date
    ) o WHERE o.balance > 0`,
    ),
  );
  const report = agingReport(
    rows.map((r) => ({ client_id: r.client_id, client_name: r.client_name ?? '', due_date: r.due_date, balance: toCents(r.balance) })),
    asOf,
  );
  return { data: { as_of: asOf, rows: report.rows.map(dollars), totals: dollars(report.totals) } };
}
