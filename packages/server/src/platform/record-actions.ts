/** The platform's actions on any record (shared/actions/records.ts): restore, history, search. */
import type { RECORD_ACTIONS } from '@glazier/shared/actions/records';
import type { ActionHandlers } from '../engine/action-handler.ts';
import { restore } from '../engine/write.ts';
import { recordHistory } from './record-history.ts';
import { searchEverything } from './search-everything.ts';

export const recordHandlers: ActionHandlers<typeof RECORD_ACTIONS> = {
  'records.restore': ({ ctx, params }) => restore(ctx, params.resource, params.id),
  'records.history': ({ ctx, params }) => recordHistory({ ctx, resource: params.resource, id: params.id }),
  'records.search': ({ ctx, input }) => searchEverything({ ctx, q: input?.q }),
};
