/** The installable app: the service worker at /sw.js serves the app shell when offline. */
import { expect, test } from '@playwright/test';
import { apiPost, signInAs } from './support.ts';

test('the app shell reloads offline', async ({ page, context }) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Glazier', level: 1 })).toBeVisible();
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  // wait until the service worker controls the page and has cached the shell
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Glazier', level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('offline, a list says so instead of "No employees yet.", a cached list says from when, and a picker says it cannot search', async ({ page, context, baseURL }) => {
  await signInAs(page, 'admin');
  expect((await apiPost(page.request, baseURL!, '/api/clients', { name: 'Offline Glass' })).status()).toBe(201);
  // The service worker serves the screens' code offline.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  // The clients list is fetched once while online.
  await nav.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await expect(page.getByTestId('clients-table').getByText(/\d+ records?/)).toBeVisible();
  await nav.getByRole('link', { name: 'Home', exact: true }).click();

  await context.setOffline(true);
  // Never fetched: the list says it is offline, not that there is nobody.
  await nav.getByRole('link', { name: 'Employees', exact: true }).click();
  const table = page.getByTestId('employees-table');
  await expect(table.getByText('You are offline. The list shows once you are back online.')).toBeVisible();
  await expect(table.getByText('No employees yet.')).toHaveCount(0);

  // Fetched before: the cached copy shows, with its time.
  await nav.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page.getByTestId('offline-notice')).toContainText(/You are offline\. Showing the copy from \d{1,2}:\d{2}/);

  // A picker cannot search offline, and says so.
  await page.getByRole('button', { name: 'Add Client' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Client' }).getByRole('combobox', { name: 'Client type' });
  await picker.fill('Ret');
  // With nothing to list the drop-down (in a portal) is a status line, not an (invalid) empty listbox.
  await expect(page.getByRole('status').filter({ hasText: 'You are offline: searching needs a connection.' })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await context.setOffline(false);
});
