/** The schedule's named actions (issue 25). */
import { z } from 'zod';
import { actionMap, defineAction } from './define.ts';

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a date (YYYY-MM-DD).');

/** The longest range one call covers: a month view's six weeks, with room to spare. */
export const READINESS_MAX_DAYS = 62;

export const scheduleReadiness = defineAction({
  name: 'schedule.readiness',
  summary:
    'For each job with an event from start to end (inclusive, at most 62 days): its products still to measure, order and fabricate as their series require, and the backordered purchase-order lines of its materials (rules/schedule/readiness.ts).',
  method: 'GET',
  path: '/api/schedule/readiness',
  query: z
    .object({ start: isoDay, end: isoDay })
    .refine((q) => q.start <= q.end, { path: ['end'], message: 'Must be on or after the start.' })
    .refine((q) => (Date.parse(q.end) - Date.parse(q.start)) / 86_400_000 < READINESS_MAX_DAYS, {
      path: ['end'],
      message: `At most ${READINESS_MAX_DAYS} days at once.`,
    }),
  answer: z.object({
    data: z.array(
      z.object({
        job_id: z.number().int(),
        not_measured: z.number().int(),
        not_ordered: z.number().int(),
        not_fabricated: z.number().int(),
        backordered_lines: z.number().int(),
      }),
    ),
  }),
  permission: { action: 'view', area: 'jobs' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const SCHEDULE_ACTIONS = actionMap({
  'schedule.readiness': scheduleReadiness,
});
