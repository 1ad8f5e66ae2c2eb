/**
 * Calendar feeds (docs/domain/schedule.md, Calendar feeds): a signed-in user turns on an
 * iCalendar subscription of the events they supervise (`mine`) or, with `edit jobs`, of every
 * event (`shop`). Its token (32 random bytes, base64url) is answered once and kept only as its
 * sha256, one row per user and kind; regenerating replaces it (the old address names nothing at
 * once), turning off deletes it. The public feed asks on every refresh whether its user is still
 * active and holds the feed's right (the session's user cache: a change reaches it at once, on every
 * app server), so a deactivated user's or a demoted user's feed answers 410.
 *
 * Events are calendar dates (no time of day): each is written as an all-day DATE value, the date
 * the shop put it on, which a phone shows on that day in any time zone. Its UID is the event's id
 * (calendarEventUid: never the feed's address, which PUBLIC_URL may change),
 * and SEQUENCE, LAST-MODIFIED and DTSTAMP follow the last change of the event, its job or its
 * supervisor, so a phone updates the event in place; an event deleted, or of a job in the trash,
 * is simply absent, and the phone drops it on its next refresh.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import { actionPath } from '@glazier/shared/actions/action-path';
import { calendarFeed as calendarFeedAction, type CalendarFeed } from '@glazier/shared/actions/schedule';
import {
  CALENDAR_FEED_KINDS,
  calendarEventUid,
  calendarFeedDescription,
  calendarFeedSequence,
  calendarFeedStart,
  calendarFeedSummary,
  mayHaveCalendarFeed,
  webcalUrl,
  type CalendarFeedKind,
} from '@glazier/shared/rules/schedule/calendar-feeds';
import { toIsoDate } from '@glazier/shared/rules/dates';
import type { Db, Row } from '../../db/client.ts';
import { oneOf, sqlSelect } from '../../db/typed-sql.ts';
import { calendar_feeds } from '../../db/schema.ts';
import type { Download } from '../../engine/action-handler.ts';
import { requireUser, type Ctx } from '../../engine/context.ts';
import { ApiError, forbidden } from '../../engine/errors.ts';
import { namedWrite } from '../../engine/named-write.ts';
import { sessionUserFor } from '../../platform/auth.ts';
import { shopName } from '../../platform/settings.ts';
import { newBearerToken, tokenHash } from '../../platform/bearer-tokens.ts';
import type { RowOf } from '../../db/typed-sql.ts';

export const FEED_NOT_FOUND_MESSAGE = 'This calendar feed address is not valid: it was turned off or regenerated. Copy the new address from your profile.';
export const FEED_GONE_MESSAGE = 'This calendar feed has stopped: its user can no longer receive it.';
export const SHOP_FEED_FORBIDDEN = 'The whole-shop feed needs the right to edit jobs.';
export const MINE_FEED_FORBIDDEN = 'A calendar feed needs the right to view jobs.';

const iso = (v: string | Date): string => new Date(v).toISOString();

const FEED_ROW = { id: 'num', user_id: 'num', kind: oneOf(CALENDAR_FEED_KINDS), created_at: 'timestamp' } as const;
type FeedRow = RowOf<typeof FEED_ROW>;

const present = (row: FeedRow): CalendarFeed => ({ kind: row.kind, created_at: iso(row.created_at) });
/** A feed as its history keeps it: which feed and when, never its hash. */
const audited = ({ id, user_id, kind, created_at }: Row): Row => ({ id, user_id, kind, created_at });

/** `GET /api/calendar_feeds`: the caller's feeds that are on. */
export async function listCalendarFeeds(ctx: Ctx): Promise<CalendarFeed[]> {
  const user = requireUser(ctx);
  const rows = await sqlSelect(ctx.db, FEED_ROW, sql`SELECT id, user_id, kind, created_at FROM calendar_feeds WHERE user_id = ${user.id} ORDER BY kind`);
  return rows.map(present);
}

/** `POST /api/calendar_feeds/{kind}`: a new token for the caller's feed (turned on, or regenerated), answered this once; `origin`: the app's public origin. */
export async function turnOnCalendarFeed({ ctx, kind, origin }: { ctx: Ctx; kind: CalendarFeedKind; origin: string }) {
  const user = requireUser(ctx);
  if (!mayHaveCalendarFeed(user, kind)) throw forbidden(kind === 'shop' ? SHOP_FEED_FORBIDDEN : MINE_FEED_FORBIDDEN);
  const { token, hash } = newBearerToken();
  const row = await namedWrite(ctx, async (w) => {
    const [before] = await sqlSelect(
      w.ctx.db,
      FEED_ROW,
      sql`SELECT id, user_id, kind, created_at FROM calendar_feeds WHERE user_id = ${user.id} AND kind = ${kind} FOR UPDATE`,
    );
    const after = await w.upsert(
      calendar_feeds,
      { user_id: user.id, kind, token_hash: hash },
      { target: ['user_id', 'kind'], set: { token_hash: hash, created_at: sql`now()` } },
      { action: before ? 'regenerate' : 'create', before: before ?? null, shown: audited },
    );
    return audited(after) as FeedRow;
  });
  const url = `${origin}${actionPath(calendarFeedAction, { token })}`;
  return { data: present(row), token, url, webcal_url: webcalUrl(url) };
}

