/** Estimating's named actions (shared/actions/estimating.ts), each to its rule in this folder. */
import type { ESTIMATING_ACTIONS } from '@glazier/shared/actions/estimating';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { convertEstimate } from './convert-estimate.ts';
import { setEstimateStatus } from './estimate-status.ts';
import { estimateItemsFromTakeoff } from './items-from-takeoff.ts';
import { reviseEstimate } from './revise-estimate.ts';

export const estimatingHandlers: ActionHandlers<typeof ESTIMATING_ACTIONS> = {
  'estimates.status': async ({ ctx, params, input }) => ({ data: await setEstimateStatus({ ctx, id: params.id, status: input.status }) }),
  'estimates.items_from_takeoff': ({ ctx, params }) => estimateItemsFromTakeoff({ ctx, id: params.id }),
  'estimates.convert': async ({ ctx, params }) => ({ data: await convertEstimate({ ctx, id: params.id }) }),
  'estimates.revise': async ({ ctx, params }) => ({ data: await reviseEstimate({ ctx, id: params.id }) }),
};
