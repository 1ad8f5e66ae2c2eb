/** The shop floor on the server: pieces, the to-do lists and measure-to-cut on job products, its actions. */
import type { ServerArea } from '../../engine/server-area.ts';
import { withShopFloor } from './job-product-lists.ts';
import { shopFloorHandlers } from './shop-floor-actions.ts';

export const shopFloorArea = {
  // pieces have no hooks: made and marked by their product only (pieces.ts; their definition's `write: 'nobody'`)
  // the shop floor's to-do lists and measure-to-cut (job-product-lists.ts)
  extends: { job_products: withShopFloor },
  handlers: shopFloorHandlers,
} satisfies ServerArea<'shop-floor'>;
