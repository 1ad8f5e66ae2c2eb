/** First run on an empty database: the welcome page leads to setup, which creates the first admin. */
import { expect, test } from '@playwright/test';
import { ADMIN, PASSWORD, ROLE_USERS, apiPost } from './support.ts';

test('a newcomer creates the first admin and lands on the dashboard', async ({ page, baseURL }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Glazier', level: 1 })).toBeVisible();
  await page.getByTestId('setup-link').click();
  await expect(page).toHaveURL(/\/setup$/);

  // the server's field errors show under the fields
  await page.getByLabel('Your name').fill(ADMIN.name);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByText('Must be a valid email address.')).toBeVisible();

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByLabel('Confirm password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-button')).toContainText(ADMIN.name);

  // the other roles, for the role tests
  for (const [role, u] of Object.entries(ROLE_USERS)) {
    const res = await apiPost(page.request, baseURL!, '/api/users', { ...u, role, password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.status(), await res.text()).toBe(201);
  }

  // once set up, setup is closed
  const again = await page.request.get('/api/setup');
  expect(await again.json()).toEqual({ needed: false });
});
