/**
 * Calendar feeds (docs/domain/schedule.md, Calendar feeds): what a phone's calendar subscribes to.
 * A user's own feed holds the events they supervise, and needs `view jobs` (what reads events); the
 * whole shop's feed holds every event, and needs `edit jobs`. Both rights are asked again on every
 * refresh, so a user who loses them (a role changed, deactivated) stops receiving the feed at once.
 */
import { can, type Action, type Area, type HasPermissions } from '../../permissions.ts';
import { addDays } from '../dates.ts';

export const CALENDAR_FEED_KINDS = ['mine', 'shop'] as const;
export type CalendarFeedKind = (typeof CALENDAR_FEED_KINDS)[number];

/**
 * An event's UID in every feed: its id and nothing of the address the feed was read at, so a
 * changed PUBLIC_URL (or a feed read at another address) keeps each event the same event on a
 * subscribed phone instead of adding every one again.
 */
export const calendarEventUid = (eventId: number): string => `event-${eventId}@glazier`;

/** The right each feed needs, when it is made and on every refresh. */
export const CALENDAR_FEED_RIGHT: Record<CalendarFeedKind, { action: Action; area: Area }> = {
  mine: { action: 'view', area: 'jobs' },
  shop: { action: 'edit', area: 'jobs' },
};

export function mayHaveCalendarFeed(user: HasPermissions | null | undefined, kind: CalendarFeedKind): boolean {
  const right = CALENDAR_FEED_RIGHT[kind];
  return can(user, right.action, right.area);
}

/**
 * How far back a feed reaches: a quarter of past events, and every event ahead. A phone drops the
 * events that leave the feed, so older ones fade from it; the whole shop's feed stays small.
 */
export const CALENDAR_FEED_PAST_DAYS = 90;

/** The first date a feed read on `today` (YYYY-MM-DD) holds. */
export function calendarFeedStart(today: string): string {
  return addDays(today, -CALENDAR_FEED_PAST_DAYS);
}

/** What a feed's event says of its job. */
export interface CalendarFeedEvent {
  job_number: string | null;
  job_name: string | null;
  client_name: string | null;
  supervisor_name: string | null;
  /** The job's page, absolute. */
  job_url: string;
}

/** The event's title: the job's number and name ("J-1042 Smith shower"), either alone, or "Job". */
export function calendarFeedSummary(e: Pick<CalendarFeedEvent, 'job_number' | 'job_name'>): string {
  const parts = [e.job_number, e.job_name].map((s) => s?.trim()).filter(Boolean);
  return parts.length ? parts.join(' ') : 'Job';
}

/**
 * The event's notes: the client, the supervisor, and the job's link (many calendar apps show no URL
 * property, so the link is written here as well). Lines without a value are left out.
 */
export function calendarFeedDescription(e: CalendarFeedEvent): string {
  return [
    e.client_name?.trim() && `Client: ${e.client_name.trim()}`,
    e.supervisor_name?.trim() ? `Supervisor: ${e.supervisor_name.trim()}` : 'Supervisor: none yet',
    `Job: ${e.job_url}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The epoch of SEQUENCE: a change's second counted from here stays well within a 32-bit integer. */
const SEQUENCE_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * The event's SEQUENCE: the seconds from 2020 to its last change, so every change (a move, a new
 * supervisor, the job renamed) raises it and a phone takes the new version in place of the old.
 */
export function calendarFeedSequence(lastModified: string | Date): number {
  const ms = new Date(lastModified).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor((ms - SEQUENCE_EPOCH_MS) / 1000)) : 0;
}

/** The address a phone subscribes to: the feed's http(s) address as `webcal://` (the scheme calendar apps open). */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}
