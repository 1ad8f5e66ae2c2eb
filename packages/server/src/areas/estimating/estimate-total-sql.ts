/** An estimate's total in SQL: the list's computed total, and the analysis's value won (eslint AREA_EXPORTS). */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AnyTable } from '../../db/schema.ts';

/** An item's category: its product's, else its takeoff option's (the estimate groups and totals by it). */
export const itemCategory = (productId: SQL | AnyColumn, optionId: SQL | AnyColumn) =>
  sql`coalesce((SELECT p.category_id FROM products p WHERE p.id = ${productId}), (SELECT o.product_category_id FROM takeoff_options o WHERE o.id = ${optionId}))`;

/**
 * An estimate's total (estimateTotals' `chosen`, shared/rules/estimating/estimate-totals.ts): an
 * item with an alternate in a category the client chose counts its alternate amount. The list's
 * computed total and the analysis's value won.
 */
export const estimateTotalSql = (t: AnyTable) => sql`(SELECT coalesce(sum(CASE
        WHEN (i.alternate_product_id IS NOT NULL OR i.alternate_amount IS NOT NULL)
          AND ${t.alternate_categories} @> to_jsonb(${itemCategory(sql`i.product_id`, sql`i.takeoff_option_id`)})
        THEN coalesce(i.alternate_amount, 0) ELSE coalesce(i.amount, 0) END), 0)
      FROM estimate_items i WHERE i.estimate_id = ${t.id} AND i.deleted_at IS NULL)`;
