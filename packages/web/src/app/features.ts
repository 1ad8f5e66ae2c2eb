/**
 * The app's areas: one line each, keyed by the shared list of areas (shared/resources/registry.ts),
 * so an area of that list left out here fails to compile. Everything an area brings is in its
 * feature's declaration (features/<area>/<area>-feature.ts, typed by contract/feature.ts); the
 * router, the side menu, the dashboard, the command palette, record dialogs and headings are
 * gathered from this list, here and nowhere else (features never import each other).
 */
import type { AppArea, ResourceName } from '@glazier/shared/resources/registry';
import { analysisFeature } from '../features/analysis/analysis-feature.ts';
import { billingFeature } from '../features/billing/billing-feature.ts';
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
import { registerAreaDialogs, type AreaDialogRegistry } from '../resource-kit/forms/area-dialogs.ts';
import { registerAreaSections, type AreaSectionRegistry } from '../resource-kit/forms/area-sections.tsx';
import { registerRecordDialogs, type RecordDialogRegistry } from '../resource-kit/forms/record-dialogs.ts';
import { registerRecordHeadings, type RecordHeadingOrder } from '../resource-kit/records/record-heading-orders.ts';
import type { Feature, ResourceEntry } from '../contract/feature.ts';

export const AREA_FEATURES: { [A in AppArea]: Feature<A> } = {
  catalogue: catalogueFeature,
  inventory: inventoryFeature,
  purchasing: purchasingFeature,
  jobs: jobsFeature,
  estimating: estimatingFeature,
  'shop-floor': shopFloorFeature,
  billing: billingFeature,
  schedule: scheduleFeature,
  time: timeFeature,
  analysis: analysisFeature,
  people: peopleFeature,
  settings: settingsFeature,
};

/** Every area's feature, in the order of the shared list (menus and cards are placed by their own `order`). */
export const FEATURES = Object.values(AREA_FEATURES) as Feature<AppArea>[];

const entries = FEATURES.flatMap((f) => Object.entries(f.resources) as [ResourceName, ResourceEntry<ResourceName>][]);

function byResource<T>(pick: (entry: ResourceEntry<ResourceName>) => T | null | undefined): Partial<Record<ResourceName, T>> {
  const out: Partial<Record<ResourceName, T>> = {};
  for (const [name, entry] of entries) {
    const value = pick(entry);
    if (value != null) out[name] = value;
  }
  return out;
}

/** Which dialog opens each resource's records (resource-kit/forms/record-dialogs.ts). */
export const RECORD_DIALOGS = byResource((e) => e.dialog) as RecordDialogRegistry;
/** What list rows show beneath a record's name, and their order (resource-kit/records/record-headings.ts). */
export const RECORD_HEADINGS: Partial<Record<ResourceName, RecordHeadingOrder>> = byResource((e) => e.heading);
/** The screen a record opens on, for the resources that have one (where a command palette hit goes). */
export const RECORD_PAGES: Partial<Record<ResourceName, (id: number) => string>> = byResource((e) => e.page);

/** The dialogs areas offer each other by name (resource-kit/forms/area-dialogs.ts); each name once. */
export const AREA_DIALOGS: AreaDialogRegistry = Object.assign({}, ...FEATURES.map((f) => ('dialogs' in f ? f.dialogs : undefined) ?? {}));

/** The sections areas offer each other by name (resource-kit/forms/area-sections.tsx); each name once. */
export const AREA_SECTIONS: AreaSectionRegistry = Object.assign({}, ...FEATURES.map((f) => ('sections' in f ? f.sections : undefined) ?? {}));

/** Hands the resource kit what the areas declared; once, before the first render (main.tsx). */
export function registerFeatures(): void {
  registerRecordDialogs(RECORD_DIALOGS);
  registerAreaDialogs(AREA_DIALOGS);
  registerAreaSections(AREA_SECTIONS);
  registerRecordHeadings(RECORD_HEADINGS);
}
