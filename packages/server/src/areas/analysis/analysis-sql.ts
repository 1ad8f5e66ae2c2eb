/** What the analysis's statements share: the burden_rate setting as a number, and numbers from the driver. */
import { SETTING } from '@glazier/shared/settings';
import { sql, type SQL } from 'drizzle-orm';

/** The burden_rate setting as numeric (null when unset or not a number). */
export function burdenRateSql(): SQL {
  return sql`(SELECT CASE WHEN btrim(s.value) ~ '^[0-9]+(\\.[0-9]+)?$' THEN btrim(s.value)::numeric END
    FROM settings s WHERE s.name = ${SETTING.burdenRate} AND s.deleted_at IS NULL LIMIT 1)`;
}

/**
 * A job's revenue (shared/rules/analysis/job-profit.ts jobRevenue) of the jobs row `job` (an alias)
 * and the sum of its products' revenue: the profitability's and the forecast's.
 */
export function jobRevenueSql(job: string, productRevenue: SQL): SQL {
  const j = sql.identifier(job);
  return sql`(coalesce(${j}.invoice_amount, coalesce(${productRevenue}, 0)) + coalesce(${j}.additional_revenues, 0) + coalesce(${j}.trip_charge, 0))`;
}

/** A numeric column (the driver gives numeric as text, counts as bigint text) as a number; none is 0. */
export const num = (v: unknown): number => (v == null ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
