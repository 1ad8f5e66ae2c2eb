/** The shop floor's named actions (issue 34: pieces marked one at a time). */
import { z } from 'zod';
import { recordRead } from '../resources/read-schema.ts';
import { PIECE_STEPS } from '../rules/shop-floor/pieces.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

export const markJobProductPiece = defineAction({
  name: 'job_products.mark_piece',
  summary:
    'Marks one piece of a job product (a unit, or a cut list leaf: rules/shop-floor/pieces.ts) measured or fabricated, or not; the product is measured (fabricated) when every piece is. Answers the product with its pieces.',
  method: 'POST',
  path: '/api/job_products/:id/pieces/:position/mark',
  // the piece's place among its product's pieces, from 1 (what its label's QR code names)
  params: z.object({ id: ID_PARAM, position: ID_PARAM.refine((n) => n >= 1) }),
  body: z.object({
    step: z.enum(PIECE_STEPS, { message: 'Must be is_measured or is_fabricated.' }),
    done: z.boolean({ message: 'Must be true or false.' }),
  }),
  answer: z.object({ data: recordRead('job_products') }),
  permission: { action: 'edit', area: 'jobs' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const SHOP_FLOOR_ACTIONS = actionMap({
  'job_products.mark_piece': markJobProductPiece,
});
