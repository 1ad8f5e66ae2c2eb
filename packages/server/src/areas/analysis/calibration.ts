/**
 * `GET /api/analysis/calibration`: how the labour estimates hold up. Over completed
 * jobs ending in the range, Σ qty × the product's hours per unit against all the hours logged on
 * the job, by product category (a job's hours shared among its categories by their estimated
 * hours: time entries name no category) and by foreman (its API test checks it against
 * calibrationByKey, server/test/analysis-oracles.ts).
 */
import type { ActionAnswer, ActionParsedInput } from '@glazier/shared/actions/define';
import type { analysisCalibration, CalibrationGroup } from '@glazier/shared/actions/analysis';
import { sql, type SQL } from 'drizzle-orm';
import { oneOf, sqlSelect } from '../../db/typed-sql.ts';
import type { Ctx } from '../../engine/context.ts';
import { num } from './analysis-sql.ts';

/**
 * The completed jobs ending in [start, end] with a labour estimate, as three steps: `j` the jobs,
 * `est` each one's estimated hours by product category, `per_job` each one's estimated and logged
 * hours. The calibration's tables and the forecast's overall ratio (areas/analysis/forecast.ts).
 */
export function completedJobsLabourSql(start: string, end: string): SQL {
  return sql`j AS MATERIALIZED (
        SELECT id, foreman_id FROM jobs WHERE NOT is_template AND deleted_at IS NULL AND is_complete AND end_date BETWEEN ${start}::date AND ${end}::date
      ), est AS MATERIALIZED (
        -- plain joins: the products with an estimate are hashed once, not looked up per line
        SELECT jp.job_id, p.category_id, sum(coalesce(jp.qty, 0) * p.hours_per_unit) AS hours
        FROM j JOIN job_products jp ON jp.job_id = j.id AND jp.deleted_at IS NULL
        JOIN products p ON p.id = jp.product_id AND p.hours_per_unit > 0
        GROUP BY 1, 2
      ), per_job AS MATERIALIZED (
        SELECT e.job_id, sum(e.hours) AS estimated,
          coalesce((SELECT sum(te.hours) FROM time_entries te WHERE te.job_id = e.job_id AND te.deleted_at IS NULL), 0) AS logged
        FROM est e GROUP BY e.job_id HAVING sum(e.hours) > 0
      )`;
}

export async function analysisCalibrationReport({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: ActionParsedInput<typeof analysisCalibration>;
}): Promise<ActionAnswer<typeof analysisCalibration>> {
  const { start, end } = input;
  return ctx.db.largeRead(async (db) => {
    const calibration = await sqlSelect(
      db,
      { kind: oneOf(['category', 'foreman'] as const), key: 'text?', label: 'text', jobs: 'num', estimated_hours: 'num?', logged_hours: 'num?' },
      sql`WITH ${completedJobsLabourSql(start, end)}
      SELECT 'category' AS kind, e.category_id::text AS key, coalesce(pc.name, 'No category') AS label, count(*) AS jobs,
        sum(e.hours) AS estimated_hours, sum(pj.logged * e.hours / pj.estimated) AS logged_hours
      FROM est e JOIN per_job pj ON pj.job_id = e.job_id LEFT JOIN product_categories pc ON pc.id = e.category_id GROUP BY 2, 3
      UNION ALL SELECT 'foreman', j.foreman_id::text, coalesce(u.name, 'No foreman'), count(*), sum(pj.estimated), sum(pj.logged)
      FROM per_job pj JOIN j ON j.id = pj.job_id LEFT JOIN users u ON u.id = j.foreman_id GROUP BY 2, 3`,
    );

    // hours to the hundredth: a job's share of its hours is a fraction of no interest beyond that
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const calibrated = (kind: string): CalibrationGroup[] =>
      calibration
        .filter((r) => r.kind === kind)
        .map((r) => {
          const estimated = round2(num(r.estimated_hours));
          const logged = round2(num(r.logged_hours));
          return {
            key: r.key == null ? null : String(r.key),
            label: String(r.label),
            jobs: num(r.jobs),
            estimated_hours: estimated,
            logged_hours: logged,
            ratio: estimated > 0 ? logged / estimated : null,
          };
        })
        .sort((a, b) => (a.key == null ? 1 : b.key == null ? -1 : a.label.localeCompare(b.label)));
    return { data: { categories: calibrated('category'), foremen: calibrated('foreman') } };
  });
}
