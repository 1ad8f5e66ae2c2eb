/**
 * The schedule area of the demo: events on the jobs' days, each with a foreman; and, so the
 * calendar around today is full whatever day the demo is made, the weekdays of the last
 * and next six weeks with two to four jobs each (a quarter in two colours) and notes on some days.
 * Whether a job is ready to install follows from its products and orders (jobs.ts, purchasing.ts):
 * the past mostly is, the coming weeks mostly are not.
 */
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import { dayOfJob, type DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoCrew } from './people.ts';
import { Rng } from './rng.ts';
import { DAY, isoDate, lowerBound, type SeedContext } from './seed-context.ts';

/** Days either side of today the calendar is filled for (six weeks). */
const WINDOW_DAYS = 42;
const NOTES = [
  'Shop closed at noon for the safety meeting.',
  'Glass truck delivery, 7 am.',
  'Crane booked for the storefront install.',
  'Inspection on site: supervisor attends.',
  'Van 2 in the shop for service.',
  'Holiday: no installs.',
  'Tempered order cut-off, 2 pm.',
];

export async function seedEvents(ctx: SeedContext, given: { jobs: DemoJobs; crew: DemoCrew }): Promise<{ counts: { events: number; schedule_notes: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { jobs, crew } = given;
  const eventCount = Math.round(scale.jobs * scale.eventsPerJob);
  const colorOf = (j: number) => CLIENT_COLORS[jobs.infos[j]!.clientIdx % CLIENT_COLORS.length];
  // an event's supervisor has the supervisor role (docs/domain/schedule.md, Events), as the server insists
  const supervisors = crew.users.filter((u) => u.role === 'supervisor');
  const foreman = (r: Rng) => (supervisors.length ? r.pick(supervisors).id : null);
  // Its own random stream: the rest of the demo stays as it was.
  const near = new Rng(20_251_125);
  let events = 0;
  // a job is on a day once: a second event of it that day would only repeat the first on the calendar
  const taken = new Set<string>();
  await load(ctx, 'events', 4, async (push) => {
    const pushOnce = async (j: number, day: number, color: string | undefined, userId: number | null) => {
      const key = `${j}@${isoDate(day)}`;
      if (taken.has(key)) return;
      taken.add(key);
      await push({ job_id: jobs.ids[j], date: isoDate(day), color, user_id: userId });
      events++;
    };
    for (let e = 0; e < eventCount; e++) {
      const j = Math.floor(rng.next() * jobs.ids.length);
      const info = jobs.infos[j]!;
      const day = dayOfJob(rng, info);
      await pushOnce(j, day, colorOf(j), foreman(rng));
    }
    if (!jobs.ids.length) return;
    const starts = jobs.infos.map((i) => i.start);
    for (let day = todayMs - WINDOW_DAYS * DAY; day <= todayMs + WINDOW_DAYS * DAY; day += DAY) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0 || weekday === 6) continue;
      // jobs that started in the month and a half before this day: those being installed
      const from = lowerBound(starts, day - 45 * DAY);
      const to = Math.max(from + 1, lowerBound(starts, day + DAY));
      for (let k = near.int(2, 4); k > 0; k--) {
        // a job still running that day (a few tries; a quiet day keeps fewer)
        let j = -1;
        for (let tries = 0; tries < 6 && j < 0; tries++) {
          const c = Math.min(jobs.ids.length - 1, near.int(from, to - 1));
          if (jobs.infos[c]!.start <= day && jobs.infos[c]!.end >= day) j = c;
        }
        if (j < 0) continue;
        const color = near.chance(0.25) ? `${colorOf(j)},${CLIENT_COLORS[(jobs.infos[j]!.clientIdx + near.int(1, 11)) % CLIENT_COLORS.length]}` : colorOf(j);
        await pushOnce(j, day, color, foreman(near));
      }
    }
  });
  let notes = 0;
  await load(ctx, 'schedule_notes', 2, async (push) => {
    for (let day = todayMs - WINDOW_DAYS * DAY; day <= todayMs + WINDOW_DAYS * DAY; day += DAY) {
      if (!near.chance(0.12)) continue;
      await push({ date: isoDate(day), note: near.pick(NOTES) });
      notes++;
    }
  });
  return { counts: { events, schedule_notes: notes } };
}
