/** The shop floor's named actions (pieces marked one at a time, or several at once). */
import { z } from 'zod';
import { recordRead } from '../resources/read-schema.ts';
import { PIECE_STEPS } from '../rules/shop-floor/pieces.ts';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

/** What either action marks: a step, done or not. */
const markBody = {
  step: z.enum(PIECE_STEPS, { message: 'Must be is_measured or is_fabricated.' }),
  done: z.boolean({ message: 'Must be true or false.' }),
};

/** The most positions one call names: a bound on its body (tens of kilobytes at most). */
const MAX_POSITIONS = 10_000;
const POSITION_MESSAGE = 'Each must be a piece position, from 1.';

export const markJobProductPiece = defineAction({
  name: 'job_products.mark_piece',
  summary:
    'Marks one piece of a job product (a unit, or a cut list leaf: rules/shop-floor/pieces.ts) measured or fabricated, or not; the product is measured (fabricated) when every piece is. Answers the product with its pieces.',
  method: 'POST',
  path: '/api/job_products/:id/pieces/:position/mark',
  // the piece's place among its product's pieces, from 1 (what its label's QR code names)
  params: z.object({ id: ID_PARAM, position: ID_PARAM.refine((n) => n >= 1) }),
  body: z.object(markBody),
  answer: z.object({ data: recordRead('job_products') }),
  permission: { action: 'edit', area: 'jobs' },
});

/**
 * Several pieces at once, in one write with one history row: what undoes a whole-product mark
 * when some pieces were marked on their own before it (only the others are unmarked again).
 */
export const markJobProductPieces = defineAction({
  name: 'job_products.mark_pieces',
  summary:
    'Marks the pieces of a job product at the given positions (from 1) measured or fabricated, or not, in one write; the product is measured (fabricated) when every piece is. Answers the product with its pieces.',
  method: 'POST',
  path: '/api/job_products/:id/pieces/mark',
  params: z.object({ id: ID_PARAM }),
  body: z.object({
    ...markBody,
    positions: z
      .array(z.number({ message: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(1, POSITION_MESSAGE), { message: 'Must be a list of piece positions.' })
      .min(1, 'Choose at least one piece.')
      .max(MAX_POSITIONS, `At most ${MAX_POSITIONS} pieces at once.`)
      .refine((positions) => new Set(positions).size === positions.length, 'Each piece may be named once.'),
  }),
  answer: z.object({ data: recordRead('job_products') }),
  permission: { action: 'edit', area: 'jobs' },
});

/** This area's actions, by name (registry.ts gathers every area's). */
export const SHOP_FLOOR_ACTIONS = actionMap({
  'job_products.mark_piece': markJobProductPiece,
  'job_products.mark_pieces': markJobProductPieces,
});
