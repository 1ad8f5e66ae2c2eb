import { DEFAULT_ROLE_MATRIX, type Role } from '@glazier/shared/permissions';
import { describe, expect, it } from 'vitest';
import { dashboardCards } from './dashboard.ts';
import { isGroup, visibleMenu, type MenuEntry } from './menu.ts';

const user = (role: Role) => ({ permissions: DEFAULT_ROLE_MATRIX[role] });
const flat = (entries: MenuEntry[]) => entries.flatMap((e) => (isGroup(e) ? [`[${e.label}]`, ...e.links.map((l) => l.to)] : [e.to]));

describe('side menu (docs/platform.md, Screens and navigation) with the default role matrix', () => {
  it('admin sees everything', () => {
    expect(flat(visibleMenu(user('admin')))).toEqual([
      '/',
      '/jobs',
      '/schedule',
      '/time_cards',
      '/employees',
      '/job_templates',
      '/analysis',
      '/forecasting',
      '[Products & Inventory]',
      '/product_categories',
      '/inventory',
      '/purchase_orders',
      '/boms',
      '[Lists]',
      '/lists/pickup',
      '/lists/products/is_measured',
      '/lists/products/is_ordered',
      '/lists/products/is_fabricated',
      '/lists/print_labels',
      '/lists/clients',
      '/lists/vendors',
      '[Estimating]',
      '/estimates',
      '/takeoff_options',
      '[Billing]',
      '/invoices',
      '/payments',
      '/billing/aging',
      '/billing/statement',
      '/billing/exports',
      '/settings',
      '/outbox',
    ]);
  });

  it('manager: no employees (view users only) and no settings (view only)', () => {
    const m = flat(visibleMenu(user('manager')));
    expect(m).not.toContain('/employees');
    expect(m).not.toContain('/settings');
    expect(m).toContain('/job_templates');
    expect(m).toContain('/takeoff_options');
    // managers edit invoices (docs/domain/billing.md); supervisors and employees see no Billing
    expect(m).toContain('/invoices');
  });

  it('supervisor: inventory group with boms only among the edit links, no estimating group', () => {
    expect(flat(visibleMenu(user('supervisor')))).toEqual([
      '/',
      '/jobs',
      '/schedule',
      '/time_cards',
      '[Products & Inventory]',
      '/inventory',
      '/boms',
      '[Lists]',
      '/lists/pickup',
      '/lists/products/is_measured',
      '/lists/products/is_ordered',
      '/lists/products/is_fabricated',
      '/lists/print_labels',
    ]);
  });

  it('employee: the unchecked links, inventory and lists', () => {
    expect(flat(visibleMenu(user('employee')))).toEqual([
      '/',
      '/jobs',
      '/schedule',
      '/time_cards',
      '[Products & Inventory]',
      '/inventory',
      '[Lists]',
      '/lists/pickup',
      '/lists/products/is_measured',
      '/lists/products/is_ordered',
      '/lists/products/is_fabricated',
      '/lists/print_labels',
    ]);
  });

  it('a guest sees only the unchecked links and groups', () => {
    expect(flat(visibleMenu(null))).toEqual([
      '/',
      '/jobs',
      '/schedule',
      '/time_cards',
      '[Lists]',
      '/lists/pickup',
      '/lists/products/is_measured',
      '/lists/products/is_ordered',
      '/lists/products/is_fabricated',
      '/lists/print_labels',
    ]);
  });
});

describe('dashboard cards (docs/platform.md, Screens and navigation)', () => {
  const cards = (role: Role) => dashboardCards(user(role)).map((c) => `${c.key}:${c.actions.map((a) => a.label).join(',')}`);

  it('admin', () => {
    expect(cards('admin')).toEqual([
      'jobs:All,Add',
      'schedule:View',
      'estimates:All',
      'time:Enter TIme,Time Cards',
      'employees:All',
      'inventory:Products,Inventory,Boms,Purchase Orders',
      'analysis:View',
      'lists:To Measure,To Order,To Fabricate,Pickup Items',
      'forecasting:View',
    ]);
  });

  it('employee: no Add on jobs, no estimates/employees/analysis/forecasting, inventory only', () => {
    expect(cards('employee')).toEqual([
      'jobs:All',
      'schedule:View',
      'time:Enter TIme,Time Cards',
      'inventory:Inventory',
      'lists:To Measure,To Order,To Fabricate,Pickup Items',
    ]);
  });

  it('supervisor sees estimates (view) and boms', () => {
    expect(cards('supervisor')).toEqual([
      'jobs:All,Add',
      'schedule:View',
      'estimates:All',
      'time:Enter TIme,Time Cards',
      'inventory:Inventory,Boms',
      'lists:To Measure,To Order,To Fabricate,Pickup Items',
    ]);
  });
});
