/** What settings bring: the company's settings and the role matrix (contract/feature.ts). */
import type { Feature } from '../../contract/feature.ts';

export const settingsFeature: Feature<'settings'> = {
  area: 'settings',
  // Both are edited on the settings screen only.
  resources: { settings: { dialog: null }, role_permissions: { dialog: null } },
  routes: [
    { path: '/settings', requires: { action: 'view', area: 'settings' }, screen: () => import('./settings-page.tsx').then((m) => m.SettingsPage) },
    { path: '/outbox', requires: { action: 'edit', area: 'settings' }, screen: () => import('./outbox-page.tsx').then((m) => m.OutboxPage) },
  ],
  menu: [
    { to: '/settings', label: 'Settings', check: { action: 'edit', area: 'settings' }, order: 110 },
    { to: '/outbox', label: 'Outbox', check: { action: 'edit', area: 'settings' }, order: 111 },
  ],
};
