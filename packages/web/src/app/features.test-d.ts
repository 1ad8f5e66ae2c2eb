/**
 * Type-level tests of the list of areas (app/features.ts), checked by `tsc -b` (never run): each
 * `@ts-expect-error` fails the build when the line below it compiles, so a resource no area
 * declares, or one two areas declare, stays a compile error.
 */
import type * as catalogue from '@glazier/shared/resources/catalogue';
import type { Feature, ResourcesOf } from '../contract/feature.ts';
import { FEATURES, type Misdeclared, type NoneOf } from './features.ts';

type Without<Fs extends readonly unknown[], Left> = Fs extends readonly [infer F, ...infer Rest] ? (F extends Left ? Without<Rest, Left> : [F, ...Without<Rest, Left>]) : [];
type Catalogue = (typeof FEATURES)[0];

// The app's list declares every resource once.
export type EveryResourceOnce = NoneOf<Misdeclared<typeof FEATURES>>;

// @ts-expect-error the catalogue's four resources are declared by no area
export type CatalogueLeftOut = NoneOf<Misdeclared<Without<typeof FEATURES, Catalogue>>>;

// @ts-expect-error the catalogue's resources are declared twice
export type CatalogueTwice = NoneOf<Misdeclared<[...typeof FEATURES, Catalogue]>>;

export const catalogueWithoutSeries: Feature<ResourcesOf<typeof catalogue>> = {
  area: 'catalogue',
  // @ts-expect-error an area declares every resource of its shared module: series is missing
  resources: {
    product_categories: { dialog: null },
    products: { dialog: null },
    product_materials: { dialog: null },
  },
};

export const catalogueWithJobs: Feature<ResourcesOf<typeof catalogue>> = {
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
