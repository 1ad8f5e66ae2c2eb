import { LOCKED_ADMIN_AREAS, normaliseRight, type Area } from '@glazier/shared/permissions';
import type { Hooks } from '../../engine/server-resource.ts';
import { forbidden, invalid } from '../../engine/errors.ts';
import { invalidatePermissions } from '../../platform/role-permissions.ts';

/** Only admins change the matrix, and the admin role always keeps settings and users. */
export const rolePermissionsHooks: Hooks<'role_permissions'> = {
  mayWrite: (ctx) => ctx.user?.role === 'admin' && ctx.user.permissions.settings.edit,
  canWrite: (ctx) => ctx.user?.role === 'admin' && ctx.user.permissions.settings.edit,
  beforeSave({ values, existing }) {
    const merged = { ...existing, ...values };
    const right = normaliseRight({ view: Boolean(merged.view), edit: Boolean(merged.edit) });
    values.view = right.view;
    values.edit = right.edit;
    if (merged.role === 'admin' && LOCKED_ADMIN_AREAS.includes(merged.area as Area) && (merged.edit === false || merged.view === false)) {
      throw invalid({ edit: [`The admin role always keeps ${String(merged.area)}.`] });
    }
  },
  beforeDelete() {
    throw forbidden('Permissions are changed, not deleted.');
  },
  async afterSave({ ctx }) {
    await invalidatePermissions(ctx.db);
  },
};
