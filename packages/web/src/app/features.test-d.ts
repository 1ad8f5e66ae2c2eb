/**
 * Type-level tests of the list of areas (app/features.ts), checked by `tsc -b` (never run): each
 * `@ts-expect-error` fails the build when the line below it compiles, so an area the app leaves
 * out, or a feature that leaves out a resource of its area or names another area's, stays a
 * compile error.
 */
import type { AppArea } from '@glazier/shared/resources/registry';
import type { Feature } from '../contract/feature.ts';
import type { AREA_FEATURES } from './features.ts';

declare const allButCatalogue: Omit<typeof AREA_FEATURES, 'catalogue'>;

// @ts-expect-error the app's list names every area of the shared list: the catalogue is missing
export const catalogueLeftOut: { [A in AppArea]: Feature<A> } = allButCatalogue;

export const catalogueWithoutSeries: Feature<'catalogue'> = {
  area: 'catalogue',
  // @ts-expect-error an area declares every resource of its shared module: series is missing
  resources: {
    product_categories: { dialog: null },
    products: { dialog: null },
    product_materials: { dialog: null },
  },
};

export const catalogueWithJobs: Feature<'catalogue'> = {
  area: 'catalogue',
  resources: {
    product_categories: { dialog: null },
    series: { dialog: null },
    products: { dialog: null },
    product_materials: { dialog: null },
    // @ts-expect-error and only those: jobs are the jobs area's
    jobs: { dialog: null },
  },
};
