/** What time brings: time entries and time cards (contract/feature.ts). */
import { IconClock } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';

export const timeFeature: Feature<'time'> = {
  area: 'time',
  resources: {
    time_entries: { dialog: () => import('./time-entry-dialog.tsx').then((m) => m.openTimeEntryRecordDialog) },
  },
  // everyone has time cards (docs/platform.md, Screens and navigation: no check); whose, the server decides
  routes: [{ path: '/time_cards', screen: () => import('./time-cards-page.tsx').then((m) => m.TimeCardsPage) }],
  menu: [{ to: '/time_cards', label: 'Time Cards', order: 30 }],
  dashboard: [
    {
      key: 'time',
      title: 'Time Cards',
      description: 'Hours by week and job.',
      icon: IconClock,
      order: 4,
      actions: [
        // The label is spelled as the spec spells it.
        { label: 'Enter TIme', run: (modals) => import('./time-entry-dialog.tsx').then((m) => m.openTimeEntryDialog(modals)), order: 1 },
        { label: 'Time Cards', to: '/time_cards', order: 2 },
      ],
    },
  ],
};
