/**
 * What an area brings to the server, declared once in its manifest (areas/<area>/index.ts) and
 * gathered by areas/registry.ts, which names every area of the shared list
 * (shared/resources/registry.ts) or fails to compile. Typed by the area's name: hooks only for
 * its own resources, and a handler for each of its declared actions (one missing, or one too
 * many, fails to compile in the manifest).
 *
 *   export const purchasingArea = {
 *     hooks: { vendors: vendorsHooks, purchase_orders: purchaseOrdersHooks },
 *     handlers: purchasingHandlers,
 *     palette: { purchase_orders: { order: 60, query: ..., subtitle: ... } },
 *   } satisfies ServerArea<'purchasing'>;
 */
import type { ActionsOf } from '@glazier/shared/actions/registry';
import type { AppArea, ResourceName, ResourceOf } from '@glazier/shared/resources/registry';
import type { ActionHandlers } from './action-handler.ts';
import type { Hooks, PaletteSearch } from './server-resource.ts';

export interface ServerArea<A extends AppArea> {
  /** The rules of the area's own resources (a resource without hooks is served by the engine alone). */
  hooks?: { [N in ResourceOf<A> & ResourceName]?: Hooks<N> };
  /** Rules the area adds to another area's resource, around that area's own hooks (the shop floor's on job products). */
  extends?: { [N in ResourceName]?: (hooks: Hooks<N>) => Hooks<N> };
  /** A handler for every action the area declares (shared/actions/<area>.ts). */
  handlers: ActionHandlers<ActionsOf<A>>;
  /** The area's resources the command palette searches. */
  palette?: { [N in ResourceOf<A> & ResourceName]?: PaletteSearch };
}
