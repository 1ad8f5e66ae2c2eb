/**
 * Time's named actions: the crew's week for supervisors — everyone's hours per day and
 * for the week, added up by the database (one aggregate), not by loading every entry into the
 * browser. One person's week is the generic list (`GET /api/time_entries?user_id&start&end`).
 */
import { z } from 'zod';
import { isIsoDate, weekStartDate } from '../rules/dates.ts';
import { actionMap, defineAction } from './define.ts';

const isoDate = z.string().refine(isIsoDate, 'Must be a date (YYYY-MM-DD).');

/** One person's row of the crew week. */
export const crewWeekRowSchema = z
  .object({
    user_id: z.number().int(),
    user_name: z.string(),
    /** Inactive people appear only in a week they have time in. */
    active: z.boolean(),
    /** Hours per day, Sunday to Saturday. */
    days: z.array(z.number()).length(7),
    total: z.number(),
    oregon_hours: z.number(),
    /** Hours beyond 40 in the week. */
    overtime: z.number(),
    entries: z.number().int(),
  })
  .meta({ id: 'crew_week_row', description: "One person's hours of a week: per day, in all, in Oregon, and beyond 40." });
export type CrewWeekRow = z.output<typeof crewWeekRowSchema>;

export const crewWeek = defineAction({
  name: 'time_cards.crew',
  summary: "Everyone's hours of a week (Sunday to Saturday): per day, in all and beyond 40, a row per active person and per anyone else with time that week.",
  method: 'GET',
  path: '/api/time_cards/crew',
  // any day of the week names it; none: this week
  query: z.object({ week: isoDate.transform(weekStartDate).optional() }),
  answer: z.object({
    week: z.string().meta({ description: 'The Sunday the week starts.' }),
    days: z.array(z.string()).length(7),
    data: z.array(crewWeekRowSchema),
    day_totals: z.array(z.number()).length(7),
    total: z.number(),
  }),
  permission: { action: 'edit', area: 'time_entries' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const TIME_ACTIONS = actionMap({
  'time_cards.crew': crewWeek,
});
