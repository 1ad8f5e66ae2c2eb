import { sql } from 'drizzle-orm';
import { SCOPES } from '@glazier/shared/resources/jobs';
import type { RecordWithRelations } from '@glazier/shared/resources/records';
import { sqlRun, sqlSelect, type RowOf } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { ApiError } from '../../engine/errors.ts';
import { changeRecord } from '../../engine/named-write.ts';
import { get, getRow } from '../../engine/read.ts';
import { create } from '../../engine/write.ts';
import { estimateDepositsToJob } from '../billing/estimate-deposits.ts';
import { jobNumberPrefix, nextJobNumber } from '@glazier/shared/rules/jobs/job-number';

/** An item as the conversion reads it: whether it becomes its alternate. */
/** What a job product takes of an estimate item: its own or its alternate's (`use_alternate`). */
const CONVERTED_ITEM = {
  product_id: 'num?',
  alternate_product_id: 'num?',
  description: 'text?',
  alternate_description: 'text?',
  cost: 'num?',
  alternate_cost: 'num?',
  amount: 'num?',
  alternate_amount: 'num?',
  notes: 'text?',
  qty: 'num?',
  use_alternate: 'bool?',
} as const;
type ConvertedItem = RowOf<typeof CONVERTED_ITEM>;

export const ONLY_WON_MESSAGE = 'Only a won estimate becomes a job. Mark it won first.';

/**
 * `POST /api/estimates/{id}/convert`: the job of a won estimate, made once. In one transaction the
 * job is created as a save of it would be (the caller's `edit jobs` right, its rules, a taken
 * number refused on `number`): the estimate's client, the job number (the one given, else the
 * estimate's, else the numbering rule's next: never a job without a number), name, job address and dates, the
 * scopes its categories name, and a product per item (product, qty, description as the name,
 * notes; cost and revenue from the item's cost and amount, kept only with `edit jobs_admin`, else
 * derived from the product as any save would); in a category whose alternates the client chose,
 * an item with an alternate gives its alternate product, description, cost and amount. The
 * estimate then names the job, and the job takes the deposits asked on the estimate. Converting again
 * answers the same job, while it is not deleted.
 */
export async function convertEstimate({ ctx, id, jobNumber }: { ctx: Ctx; id: number; jobNumber?: string }): Promise<RecordWithRelations<'jobs'>> {
  return changeRecord(ctx, { resource: 'estimates', id, action: 'convert' }, async (w, estimate) => {
    const tx = w.ctx;
    const db = tx.db;
    if (estimate.job_id != null) {
      const [live] = await sqlSelect(db, { id: 'num' }, sql`SELECT id FROM jobs WHERE id = ${estimate.job_id} AND deleted_at IS NULL`);
      if (live) return get(tx, 'jobs', live.id);
    }
    if (estimate.status !== 'won') throw new ApiError(409, ONLY_WON_MESSAGE);
    const categoryIds = estimate.product_category_list ?? [];
    const categories = categoryIds.length
      ? await sqlSelect(db, { name: 'text' }, sql`SELECT name FROM product_categories WHERE id = ANY(${`{${categoryIds.join(',')}}`}::int[]) ORDER BY name`)
      : [];
    const scopes = SCOPES.filter((s) => categories.some((c) => c.name === s));
    // An item with an alternate in a category whose alternates the client chose becomes its alternate.
    const chosen = JSON.stringify(Array.isArray(estimate.alternate_categories) ? estimate.alternate_categories : []);
    const items = await sqlSelect(
      db,
      CONVERTED_ITEM,
      sql`SELECT i.product_id, i.alternate_product_id, i.description, i.alternate_description, i.cost, i.alternate_cost, i.amount, i.alternate_amount,
            i.notes, i.qty, (i.alternate_product_id IS NOT NULL OR i.alternate_amount IS NOT NULL)
            AND ${chosen}::jsonb @> to_jsonb(coalesce(p.category_id, o.product_category_id)) AS use_alternate
          FROM estimate_items i
          LEFT JOIN products p ON p.id = i.product_id
          LEFT JOIN takeoff_options o ON o.id = i.takeoff_option_id
          WHERE i.estimate_id = ${id} AND i.deleted_at IS NULL ORDER BY i.sort, i.id`,
    );
    const asChosen = (i: ConvertedItem) =>
      i.use_alternate === true
        ? {
            product_id: i.alternate_product_id ?? i.product_id,
            description: i.alternate_description || i.description,
            cost: i.alternate_cost,
            amount: i.alternate_amount,
          }
        : { product_id: i.product_id, description: i.description, cost: i.cost, amount: i.amount };
    const number = jobNumber || estimate.job_number || (await nextNumber(tx));
    const job = await create(tx, 'jobs', {
      client_id: estimate.client_id,
      number,
      name: estimate.name,
      address: estimate.job_address,
      start_date: estimate.job_start_date,
      end_date: estimate.job_end_date,
      scope_array: scopes,
      products: items
        .map((i) => ({ ...asChosen(i), notes: i.notes, qty: i.qty }))
        .filter((i) => i.product_id != null || (typeof i.description === 'string' && i.description.trim()))
        .map((i, sort) => ({ product_id: i.product_id, name: i.description || null, note: i.notes, qty: i.qty ?? 1, cost: i.cost, revenue: i.amount, sort })),
    });
    // the estimate names its job, by the number the job was given
    await sqlRun(db, sql`UPDATE estimates SET job_id = ${job.id}, job_number = ${job.number}, updated_at = now() WHERE id = ${id}`);
    // the deposits asked on the won estimate before its job was made go to the job
    await estimateDepositsToJob(w, id, job.id);
    // read again: the answer names the estimate it came from, as the job's GET does
    return get(tx, 'jobs', job.id);
  });
}

/** The numbering rule's next job number (shared/rules/jobs/job-number.ts), over every job's, those in the trash too. */
async function nextNumber(ctx: Ctx): Promise<string> {
  const year = new Date().getFullYear();
  const taken = await sqlSelect(ctx.db, { number: 'text' }, sql`SELECT number FROM jobs WHERE number LIKE ${`${jobNumberPrefix(year)}%`}`);
  return nextJobNumber(
    taken.map((r) => r.number),
    year,
  );
}

/** `GET /api/estimates/{id}/job_number`: the number its job would get (the estimate's, else the rule's next). */
export async function proposedJobNumber({ ctx, id }: { ctx: Ctx; id: number }): Promise<string> {
  const estimate = await getRow(ctx, 'estimates', id);
  return estimate.job_number || nextNumber(ctx);
}
