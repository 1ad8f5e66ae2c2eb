/** The schedule's named actions. */
import { z } from 'zod';
import { actionMap, defineAction } from './define.ts';
import { CALENDAR_FEED_KINDS, CALENDAR_FEED_PAST_DAYS } from '../rules/schedule/calendar-feeds.ts';

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

/** One of the signed-in user's calendar feeds: which, and since when its address works (never its token). */
export const calendarFeedSchema = z
  .object({
    kind: z.enum(CALENDAR_FEED_KINDS).meta({ description: '`mine`: the events the user supervises; `shop`: every event.' }),
    created_at: z.string().meta({ description: 'When its current address was made.' }),
  })
  .meta({ id: 'calendar_feed', description: "One of the signed-in user's calendar feeds (never its token)." });
export type CalendarFeed = z.output<typeof calendarFeedSchema>;

const byKind = z.object({ kind: z.enum(CALENDAR_FEED_KINDS) });

export const listCalendarFeeds = defineAction({
  name: 'calendar_feeds.list',
  summary: "The signed-in user's calendar feeds that are on (at most one of each kind), without their tokens.",
  method: 'GET',
  path: '/api/calendar_feeds',
  answer: z.object({ data: z.array(calendarFeedSchema) }),
  permission: 'signed_in',
});

export const turnOnCalendarFeed = defineAction({
  name: 'calendar_feeds.turn_on',
  summary:
    "Turns on a calendar feed of the signed-in user, or regenerates it: a new random token, stored hashed and answered this once with the feed's address; an earlier address of the same feed stops at once. `mine` needs view jobs, `shop` edit jobs (403).",
  method: 'POST',
  path: '/api/calendar_feeds/:kind',
  params: byKind,
  answer: z.object({
    data: calendarFeedSchema,
    token: z.string(),
    url: z.string().meta({ description: "The feed's address (https or http), absolute." }),
    webcal_url: z.string().meta({ description: 'The same address as `webcal://`, which calendar apps subscribe to.' }),
  }),
  permission: 'signed_in',
  status: 201,
});

export const turnOffCalendarFeed = defineAction({
  name: 'calendar_feeds.turn_off',
  summary: 'Turns a calendar feed of the signed-in user off: its address stops at once (nothing changes when it was off).',
  method: 'DELETE',
  path: '/api/calendar_feeds/:kind',
  params: byKind,
  answer: z.null(),
  permission: 'signed_in',
  status: 204,
});

export const calendarFeed = defineAction({
  name: 'calendar.feed',
  summary: `Public, by the feed's token: an iCalendar (RFC 5545) of the events from ${CALENDAR_FEED_PAST_DAYS} days ago onwards, all-day, with stable UIDs (the user's own or the whole shop's, as the feed was made). 404 for a token that names no feed; 410 once its user is inactive or without the feed's right.`,
  method: 'GET',
  path: '/api/calendar/:token.ics',
  params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{22,100}$/) }),
  answer: z.string(),
  permission: 'public',
  // a phone refreshes every few minutes at most; a shop's phones may share one address
  rateLimit: { max: 60, timeWindow: '1 minute' },
  download: 'text/calendar',
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const SCHEDULE_ACTIONS = actionMap({
  'schedule.readiness': scheduleReadiness,
  'calendar_feeds.list': listCalendarFeeds,
  'calendar_feeds.turn_on': turnOnCalendarFeed,
  'calendar_feeds.turn_off': turnOffCalendarFeed,
  'calendar.feed': calendarFeed,
});
