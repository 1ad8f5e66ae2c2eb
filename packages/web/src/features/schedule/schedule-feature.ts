/**
 * What the schedule brings (app/feature.ts, issue 25): `/schedule`, the calendar (FullCalendar, a
 * lazy chunk of its own), and the Event and Schedule Note dialogs, which the job screen's Schedule
 * tab opens by resource name.
 */
import { IconCalendar } from '@tabler/icons-react';
import type * as schedule from '@glazier/shared/resources/schedule';
import type { Feature, ResourcesOf } from '../../app/feature.ts';

export const scheduleFeature: Feature<ResourcesOf<typeof schedule>> = {
  area: 'schedule',
  resources: {
    events: { dialog: () => import('./event-dialog.tsx').then((m) => m.openEventDialog) },
    schedule_notes: { dialog: () => import('./schedule-note-dialog.tsx').then((m) => m.openScheduleNoteDialog) },
  },
  routes: [{ path: '/schedule', screen: () => import('./schedule-page.tsx').then((m) => m.SchedulePage) }],
  menu: [{ to: '/schedule', label: 'Schedule', order: 20 }],
  dashboard: [
    { key: 'schedule', title: 'Schedule', description: 'Who is where, day by day.', icon: IconCalendar, order: 2, actions: [{ label: 'View', to: '/schedule', order: 1 }] },
  ],
};
