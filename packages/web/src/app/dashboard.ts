/** Home dashboard cards and their permission rules (platform.md 2.4). */
import { can, type HasPermissions } from '@glazier/shared/permissions';
import { addLink } from '../ui/screen-actions.tsx';

export type CardAction = { label: string; to: string } | { label: string; action: 'time-entry' };

export interface DashboardCard {
  key: string;
  title: string;
  description: string;
  actions: CardAction[];
}

export function dashboardCards(user: HasPermissions | null): DashboardCard[] {
  const c = (action: 'view' | 'edit', area: Parameters<typeof can>[2]) => can(user, action, area);
  const cards: (DashboardCard | false)[] = [
    {
      key: 'jobs',
      title: 'Jobs',
      description: 'Current work, products, notes and photos.',
      // "Add" opens the job list and raises its add action (the Job dialog).
      actions: [{ label: 'All', to: '/jobs' }, ...(c('edit', 'jobs') ? [{ label: 'Add', to: addLink('/jobs') }] : [])],
    },
    { key: 'schedule', title: 'Schedule', description: 'Who is where, day by day.', actions: [{ label: 'View', to: '/schedule' }] },
    c('view', 'estimates') && {
      key: 'estimates',
      title: 'Estimates',
      description: 'Takeoffs, pricing and status.',
      actions: [{ label: 'All', to: '/estimates' }],
    },
    {
      key: 'time',
      title: 'Time Cards',
      description: 'Hours by week and job.',
      // The label is spelled as the spec spells it.
      actions: [
        { label: 'Enter TIme', action: 'time-entry' },
        { label: 'Time Cards', to: '/time_cards' },
      ],
    },
    c('edit', 'users') && { key: 'employees', title: 'Employees', description: 'People, roles and access.', actions: [{ label: 'All', to: '/employees' }] },
    c('view', 'inventory') && {
      key: 'inventory',
      title: 'Inventory',
      description: 'Products, stock, bills of materials and orders.',
      actions: [
        ...(c('edit', 'products') ? [{ label: 'Products', to: '/product_categories' }] : []),
        { label: 'Inventory', to: '/inventory' },
        ...(c('edit', 'boms') ? [{ label: 'Boms', to: '/boms' }] : []),
        ...(c('edit', 'purchase_orders') ? [{ label: 'Purchase Orders', to: '/purchase_orders' }] : []),
      ],
    },
    c('view', 'analysis') && { key: 'analysis', title: 'Analysis', description: 'Job costs and margins.', actions: [{ label: 'View', to: '/analysis' }] },
    {
      key: 'lists',
      title: 'Pickup Items and Lists',
      description: 'What to measure, order, fabricate and pick up.',
      actions: [
        { label: 'To Measure', to: '/lists/products/is_measured' },
        { label: 'To Order', to: '/lists/products/is_ordered' },
        { label: 'To Fabricate', to: '/lists/products/is_fabricated' },
        { label: 'Pickup Items', to: '/lists/pickup' },
      ],
    },
    c('view', 'forecasting') && {
      key: 'forecasting',
      title: 'Forecasting',
      description: 'Upcoming work and material needs.',
      actions: [{ label: 'View', to: '/forecasting' }],
    },
  ];
  return cards.filter((x): x is DashboardCard => Boolean(x));
}
