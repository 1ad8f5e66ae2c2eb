import type { ActionAnswer } from '@glazier/shared/actions/define';
import type { CrewWeekRow, crewWeek as crewWeekAction } from '@glazier/shared/actions/time';
import { addDays, toIsoDate, weekDates, weekStartDate } from '@glazier/shared/rules/dates';
import { overtimeHours, roundHours } from '@glazier/shared/rules/time/time-card';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../engine/context.ts';
import { sqlSelect } from '../../db/typed-sql.ts';

/**
 * The hours of each person on each day of the week, added up by the database: a row per
 * (person, day worked), and a row with no day for each active person without time that week (so
 * the crew view shows who has entered nothing). Inactive people appear only with time.
 */
export function crewWeekSql(start: string) {
  const end = addDays(start, 6);
  return sql`SELECT u.id AS user_id, u.name AS user_name, u.active, w.day, w.hours, w.oregon_hours, w.entries
    FROM users u
    LEFT JOIN (
      SELECT e.user_id, to_char(e.date, 'YYYY-MM-DD') AS day, sum(e.hours) AS hours,
        coalesce(sum(e.hours) FILTER (WHERE e.oregon), 0) AS oregon_hours, count(*)::int AS entries
        FROM time_entries e
       WHERE e.date >= ${start} AND e.date <= ${end} AND e.deleted_at IS NULL
       GROUP BY e.user_id, e.date
    ) w ON w.user_id = u.id
    WHERE w.user_id IS NOT NULL OR (u.active AND u.deleted_at IS NULL)
    ORDER BY lower(u.name), u.id, w.day`;
}

const COLUMNS = { user_id: 'num', user_name: 'text?', active: 'bool', day: 'text?', hours: 'num?', oregon_hours: 'num?', entries: 'num?' } as const;

/** `GET /api/time_cards/crew?week=` (shared/actions/time.ts): the crew's week for a supervisor. */
export async function crewWeek({ ctx, week }: { ctx: Ctx; week: string | undefined }): Promise<ActionAnswer<typeof crewWeekAction>> {
  const start = week ?? weekStartDate(toIsoDate(new Date()));
  const days = weekDates(start);
  const index = new Map(days.map((d, i) => [d, i]));
  const people = new Map<number, CrewWeekRow>();
  for (const r of await sqlSelect(ctx.db, COLUMNS, crewWeekSql(start))) {
    let row = people.get(r.user_id);
    if (!row) {
      row = { user_id: r.user_id, user_name: r.user_name ?? '', active: r.active, days: days.map(() => 0), total: 0, oregon_hours: 0, overtime: 0, entries: 0 };
      people.set(r.user_id, row);
    }
    const i = r.day == null ? undefined : index.get(r.day);
    if (i === undefined) continue;
    const hours = Number(r.hours ?? 0);
    row.days[i] = roundHours(hours);
    row.total += hours;
    row.oregon_hours += Number(r.oregon_hours ?? 0);
    row.entries += r.entries ?? 0;
  }
  const data = [...people.values()].map((row) => {
    const total = roundHours(row.total);
    return { ...row, total, oregon_hours: roundHours(row.oregon_hours), overtime: overtimeHours(total) };
  });
  const dayTotals = days.map((_, i) => roundHours(data.reduce((sum, row) => sum + row.days[i]!, 0)));
  return { week: start, days, data, day_totals: dayTotals, total: roundHours(data.reduce((sum, row) => sum + row.total, 0)) };
}
