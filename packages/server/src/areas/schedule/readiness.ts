/**
 * `GET /api/schedule/readiness?start&end` (shared/actions/schedule.ts): whether each job on the
 * calendar's visible days is ready to install, by the rule of shared/rules/schedule/readiness.ts,
 * in one statement: the jobs with an event in the range (live jobs only, as the events list shows
 * them), their products' steps still to do (the series' flags, or its category's while it uses the
 * category settings, as the shop floor's to-do lists read them), and the backordered lines of
 * orders not received for the job's materials (its products' materials, an assembly's parts, its
 * bom's materials).
 */
import { sql } from 'drizzle-orm';
import type { JobReadiness } from '@glazier/shared/rules/schedule/readiness';
import { sqlRows } from '../../db/client.ts';
import type { Ctx } from '../../engine/context.ts';

const step = (flag: string) => {
  const f = sql.identifier(flag);
  return sql`CASE WHEN s.use_category_settings THEN coalesce(c.${f}, false) ELSE coalesce(s.${f}, false) END`;
};

export async function scheduleReadiness({ ctx, start, end }: { ctx: Ctx; start: string; end: string }): Promise<{ data: JobReadiness[] }> {
  const rows = await sqlRows<JobReadiness>(
    ctx.db,
    sql`WITH scheduled AS (
      SELECT DISTINCT e.job_id FROM events e JOIN jobs j ON j.id = e.job_id AND j.deleted_at IS NULL
      WHERE e.date >= ${start} AND e.date <= ${end} AND e.deleted_at IS NULL
    ),
    steps AS (
      SELECT p.job_id,
        count(*) FILTER (WHERE NOT p.is_measured AND ${step('enable_measured')})::int AS not_measured,
        count(*) FILTER (WHERE NOT p.is_ordered AND ${step('enable_ordered')})::int AS not_ordered,
        count(*) FILTER (WHERE NOT p.is_fabricated AND ${step('enable_fabricated')})::int AS not_fabricated
      FROM scheduled sj
      JOIN job_products p ON p.job_id = sj.job_id AND p.deleted_at IS NULL
      LEFT JOIN series s ON s.id = p.series_id
      LEFT JOIN product_categories c ON c.id = s.category_id
      GROUP BY p.job_id
    ),
    job_materials AS (
      SELECT p.job_id, pr.material_id FROM scheduled sj
        JOIN job_products p ON p.job_id = sj.job_id AND p.deleted_at IS NULL
        JOIN products pr ON pr.id = p.product_id
        WHERE pr.material_id IS NOT NULL
      UNION
      SELECT p.job_id, pm.material_id FROM scheduled sj
        JOIN job_products p ON p.job_id = sj.job_id AND p.deleted_at IS NULL
        JOIN product_materials pm ON pm.product_id = p.product_id AND pm.deleted_at IS NULL
      UNION
      SELECT b.job_id, bm.material_id FROM scheduled sj
        JOIN boms b ON b.job_id = sj.job_id AND b.deleted_at IS NULL
        JOIN bom_materials bm ON bm.bom_id = b.id AND bm.deleted_at IS NULL
    ),
    backordered AS (
      SELECT m.job_id, count(DISTINCT l.id)::int AS backordered_lines
      FROM job_materials m
      JOIN purchase_order_materials l ON l.material_id = m.material_id AND l.status = 'backordered' AND l.deleted_at IS NULL
      JOIN purchase_orders o ON o.id = l.purchase_order_id AND o.received_at IS NULL AND o.deleted_at IS NULL
      GROUP BY m.job_id
    )
    SELECT sj.job_id,
      coalesce(st.not_measured, 0) AS not_measured, coalesce(st.not_ordered, 0) AS not_ordered,
      coalesce(st.not_fabricated, 0) AS not_fabricated, coalesce(b.backordered_lines, 0) AS backordered_lines
    FROM scheduled sj LEFT JOIN steps st ON st.job_id = sj.job_id LEFT JOIN backordered b ON b.job_id = sj.job_id
    ORDER BY sj.job_id`,
  );
  return { data: rows.map((r) => ({ job_id: Number(r.job_id), not_measured: Number(r.not_measured), not_ordered: Number(r.not_ordered), not_fabricated: Number(r.not_fabricated), backordered_lines: Number(r.backordered_lines) })) };
}
