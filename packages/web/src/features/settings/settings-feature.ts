/** What settings bring: the company's settings and the role matrix (app/feature.ts). */
import type * as settings from '@glazier/shared/resources/settings';
import type { Feature, ResourcesOf } from '../../contract/feature.ts';

export const settingsFeature: Feature<ResourcesOf<typeof settings>> = {
  area: 'settings',
  // Both are edited on the settings screen only.
  resources: { settings: { dialog: null }, role_permissions: { dialog: null } },
  routes: [{ path: '/settings', requires: { action: 'view', area: 'settings' }, screen: () => import('./settings-page.tsx').then((m) => m.SettingsPage) }],
  menu: [{ to: '/settings', label: 'Settings', check: { action: 'edit', area: 'settings' }, order: 110 }],
};
