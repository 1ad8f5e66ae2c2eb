/**
 * What the schedule brings (contract/feature.ts): `/schedule`, the calendar (FullCalendar, a
 * lazy chunk of its own behind schedule-route.tsx), and the Event dialog, which the job screen's
 * Schedule tab opens by resource name.
 */
import { IconCalendar } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';

export const scheduleFeature: Feature<'schedule'> = {
  area: 'schedule',
  resources: {
    events: { dialog: () => import('./schedule-dialogs.tsx').then((m) => m.openEventDialog) },
    // opened only on the calendar, which imports it (no other area needs it by name; the first screen's budget)
    schedule_notes: { dialog: null },
  },
  // the Profile's calendar feeds (people's user dialog shows it by name)
  sections: { calendarFeeds: () => import('./calendar-feeds-section.tsx').then((m) => m.CalendarFeedsSection) },
  routes: [{ path: '/schedule', screen: () => import('./schedule-route.tsx').then((m) => m.SchedulePage) }],
  menu: [{ to: '/schedule', label: 'Schedule', order: 20 }],
  dashboard: [
    {
      key: 'schedule',
      title: 'Schedule',
      description: 'Who is where, day by day.',
      icon: IconCalendar,
      order: 2,
      actions: [{ label: 'View', to: '/schedule', order: 1 }],
    },
  ],
};
