/**
 * Accessibility (WCAG 2.2 AA): axe on every screen and open dialog, for each role where
 * the screens differ, in light and dark; one h1 and a document title per screen; the skip link.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLE_USERS, expectAccessible, signInAs } from './support.ts';

// Each test walks many screens and runs axe on each (seconds a screen): the longest file of the run,
// so its tests (which only read) are shared between the workers rather than run in one.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

async function screen(page: Page, path: string, title: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page).toHaveTitle(`${title} · Glazier`);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

async function dialog(page: Page, testId: string, what: string) {
  const d = page.getByTestId(testId);
  await expect(d).toBeVisible();
  await expectAccessible(page, what);
  await page.keyboard.press('Escape');
  await expect(d).toHaveCount(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('guest screens and the login dialog', async ({ page }) => {
      await screen(page, '/welcome', 'Welcome', 'Glazier');
      await expectAccessible(page, 'welcome');
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      await expect(page.getByTestId('login-dialog')).toBeVisible();
      await page.getByTestId('login-dialog').getByRole('button', { name: 'Forgot password?' }).click();
      await dialog(page, 'login-dialog', 'login dialog');
      await screen(page, '/reset-password?token=abc', 'Reset password', 'Choose a new password');
      await expectAccessible(page, 'reset password');
      await screen(page, '/setup', 'Set up Glazier', /.+/);
      await expectAccessible(page, 'setup (already done)');
      await screen(page, '/no-such-page', 'Page not found', 'Page not found');
      await expectAccessible(page, 'not found');
    });

    // The admin's screens in three tests, each well inside its time on a loaded machine.
    test('admin: the dashboard, its dialogs and the user menu', async ({ page }) => {
      await signInAs(page, 'admin');
      await screen(page, '/', 'Home', /^Hello/);
      await expectAccessible(page, 'dashboard');
      await page.getByTestId('card-time').getByRole('button', { name: 'Enter TIme' }).click();
      await dialog(page, 'time-entry-dialog', 'time entry dialog');
      await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Lookup' }).click();
      await dialog(page, 'lookup-dialog', 'job lookup');
      await page.getByTestId('user-button').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, 'user menu');
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await dialog(page, 'user-dialog', 'profile dialog');
    });

    test('admin: clients and their dialogs', async ({ page }) => {
      await signInAs(page, 'admin');
      await screen(page, '/lists/clients', 'Clients', 'Clients');
      await expectAccessible(page, 'clients');
      await page.getByRole('button', { name: 'Add Client' }).click();
      await dialog(page, 'client-dialog', 'add client dialog');
      await page.getByRole('button', { name: 'Client Types' }).click();
      await expect(page.getByTestId('client-types-dialog')).toBeVisible();
      await expectAccessible(page, 'client types dialog');
      await page.getByTestId('client-types-dialog').getByRole('button', { name: /Add/ }).click();
      await dialog(page, 'client-type-dialog', 'add client type dialog');
      await page.keyboard.press('Escape');
    });

    test('admin: employees, their dialogs and settings', async ({ page }) => {
      await signInAs(page, 'admin');
      await screen(page, '/employees', 'Employees', 'Employees');
      await expectAccessible(page, 'employees');
      await page.getByRole('button', { name: 'Add User' }).click();
      await dialog(page, 'user-dialog', 'add user dialog');
      await page.getByTestId('employees-table').getByText(ROLE_USERS.employee.name).click();
      await dialog(page, 'user-dialog', 'edit user dialog');

      await screen(page, '/settings', 'Settings', 'Settings');
      await expectAccessible(page, 'settings');
    });

    test('manager: read-only employees and settings', async ({ page }) => {
      await signInAs(page, 'manager');
      await screen(page, '/employees', 'Employees', 'Employees');
      await expectAccessible(page, 'employees (read-only)');
      await page.getByTestId('employees-table').getByText(ROLE_USERS.employee.name).click();
      await dialog(page, 'user-dialog', 'user dialog (read-only)');
      await screen(page, '/settings', 'Settings', 'Settings');
      await expectAccessible(page, 'settings (read-only)');
    });

    test('employee: dashboard, read-only clients, a screen not allowed', async ({ page }) => {
      await signInAs(page, 'employee');
      await screen(page, '/', 'Home', /^Hello/);
      await expectAccessible(page, 'employee dashboard');
      await screen(page, '/lists/clients', 'Clients', 'Clients');
      await expectAccessible(page, 'clients (read-only)');
      await screen(page, '/settings', 'Not available', 'Not available');
      await expectAccessible(page, 'not available');
    });
  });
}

test('the skip link is the first tab stop and takes the keyboard straight to the screen', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  // the next stop is the screen's first control, not the header or the menu
  await expect(page.getByRole('button', { name: 'Client Types' })).toBeFocused();
});

test('the colour swatches are one radio group: one tab stop, arrow keys choose', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByTestId('client-dialog');
  const group = dialog.getByRole('radiogroup', { name: 'Colour' });
  await expect(dialog.getByLabel('Name')).toBeFocused(); // the dialog's own (delayed) first focus
  await dialog.getByLabel('Note').focus();
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio', { name: 'Colour 1', exact: true })).toBeFocused();
  await expect(group.getByRole('radio', { name: 'Colour 1', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(group.getByRole('radio', { name: 'Colour 3' })).toBeFocused();
  await expect(group.getByRole('radio', { name: 'Colour 3' })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(group.getByRole('radio', { name: 'Colour 2' })).toHaveAttribute('aria-checked', 'true');
  // one tab stop: Tab leaves the group
  await page.keyboard.press('Tab');
  await expect(group.getByRole('radio')).toHaveCount(12);
  expect(await group.evaluate((g) => g.contains(document.activeElement))).toBe(false);
});
