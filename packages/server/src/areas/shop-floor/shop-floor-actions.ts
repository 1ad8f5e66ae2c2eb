/** The shop floor's named actions (shared/actions/shop-floor.ts). */
import type { SHOP_FLOOR_ACTIONS } from '@glazier/shared/actions/shop-floor';
import type { ActionHandlers } from '../../engine/action-handler.ts';
import { markJobProductPieces } from './pieces.ts';

export const shopFloorHandlers: ActionHandlers<typeof SHOP_FLOOR_ACTIONS> = {
  'job_products.mark_piece': async ({ ctx, params, input }) => ({
    data: await markJobProductPieces({ ctx, id: params.id, positions: [params.position], step: input.step, done: input.done }),
  }),
  'job_products.mark_pieces': async ({ ctx, params, input }) => ({
    data: await markJobProductPieces({ ctx, id: params.id, positions: input.positions, step: input.step, done: input.done }),
  }),
};
