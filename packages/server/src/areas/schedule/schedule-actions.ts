/** The schedule's named actions (shared/actions/schedule.ts). */
import type { SCHEDULE_ACTIONS } from '@glazier/shared/actions/schedule';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { scheduleReadiness } from './readiness.ts';
import { calendarFeedDownload, listCalendarFeeds, turnOffCalendarFeed, turnOnCalendarFeed } from './calendar-feeds.ts';

export const scheduleHandlers: ActionHandlers<typeof SCHEDULE_ACTIONS> = {
  'schedule.readiness': ({ ctx, input }) => scheduleReadiness({ ctx, start: input.start, end: input.end }),
  'calendar_feeds.list': async ({ ctx }) => ({ data: await listCalendarFeeds(ctx) }),
  'calendar_feeds.turn_on': ({ ctx, params, caller }) => turnOnCalendarFeed({ ctx, kind: params.kind, origin: caller.publicOrigin }),
  'calendar_feeds.turn_off': ({ ctx, params }) => turnOffCalendarFeed({ ctx, kind: params.kind }),
  'calendar.feed': ({ ctx, params, caller }) => calendarFeedDownload({ db: ctx.db, token: params.token, origin: caller.publicOrigin }),
};
