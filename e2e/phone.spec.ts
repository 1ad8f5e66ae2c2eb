/** Phone layout (390 px): full-screen dialogs with their buttons in view, a compact dashboard, a readable header. */
import { expect, test } from '@playwright/test';
import { ROLE_USERS, signInAs } from './support.ts';

test.use({ viewport: { width: 390, height: 520 } });

test('a long dialog fills the screen and keeps its buttons in view', async ({ page }) => {
  await signInAs(page, 'admin', '/employees');
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog.getByLabel('Confirm password')).toBeAttached();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.height).toBe(520);
  // The form is taller than the screen, yet Save is in view.
  expect(await dialog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
});

test.describe('a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("an employee's dashboard fits one screen", async ({ page }) => {
    await signInAs(page, 'employee');
    const cards = page.getByTestId('dashboard').getByRole('region');
    await expect(cards).toHaveCount(5);
    const last = (await cards.last().boundingBox())!;
    const bar = (await page.getByTestId('action-bar').boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(bar.y);
  });

  test('the user button shows the whole name', async ({ page }) => {
    await signInAs(page, 'supervisor');
    const name = page.getByTestId('user-button').getByText(ROLE_USERS.supervisor.name);
    await expect(name).toBeVisible();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test('Back on a screen opened directly stays in the app and goes home', async ({ page, context }) => {
  await signInAs(page, 'admin');
  const fresh = await context.newPage();
  await fresh.goto('/lists/clients');
  await expect(fresh.getByRole('heading', { name: 'Clients' })).toBeVisible();
  await fresh.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Back' }).click();
  await expect(fresh).toHaveURL(/\/$/);
  await expect(fresh.getByRole('heading', { name: /^Hello/ })).toBeVisible();
  // Within the app Back is the browser's back.
  await fresh.getByRole('region', { name: 'Jobs', exact: true }).isVisible();
  await fresh.goto('/settings');
  await fresh.getByRole('link', { name: 'Glazier home' }).click();
  await expect(fresh).toHaveURL(/\/$/);
  await fresh.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Back' }).click();
  await expect(fresh).toHaveURL(/\/settings$/);
});

test.describe('a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tapped button does not keep its hover shade', async ({ page: signIn, context }) => {
    await signInAs(signIn, 'admin');
    // Back on a home screen opened directly has nowhere to go, so the tapped button stays under the finger.
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.evaluate(() => matchMedia('(hover: hover)').matches)).toBe(false);
    const back = page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Back' });
    await expect(back).toBeEnabled(); // the app's own, not the home page pre-rendered before it
    const before = await back.evaluate((el) => getComputedStyle(el).backgroundColor);
    await back.tap();
    await expect(page).toHaveURL(/\/$/);
    expect(await back.evaluate((el) => el.matches(':hover'))).toBe(true);
    expect(await back.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(before);
  });
});
