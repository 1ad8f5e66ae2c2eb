/**
 * What the shop floor brings: the product to-do lists, cut lists, label printing (a job's, across
 * jobs) and the pieces' QR page (contract/feature.ts). The to-do lists' menu and dashboard links are the
 * jobs feature's (its Lists group and its card).
 */
import type { Feature } from '../../contract/feature.ts';

// One chunk, one loader, for both dialogs (job-dialogs.ts).
const dialogs = () => import('./job-dialogs.ts').then((m) => m.SHOP_FLOOR_DIALOGS);

export const shopFloorFeature: Feature<'shop-floor'> = {
  area: 'shop-floor',
  // pieces are marked on their own page (/job_products/:id/pieces/:position), never in a record dialog
  resources: { job_product_pieces: { dialog: null } },
  // Label printing (docs/domain/shop-floor.md, Labels): any signed-in user prints what a screen prepared.
  dialogs: {
    cutList: () => dialogs().then((d) => d.cutList),
    jobPrintOptions: () => dialogs().then((d) => d.jobPrintOptions),
  },
  routes: [
    { path: '/print', screen: () => import('./print-page.tsx').then((m) => m.PrintPage) },
    // To Measure, To Order, To Fabricate (docs/domain/shop-floor.md, To-do lists): anyone signed in reads them; ticking needs edit jobs
    { path: '/lists/products/:field', screen: () => import('./to-do-list-page.tsx').then((m) => m.ToDoListPage) },
    // Labels across jobs: series, then jobs (docs/domain/shop-floor.md, Labels).
    { path: '/lists/print_labels', screen: () => import('./print-labels-page.tsx').then((m) => m.PrintLabelsPage) },
    // The product on a phone: its steps as a whole, and its pieces.
    { path: '/job_products/:job_product_id', screen: () => import('./job-product-page.tsx').then((m) => m.JobProductPage) },
    // What a label's QR code opens: one piece, marked on its own.
    { path: '/job_products/:job_product_id/pieces/:position', screen: () => import('./piece-page.tsx').then((m) => m.PiecePage) },
  ],
  // In the Lists group (the jobs area's), after the product to-do lists.
  menu: [{ to: '/lists/print_labels', label: 'Print Labels', group: 'lists', order: 5 }],
};
