import type { Hooks } from '../../engine/server-resource.ts';
import { allowed, canEdit } from '../../engine/context.ts';
import { ApiError, forbidden, invalid } from '../../engine/errors.ts';
import { forgetSessionUser } from '../../platform/session-user-cache.ts';
import { destroyUserSessions } from '../../platform/session-store.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { mailSecurityNotice } from '../../platform/security/factors.ts';
import { deleteUserContent } from './delete-user-content.ts';
import { SELF_EDITABLE_USER_FIELDS, alwaysSchedulable } from '@glazier/shared/rules/people/users';
import { sqlSelect } from '../../db/typed-sql.ts';
import { sql } from 'drizzle-orm';

export const usersHooks: Hooks<'users'> = {
  // Anyone signed in may try an update (their own profile); the record rule below decides.
  mayWrite: (ctx, op) => op === 'update' || canEdit(ctx, 'users'),
  canWrite(ctx, { values, existing, op }) {
    if (canEdit(ctx, 'users')) return true;
    // Without `edit users` a user may only update the profile fields of their own record.
    return op === 'update' && existing?.id === ctx.user?.id && Object.keys(values ?? {}).every((k) => SELF_EDITABLE_USER_FIELDS.includes(k));
  },
  async beforeSave({ ctx, values, input, existing }) {
    const self = existing && existing.id === ctx.user?.id;
    if (self && 'role' in values && values.role !== existing.role) throw forbidden('You cannot change your own role.');
    if (self && values.active === false) throw forbidden('You cannot deactivate yourself.');
    if (typeof values.email === 'string') values.email = values.email.toLowerCase();
    if (values.number === '') values.number = null;
    if (alwaysSchedulable(values.role ?? existing?.role)) values.can_be_scheduled = true;

    const password = input.password;
    if (!existing && !password) throw invalid({ password: ['The password field is required.'] });
    if (password) {
      if (password !== input.password_confirmation) throw invalid({ password_confirmation: ['The password confirmation does not match.'] });
      values.password_hash = await hashPassword(password);
    }
    delete values.password;
    delete values.password_confirmation;
  },
  async afterSave({ ctx, record, input, existing }) {
    await forgetSessionUser(ctx.db, record.id);
    // A new password ends the user's other sessions; the changer keeps theirs when it is their own.
    if (existing && input.password) {
      await destroyUserSessions(ctx.db, existing.id, existing.id === ctx.user?.id ? ctx.sessionId : undefined);
      const by = existing.id === ctx.user?.id ? 'You changed it' : `${ctx.user?.name ?? 'An administrator'} changed it`;
      await mailSecurityNotice(
        ctx,
        { id: record.id, name: record.name, email: record.email },
        'your password was changed',
        'The password of your account was changed.',
        [`${by}; every other browser signed in to your account was signed out.`],
      );
    }
  },
  async beforeDelete({ ctx, existing }) {
    if (existing.id === ctx.user?.id) throw forbidden('You cannot delete yourself.');
    // Hours worked are pay records: they outlive the user, so a user with any cannot be deleted
    // (the database refuses too); say what to do instead of naming a foreign key.
    const [worked] = await sqlSelect(ctx.db, { one: 'num' }, sql`SELECT 1 AS one FROM time_entries WHERE user_id = ${existing.id} LIMIT 1`);
    if (worked) throw new ApiError(409, 'This user has time entries, which are pay records, so they cannot be deleted. Make the user inactive instead.');
    await forgetSessionUser(ctx.db, existing.id);
    await deleteUserContent(ctx, existing.id);
  },
  present(ctx, row) {
    const { password_hash: _hash, ...rest } = row;
    // Everyone signed in reads the user list (names for pickers and schedules); contact details
    // are for those who may view users, and for oneself.
    if (row.id === ctx.user?.id || allowed(ctx, 'view', 'users')) return rest;
    const { email: _email, number: _number, branch_id: _branch, branch_access: _access, ...pub } = rest;
    return pub;
  },
};
