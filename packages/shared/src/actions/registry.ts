/**
 * Every named action, keyed by its name: each area's map (each key its declaration's name, or it
 * fails to compile), by the areas of resources/registry.ts (an area left out fails to compile),
 * and the platform's (records, attachments, imports, the session, the API document). The server's
 * handlers must cover every key (server/src/areas/<area>/index.ts, http/action-routes.ts), the
 * OpenAPI document lists them all (http/openapi.ts).
 */
import type { AppArea } from '../resources/registry.ts';
import { actionMap, type ActionDef } from './define.ts';
import { ANALYSIS_ACTIONS } from './analysis.ts';
import { API_DOCUMENT_ACTIONS } from './api-document.ts';
import { ATTACHMENT_ACTIONS } from './attachments.ts';
import { BILLING_ACTIONS } from './billing.ts';
import { ESTIMATING_ACTIONS } from './estimating.ts';
import { IMPORT_ACTIONS } from './imports.ts';
import { INVENTORY_ACTIONS } from './inventory.ts';
import { JOBS_ACTIONS } from './jobs.ts';
import { LIVE_ACTIONS } from './live.ts';
import { MAIL_ACTIONS } from './mail.ts';
import { PEOPLE_ACTIONS } from './people.ts';
import { PURCHASING_ACTIONS } from './purchasing.ts';
import { RECORD_ACTIONS } from './records.ts';
import { SCHEDULE_ACTIONS } from './schedule.ts';
import { SECURITY_ACTIONS } from './security.ts';
import { SESSION_ACTIONS } from './session.ts';
import { SHOP_FLOOR_ACTIONS } from './shop-floor.ts';
import { TIME_ACTIONS } from './time.ts';

/** Each area's actions (none: an empty map). */
export const AREA_ACTIONS = {
  catalogue: {},
  inventory: INVENTORY_ACTIONS,
  purchasing: PURCHASING_ACTIONS,
  jobs: JOBS_ACTIONS,
  estimating: ESTIMATING_ACTIONS,
  'shop-floor': SHOP_FLOOR_ACTIONS,
  billing: BILLING_ACTIONS,
  schedule: SCHEDULE_ACTIONS,
  time: TIME_ACTIONS,
  analysis: ANALYSIS_ACTIONS,
  people: PEOPLE_ACTIONS,
  settings: {},
} satisfies { [A in AppArea]: Record<string, ActionDef> };

/** The actions of no area: the generic records' calls, attachments, imports, the session, mail, live updates, the API document. */
export const PLATFORM_ACTIONS = actionMap({
  ...RECORD_ACTIONS,
  ...ATTACHMENT_ACTIONS,
  ...API_DOCUMENT_ACTIONS,
  ...IMPORT_ACTIONS,
  ...SESSION_ACTIONS,
  ...SECURITY_ACTIONS,
  ...MAIL_ACTIONS,
  ...LIVE_ACTIONS,
});

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AreaActions = UnionToIntersection<(typeof AREA_ACTIONS)[AppArea]>;

export const ACTIONS = actionMap({
  ...PLATFORM_ACTIONS,
  ...(Object.assign({}, ...Object.values(AREA_ACTIONS)) as { [K in keyof AreaActions]: AreaActions[K] }),
});

export type ActionName = keyof typeof ACTIONS;
/** The actions of area `A`. */
export type ActionsOf<A extends AppArea> = (typeof AREA_ACTIONS)[A];
