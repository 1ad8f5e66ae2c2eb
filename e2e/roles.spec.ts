/** The side menu and the dashboard for each role (docs/platform.md, Screens and navigation; the matrix: Rights). */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, PASSWORD, ROLE_USERS, authFile, createRecord, login, openLive, screenshots, unique, updateRecord } from './support.ts';

interface Expectation {
  email: string;
  password: string;
  menu: string[];
  notInMenu: string[];
  cards: string[];
  notCards: string[];
}

const ALWAYS = ['Home', 'Jobs', 'Schedule', 'Time Cards', 'Pickup Items', 'To Measure', 'To Order', 'To Fabricate'];

const ROLES: Record<string, Expectation> = {
  admin: {
    email: ADMIN.email,
    password: ADMIN.password,
    menu: [
      ...ALWAYS,
      'Employees',
      'Job Templates',
      'Analysis',
      'Forecasting',
      'Products',
      'Inventory',
      'Purchase Orders',
      'Boms',
      'Clients',
      'Vendors',
      'Estimates',
      'Takeoff Options',
      'Settings',
    ],
    notInMenu: [],
    cards: ['Jobs', 'Schedule', 'Estimates', 'Time Cards', 'Employees', 'Inventory', 'Analysis', 'Pickup Items and Lists', 'Forecasting'],
    notCards: [],
  },
  manager: {
    email: ROLE_USERS.manager.email,
    password: PASSWORD,
    menu: [
      ...ALWAYS,
      'Job Templates',
      'Analysis',
      'Forecasting',
      'Products',
      'Inventory',
      'Purchase Orders',
      'Boms',
      'Clients',
      'Vendors',
      'Estimates',
      'Takeoff Options',
    ],
    notInMenu: ['Employees', 'Settings'],
    cards: ['Jobs', 'Schedule', 'Estimates', 'Time Cards', 'Inventory', 'Analysis', 'Forecasting'],
    notCards: ['Employees'],
  },
  supervisor: {
    email: ROLE_USERS.supervisor.email,
    password: PASSWORD,
    menu: [...ALWAYS, 'Inventory', 'Boms'],
    notInMenu: ['Employees', 'Job Templates', 'Analysis', 'Forecasting', 'Products', 'Purchase Orders', 'Clients', 'Vendors', 'Estimates', 'Settings'],
    cards: ['Jobs', 'Schedule', 'Estimates', 'Time Cards', 'Inventory'],
    notCards: ['Employees', 'Analysis', 'Forecasting'],
  },
  employee: {
    email: ROLE_USERS.employee.email,
    password: PASSWORD,
    menu: [...ALWAYS, 'Inventory'],
    notInMenu: ['Employees', 'Job Templates', 'Analysis', 'Forecasting', 'Products', 'Purchase Orders', 'Boms', 'Clients', 'Vendors', 'Estimates', 'Settings'],
    cards: ['Jobs', 'Schedule', 'Time Cards', 'Inventory', 'Pickup Items and Lists'],
    notCards: ['Estimates', 'Employees', 'Analysis', 'Forecasting'],
  },
};

async function openMenu(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  return nav;
}

// Through the login form on purpose: what each role lands on after a real sign-in (other specs
// start from the session sign-in.setup.ts saved).
for (const [role, e] of Object.entries(ROLES)) {
  test(`${role}: menu and dashboard`, async ({ page }) => {
    await login(page, e.email, e.password);
    const nav = await openMenu(page);
    for (const label of e.menu) await expect(nav.getByRole('link', { name: label, exact: true }), `${role} sees ${label}`).toBeVisible();
    for (const label of e.notInMenu) await expect(nav.getByRole('link', { name: label, exact: true }), `${role} does not see ${label}`).toHaveCount(0);

    const main = page.getByRole('main');
    for (const title of e.cards) await expect(main.getByRole('region', { name: title, exact: true })).toBeVisible();
    for (const title of e.notCards) await expect(main.getByRole('region', { name: title, exact: true })).toHaveCount(0);
    const jobs = main.getByRole('region', { name: 'Jobs', exact: true });
    await expect(jobs.getByRole('link', { name: 'Add' }).or(jobs.getByRole('button', { name: 'Add' }))).toHaveCount(role === 'employee' ? 0 : 1);
    await expect(main.getByRole('region', { name: 'Time Cards' }).getByRole('button', { name: 'Enter TIme' })).toBeVisible();
  });
}

test('a manager demoted to employee while on a purchase order leaves it, told why, and the menu follows at once', async ({ page, browser, baseURL }) => {
  // the admin's session (sign-in.setup.ts) makes a manager of their own and an order
  const admin = await browser.newContext({ baseURL, storageState: authFile('admin') });
  const adminPage = await admin.newPage();
  const email = `demoted.${Date.now().toString(36)}@glazier.test`;
  const manager = await createRecord(adminPage, baseURL!, 'users', {
    name: 'Demoted Manager',
    email,
    role: 'manager',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    active: true,
  });
  const vendor = await createRecord(adminPage, baseURL!, 'vendors', { name: unique('Demotion Vendor') });
  const order = await createRecord(adminPage, baseURL!, 'purchase_orders', { vendor_id: vendor.id });

  await login(page, email, PASSWORD);
  const nav = await openMenu(page);
  await expect(nav.getByRole('link', { name: 'Purchase Orders', exact: true })).toBeVisible();
  await openLive(page, `/purchase_orders/${order.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Edit' })).toBeVisible();

  await updateRecord(adminPage, baseURL!, 'users', manager.id, { role: 'employee' });
  // no reload: the page hears of it (live), reads its user again, and the screen says it is no longer theirs
  await expect(page.getByText('Your access has changed')).toBeVisible();
  await expect(main.getByTestId('not-available')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(main.getByRole('button', { name: 'Receive all' })).toHaveCount(0);
  await screenshots(page, 'rights-changed');
  const menu = await openMenu(page);
  await expect(menu.getByRole('link', { name: 'Purchase Orders', exact: true })).toHaveCount(0);
  await admin.close();
});
