/** The installable app: the service worker at /sw.js serves the app shell when offline. */
import { expect, test } from '@playwright/test';

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
