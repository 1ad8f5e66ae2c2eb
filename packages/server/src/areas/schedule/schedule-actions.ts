/** The schedule's named actions (shared/actions/schedule.ts). */
import type { SCHEDULE_ACTIONS } from '@glazier/shared/actions/schedule';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { scheduleReadiness } from './readiness.ts';

export const scheduleHandlers: ActionHandlers<typeof SCHEDULE_ACTIONS> = {
  'schedule.readiness': ({ ctx, input }) => scheduleReadiness({ ctx, start: input.start, end: input.end }),
};
