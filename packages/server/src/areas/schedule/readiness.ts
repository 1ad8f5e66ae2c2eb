/**
 * `GET /api/schedule/readiness?start&end` (shared/actions/schedule.ts): whether each job on the
 * calendar's visible days is ready to install, by the rule of shared/rules/schedule/readiness.ts,
 * in one statement: the jobs with an event in the range (live jobs only, as the events list shows
 * them), their products' steps still to do (the series' flags, or its category's while it uses the
 * category settings, as the shop floor's to-do lists read them; measured and fabricated by piece
 * where a product's pieces are marked apart), and the backordered lines of
 * orders not received for the job's materials (its products' materials, an assembly's parts, its
 * bom's materials).
 */
import { sql } from 'drizzle-orm';
import type { JobReadiness } from '@glazier/shared/rules/schedule/readiness';
import type { Ctx } from '../../engine/context.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

const step = (flag: string) => {
  const f = sql.identifier(flag);
  return sql`CASE WHEN s.use_category_settings THEN coalesce(c.${f}, false) ELSE coalesce(s.${f}, false) END`;
};

export async function scheduleReadiness({ ctx, start, end }: { ctx: Ctx; start: string; end: string }): Promise<{ data: JobReadiness[] }> {
  // Per job (LATERAL): each job's products and materials by their indexes, never a pass over every
  // job product; the backordered lines (few) are gathered once and matched to each job's materials.
  const rows: JobReadiness[] = await sqlSelect(
    ctx.db,
    { job_id: 'num', not_measured: 'num', not_ordered: 'num', not_fabricated: 'num', backordered_lines: 'num' },
    sql`WITH scheduled AS (
      SELECT DISTINCT e.job_id FROM events e
      WHERE e.date >= ${start} AND e.date <= ${end} AND e.deleted_at IS NULL
    ),
    backordered AS MATERIALIZED (
      SELECT l.id, l.material_id FROM purchase_order_materials l
      JOIN purchase_orders o ON o.id = l.purchase_order_id AND o.received_at IS NULL AND o.deleted_at IS NULL
      WHERE l.status = 'backordered' AND l.deleted_at IS NULL
    )
    SELECT sj.job_id, st.not_measured, st.not_ordered, st.not_fabricated, bo.backordered_lines
    FROM scheduled sj
    -- live jobs only, looked up by id (as EXISTS in the CTE, the planner hashed all 100k jobs)
    CROSS JOIN LATERAL (SELECT 1 FROM jobs j WHERE j.id = sj.job_id AND j.deleted_at IS NULL) live
    CROSS JOIN LATERAL (
      SELECT
        coalesce(sum(CASE WHEN pc.marked_apart THEN pc.not_measured ELSE (NOT p.is_measured)::int END) FILTER (WHERE ${step('enable_measured')}), 0)::int AS not_measured,
        count(*) FILTER (WHERE NOT p.is_ordered AND ${step('enable_ordered')})::int AS not_ordered,
        coalesce(sum(CASE WHEN pc.marked_apart THEN pc.not_fabricated ELSE (NOT p.is_fabricated)::int END) FILTER (WHERE ${step('enable_fabricated')}), 0)::int AS not_fabricated
      FROM job_products p
      LEFT JOIN series s ON s.id = p.series_id
      LEFT JOIN product_categories c ON c.id = s.category_id
      -- a product whose pieces are marked apart counts the pieces still to do (shop-floor/pieces.ts); one whose pieces are as it is counts once
      CROSS JOIN LATERAL (
        SELECT count(*) > 0 AS marked_apart, count(*) FILTER (WHERE NOT x.is_measured)::int AS not_measured, count(*) FILTER (WHERE NOT x.is_fabricated)::int AS not_fabricated
        FROM job_product_pieces x WHERE x.job_product_id = p.id AND x.deleted_at IS NULL
      ) pc
      WHERE p.job_id = sj.job_id AND p.deleted_at IS NULL
    ) st
    -- the job's materials gathered once, then matched against the few backordered lines (joined
    -- directly, the planner ran the job's lookups once per backordered line: ten times slower)
    CROSS JOIN LATERAL (
      SELECT array_agg(m.material_id) AS materials FROM (
        SELECT pr.material_id FROM job_products p JOIN products pr ON pr.id = p.product_id
          WHERE p.job_id = sj.job_id AND p.deleted_at IS NULL
        UNION ALL
        SELECT pm.material_id FROM job_products p JOIN product_materials pm ON pm.product_id = p.product_id AND pm.deleted_at IS NULL
          WHERE p.job_id = sj.job_id AND p.deleted_at IS NULL
        UNION ALL
        SELECT bm.material_id FROM boms bo JOIN bom_materials bm ON bm.bom_id = bo.id AND bm.deleted_at IS NULL
          WHERE bo.job_id = sj.job_id AND bo.deleted_at IS NULL
      ) m
    ) jm
    CROSS JOIN LATERAL (SELECT count(*)::int AS backordered_lines FROM backordered b WHERE b.material_id = ANY (jm.materials)) bo
    ORDER BY sj.job_id`,
  );
  return {
    data: rows.map((r) => ({
      job_id: Number(r.job_id),
      not_measured: Number(r.not_measured),
      not_ordered: Number(r.not_ordered),
      not_fabricated: Number(r.not_fabricated),
      backordered_lines: Number(r.backordered_lines),
    })),
  };
}
