/** Settings on the server: the settings record and the role matrix. */
import type { ServerArea } from '../../engine/server-area.ts';
import { settingsHooks } from './settings-hooks.ts';
import { rolePermissionsHooks } from './role-permissions-hooks.ts';

export const settingsArea = {
  hooks: { settings: settingsHooks, role_permissions: rolePermissionsHooks },
  handlers: {},
} satisfies ServerArea<'settings'>;
