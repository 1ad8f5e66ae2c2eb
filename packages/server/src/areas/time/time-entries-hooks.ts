import { eq, sql } from 'drizzle-orm';
import { formatDate, formatHours } from '@glazier/shared/rules/dates';
import type { Hooks } from '../../engine/server-resource.ts';
import { allowed, canEdit, type Ctx } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';

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
    if (values.user_id != null && values.user_id !== existing?.user_id) {
      const [u] = await ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [values.user_id], { prepare: true });
      if (!u) throw invalid({ user_id: ['The selected user is invalid.'] });
      values.user_name = u.name;
    }
    await checkDayTotal(ctx, { ...existing, ...values });
  },
};

/** A day has 24 hours: one person's entries of one date add up to at most that (issue 22). */
export const DAY_HOURS = 24;

async function checkDayTotal(ctx: Ctx, entry: { id?: unknown; user_id?: unknown; date?: unknown; hours?: unknown }) {
  if (typeof entry.user_id !== 'number' || typeof entry.date !== 'string' || typeof entry.hours !== 'number') return;
  // Two saves of one person's day at once must not both see room for their hours: they take turns
  // (the lock needs no answer: it goes with the sum, one round trip fewer on PGlite).
  await ctx.db.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['time_entries.day', entry.user_id], { deferred: true });
  const id = typeof entry.id === 'number' ? entry.id : 0;
  const [other] = await ctx.db.query<{ hours: string | number | null }>(
    'SELECT sum(hours) AS hours FROM time_entries WHERE user_id = $1 AND date = $2 AND id <> $3',
    [entry.user_id, entry.date, id],
    { prepare: true },
  );
  const total = Number(other?.hours ?? 0) + entry.hours;
  if (total > DAY_HOURS + 1e-9) {
    throw invalid({ hours: [`The entries of ${formatDate(entry.date)} would add up to ${formatHours(total)}, more than ${DAY_HOURS} hours in a day.`] });
  }
}
