import { eq } from 'drizzle-orm';
import type { Hooks } from '../../engine/server-resource.ts';
import { allowed, canEdit } from '../../engine/context.ts';
import { invalid } from '../../engine/errors.ts';
import { tableFor } from '../../db/schema.ts';

/** Without `edit time_entries` a user sees and writes only their own entries (DESIGN.md). */
export const timeEntriesHooks: Hooks<'time_entries'> = {
  scope(ctx, table) {
    if (!ctx.user || canEdit(ctx, 'time_entries')) return undefined;
    return eq(table.user_id, ctx.user.id);
  },
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
      const users = tableFor('users');
      const [u] = await ctx.db.orm.select({ name: users.name }).from(users).where(eq(users.id, values.user_id));
      if (!u) throw invalid({ user_id: ['The selected user is invalid.'] });
      values.user_name = u.name;
    }
  },
};
