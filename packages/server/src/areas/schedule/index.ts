/** The schedule on the server: events' rules, its actions. */
import type { ServerArea } from '../../engine/server-area.ts';
import { jobChildHooks } from '../jobs/job-children.ts';
import { withScheduleRules } from './events-hooks.ts';
import { scheduleHandlers } from './schedule-actions.ts';

export const scheduleArea = {
  // hidden with a job in the trash (jobs/job-children.ts); colours, supervisor and the job's label (events-hooks.ts)
  hooks: { events: withScheduleRules(jobChildHooks) },
  handlers: scheduleHandlers,
} satisfies ServerArea<'schedule'>;
