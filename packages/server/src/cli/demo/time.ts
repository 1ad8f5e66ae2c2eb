/**
 * The time area of the demo: time entries on jobs up to today, most of them on recent work; and
 * the last few weeks' time cards of everyone, so the time cards and the crew week have
 * something real to show: 6–10 h a weekday on one or two jobs active that day, some Saturdays.
 */
import { weekStartDate } from '@glazier/shared/rules/dates';
import { dayOfJob, type DemoJobs } from './jobs.ts';
import { load } from './load.ts';
import type { DemoCrew } from './people.ts';
import { Rng } from './rng.ts';
import { DAY, dayStart, isoDate, type SeedContext } from './seed-context.ts';

const TIME_NOTES = ['Install', 'Measure', 'Shop fabrication', 'Delivery', 'Punch list', 'Travel', 'Glass pickup', 'Warranty call', 'Load truck', ''] as const;

/** Weeks of time cards before this one (this one is filled up to today). */
export const TIME_CARD_WEEKS = 3;

export async function seedTimeEntries(ctx: SeedContext, given: { jobs: DemoJobs; crew: DemoCrew }): Promise<{ counts: { time_entries?: number } }> {
  const { rng, scale, todayMs } = ctx;
  const { jobs, crew } = given;
  if (!crew.users.length) return { counts: {} };
  // The recent weeks are whole time cards of their own (below): the scattered entries stop before them.
  const cardsFrom = recentWeeksStart(todayMs);
  let scattered = 0;
  await load(ctx, 'time_entries', 7, async (push) => {
    for (let e = 0; e < scale.timeEntries; e++) {
      let j = Math.floor(Math.pow(rng.next(), 0.5) * jobs.ids.length);
      while (j > 0 && jobs.infos[j]!.start > todayMs) j = Math.floor(rng.next() * j);
      const day = Math.min(todayMs, dayOfJob(rng, jobs.infos[j]!));
      const u = rng.pick(crew.users);
      const row = {
        user_id: u.id,
        user_name: u.name,
        job_id: rng.chance(0.95) ? jobs.ids[j] : null,
        hours: rng.int(2, 40) / 4,
        note: rng.pick(TIME_NOTES) || null,
        date: isoDate(day),
        oregon: rng.chance(0.8),
      };
      // (drawn all the same, so the seeders after this one draw what they always drew)
      if (day >= cardsFrom) continue;
      await push(row);
      scattered++;
    }
  });
  const weekly = await seedRecentWeeks(ctx, given);
  return { counts: { time_entries: scattered + weekly } };
}

/** The jobs under way on a day (started, not ended), at most `max` of the latest started. */
function jobsOn(jobs: DemoJobs, dayMs: number, max: number): number[] {
  const out: number[] = [];
  for (let i = jobs.infos.length - 1; i >= 0 && out.length < max; i--) {
    const job = jobs.infos[i]!;
    if (job.start <= dayMs && job.end >= dayMs) out.push(i);
  }
  return out;
}

/** The Sunday the demo's time cards start (midnight UTC). */
function recentWeeksStart(todayMs: number): number {
  return dayStart(weekStartDate(isoDate(todayMs))) - TIME_CARD_WEEKS * 7 * DAY;
}

async function seedRecentWeeks(ctx: SeedContext, { jobs, crew }: { jobs: DemoJobs; crew: DemoCrew }): Promise<number> {
  // A stream of its own, so the other seeders draw what they drew before these weeks were added.
  const rng = new Rng(Math.floor(ctx.todayMs / DAY) ^ 0x71e5);
  const first = recentWeeksStart(ctx.todayMs);
  const active = new Map<number, number[]>();
  let n = 0;
  await load(ctx, 'time_entries', 7, async (push) => {
    for (let day = first; day <= ctx.todayMs; day += DAY) {
      const weekday = new Date(day).getUTCDay();
      if (weekday === 0) continue;
      if (!active.has(day)) active.set(day, jobsOn(jobs, day, 12));
      const open = active.get(day)!;
      if (!open.length) continue;
      for (const u of crew.users) {
        // Saturdays for some; the odd day off
        if (weekday === 6 ? !rng.chance(0.2) : rng.chance(0.06)) continue;
        const hours = weekday === 6 ? rng.int(8, 20) / 4 : rng.int(24, 40) / 4;
        const split = hours >= 7 && rng.chance(0.35) ? rng.int(2, 4) / 2 : 0;
        const oregon = rng.chance(0.8);
        const parts = split ? [hours - split, split] : [hours];
        for (const part of parts) {
          const j = rng.pick(open);
          await push({
            user_id: u.id,
            user_name: u.name,
            job_id: jobs.ids[j],
            hours: part,
            note: rng.pick(TIME_NOTES) || null,
            date: isoDate(day),
            oregon,
          });
          n++;
        }
      }
    }
  });
  return n;
}
