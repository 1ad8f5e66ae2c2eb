/**
 * `GET /api/analysis/labour`: the hours logged in a range by employee, by job (the 200
 * with most) and by scope, and each person's weeks over 40 hours (Sunday weeks, as the time
 * cards'); shared/rules/analysis/estimates-labour.ts states the same.
 */
import type { ActionAnswer, ActionParsedInput } from '@glazier/shared/actions/define';
import type { analysisLabour, HoursGroup } from '@glazier/shared/actions/analysis';
import { OVERTIME_AFTER } from '@glazier/shared/rules/analysis/estimates-labour';
import { sql } from 'drizzle-orm';
import { oneOf, sqlSelect, type RowOf } from '../../db/typed-sql.ts';

/** A row of the hours statement: a group's hours and entries. */
const HOURS_ROW = {
  kind: oneOf(['total', 'employee', 'job', 'job_count', 'scope'] as const),
  key: 'text?',
  label: 'text?',
  hours: 'num?',
  entries: 'num?',
} as const;
type HoursRow = RowOf<typeof HOURS_ROW>;
import type { Ctx } from '../../engine/context.ts';
import { num } from './analysis-sql.ts';

type Answer = ActionAnswer<typeof analysisLabour>;

/** The jobs the by-job table lists at most. */
export const LABOUR_JOBS_LIMIT = 200;

export async function analysisLabourReport({ ctx, input }: { ctx: Ctx; input: ActionParsedInput<typeof analysisLabour> }): Promise<Answer> {
  const { start, end } = input;
  return ctx.db.largeRead(async (db) => {
    const hours = await sqlSelect(
      db,
      HOURS_ROW,
      sql`WITH t AS MATERIALIZED (
        SELECT te.user_id, te.job_id, te.hours, te.date FROM time_entries te
        WHERE te.deleted_at IS NULL AND te.date BETWEEN ${start}::date AND ${end}::date
      ), by_job AS MATERIALIZED (SELECT job_id, sum(hours) AS hours, count(*) AS entries FROM t GROUP BY job_id)
      SELECT 'total' AS kind, NULL AS key, NULL AS label, coalesce(sum(hours), 0) AS hours, count(*) AS entries FROM t
      UNION ALL SELECT 'employee', t.user_id::text, coalesce(u.name, 'No one'), sum(t.hours), count(*) FROM t LEFT JOIN users u ON u.id = t.user_id GROUP BY 2, 3
      UNION ALL SELECT 'job', top.job_id::text, CASE WHEN top.job_id IS NULL THEN 'No job' ELSE concat_ws(' ', j.number, j.name) END, top.hours, top.entries
        FROM (SELECT * FROM by_job ORDER BY hours DESC, job_id LIMIT ${LABOUR_JOBS_LIMIT}) top LEFT JOIN jobs j ON j.id = top.job_id
      UNION ALL SELECT 'job_count', NULL, NULL, 0, count(*) FROM by_job
      UNION ALL SELECT 'scope', s.scope, coalesce(s.scope, 'No scope'), sum(b.hours), sum(b.entries)
        FROM by_job b LEFT JOIN jobs j ON j.id = b.job_id LEFT JOIN LATERAL jsonb_array_elements_text(j.scope_array) s(scope) ON true GROUP BY 2, 3`,
    );
    const overtime = await sqlSelect(
      db,
      { user_id: 'num?', user_name: 'text', week: 'text', hours: 'num' },
      sql`SELECT w.user_id, coalesce(u.name, 'No one') AS user_name, to_char(w.week, 'YYYY-MM-DD') AS week, w.hours
      FROM (SELECT te.user_id, te.date - extract(dow FROM te.date)::int AS week, sum(te.hours) AS hours FROM time_entries te
        WHERE te.deleted_at IS NULL AND te.date BETWEEN ${start}::date - 6 AND ${end}::date
        GROUP BY 1, 2 HAVING sum(te.hours) > ${OVERTIME_AFTER}) w
      LEFT JOIN users u ON u.id = w.user_id
      WHERE w.week BETWEEN ${start}::date - 6 AND ${end}::date
      ORDER BY w.week DESC, user_name`,
    );
    const round5 = (n: number) => Math.round(n * 100_000) / 100_000;
    const group = (r: HoursRow): HoursGroup => ({
      key: r.key == null ? null : String(r.key),
      label: String(r.label),
      hours: round5(num(r.hours)),
      entries: num(r.entries),
    });
    const of = (kind: string) => hours.filter((r) => r.kind === kind);
    const byHours = (a: HoursGroup, b: HoursGroup) => b.hours - a.hours || a.label.localeCompare(b.label);
    return {
      data: {
        total_hours: round5(num(of('total')[0]?.hours)),
        employees: of('employee').map(group).sort(byHours),
        jobs: of('job').map(group).sort(byHours),
        job_count: num(of('job_count')[0]?.entries),
        scopes: of('scope').map(group).sort(byHours),
        overtime: overtime.map((r) => {
          const h = round5(num(r.hours));
          return {
            user_id: r.user_id == null ? null : num(r.user_id),
            user_name: String(r.user_name),
            week: String(r.week),
            hours: h,
            overtime: round5(h - OVERTIME_AFTER),
          };
        }),
      },
    };
  });
}
