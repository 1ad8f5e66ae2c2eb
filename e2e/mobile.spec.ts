/** A phone-width screen (375 px): the menu is a drawer, dialogs fit, nothing scrolls sideways. */
import { expect, test } from '@playwright/test';
import { signInAs } from './support.ts';

test.use({ viewport: { width: 375, height: 740 } });

const noSidewaysScroll = async (page: import('@playwright/test').Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

test('works on a phone', async ({ page }) => {
  await signInAs(page, 'admin');
  // the dashboard starts at its top, not at the welcome page's scroll position
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { name: /^Hello/ })).toBeInViewport();
  await noSidewaysScroll(page);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).not.toBeInViewport();
  // The closed menu is not made with the first screen (its links would be work for nothing).
  await expect(page.getByTestId('side-menu').locator('a')).toHaveCount(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeInViewport();
  await nav.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(/\/lists\/clients$/);
  await expect(nav).not.toBeInViewport();
  await noSidewaysScroll(page);

  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await noSidewaysScroll(page);
});
