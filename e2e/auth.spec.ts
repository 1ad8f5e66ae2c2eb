import { expect, test } from '@playwright/test';
import { ADMIN, login } from './support.ts';

test('guests are sent to the welcome page and see no action bar', async ({ page }) => {
  await page.goto('/lists/clients');
  // The welcome page keeps where the guest was going, for after signing in (app/guards.tsx).
  await expect(page).toHaveURL(/\/welcome\?next=%2Flists%2Fclients$/);
  await expect(page.getByTestId('user-button')).toHaveText('Login');
  await expect(page.getByRole('toolbar', { name: 'Actions' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /menu/i })).toHaveCount(0);
});

test('a wrong password shows the error under the email and keeps the dialog open', async ({ page }) => {
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  // the address typed is carried to the forgot-password form (the link comes by email)
  await expect(dialog.getByLabel('Email for the link')).toHaveValue(ADMIN.email);
});

test('login goes home, logout goes to the welcome page', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('toolbar', { name: 'Actions' })).toBeVisible();
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByTestId('user-button')).toHaveText('Login');
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});
