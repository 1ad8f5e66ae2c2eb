/**
 * What the schedule brings (app/feature.ts). Its screens are not built yet: the menu and the
 * dashboard already offer it (platform.md 2.3, 2.4), and its link shows the not-found page.
 */
import { IconCalendar } from '@tabler/icons-react';
import type * as schedule from '@glazier/shared/resources/schedule';
import type { Feature, ResourcesOf } from '../../app/feature.ts';

export const scheduleFeature: Feature<ResourcesOf<typeof schedule>> = {
  area: 'schedule',
  resources: { events: { dialog: null }, schedule_notes: { dialog: null } },
  menu: [{ to: '/schedule', label: 'Schedule', order: 20 }],
  dashboard: [
    { key: 'schedule', title: 'Schedule', description: 'Who is where, day by day.', icon: IconCalendar, order: 2, actions: [{ label: 'View', to: '/schedule', order: 1 }] },
  ],
};
