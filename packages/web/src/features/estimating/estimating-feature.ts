/**
 * What estimating brings (app/feature.ts). Its screens are not built yet: the menu, the dashboard
 * and the command palette already offer estimates (platform.md 2.3, 2.4), and their links show
 * the not-found page.
 */
import { IconFileDollar } from '@tabler/icons-react';
import type * as estimating from '@glazier/shared/resources/estimating';
import type { Feature, ResourcesOf } from '../../app/feature.ts';

export const estimatingFeature: Feature<ResourcesOf<typeof estimating>> = {
  area: 'estimating',
  resources: {
    estimates: { dialog: null, search: { label: 'Estimate', path: (id) => `/estimates/${id}` } },
    estimate_items: { dialog: null },
    estimate_category_notes: { dialog: null },
    takeoff_options: { dialog: null },
    takeoffs: { dialog: null },
    takeoff_units: { dialog: null },
    takeoff_items: { dialog: null },
  },
  // issue 23, print: the printable estimate of a job's estimate
  routes: [
    {
      path: '/jobs/:job_id/estimate_print',
      requires: { action: 'view', area: 'estimates' },
      screen: () => import('./estimate-print-page.tsx').then((m) => m.EstimatePrintPage),
    },
  ],
  // issue 23, B10: the client's approval page, opened without an account from the link staff send
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
