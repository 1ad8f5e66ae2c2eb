/**
 * The registry of every resource, gathered by area: an area's resources are the definitions its
 * module (resources/<area>.ts) exports, each under its own name. This list of areas is the one the
 * other packages follow: the server's areas (server/src/areas/registry.ts), the actions
 * (actions/registry.ts) and the web's features (web/src/app/features.ts) are keyed by the same
 * names, and each fails to compile while an area of this list is missing from it.
 */
import type { ResourceDef } from './define.ts';
import * as billing from './billing.ts';
import * as catalogue from './catalogue.ts';
import * as estimating from './estimating.ts';
import * as inventory from './inventory.ts';
import * as jobs from './jobs.ts';
import * as people from './people.ts';
import * as purchasing from './purchasing.ts';
import * as schedule from './schedule.ts';
import * as settings from './settings.ts';
import * as shopFloor from './shop-floor.ts';
import * as time from './time.ts';

/** The definitions a module exports (its other exports, lists of values, left out). */
type DefinitionsOf<M> = { [K in keyof M as M[K] extends ResourceDef ? K : never]: M[K] };

const isDefinition = (value: unknown): value is ResourceDef =>
  typeof value === 'object' && value !== null && 'fields' in value && 'table' in value && 'naming' in value;

function definitionsOf<M extends object>(module: M): DefinitionsOf<M> {
  const entries = Object.entries(module).filter(([, value]) => isDefinition(value)) as [string, ResourceDef][];
  // A resource is exported under its own name, which routes and tables use.
  for (const [key, def] of entries) if (def.name !== key) throw new Error(`The resource exported as ${key} is named ${def.name}.`);
  return Object.fromEntries(entries) as DefinitionsOf<M>;
}

/** Every area by name, with its resources; an area without resources (analysis) has none here. */
export const AREA_RESOURCES = {
  catalogue: definitionsOf(catalogue),
  inventory: definitionsOf(inventory),
  purchasing: definitionsOf(purchasing),
  jobs: definitionsOf(jobs),
  estimating: definitionsOf(estimating),
  'shop-floor': definitionsOf(shopFloor),
  billing: definitionsOf(billing),
  schedule: definitionsOf(schedule),
  time: definitionsOf(time),
  analysis: {},
  people: definitionsOf(people),
  settings: definitionsOf(settings),
};

/** An area of the app: the same name in every package (shared/src/resources/<area>.ts and actions/<area>.ts, server/src/areas/<area>/, web/src/features/<area>/). */
export type AppArea = keyof typeof AREA_RESOURCES;
/** The resources of area `A`. */
export type ResourceOf<A extends AppArea> = keyof (typeof AREA_RESOURCES)[A] & string;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type AllResources = UnionToIntersection<(typeof AREA_RESOURCES)[AppArea]>;

export const RESOURCES: { [N in keyof AllResources]: AllResources[N] } = Object.assign({}, ...Object.values(AREA_RESOURCES));
export type ResourceName = keyof typeof RESOURCES & string;
export const RESOURCE_NAMES = Object.keys(RESOURCES) as [ResourceName, ...ResourceName[]];

export function isResourceName(name: string): name is ResourceName {
  return Object.prototype.hasOwnProperty.call(RESOURCES, name);
}

/** Tables and the definition that owns each table's columns (shared tables: the widest). */
export function tableDefinitions(): Map<string, ResourceDef> {
  const out = new Map<string, ResourceDef>();
  for (const def of Object.values(RESOURCES) as ResourceDef[]) {
    const seen = out.get(def.table);
    if (!seen || Object.keys(def.fields).length > Object.keys(seen.fields).length) out.set(def.table, def);
  }
  return out;
}
