/**
 * An invoice's money in SQL, read live (docs/domain/billing.md, Totals and tax), by the rules of
 * shared rules/billing/invoice-totals.ts: the lines' amounts are stored rounded; the tax is rounded
 * once over the taxable lines at the invoice's rates together (PostgreSQL's round of a numeric is
 * half away from zero, as mulDivRound); a tax-exempt invoice has none. Paid counts the allocations
 * of payments not voided; a void invoice owes nothing. Over the invoices table `t`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyTable } from '../../db/schema.ts';

const lineSum = (t: AnyTable, where: SQL = sql``) =>
  sql`(SELECT coalesce(sum(l.amount), 0) FROM invoice_lines l WHERE l.invoice_id = ${t.id} AND l.deleted_at IS NULL ${where})`;

export const subtotalSql = (t: AnyTable) => lineSum(t);

export const taxSql = (t: AnyTable) =>
  sql`(CASE WHEN ${t.tax_exempt} THEN 0 ELSE round(greatest(0, ${lineSum(t, sql`AND l.taxable`)}) * (coalesce(${t.tax1_percent}, 0) + coalesce(${t.tax2_percent}, 0)) / 100, 2) END)`;

export const totalSql = (t: AnyTable) => sql`(${subtotalSql(t)} + ${taxSql(t)})`;

export const paidSql = (t: AnyTable) =>
  sql`(SELECT coalesce(sum(a.amount), 0) FROM payment_allocations a JOIN payments p ON p.id = a.payment_id
    WHERE a.invoice_id = ${t.id} AND a.deleted_at IS NULL AND p.deleted_at IS NULL AND NOT p.voided)`;

export const balanceSql = (t: AnyTable) =>
  sql`(CASE WHEN ${t.status} = 'void' THEN 0 ELSE ${totalSql(t)} - coalesce(${t.deposits_applied}, 0) - ${paidSql(t)} END)`;
