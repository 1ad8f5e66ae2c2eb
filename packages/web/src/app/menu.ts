/** The side menu and its permission checks, exactly as platform.md 2.3 lists them. */
import { can, type Action, type Area, type HasPermissions } from '@glazier/shared/permissions';

export interface Check {
  action: Action;
  area: Area;
}
export interface MenuLink {
  to: string;
  label: string;
  check?: Check;
}
export interface MenuGroup {
  label: string;
  check?: Check;
  links: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

const edit = (area: Area): Check => ({ action: 'edit', area });
const view = (area: Area): Check => ({ action: 'view', area });

export const MENU: MenuEntry[] = [
  { to: '/', label: 'Home' },
  { to: '/jobs', label: 'Jobs' },
  { to: '/schedule', label: 'Schedule' },
  { to: '/time_cards', label: 'Time Cards' },
  { to: '/employees', label: 'Employees', check: edit('users') },
  { to: '/job_templates', label: 'Job Templates', check: edit('jobs_admin') },
  { to: '/analysis', label: 'Analysis', check: view('analysis') },
  { to: '/forecasting', label: 'Forecasting', check: view('forecasting') },
  {
    label: 'Products & Inventory',
    check: view('inventory'),
    links: [
      { to: '/product_categories', label: 'Products', check: edit('products') },
      { to: '/inventory', label: 'Inventory' },
      { to: '/purchase_orders', label: 'Purchase Orders', check: edit('purchase_orders') },
      { to: '/boms', label: 'Boms', check: edit('boms') },
    ],
  },
  {
    label: 'Lists',
    links: [
      { to: '/lists/pickup', label: 'Pickup Items' },
      { to: '/lists/products/is_measured', label: 'To Measure' },
      { to: '/lists/products/is_ordered', label: 'To Order' },
      { to: '/lists/products/is_fabricated', label: 'To Fabricate' },
      { to: '/lists/clients', label: 'Clients', check: edit('clients') },
      { to: '/lists/vendors', label: 'Vendors', check: edit('inventory') },
    ],
  },
  {
    label: 'Estimating',
    check: edit('estimates'),
    links: [
      { to: '/estimates', label: 'Estimates' },
      { to: '/takeoff_options', label: 'Takeoff Options', check: edit('estimates_admin') },
    ],
  },
  { to: '/settings', label: 'Settings', check: edit('settings') },
];

export const isGroup = (e: MenuEntry): e is MenuGroup => 'links' in e;

const allowed = (user: HasPermissions | null, check?: Check) => !check || can(user, check.action, check.area);

/** The menu a user sees: entries and groups they pass, groups without visible links dropped. */
export function visibleMenu(user: HasPermissions | null): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of MENU) {
    if (!allowed(user, entry.check)) continue;
    if (isGroup(entry)) {
      const links = entry.links.filter((l) => allowed(user, l.check));
      if (links.length) out.push({ ...entry, links });
    } else out.push(entry);
  }
  return out;
}
