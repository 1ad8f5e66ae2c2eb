import { eq, sql } from 'drizzle-orm';
import { formatDate, formatHours } from '@glazier/shared/rules/dates';
import type { Hooks } from '../../engine/server-resource.ts';
import { allowed, canEdit, type Ctx } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';
import { sqlRun, sqlSelect } from '../../db/typed-sql.ts';

/** Without `edit time_entries` a user sees and writes only their own entries (docs/domain/time.md, Time entries). */
export const timeEntriesHooks: Hooks<'time_entries'> = {
  computed: {
    job_number: (t) => sql`(SELECT j.number FROM jobs j WHERE j.id = ${t.job_id})`,
    job_name: (t) => sql`(SELECT j.name FROM jobs j WHERE j.id = ${t.job_id})`,
    client_name: (t) => sql`(SELECT j.client_name FROM jobs j WHERE j.id = ${t.job_id})`,
  },
  // by person, each person's days in order (a crew's payroll export)
  sortKeys: { user_name: (t) => [sql`lower(${t.user_name})`, t.user_id, t.date] },
  scope(ctx, table) {
    if (!ctx.user || canEdit(ctx, 'time_entries')) return undefined;
    return eq(table.user_id, ctx.user.id);
  },
  hears: { columns: ['user_id'], may: (ctx, rows) => rows.some((r) => r.user_id === ctx.user?.id) },
  // Own entries are always writable: viewing time entries is the right to try.
  mayWrite: (ctx) => allowed(ctx, 'view', 'time_entries'),
  canWrite(ctx, { values, existing }) {
    if (canEdit(ctx, 'time_entries')) return true;
    const own = (uid: unknown) => uid === undefined || uid === ctx.user?.id;
    return own(existing?.user_id) && own(values?.user_id);
  },
  async beforeSave({ ctx, values, existing }) {
    if (!existing && values.user_id == null && ctx.user) values.user_id = ctx.user.id;
    const userChanged = values.user_id != null && values.user_id !== existing?.user_id;
    const entry = { ...existing, ...values };
    // the person's name and their day's other hours in one statement: one round trip fewer in the transaction
    const { userName, otherHours } = await readEntryContext(ctx, entry, userChanged);
    if (userChanged) {
      if (userName == null) throw invalid({ user_id: ['The selected user is invalid.'] });
      values.user_name = userName;
    }
    if (otherHours !== undefined) {
      const total = otherHours + (entry.hours as number);
      if (total > DAY_HOURS + 1e-9) {
        throw invalid({
          hours: [`The entries of ${formatDate(entry.date as string)} would add up to ${formatHours(total)}, more than ${DAY_HOURS} hours in a day.`],
        });
      }
    }
  },
};

/** A day has 24 hours: one person's entries of one date add up to at most that. */
export const DAY_HOURS = 24;

/**
 * What a save of `entry` checks against: the name of its person (when `withName`) and, when the
 * entry has a person, a date and hours, the hours of that person's other entries that day.
 */
async function readEntryContext(
  ctx: Ctx,
  entry: { id?: unknown; user_id?: unknown; date?: unknown; hours?: unknown },
  withName: boolean,
): Promise<{ userName?: string | null; otherHours?: number }> {
  const day = typeof entry.user_id === 'number' && typeof entry.date === 'string' && typeof entry.hours === 'number';
  if (!day) {
    if (!withName) return {};
    const [u] = await sqlSelect(ctx.db, { name: 'text' }, sql`SELECT name FROM users WHERE id = ${entry.user_id}`, { prepare: true });
    return { userName: u?.name ?? null };
  }
  // Two saves of one person's day at once must not both see room for their hours: they take turns
  // (the lock needs no answer: it goes with the read, in one round trip).
  await sqlRun(ctx.db, sql`SELECT pg_advisory_xact_lock(hashtext(${'time_entries.day'}), ${entry.user_id})`, { deferred: true });
  const otherThan = typeof entry.id === 'number' ? entry.id : 0;
  const [row] = await sqlSelect(
    ctx.db,
    { name: 'text?', hours: 'num?' },
    sql`SELECT (SELECT name FROM users WHERE id = ${entry.user_id}) AS name,
            (SELECT sum(hours) FROM time_entries WHERE user_id = ${entry.user_id} AND date = ${entry.date} AND id <> ${otherThan}) AS hours`,
    { prepare: true },
  );
  return { userName: row?.name ?? null, otherHours: Number(row?.hours ?? 0) };
}
