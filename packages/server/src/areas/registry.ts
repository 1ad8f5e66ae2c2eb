/**
 * Every area of the server, by the names of the shared list (shared/resources/registry.ts): each
 * area's manifest (areas/<area>/index.ts) brings its resources' hooks, its actions' handlers and
 * what the command palette finds. An area of the shared list left out here fails to compile.
 * Each resource's declaration (definition, table, hooks) is installed into the engine at start.
 */
import { AREA_RESOURCES, RESOURCES, RESOURCE_NAMES, type AppArea, type ResourceName } from '@glazier/shared/resources/registry';
import type { ActionsOf } from '@glazier/shared/actions/registry';
import { tableFor } from '../db/schema.ts';
import type { ActionHandlers } from '../engine/action-handler.ts';
import { installResources, type ServerResources } from '../engine/resources.ts';
import type { ServerArea } from '../engine/server-area.ts';
import type { Hooks, PaletteSearch, ServerResource } from '../engine/server-resource.ts';
import { analysisArea } from './analysis/index.ts';
import { billingArea } from './billing/index.ts';
import { catalogueArea } from './catalogue/index.ts';
import { estimatingArea } from './estimating/index.ts';
import { inventoryArea } from './inventory/index.ts';
import { jobsArea } from './jobs/index.ts';
import { peopleArea } from './people/index.ts';
import { purchasingArea } from './purchasing/index.ts';
import { scheduleArea } from './schedule/index.ts';
import { settingsArea } from './settings/index.ts';
import { shopFloorArea } from './shop-floor/index.ts';
import { timeArea } from './time/index.ts';

export const SERVER_AREAS: { [A in AppArea]: ServerArea<A> } = {
  catalogue: catalogueArea,
  inventory: inventoryArea,
  purchasing: purchasingArea,
  jobs: jobsArea,
  estimating: estimatingArea,
  'shop-floor': shopFloorArea,
  billing: billingArea,
  schedule: scheduleArea,
  time: timeArea,
  analysis: analysisArea,
  people: peopleArea,
  settings: settingsArea,
};

const areas = Object.values(SERVER_AREAS) as ServerArea<AppArea>[];
/** What an area declares per resource, looked up by any resource's name (none for another area's). */
type ByResource<T> = Partial<Record<ResourceName, T>> | undefined;
const areaOf = (name: ResourceName) =>
  SERVER_AREAS[(Object.keys(AREA_RESOURCES) as AppArea[]).find((a) => name in AREA_RESOURCES[a]) as AppArea] as ServerArea<AppArea>;

/** A resource's hooks: its own area's, wrapped by what other areas add to it (ServerArea `extends`). */
function hooksOf(name: ResourceName): Hooks {
  const own = (areaOf(name).hooks as ByResource<Hooks>)?.[name] ?? {};
  return areas.reduce((hooks, a) => (a.extends as ByResource<(h: Hooks) => Hooks>)?.[name]?.(hooks) ?? hooks, own);
}

export const SERVER_RESOURCES = Object.fromEntries(
  RESOURCE_NAMES.map((name): [ResourceName, ServerResource] => [
    name,
    {
      name,
      def: RESOURCES[name],
      table: tableFor(RESOURCES[name].table),
      ...hooksOf(name),
      palette: (areaOf(name).palette as ByResource<PaletteSearch>)?.[name],
    },
  ]),
) as ServerResources;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every area's handlers: each manifest covers its own actions (ServerArea), and this list covers every area. */
export const AREA_HANDLERS = Object.assign({}, ...areas.map((a) => a.handlers)) as ActionHandlers<UnionToIntersection<ActionsOf<AppArea>>>;

/** Gives the engine every resource's declaration: called once at start by each entry point (the app, the command line, the bench, the test setup). */
export function installServerResources(): void {
  installResources(SERVER_RESOURCES);
}
