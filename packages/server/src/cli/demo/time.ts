/** The time area of the demo: time entries on jobs up to today, most of them on recent work. */
import { dayOfJob, type DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoCrew } from './people.ts';
import { DAY, isoDate, type SeedContext } from './seed-context.ts';

const TIME_NOTES = ['Install', 'Measure', 'Shop fabrication', 'Delivery', 'Punch list', 'Travel', 'Glass pickup', 'Warranty call', 'Load truck', ''] as const;

export async function seedTimeEntries(ctx: SeedContext, given: { jobs: DemoJobs; crew: DemoCrew }): Promise<{ counts: { time_entries?: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { jobs, crew } = given;
  if (!crew.users.length) return { counts: {} };
  const worked = new Map<string, number>();
  await load(ctx, 'time_entries', 7, async (push) => {
    for (let e = 0; e < scale.timeEntries; e++) {
      let j = Math.floor(Math.pow(rng.next(), 0.5) * jobs.ids.length);
      while (j > 0 && jobs.infos[j]!.start > todayMs) j = Math.floor(rng.next() * j);
      let day = Math.min(todayMs, dayOfJob(rng, jobs.infos[j]!));
      const u = rng.pick(crew.users);
      const hours = rng.int(2, 40) / 4;
      // A person works at most 10 hours a day: a day already full moves the entry to the day before
      // (without the rng, so the rest of the demo stays as it was), so weeks stay believable (the
      // analysis's overtime) instead of piling work still to come onto today.
      for (let back = 0; back < 60 && (worked.get(`${u.id}|${day}`) ?? 0) + hours > 10; back++) day -= DAY;
      worked.set(`${u.id}|${day}`, (worked.get(`${u.id}|${day}`) ?? 0) + hours);
      await push({
        user_id: u.id, user_name: u.name, job_id: rng.chance(0.95) ? jobs.ids[j] : null, hours,
        note: rng.pick(TIME_NOTES) || null, date: isoDate(day), oregon: rng.chance(0.8),
      });
    }
  });
  return { counts: { time_entries: scale.timeEntries } };
}
