/**
 * `GET /api/forecasting?weeks=` (`/forecasting`): the weeks from the one holding today
 * (or `start`), by the formulas of shared/rules/analysis/forecast.ts, in three statements of one
 * transaction:
 * - the weeks: each job-day on the schedule (a job's events on a day count once) carries 1 ÷ the
 *   job's days on the schedule of its labour estimate and revenue; plus the calibration over the
 *   history's completed jobs (calibration.ts's steps) and the schedulable users;
 * - the open estimates by their job start month and type, with the type's win rate over the history;
 * - the shortages: the scheduled jobs' open material demand (the suggested orders' own, purchasing/
 *   material-demand-sql.ts) at each job's first day in the weeks, a running sum per material against
 *   on hand + on order (the inventory screen's), the first week it exceeds them.
 */
import type { ActionAnswer, ActionParsedInput } from '@glazier/shared/actions/define';
import type { forecast, ForecastEstimates } from '@glazier/shared/actions/analysis';
import { calibratedRatio, crewCapacity, forecastMonths, forecastWeeks, historyStart, weightedValue } from '@glazier/shared/rules/analysis/forecast';
import { winRate } from '@glazier/shared/rules/analysis/estimates-labour';
import { addDays } from '@glazier/shared/rules/dates';
import { roundMoney, roundQty } from '@glazier/shared/rules/money';
import { alwaysSchedulable } from '@glazier/shared/rules/people/users';
import { ROLES } from '@glazier/shared/permissions';
import { sql } from 'drizzle-orm';
import { oneOf, sqlSelect, type RowOf } from '../../db/typed-sql.ts';
import { tableFor } from '../../db/schema.ts';
import type { Ctx } from '../../engine/context.ts';
import { estimateTotalSql } from '../estimating/estimate-total-sql.ts';
import { onHandSql, onOrderSql } from '../inventory/inventory-hooks.ts';
import { openJobMaterialDemandSql } from '../inventory/material-demand-sql.ts';
import { completedJobsLabourSql } from './calibration.ts';
import { jobRevenueSql, num } from './analysis-sql.ts';

type Answer = ActionAnswer<typeof forecast>;

/** Roles always on the schedule (rules/schedule/supervisors.ts); anyone else when can_be_scheduled. */
const ALWAYS_SCHEDULABLE = sql.join(
  ROLES.filter(alwaysSchedulable).map((r) => sql`${r}`),
  sql`, `,
);

/** The live jobs' days on the schedule in [start, end], each job and day once: `ev` (job_id, date). */
const scheduledDaysSql = (start: string, end: string) => sql`ev AS MATERIALIZED (
    SELECT DISTINCT e.job_id, e.date FROM events e JOIN jobs ej ON ej.id = e.job_id
    WHERE e.deleted_at IS NULL AND e.date BETWEEN ${start}::date AND ${end}::date AND ej.deleted_at IS NULL AND NOT ej.is_template
  )`;

/** A date's Sunday. */
const sunday = (d: string) => sql.raw(`(${d} - extract(dow FROM ${d})::int)`);

/**
 * A row of the load statement: a week's install days, jobs, hours and revenue; or (kind
 * 'calibration') the jobs, estimated hours (as `hours`) and logged hours (as `revenue`) of the
 * calibration; or (kind 'schedulable') the people who can be scheduled (as `install_days`).
 */
const LOAD_ROW = {
  kind: oneOf(['week', 'calibration', 'schedulable'] as const),
  week: 'text?',
  install_days: 'num',
  jobs: 'num',
  hours: 'num?',
  revenue: 'num?',
} as const;
type LoadRow = RowOf<typeof LOAD_ROW>;
/** A material that runs short: the first week it does, and by how much then and by the end. */
const SHORTAGE_ROW = {
  week: 'text',
  material_id: 'num',
  material_number: 'text?',
  description: 'text?',
  on_hand: 'num',
  on_order: 'num',
  demand: 'num',
  short_by: 'num',
  short_by_end: 'num',
} as const;

