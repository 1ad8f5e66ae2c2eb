/**
 * What analysis and forecasting bring (contract/feature.ts): their screens, and the menu and
 * dashboard entries of both (docs/platform.md, Screens and navigation).
 */
import { IconChartBar, IconTrendingUp } from '@tabler/icons-react';
import type { Feature } from '../../contract/feature.ts';

export const analysisFeature: Feature<'analysis'> = {
  area: 'analysis',
  resources: {},
  routes: [
    { path: '/analysis', requires: { action: 'view', area: 'analysis' }, screen: () => import('./analysis-page.tsx').then((m) => m.AnalysisPage) },
    { path: '/forecasting', requires: { action: 'view', area: 'forecasting' }, screen: () => import('./forecasting-page.tsx').then((m) => m.ForecastingPage) },
  ],
  menu: [
    { to: '/analysis', label: 'Analysis', check: { action: 'view', area: 'analysis' }, order: 60 },
    { to: '/forecasting', label: 'Forecasting', check: { action: 'view', area: 'forecasting' }, order: 70 },
  ],
  dashboard: [
    {
      key: 'analysis',
      title: 'Analysis',
      description: 'Job costs and margins.',
      icon: IconChartBar,
      check: { action: 'view', area: 'analysis' },
      order: 7,
      actions: [{ label: 'View', to: '/analysis', order: 1 }],
    },
    {
      key: 'forecasting',
      title: 'Forecasting',
      description: 'Upcoming work and material needs.',
      icon: IconTrendingUp,
      check: { action: 'view', area: 'forecasting' },
      order: 9,
      actions: [{ label: 'View', to: '/forecasting', order: 1 }],
    },
  ],
};
