/**
 * What the shop floor brings: label printing and the product to-do lists (app/feature.ts). The
 * lists' menu and dashboard links are the jobs feature's (its Lists group and its card).
 */
import type { Feature } from '../../app/feature.ts';

export const shopFloorFeature: Feature = {
  area: 'shop floor',
  resources: {},
  // Label printing (platform.md 3.6): any signed-in user prints what a screen prepared.
  routes: [
    { path: '/print', screen: () => import('./print-page.tsx').then((m) => m.PrintPage) },
    // To Measure, To Order, To Fabricate (platform.md 2.1): anyone signed in reads them; ticking needs edit jobs
    { path: '/lists/products/:field', screen: () => import('./to-do-list-page.tsx').then((m) => m.ToDoListPage) },
  ],
};
