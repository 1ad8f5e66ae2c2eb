/** What the shop floor brings: label printing (app/feature.ts). */
import type { Feature } from '../../app/feature.ts';

export const shopFloorFeature: Feature = {
  area: 'shop floor',
  resources: {},
  // Label printing (platform.md 3.6): any signed-in user prints what a screen prepared.
  dialogs: {
    cutList: () => import('./cut-list-dialog.tsx').then((m) => m.openCutListDialog),
    jobPrintOptions: () => import('./print-options-dialog.tsx').then((m) => m.openPrintOptionsDialog),
  },
  routes: [{ path: '/print', screen: () => import('./print-page.tsx').then((m) => m.PrintPage) }],
};
