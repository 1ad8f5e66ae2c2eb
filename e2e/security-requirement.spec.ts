/**
 * The shop's requirement of a second factor, in the browser: with it on for everyone, a person
 * without one signs in to the enrolment screen and nothing else, sets up an authenticator app with
 * a code computed from the key it shows, notes the recovery codes, and goes on into Glazier. Run
 * with the shop-wide specs (it changes what everyone meets at sign-in), and put back after.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { authFile, expectAccessible, screenshots, unique } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const LOCAL = `http://localhost:${PORT}`;
test.use({ baseURL: LOCAL });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'trust-at-the-door-9';

/** A JSON call with the context's anti-forgery token. */
async function call(api: APIRequestContext, method: 'POST' | 'PUT', path: string, data: unknown = {}) {
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await api.fetch(path, { method, data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

test('with the requirement on, a person without a factor is led to set one up at sign-in, and then goes on', async ({ page }) => {
  // An administrator of this test's own, with an authenticator, sets the requirement (and puts it back).
  const ada = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}`, storageState: authFile('admin') });
  const adminName = unique('Sec Admin');
  const adminEmail = `${adminName.replace(/\W+/g, '-').toLowerCase()}@glazier.test`;
  const personName = unique('Nora Newcomer');
  const personEmail = `${personName.replace(/\W+/g, '-').toLowerCase()}@glazier.test`;
  for (const [name, email, role] of [
    [adminName, adminEmail, 'admin'],
    [personName, personEmail, 'employee'],
  ])
    await call(ada, 'POST', '/api/users', { name, email, role, active: true, password: PASSWORD, password_confirmation: PASSWORD });
  await ada.dispose();
  const admin = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  await admin.get('/sanctum/csrf-cookie');
  await call(admin, 'POST', '/login', { email: adminEmail, password: PASSWORD });
  const { key: adminKey } = (await call(admin, 'POST', '/api/security/totp')) as { key: string };
  await call(admin, 'POST', '/api/security/totp/confirm', { code: await generate({ secret: adminKey }) });
  await call(admin, 'PUT', '/api/security/requirement', { require: 'everyone' });
  try {
    await page.goto('/welcome');
    await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByTestId('login-dialog');
    await dialog.getByLabel('Email').fill(personEmail);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    const screen = page.getByTestId('enrol-screen');
    await expect(screen).toBeVisible();
    await expect(screen.getByTestId('factor-required')).toContainText('set one up to continue');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    // the server refuses the rest meanwhile, whatever the screen shows
    expect((await page.request.get('/api/jobs')).status()).toBe(403);
    await expectAccessible(page, 'the enrolment screen');
    await screenshots(page, 'enrol-screen');

    await screen.getByTestId('totp-start').click();
    const key = (await screen.getByTestId('totp-key').textContent())!.trim();
    await screen.getByLabel('Code from the app').fill(await generate({ secret: key }));
    await screen.getByTestId('totp-confirm').click();
    await expect(screen.getByTestId('recovery-code')).toHaveCount(10);
    await screenshots(page, 'enrol-screen-done');
    await screen.getByTestId('enrol-continue').click();
    await expect(page.getByTestId('enrol-screen')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toBeVisible();
    expect((await page.request.get('/api/jobs')).status()).toBe(200);
  } finally {
    await call(admin, 'PUT', '/api/security/requirement', { require: 'none' });
    await admin.dispose();
  }
});
