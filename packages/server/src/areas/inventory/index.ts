/** Inventory on the server: materials, stock movements and BOMs, their actions; the palette finds materials. */
import type { ServerArea } from '../../engine/server-area.ts';
import { hitLine } from '../../platform/search-everything.ts';
import { bomMaterialsHooks, bomsHooks, materialsHooks, materialTransactionsHooks } from './inventory-hooks.ts';
import { inventoryHandlers } from './inventory-actions.ts';

export const inventoryArea = {
  hooks: { materials: materialsHooks, material_transactions: materialTransactionsHooks, bom_materials: bomMaterialsHooks, boms: bomsHooks },
  handlers: inventoryHandlers,
  palette: {
    materials: { order: 40, query: (q) => ({ search: q }), subtitle: (r) => hitLine(r.description) },
  },
} satisfies ServerArea<'inventory'>;
