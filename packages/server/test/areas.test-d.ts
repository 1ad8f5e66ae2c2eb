/**
 * Type-level tests of the areas' manifests (areas/<area>/index.ts, engine/server-area.ts) and
 * their list (areas/registry.ts), checked by `tsc -b` (never run): each `@ts-expect-error` fails
 * the build when the line below it compiles, so a half-wired area stays a compile error.
 */
import type { AppArea } from '@glazier/shared/resources/registry';
import type { ServerArea } from '../src/engine/server-area.ts';
import type { SERVER_AREAS } from '../src/areas/registry.ts';
import { purchasingHandlers } from '../src/areas/purchasing/purchasing-actions.ts';
import { vendorsHooks } from '../src/areas/purchasing/purchasing-hooks.ts';
import { jobsHooks } from '../src/areas/jobs/jobs-hooks.ts';

const { 'purchase_orders.send': _send, ...withoutSend } = purchasingHandlers;

// @ts-expect-error an action declared (shared/actions/purchasing.ts) without its handler: 'purchase_orders.send' is missing
export const handlerMissing: ServerArea<'purchasing'> = { handlers: withoutSend };

export const handlerOfAnotherArea: ServerArea<'purchasing'> = {
  // @ts-expect-error only the area's own actions: time cards are the time area's
  handlers: { ...purchasingHandlers, 'time_cards.crew': async () => ({ data: [] }) },
};

export const hooksOfAnotherArea: ServerArea<'purchasing'> = {
  // @ts-expect-error hooks only for the area's own resources: jobs are the jobs area's
  hooks: { vendors: vendorsHooks, jobs: jobsHooks },
  handlers: purchasingHandlers,
};

declare const allButPurchasing: Omit<typeof SERVER_AREAS, 'purchasing'>;
// @ts-expect-error the server's list names every area of the shared list: purchasing is missing
export const areaLeftOut: { [A in AppArea]: ServerArea<A> } = allButPurchasing;
