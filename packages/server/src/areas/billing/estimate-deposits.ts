/**
 * A won estimate's deposit before its job is made (docs/domain/billing.md, Deposits): what the
 * estimate bills, as a job made from it would (each item as the client chose it: its own amount and
 * product, or its alternate's; taxable by its product), and the deposits it has asked; and, when the
 * job is made from the estimate (estimating's convert), the deposits moving onto the job, so its final
 * invoice subtracts them. The convert calls `estimateDepositsToJob` (eslint AREA_EXPORTS).
 */
import { sql } from 'drizzle-orm';
import type { TotalsLine } from '@glazier/shared/rules/billing/invoice-totals';
import { sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import type { RecordWriter } from '../../engine/named-write.ts';
import { getRow } from '../../engine/read.ts';
import { refreshInvoiceAmount } from './invoice-money.ts';

export const ONLY_WON_DEPOSIT = 'Only a won estimate takes a deposit: mark it won first.';

/**
 * The estimate, read as the caller may (404/403), then locked (deposits of one estimate are made one
 * at a time, and not while its job is being made). Its job when it has one alive: a deposit then goes
 * to the job. 409 unless it is won.
 */
export async function lockedEstimate(w: RecordWriter, estimateId: number) {
  await getRow(w.ctx, 'estimates', estimateId);
  const [estimate] = await sqlSelect(
    w.ctx.db,
    { id: 'num', name: 'text', status: 'text', client_id: 'num', job_id: 'num?' },
    sql`SELECT e.id, e.name, e.status, e.client_id, (SELECT j.id FROM jobs j WHERE j.id = e.job_id AND j.deleted_at IS NULL) AS job_id
      FROM estimates e WHERE e.id = ${estimateId} AND e.deleted_at IS NULL FOR UPDATE OF e`,
  );
  if (!estimate) throw new ApiError(404, 'Estimate not found.');
  if (estimate.status !== 'won') throw new ApiError(409, ONLY_WON_DEPOSIT);
  return estimate;
}

/**
 * The estimate's lines as a job made from it would bill them: each item's amount as the client chose it, taxable by its product.
 * An item's category is its product's, else its takeoff option's, as estimating's estimate-total-sql.ts reads it; written out
 * here because estimating's convert calls billing (estimateDepositsToJob), so billing imports nothing of estimating.
 */
export async function estimateLines(ctx: Ctx, estimateId: number): Promise<TotalsLine[]> {
  const rows = await sqlSelect(
    ctx.db,
    { amount: 'num', taxable: 'bool' },
    sql`SELECT CASE WHEN x.alt THEN coalesce(x.alternate_amount, 0) ELSE coalesce(x.amount, 0) END AS amount,
          coalesce((SELECT p.taxable FROM products p WHERE p.id = CASE WHEN x.alt THEN coalesce(x.alternate_product_id, x.product_id) ELSE x.product_id END), true) AS taxable
        FROM (SELECT i.amount, i.alternate_amount, i.product_id, i.alternate_product_id, i.sort, i.id,
                (i.alternate_product_id IS NOT NULL OR i.alternate_amount IS NOT NULL)
                  AND e.alternate_categories @> to_jsonb(coalesce(
                    (SELECT p.category_id FROM products p WHERE p.id = i.product_id),
                    (SELECT o.product_category_id FROM takeoff_options o WHERE o.id = i.takeoff_option_id))) AS alt
              FROM estimate_items i JOIN estimates e ON e.id = i.estimate_id
              WHERE i.estimate_id = ${estimateId} AND i.deleted_at IS NULL) x
        ORDER BY x.sort, x.id`,
  );
  return rows.map((r) => ({ amount: r.amount, taxable: r.taxable }));
}

/**
 * The job made from the estimate takes the deposits asked on the estimate before it (each with its
 * history), and its invoice amount follows them; its final invoice then subtracts those paid.
 */
export async function estimateDepositsToJob(w: RecordWriter, estimateId: number, jobId: number): Promise<void> {
  const deposits = await sqlSelect(
    w.ctx.db,
    { id: 'num' },
    sql`SELECT id FROM invoices WHERE estimate_id = ${estimateId} AND job_id IS NULL AND deleted_at IS NULL ORDER BY number FOR UPDATE`,
  );
  if (!deposits.length) return;
  for (const d of deposits) await w.update('invoices', d.id, { job_id: jobId, updated_at: sql`now()` });
  await refreshInvoiceAmount(w, jobId);
}
