/**
 * The app's areas: one line each. Everything an area brings is in its feature's declaration
 * (features/<area>/<area>-feature.ts, typed by app/feature.ts); the router, the side menu, the
 * dashboard, the command palette, record dialogs and headings are gathered from this list, here
 * and nowhere else (features never import each other).
 */
import type { ResourceName } from '@glazier/shared/resources/registry';
import { analysisFeature } from '../features/analysis/analysis-feature.ts';
import { catalogueFeature } from '../features/catalogue/catalogue-feature.ts';
import { estimatingFeature } from '../features/estimating/estimating-feature.ts';
import { inventoryFeature } from '../features/inventory/inventory-feature.ts';
import { jobsFeature } from '../features/jobs/jobs-feature.ts';
import { peopleFeature } from '../features/people/people-feature.ts';
import { purchasingFeature } from '../features/purchasing/purchasing-feature.ts';
import { scheduleFeature } from '../features/schedule/schedule-feature.ts';
import { settingsFeature } from '../features/settings/settings-feature.ts';
import { shopFloorFeature } from '../features/shop-floor/shop-floor-feature.ts';
import { timeFeature } from '../features/time/time-feature.ts';
import { registerAreaDialogs, type AreaDialogRegistry } from '../resource-kit/area-dialogs.ts';
import { registerRecordDialogs, type RecordDialogRegistry } from '../resource-kit/record-dialogs.ts';
import { registerRecordHeadings, type RecordHeadingOrder } from '../resource-kit/record-heading-orders.ts';
import type { ResourceEntry, SearchKind } from '../contract/feature.ts';

export const FEATURES = [
  catalogueFeature,
  inventoryFeature,
  purchasingFeature,
  jobsFeature,
  estimatingFeature,
  shopFloorFeature,
  scheduleFeature,
  timeFeature,
  analysisFeature,
  peopleFeature,
  settingsFeature,
] as const;

/** The resources a feature declares. */
export type DeclaredBy<F> = F extends { resources: infer R } ? keyof R & ResourceName : never;
/** Resources declared by more than one of the features. */
export type DeclaredTwice<Fs extends readonly unknown[], Seen extends ResourceName = never> = Fs extends readonly [infer F, ...infer Rest]
  ? (DeclaredBy<F> & Seen) | DeclaredTwice<Rest, Seen | DeclaredBy<F>>
  : never;
/** Resources no feature declares, and resources two declare: neither may exist. */
export type Misdeclared<Fs extends readonly unknown[]> = Exclude<ResourceName, DeclaredBy<Fs[number]>> | DeclaredTwice<Fs>;
/** Compiles only when `T` is empty; otherwise the error names what is in it. */
export type NoneOf<T extends never> = T;
// Every resource is declared by exactly one area: a new resource without its entry (or with two)
// fails to compile here, naming it (features.test-d.ts shows it).
type _EveryResourceOnce = NoneOf<Misdeclared<typeof FEATURES>>;

const entries = FEATURES.flatMap((f) => Object.entries(f.resources) as [ResourceName, ResourceEntry<ResourceName>][]);

function byResource<T>(pick: (entry: ResourceEntry<ResourceName>) => T | null | undefined): Partial<Record<ResourceName, T>> {
  const out: Partial<Record<ResourceName, T>> = {};
  for (const [name, entry] of entries) {
    const value = pick(entry);
    if (value != null) out[name] = value;
  }
  return out;
}

/** Which dialog opens each resource's records (resource-kit/record-dialogs.ts). */
export const RECORD_DIALOGS = byResource((e) => e.dialog) as RecordDialogRegistry;
/** What list rows show beneath a record's name, and their order (resource-kit/record-headings.ts). */
export const RECORD_HEADINGS: Partial<Record<ResourceName, RecordHeadingOrder>> = byResource((e) => e.heading);
/** How the command palette names each resource's hits, and where a hit goes. */
export const SEARCH_KINDS: Partial<Record<ResourceName, SearchKind>> = byResource((e) => e.search);

/** The dialogs areas offer each other by name (resource-kit/area-dialogs.ts); each name once. */
export const AREA_DIALOGS: AreaDialogRegistry = Object.assign({}, ...FEATURES.map((f) => ('dialogs' in f ? f.dialogs : undefined) ?? {}));

/** Hands the resource kit what the areas declared; once, before the first render (main.tsx). */
export function registerFeatures(): void {
  registerRecordDialogs(RECORD_DIALOGS);
  registerAreaDialogs(AREA_DIALOGS);
  registerRecordHeadings(RECORD_HEADINGS);
}
