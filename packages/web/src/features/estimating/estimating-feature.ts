/**
 * What estimating brings (contract/feature.ts): estimates (list, screen, dialogs), takeoff options and
 * the takeoff grid, the printed estimate and the client's approval page.
 */
import { IconFileDollar } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';

// One chunk, one loader, for the area's dialogs (estimating-dialogs.ts).
const dialogs = () => import('./estimating-dialogs.ts');

export const estimatingFeature: Feature<'estimating'> = {
  area: 'estimating',
  resources: {
    estimates: {
      dialog: () => dialogs().then((m) => m.openEstimateDialog),
      page: (id) => `/estimates/${id}`,
    },
    estimate_items: { dialog: () => dialogs().then((m) => m.openEstimateItemDialog) },
    estimate_category_notes: { dialog: () => dialogs().then((m) => m.openEstimateCategoryNoteDialog) },
    takeoff_options: { dialog: () => dialogs().then((m) => m.openTakeoffOptionDialog) },
    takeoffs: { dialog: null },
    takeoff_units: { dialog: () => dialogs().then((m) => m.openTakeoffUnitDialog) },
    takeoff_items: { dialog: null },
  },
  routes: [
    {
      // The menu offers estimates with edit estimates (docs/platform.md, Screens and navigation), the home card with view
      // (2.4): whoever may view them opens them read-only.
      path: '/estimates',
      requires: { action: 'view', area: 'estimates' },
      screen: () => import('./estimates-page.tsx').then((m) => m.EstimatesPage),
      children: [{ path: ':estimate_id', screen: () => import('./estimate-page.tsx').then((m) => m.EstimatePage) }],
    },
    {
      path: '/takeoff_options',
      requires: { action: 'edit', area: 'estimates_admin' },
      screen: () => import('./takeoff-options-page.tsx').then((m) => m.TakeoffOptionsPage),
    },
    {
      path: '/estimates/:estimate_id/takeoff',
      requires: { action: 'edit', area: 'estimates' },
      screen: () => import('./takeoff-page.tsx').then((m) => m.TakeoffPage),
    },
    // the printable estimate of a job's estimate
    {
      path: '/jobs/:job_id/estimate_print',
      requires: { action: 'view', area: 'estimates' },
      screen: () => import('./estimate-print-page.tsx').then((m) => m.EstimatePrintPage),
    },
  ],
  // the client's approval page, opened without an account from the link staff send
  publicRoutes: [{ path: '/approve/:token', screen: () => import('./approval-page.tsx').then((m) => m.ApprovalPage) }],
  menuGroups: [{ key: 'estimating', label: 'Estimating', check: { action: 'edit', area: 'estimates' }, order: 100 }],
  menu: [
    { to: '/estimates', label: 'Estimates', group: 'estimating', order: 1 },
    { to: '/takeoff_options', label: 'Takeoff Options', check: { action: 'edit', area: 'estimates_admin' }, group: 'estimating', order: 2 },
  ],
  dashboard: [
    {
      key: 'estimates',
      title: 'Estimates',
      description: 'Takeoffs, pricing and status.',
      icon: IconFileDollar,
      check: { action: 'view', area: 'estimates' },
      order: 3,
      actions: [{ label: 'All', to: '/estimates', order: 1 }],
    },
  ],
};
