/** Shared steps for the browser tests: sign in through the UI, and API calls with the CSRF header. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { name: 'Ada Admin', email: 'ada@glazier.test', password: 'first-admin-pass' };
export const PASSWORD = 'role-user-pass';
export const ROLE_USERS = {
  manager: { name: 'Mona Manager', email: 'manager@glazier.test' },
  supervisor: { name: 'Sid Supervisor', email: 'supervisor@glazier.test' },
  employee: { name: 'Eli Employee', email: 'employee@glazier.test' },
} as const;

export async function login(page: Page, email: string, password: string) {
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-button')).not.toHaveText('Login');
}

export async function loginAdmin(page: Page) {
  await login(page, ADMIN.email, ADMIN.password);
}

/** A state-changing API call from the page's signed-in context. */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, body: unknown) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return request.post(new URL(path, baseURL).toString(), { data: body, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}
