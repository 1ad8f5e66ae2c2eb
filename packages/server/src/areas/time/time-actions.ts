/** Time's named actions (shared/actions/time.ts), each to its rule in this folder. */
import type { TIME_ACTIONS } from '@glazier/shared/actions/time';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { crewWeek } from './crew-week.ts';

export const timeHandlers: ActionHandlers<typeof TIME_ACTIONS> = {
  'time_cards.crew': ({ ctx, input }) => crewWeek({ ctx, week: input.week }),
};
