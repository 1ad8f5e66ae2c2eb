/**
 * What materials are wanted and what is coming in, in SQL: the suggested orders' and the
 * forecast's shortages (areas/analysis/forecast.ts) count them the same way; inventory owns them, as it owns on hand, so purchasing and the analysis import inventory and inventory imports neither (eslint AREA_EXPORTS).
 */
import { sql, type SQL } from 'drizzle-orm';

/** FROM … WHERE over `l` (purchase order lines) and `o` (their orders): lines ordered or backordered on live orders not received yet. */
export const openOrderLinesSql = (): SQL => sql`purchase_order_materials l JOIN purchase_orders o ON o.id = l.purchase_order_id
  WHERE l.status IN ('ordered', 'backordered') AND o.received_at IS NULL AND o.deleted_at IS NULL`;

/** On order per material: rows (material_id, qty). */
export const onOrderByMaterialSql = (): SQL => sql`SELECT l.material_id, sum(l.qty) AS qty FROM ${openOrderLinesSql()} GROUP BY l.material_id`;

/**
 * Open demand of jobs' products: rows (job_id, material_id, qty), the product's material qty × the
 * line's qty, for the products not ordered yet of active, incomplete jobs. Plain joins, so a query
 * that joins it on `job_id` reads only those jobs' lines.
 */
export const openJobMaterialDemandSql = (): SQL => sql`SELECT jp.job_id, pm.material_id, coalesce(pm.qty, 0) * coalesce(jp.qty, 0) AS qty
    FROM job_products jp
    JOIN jobs dj ON dj.id = jp.job_id
    JOIN product_materials pm ON pm.product_id = jp.product_id AND pm.deleted_at IS NULL
   WHERE dj.active AND NOT dj.is_complete AND NOT dj.is_template AND dj.deleted_at IS NULL
     AND NOT jp.is_ordered AND jp.deleted_at IS NULL`;
