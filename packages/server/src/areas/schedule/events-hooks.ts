/**
 * The schedule's rules on events, over the jobs area's rules for records under a job
 * (a job in the trash hides its events, and none is put on it): what the calendar shows of the
 * job, read live; the colours (none, one or two of the twelve); the supervisor (an active
 * supervisor, or someone who can be scheduled). The same rules hold in a save and in a bulk save
 * (store_many names the record: `data.2.user_id`).
 */
import { sql } from 'drizzle-orm';
import { eventColorsError, joinEventColors, parseEventColors } from '@glazier/shared/rules/schedule/event-colors';
import { NOT_SCHEDULABLE, isSchedulable } from '@glazier/shared/rules/schedule/supervisors';
import { invalid } from '../../engine/errors.ts';
import { changed, rowById } from '../../engine/lookup.ts';
import type { Hooks } from '../../engine/server-resource.ts';

export function withScheduleRules(hooks: Hooks): Hooks<'events'> {
  return {
    ...hooks,
    computed: {
      job_number: (t) => sql`(SELECT j.number FROM jobs j WHERE j.id = ${t.job_id})`,
      job_name: (t) => sql`(SELECT j.name FROM jobs j WHERE j.id = ${t.job_id})`,
      client_name: (t) => sql`(SELECT j.client_name FROM jobs j WHERE j.id = ${t.job_id})`,
    },
    async beforeSave(args) {
      await hooks.beforeSave?.(args);
      const { ctx, values, existing } = args;
      if (changed(values, existing, 'color') && values.color != null) {
        const error = eventColorsError(values.color);
        if (error) throw invalid({ color: [error] });
        values.color = joinEventColors(parseEventColors(values.color));
      }
      if (changed(values, existing, 'user_id') && values.user_id != null) {
        const user = await rowById(ctx, 'users', values.user_id);
        if (!isSchedulable(user)) throw invalid({ user_id: [NOT_SCHEDULABLE] });
      }
    },
  };
}