/** `DELETE /api/calendar_feeds/{kind}`: the caller's feed is off; its address names nothing from now on. */
export async function turnOffCalendarFeed({ ctx, kind }: { ctx: Ctx; kind: CalendarFeedKind }): Promise<null> {
  const user = requireUser(ctx);
  await namedWrite(ctx, (w) => w.deleteWhere(calendar_feeds, (t) => and(eq(t.user_id, user.id), eq(t.kind, kind))!, { shown: audited }));
  return null;
}

const FEED_EVENT_ROW = {
  id: 'num',
  date: 'text',
  job_id: 'num',
  job_number: 'text?',
  job_name: 'text?',
  client_name: 'text?',
  address: 'text?',
  supervisor_name: 'text?',
  last_modified: 'timestamp',
} as const;
type FeedEventRow = RowOf<typeof FEED_EVENT_ROW>;

/** The events a feed holds: from its first date on, the user's own or all, without those of a job in the trash. */
function feedEvents(db: Db, kind: CalendarFeedKind, userId: number, today: string): Promise<FeedEventRow[]> {
  const whose = kind === 'mine' ? sql` AND e.user_id = ${userId}` : sql``;
  return sqlSelect(
    db,
    FEED_EVENT_ROW,
    sql`SELECT e.id, to_char(e.date, 'YYYY-MM-DD') AS date, e.job_id, j.number AS job_number, j.name AS job_name,
               j.client_name, j.address, u.name AS supervisor_name,
               GREATEST(e.updated_at, j.updated_at, COALESCE(u.updated_at, e.updated_at)) AS last_modified
        FROM events e
        JOIN jobs j ON j.id = e.job_id AND j.deleted_at IS NULL
        LEFT JOIN users u ON u.id = e.user_id
        WHERE e.deleted_at IS NULL AND e.date >= ${calendarFeedStart(today)}${whose}
        ORDER BY e.date, e.id`,
  );
}

/**
 * `GET /api/calendar/{token}.ics` (public): the feed the token names, as text/calendar, asked for
 * again on each refresh (an unchanged feed answers 304: its ETag); `origin`: the app's public origin.
 */
export async function calendarFeedDownload({ db, token, origin }: { db: Db; token: string; origin: string }): Promise<Download> {
  const [feed] = await sqlSelect(db, FEED_ROW, sql`SELECT id, user_id, kind, created_at FROM calendar_feeds WHERE token_hash = ${tokenHash(token)}`);
  if (!feed) throw new ApiError(404, FEED_NOT_FOUND_MESSAGE);
  // null once inactive or deleted; its rights as they are now (the role matrix included)
  const user = await sessionUserFor(db, feed.user_id);
  if (!user || !mayHaveCalendarFeed(user, feed.kind)) throw new ApiError(410, FEED_GONE_MESSAGE);

  const company = await shopName(db);
  const name = feed.kind === 'mine' ? `${company}: ${user.name}` : `${company}: whole shop`;
  const calendar = ical({
    name,
    description:
      feed.kind === 'mine' ? `The jobs ${user.name} supervises, from the ${company} schedule.` : `Every scheduled job, from the ${company} schedule.`,
    prodId: { company: 'Glazier', product: 'Glazier schedule', language: 'EN' },
    // a hint to the phone: look again every hour
    ttl: 3600,
  });
  for (const e of await feedEvents(db, feed.kind, user.id, toIsoDate(new Date()))) {
    const jobUrl = `${origin}/jobs/${e.job_id}`;
    const changed = new Date(e.last_modified);
    calendar.createEvent({
      id: calendarEventUid(e.id),
      allDay: true,
      // a DATE value as stored: the shop's day, the same on a phone in any time zone
      start: e.date,
      summary: calendarFeedSummary(e),
      description: calendarFeedDescription({ ...e, job_url: jobUrl }),
      location: e.address?.trim() || null,
      url: jobUrl,
      sequence: calendarFeedSequence(changed),
      lastModified: changed,
      stamp: changed,
    });
  }
  const body = calendar.toString();
  const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const fileName = `${feed.kind === 'mine' ? 'my-schedule' : 'shop-schedule'}.ics`;
  return { bytes: body, type: 'text/calendar; charset=utf-8', fileName, disposition: 'inline', cache: 'revalidate', etag };
}
