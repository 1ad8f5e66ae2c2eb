/** The shop floor on the server: pieces, the to-do lists and measure-to-cut on job products, its actions. */
import type { ServerArea } from '../../engine/server-area.ts';
import { withShopFloor } from './job-product-lists.ts';
import { withPiecesOnCategory, withPiecesOnSeries } from './pieces.ts';
import { shopFloorHandlers } from './shop-floor-actions.ts';

export const shopFloorArea = {
  // pieces have no hooks: made and marked by their product only (pieces.ts; their definition's `write: 'nobody'`)
  // the shop floor's to-do lists and measure-to-cut (job-product-lists.ts); a series' (or its
  // category's) new flags bring its products' pieces in step (pieces.ts)
  extends: { job_products: withShopFloor, series: withPiecesOnSeries, product_categories: withPiecesOnCategory },
  handlers: shopFloorHandlers,
} satisfies ServerArea<'shop-floor'>;