export async function forecastReport({ ctx, input }: { ctx: Ctx; input: ActionParsedInput<typeof forecast> }): Promise<Answer> {
  const weeks = forecastWeeks(input.start ?? new Date().toISOString().slice(0, 10), input.weeks);
  const start = weeks[0]!;
  const end = addDays(weeks[weeks.length - 1]!, 6);
  const since = historyStart(start);
  const months = forecastMonths(weeks);
  const monthsEnd = addDays(`${months[months.length - 1]!}-01`, 31).slice(0, 7);
  const e = tableFor('estimates');
  const m = tableFor('materials');

  return ctx.db.largeRead(async (db) => {
    const load = await sqlSelect(
      db,
      LOAD_ROW,
      sql`WITH ${completedJobsLabourSql(since, addDays(start, -1))}, ${scheduledDaysSql(start, end)},
      sched AS MATERIALIZED (
        SELECT sj.id AS job_id,
          (SELECT count(DISTINCT d.date) FROM events d WHERE d.job_id = sj.id AND d.deleted_at IS NULL) AS days,
          (SELECT coalesce(sum(coalesce(jp.qty, 0) * p.hours_per_unit), 0) FROM job_products jp JOIN products p ON p.id = jp.product_id
            WHERE jp.job_id = sj.id AND jp.deleted_at IS NULL AND p.hours_per_unit > 0) AS hours,
          ${jobRevenueSql('sj', sql`(SELECT sum(jp.revenue) FROM job_products jp WHERE jp.job_id = sj.id AND jp.deleted_at IS NULL)`)} AS revenue
        FROM jobs sj WHERE sj.id IN (SELECT job_id FROM ev)
      )
      SELECT 'week' AS kind, to_char(${sunday('ev.date')}, 'YYYY-MM-DD') AS week, count(*) AS install_days, count(DISTINCT ev.job_id) AS jobs,
        sum(s.hours / s.days) AS hours, sum(s.revenue / s.days) AS revenue
      FROM ev JOIN sched s ON s.job_id = ev.job_id GROUP BY 2
      UNION ALL SELECT 'calibration', NULL, count(*), 0, coalesce(sum(estimated), 0), coalesce(sum(logged), 0) FROM per_job
      UNION ALL SELECT 'schedulable', NULL, count(*), 0, 0, 0 FROM users
        WHERE active AND deleted_at IS NULL AND (role IN (${ALWAYS_SCHEDULABLE}) OR can_be_scheduled)`,
    );

    const estimates = await sqlSelect(
      db,
      { month: 'text', type: 'text', estimates: 'num', value: 'num?', won: 'num?', lost: 'num?' },
      sql`WITH rates AS (
        SELECT ${e.type} AS type, count(*) FILTER (WHERE ${e.status} = 'won') AS won, count(*) FILTER (WHERE ${e.status} = 'lost') AS lost FROM ${e}
        WHERE ${e.deleted_at} IS NULL AND ${e.superseded_at} IS NULL AND ${e.status} IN ('won', 'lost') AND ${e.date} >= ${since}::date AND ${e.date} < ${start}::date
        GROUP BY 1
      ), open AS (
        SELECT to_char(${e.job_start_date}, 'YYYY-MM') AS month, ${e.type} AS type, ${estimateTotalSql(e)} AS total FROM ${e}
        WHERE ${e.deleted_at} IS NULL AND ${e.superseded_at} IS NULL AND ${e.status} = 'open'
          AND ${e.job_start_date} >= ${`${months[0]}-01`}::date AND ${e.job_start_date} < ${`${monthsEnd}-01`}::date
      )
      SELECT o.month, o.type, count(*) AS estimates, sum(o.total) AS value, min(r.won) AS won, min(r.lost) AS lost
      FROM open o LEFT JOIN rates r ON r.type = o.type GROUP BY 1, 2 ORDER BY 1, 2`,
    );

    // One row per material (its weeks' demand as arrays), so on hand is computed once for each and
    // the running sum is over its own few weeks (a join of two steps' rows was planned as a loop).
    const shortages = await sqlSelect(
      db,
      SHORTAGE_ROW,
      sql`WITH ${scheduledDaysSql(start, end)},
      demand AS MATERIALIZED (
        SELECT w.material_id, array_agg(w.week ORDER BY w.week) AS weeks, array_agg(w.qty ORDER BY w.week) AS qtys, sum(w.qty) AS total FROM (
          SELECT ${sunday('f.first_date')} AS week, d.material_id, sum(d.qty) AS qty
          FROM (SELECT job_id, min(date) AS first_date FROM ev GROUP BY job_id) f JOIN (${openJobMaterialDemandSql()}) d ON d.job_id = f.job_id
          GROUP BY 1, 2 HAVING sum(d.qty) > 0
        ) w GROUP BY w.material_id
      ), supply AS MATERIALIZED (
        SELECT dm.*, ${m.number} AS material_number, ${m.description} AS description, ${onHandSql(m)} AS on_hand, ${onOrderSql(m)} AS on_order
        FROM demand dm JOIN ${m} ON ${m.id} = dm.material_id WHERE ${m.active} AND ${m.deleted_at} IS NULL
      )
      SELECT to_char(f.week, 'YYYY-MM-DD') AS week, s.material_id, s.material_number, s.description, s.on_hand, s.on_order,
        f.demand, f.demand - (s.on_hand + s.on_order) AS short_by, s.total - (s.on_hand + s.on_order) AS short_by_end
      FROM supply s CROSS JOIN LATERAL (
        SELECT c.week, c.demand FROM (SELECT u.week, sum(u.qty) OVER (ORDER BY u.week) AS demand FROM unnest(s.weeks, s.qtys) AS u(week, qty)) c
        WHERE c.demand > s.on_hand + s.on_order ORDER BY c.week LIMIT 1
      ) f`,
    );

    const calibration: Partial<LoadRow> = load.find((r) => r.kind === 'calibration') ?? {};
    const estimated = num(calibration.hours);
    const logged = num(calibration.revenue);
    const ratio = calibratedRatio(logged, estimated);
    const schedulable = num(load.find((r) => r.kind === 'schedulable')?.install_days);
    const capacity = crewCapacity(schedulable);
    const byWeek = new Map(load.filter((r) => r.kind === 'week').map((r) => [String(r.week), r]));
    return {
      data: {
        start,
        end,
        calibration: { ratio, jobs: num(calibration.install_days), estimated_hours: roundQty(estimated), logged_hours: roundQty(logged), since },
        schedulable_users: schedulable,
        weeks: weeks.map((week) => {
          const r = byWeek.get(week);
          return {
            week,
            install_days: num(r?.install_days),
            jobs: num(r?.jobs),
            hours: roundQty(num(r?.hours) * ratio),
            capacity,
            revenue: roundMoney(num(r?.revenue)),
          };
        }),
        months,
        estimates: estimates.map((r): ForecastEstimates => {
          const rate = r.won == null ? null : winRate(num(r.won), num(r.lost));
          const value = roundMoney(num(r.value));
          return { month: String(r.month), type: String(r.type), estimates: num(r.estimates), value, win_rate: rate, weighted: weightedValue(value, rate) };
        }),
        shortages: shortages
          .map((r) => ({
            week: String(r.week),
            material_id: num(r.material_id),
            material_number: r.material_number ?? null,
            description: r.description ?? null,
            on_hand: roundQty(num(r.on_hand)),
            on_order: roundQty(num(r.on_order)),
            demand: roundQty(num(r.demand)),
            short_by: roundQty(num(r.short_by)),
            short_by_end: roundQty(num(r.short_by_end)),
          }))
          .sort(
            (a, b) =>
              a.week.localeCompare(b.week) || String(a.material_number ?? '').localeCompare(String(b.material_number ?? '')) || a.material_id - b.material_id,
          ),
      },
    };
  });
}
