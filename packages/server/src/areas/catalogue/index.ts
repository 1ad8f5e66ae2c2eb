/** The catalogue on the server: the rules of products and series; the palette finds products. */
import type { ServerArea } from '../../engine/server-area.ts';
import { productsHooks, seriesHooks } from './catalogue-hooks.ts';
import { hitLine } from '../../platform/search-everything.ts';

export const catalogueArea = {
  hooks: { products: productsHooks, series: seriesHooks },
  handlers: {},
  palette: {
    products: { order: 50, query: (q) => ({ search: q }), subtitle: (r) => hitLine(r.number ? r.name : r.description) },
  },
} satisfies ServerArea<'catalogue'>;
