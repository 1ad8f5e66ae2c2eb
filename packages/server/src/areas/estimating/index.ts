/** Estimating on the server: estimates and takeoffs, their actions; the palette finds estimates. */
import type { ServerArea } from '../../engine/server-area.ts';
import { hitLine } from '../../platform/search-everything.ts';
import { takeoffOptionsHooks } from './takeoff-options-hooks.ts';
import { estimateContentHooks, estimateItemsHooks, estimatesHooks, takeoffContentHooks, takeoffHooks } from './estimates-hooks.ts';
import { estimatingHandlers } from './estimating-actions.ts';

export const estimatingArea = {
  // deleting these takes their files and images along (database cascades): their blobs follow
  hooks: {
    estimates: estimatesHooks,
    estimate_items: estimateItemsHooks,
    estimate_category_notes: estimateContentHooks,
    takeoff_options: takeoffOptionsHooks,
    takeoffs: takeoffHooks,
    takeoff_units: takeoffContentHooks,
    takeoff_items: takeoffContentHooks,
  },
  handlers: estimatingHandlers,
  palette: {
    estimates: { order: 30, query: (q) => ({ search: q }), subtitle: (r) => hitLine(r.job_number, r.status) },
  },
} satisfies ServerArea<'estimating'>;
