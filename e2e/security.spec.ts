/**
 * Trust at the door, in the browser: a person sets up an authenticator app from the Profile with a
 * code computed from the key it shows, signs in in two steps, is refused a replayed code, signs in
 * once with a recovery code; adds a passkey and signs in with it through Chromium's virtual
 * authenticator (the DevTools protocol's WebAuthn domain); and signs another browser out from
 * Profile → Sessions, whose screen leaves for sign-in at once. Each test makes a person of its own.
 *
 * On `localhost`, not 127.0.0.1: a passkey's relying party is a domain name, never an address.
 */
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { authFile, expectAccessible, login, screenshots, signInAs, unique } from './support.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const LOCAL = `http://localhost:${PORT}`;
test.use({ baseURL: LOCAL });
test.describe.configure({ timeout: 120_000 });

const PASSWORD = 'trust-at-the-door-9';

/** The first admin's API session (sign-in.setup.ts), to make the people these tests sign in as. */
async function adminApi(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}`, storageState: authFile('admin') });
}

async function newPerson(what: string): Promise<{ name: string; email: string }> {
  const api = await adminApi();
  const name = unique(what);
  const email = `${name.replace(/\W+/g, '-').toLowerCase()}@glazier.test`;
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await api.post('/api/users', {
    data: { name, email, role: 'employee', active: true, password: PASSWORD, password_confirmation: PASSWORD },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
  return { name, email };
}

async function openProfile(page: Page) {
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  await expect(dialog.getByTestId('profile-security')).toBeVisible();
  return dialog;
}

async function logout(page: Page) {
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

/** The password step; answers the dialog, at its second step. */
async function passwordStep(page: Page, email: string) {
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByTestId('second-step')).toBeVisible();
  return dialog;
}

/** A code of the authenticator `steps` time steps ahead (one already taken cannot be used again). */
const code = (key: string, steps = 0) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + 30 * steps });

test('an authenticator app: set up from the Profile, a second step at sign-in, a replayed code refused, a recovery code once', async ({ page }) => {
  const person = await newPerson('Tess Totp');
  await login(page, person.email, PASSWORD);
  const profile = await openProfile(page);
  await screenshots(page, 'profile-security-off');
  await profile.getByTestId('totp-start').click();
  const key = (await profile.getByTestId('totp-key').textContent())!.trim();
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(profile.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await profile.getByLabel('Code from the app').fill('000000' === (await code(key)) ? '111111' : '000000');
  await profile.getByTestId('totp-confirm').click();
  await expect(profile.getByText('That code is not right')).toBeVisible();
  await profile.getByLabel('Code from the app').fill(await code(key));
  await profile.getByTestId('totp-confirm').click();
  await expect(profile.getByTestId('recovery-code')).toHaveCount(10);
  const codes = await profile.getByTestId('recovery-code').allTextContents();
  await expect(profile.getByTestId('authenticator-card')).toContainText('On');
  await expectAccessible(page, 'the Profile with recovery codes shown');
  await screenshots(page, 'profile-security-codes');
  await page.keyboard.press('Escape');
  await logout(page);

  // the second step: a code of the next step (the first was taken by the set-up)
  let dialog = await passwordStep(page, person.email);
  await expectAccessible(page, 'the sign-in second step');
  await screenshots(page, 'sign-in-second-step');
  const next = await code(key, 1);
  await dialog.getByLabel('Code').fill(next);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('user-button')).toHaveText(new RegExp(person.name.split(' ')[0]!));
  await logout(page);

  // the same code again, in its window: refused
  dialog = await passwordStep(page, person.email);
  await dialog.getByLabel('Code').fill(next);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/used already/)).toBeVisible();
  await screenshots(page, 'sign-in-code-refused');
  // a recovery code instead
  await dialog.getByLabel('Code').fill(codes[0]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('user-button')).toHaveText(new RegExp(person.name.split(' ')[0]!));
  const left = await openProfile(page);
  await expect(left.getByTestId('authenticator-card')).toContainText('Recovery codes left: 9');
  await page.keyboard.press('Escape');
  await logout(page);
  // and that recovery code only once
  dialog = await passwordStep(page, person.email);
  await dialog.getByLabel('Code').fill(codes[0]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(dialog.getByText(/used already/)).toBeVisible();
});

test('a passkey: added from the Profile, signs in from the sign-in dialog without an email, removed signs in no more', async ({ page }) => {
  const person = await newPerson('Pat Passkey');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await login(page, person.email, PASSWORD);
  let profile = await openProfile(page);
  await profile.getByLabel('Name for a new passkey').fill('Test laptop');
  await profile.getByTestId('passkey-add').click();
  await expect(profile.getByTestId('passkey-row')).toContainText('Test laptop');
  await expect(profile.getByTestId('passkey-row')).toContainText('not used yet');
  await profile.getByTestId('passkeys-card').scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-security-passkey');
  await page.keyboard.press('Escape');
  await logout(page);

  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  await expectAccessible(page, 'the sign-in dialog with its passkey button');
  await screenshots(page, 'sign-in-dialog');
  await dialog.getByTestId('passkey-sign-in').click();
  await expect(page.getByTestId('user-button')).toHaveText(new RegExp(person.name.split(' ')[0]!));
  profile = await openProfile(page);
  await expect(profile.getByTestId('passkey-row')).toContainText('last used');
  await profile.getByTestId('passkey-row').getByRole('button', { name: 'Remove' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(profile.getByTestId('passkey-row')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await logout(page);

  // the authenticator still offers it; the server no longer takes it
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await dialog.getByTestId('passkey-sign-in').click();
  await expect(page.getByText(/did not sign you in/)).toBeVisible();
  await expect(page.getByTestId('user-button')).toHaveText('Login');
});

test('Profile → Sessions: another browser is listed and signed out from here, and its screen leaves for sign-in at once', async ({ page, browser }) => {
  const person = await newPerson('Sam Sessions');
  const other = await browser.newContext({ baseURL: LOCAL });
  const otherPage = await other.newPage();
  await login(otherPage, person.email, PASSWORD);
  await otherPage.goto('/jobs');
  await expect(otherPage.getByTestId('user-button')).toBeEnabled();

  await login(page, person.email, PASSWORD);
  const profile = await openProfile(page);
  const rows = profile.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This browser' })).toHaveCount(1);
  await expect(rows.first()).toContainText('Chrome on');
  await expectAccessible(page, 'Profile → Sessions');
  await profile.getByTestId('sessions-section').scrollIntoViewIfNeeded();
  await screenshots(page, 'profile-sessions');
  await rows.filter({ hasNotText: 'This browser' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Sign out' }).click();
  await expect(rows).toHaveCount(1);

  // the other browser, left on its screen, is on the welcome page without doing anything
  await expect(otherPage).toHaveURL(/\/welcome/);
  await expect(otherPage.getByTestId('user-button')).toHaveText('Login');
  await other.close();
});

test("an admin resets a person's sign-in from Employees (a lost phone), and sees it under Settings → Security", async ({ browser }) => {
  const person = await newPerson('Lou Lostphone');
  // the person sets up an authenticator (through the API: the browser part is the first test's)
  const own = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  await own.get('/sanctum/csrf-cookie');
  const xsrf = async () => decodeURIComponent((await own.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const post = async (path: string, data: unknown = {}) => own.post(path, { data, headers: { 'X-XSRF-TOKEN': await xsrf() } });
  expect((await post('/login', { email: person.email, password: PASSWORD })).status()).toBe(204);
  const { key } = (await (await post('/api/security/totp')).json()) as { key: string };
  expect((await post('/api/security/totp/confirm', { code: await code(key) })).status()).toBe(200);

  const admin = await browser.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  const page = await admin.newPage();
  await signInAs(page, 'admin', '/employees');
  await page.getByTestId('users-row').filter({ hasText: person.name }).click();
  const dialog = page.getByTestId('user-dialog');
  await dialog.getByTestId('reset-factors').click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText(`Remove ${person.name}'s passkeys, authenticator app and recovery codes`);
  await confirm.getByRole('button', { name: 'Reset sign-in' }).click();
  await expect(page.getByText(`${person.name}'s sign-in was reset.`)).toBeVisible();

  // signed out everywhere; the password alone signs in now
  expect((await own.get('/api/user')).status()).toBe(401);
  await own.get('/sanctum/csrf-cookie');
  expect((await post('/login', { email: person.email, password: PASSWORD })).status()).toBe(204);
  expect((await own.get('/api/user')).status()).toBe(200);
  await own.dispose();

  await page.goto('/settings');
  const card = page.getByTestId('security-settings');
  await expect(card.getByTestId('factor-requirement')).toBeVisible();
  const events = card.getByTestId('security-events');
  await expect(events.getByRole('row').filter({ hasText: person.name }).filter({ hasText: 'Sign-in reset' })).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await expectAccessible(page, 'Settings → Security');
  await screenshots(page, 'settings-security');
  await admin.close();
});
