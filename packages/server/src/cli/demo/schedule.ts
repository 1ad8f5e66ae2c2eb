/** The schedule area of the demo: events on the jobs' days, each with a foreman. */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { dayOfJob, type DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoCrew } from './people.ts';
import { isoDate, type SeedContext } from './seed-context.ts';

export async function seedEvents(ctx: SeedContext, given: { jobs: DemoJobs; crew: DemoCrew }): Promise<{ counts: { events: number } }> {
  const { rng, scale } = ctx;
  const { jobs, crew } = given;
  const eventCount = Math.round(scale.jobs * scale.eventsPerJob);
  await load(ctx, 'events', 4, async (push) => {
    for (let e = 0; e < eventCount; e++) {
      const j = Math.floor(rng.next() * jobs.ids.length);
      const info = jobs.infos[j]!;
      const day = dayOfJob(rng, info);
      await push({ job_id: jobs.ids[j], date: isoDate(day), color: CLIENT_COLORS[info.clientIdx % CLIENT_COLORS.length], user_id: crew.foremen.length ? rng.pick(crew.foremen).id : null });
    }
  });
  return { counts: { events: eventCount } };
}
