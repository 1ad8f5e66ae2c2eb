/** Employees and the User dialog (docs/domain/people.md, Users). */
import { expect, test } from '@playwright/test';
import { ADMIN, signInAs } from './support.ts';

test('create, edit and delete an employee', async ({ page }) => {
  await signInAs(page, 'admin', '/employees');
  await page.getByRole('button', { name: /Add/ }).first().click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByLabel('Name').fill('Pat Installer');
  await dialog.getByLabel('Email').fill('pat@glazier.test');
  await dialog.getByLabel('Phone').fill('5035551234');
  await expect(dialog.getByLabel('Phone')).toHaveValue('(503) 555-1234');
  await dialog.getByLabel('Role').click();
  await page.getByRole('option', { name: /supervisor/i }).click();
  await expect(dialog.getByLabel('Can be scheduled')).toBeChecked();
  await expect(dialog.getByLabel('Can be scheduled')).toBeDisabled();
  await dialog.getByLabel('Password', { exact: true }).fill('pat-password-1');
  await dialog.getByLabel('Confirm password').fill('pat-password-2');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The password confirmation does not match.')).toBeVisible();
  await dialog.getByLabel('Confirm password').fill('pat-password-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const row = page.getByTestId('users-row').filter({ hasText: 'Pat Installer' });
  await expect(row).toBeVisible();
  await row.click();
  const edit = page.getByTestId('user-dialog');
  await expect(edit.getByLabel('Password', { exact: true })).toHaveCount(0); // only after Change Password
  await edit.getByLabel('Name').fill('Pat Lead Installer');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('users-row').filter({ hasText: 'Pat Lead Installer' })).toBeVisible();

  await page.getByTestId('users-row').filter({ hasText: 'Pat Lead Installer' }).click();
  await page.getByTestId('user-dialog').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this user along with all the notes, photos, and files they have created?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('users-row').filter({ hasText: 'Pat Lead Installer' })).toHaveCount(0);
});

test('editing oneself hides the role picker and offers no delete', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByTestId('user-dialog');
  // exact: the Profile's passkeys section has its own "Name for a new passkey"
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(ADMIN.name);
  await expect(dialog.getByLabel('Role')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
