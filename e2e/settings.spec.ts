/** Settings: company name, burden rate and the admin's role permission matrix. */
import { expect, test } from '@playwright/test';
import { PASSWORD, ROLE_USERS, login, loginAdmin } from './support.ts';

test('an admin saves company settings', async ({ page }) => {
  await loginAdmin(page);
  await page.goto('/settings');
  const company = page.getByTestId('setting-company_name');
  await company.getByLabel('Company name').fill('Harbor Glass Works');
  await company.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company name saved.')).toBeVisible();
  const burden = page.getByTestId('setting-burden_rate');
  await burden.getByLabel('Burden rate').fill('18.5');
  await burden.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Burden rate saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('setting-company_name').getByLabel('Company name')).toHaveValue('Harbor Glass Works');
  await expect(page.getByTestId('setting-burden_rate').getByLabel('Burden rate')).toHaveValue(/18\.5/);
});

test('a permission granted in the matrix applies to that role at once', async ({ page, browser }) => {
  await loginAdmin(page);
  await page.goto('/settings');
  const matrix = page.getByRole('table', { name: 'Role permissions' });
  const cell = matrix.getByRole('checkbox', { name: 'Employee edit Clients' });
  await expect(cell).not.toBeChecked();
  await expect(matrix.getByRole('checkbox', { name: 'Admin edit Settings' })).toBeDisabled();
  await cell.check();
  await page.getByRole('button', { name: /Save permissions/ }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();

  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await login(employee, ROLE_USERS.employee.email, PASSWORD);
  await employee.goto('/lists/clients');
  await expect(employee.getByRole('button', { name: 'Add Client' })).toBeVisible();
  await employeeContext.close();

  // put the default back for the other tests
  await page.reload();
  await page.getByRole('table', { name: 'Role permissions' }).getByRole('checkbox', { name: 'Employee edit Clients' }).uncheck();
  await page.getByRole('button', { name: /Save permissions/ }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
});

test('managers see settings but no permission matrix', async ({ page }) => {
  await login(page, ROLE_USERS.manager.email, PASSWORD);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Role permissions' })).toHaveCount(0);
  await expect(page.getByTestId('setting-company_name').getByRole('button', { name: 'Save' })).toHaveCount(0);
});
