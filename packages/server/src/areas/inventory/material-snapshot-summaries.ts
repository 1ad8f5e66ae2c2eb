import { sql } from 'drizzle-orm';
import type { Ctx } from '../../engine/context.ts';
import type { SnapshotSummary } from '@glazier/shared/actions/inventory';
import { sqlSelect } from '../../db/typed-sql.ts';

/** How many snapshot dates the summary lists (newest first); years of month-end snapshots. */
export const SNAPSHOT_SUMMARY_LIMIT = 120;

/**
 * `GET /api/material_snapshots/summary` → `{data: [{date, materials, value}]}`, newest date first:
 * the stock value as of each snapshot date, summed in SQL (a client would have to fetch every
 * material's row of a date to add them up). Needs `view inventory`, like the snapshots themselves.
 */
export async function materialSnapshotSummaries({ ctx }: { ctx: Ctx }): Promise<{ data: SnapshotSummary[] }> {
  const rows = await sqlSelect(
    ctx.db,
    { date: 'text', materials: 'num', value: 'num' },
    sql`SELECT to_char(date, 'YYYY-MM-DD') AS date, count(*)::int AS materials,
      coalesce(sum(value), 0) AS value FROM material_snapshots WHERE deleted_at IS NULL
      GROUP BY date ORDER BY date DESC LIMIT ${SNAPSHOT_SUMMARY_LIMIT}`,
  );
  return { data: rows.map((r) => ({ date: r.date, materials: Number(r.materials), value: Number(r.value) })) };
}
