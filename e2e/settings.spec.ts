/** Settings: company name, burden rate and the admin's role permission matrix. */
import { expect, test } from '@playwright/test';
import { AREAS } from '@glazier/shared/permissions';
import { signInAs } from './support.ts';

test('an admin saves company settings in one form with one Save', async ({ page }) => {
  await signInAs(page, 'admin', '/settings');
  const company = page.getByTestId('company-settings');
  await expect(company.getByRole('button', { name: 'Save' })).toHaveCount(1);
  await company.getByLabel('Company name').fill('Harbor Glass Works');
  await company.getByLabel('Burden rate').fill('18.5');
  await company.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toHaveCount(1);

  await page.reload();
  await expect(page.getByTestId('company-settings').getByLabel('Company name')).toHaveValue('Harbor Glass Works');
  await expect(page.getByTestId('company-settings').getByLabel('Burden rate')).toHaveValue(/18\.5/);
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'dark' });
  test("the permission matrix's first column is shaded like the rest of its row", async ({ page }) => {
    await signInAs(page, 'admin', '/settings');
    const matrix = page.getByRole('table', { name: 'Role permissions' });
    // a row per right, and the heading's
    await expect(matrix.getByRole('row')).toHaveCount(AREAS.length + 1);
    const shades = await matrix.locator('tbody tr').evaluateAll((rows) => {
      // What shows behind a cell: its own background, else its nearest ancestor's.
      const shown = (el: Element | null): string => {
        for (; el; el = el.parentElement) {
          const bg = getComputedStyle(el).backgroundColor;
          if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
        }
        return '';
      };
      return rows.slice(0, 4).map((tr) => [shown(tr.children[0]!), shown(tr.children[1]!)]);
    });
    for (const [first, second] of shades) expect(first).toBe(second);
    // and the rows are striped (the shades differ between neighbours)
    expect(shades[0]![1]).not.toBe(shades[1]![1]);
  });
});

test('a permission granted in the matrix applies to that role at once', async ({ page, browser }) => {
  await signInAs(page, 'admin', '/settings');
  const matrix = page.getByRole('table', { name: 'Role permissions' });
  const cell = matrix.getByRole('checkbox', { name: 'Employee edit Clients' });
  await expect(cell).not.toBeChecked();
  await expect(matrix.getByRole('checkbox', { name: 'Admin edit Settings' })).toBeDisabled();
  await cell.check();
  await page.getByRole('button', { name: /Save permissions/ }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();

  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await signInAs(employee, 'employee', '/lists/clients');
  await expect(employee.getByRole('button', { name: 'Add Client' })).toBeVisible();
  await employeeContext.close();

  // kept: the matrix read again shows it; then the default is put back for the other tests
  await page.reload();
  const saved = page.getByRole('table', { name: 'Role permissions' }).getByRole('checkbox', { name: 'Employee edit Clients' });
  await expect(saved).toBeChecked();
  await saved.uncheck();
  await page.getByRole('button', { name: /Save permissions/ }).click();
  await expect(page.getByText('Permissions saved.')).toBeVisible();
});

test('managers see settings but no permission matrix', async ({ page }) => {
  await signInAs(page, 'manager', '/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Role permissions' })).toHaveCount(0);
  await expect(page.getByTestId('company-settings').getByLabel('Company name')).not.toBeEditable();
  await expect(page.getByTestId('company-settings').getByRole('button', { name: 'Save' })).toHaveCount(0);
});
