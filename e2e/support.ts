/**
 * Shared steps for the browser tests: sign in (from a role's saved state, or through the UI where
 * signing in is what a test is about), API calls with the CSRF header, and the accessibility check
 * (`expectAccessible`) every screen and dialog runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const ADMIN = { name: 'Ada Admin', email: 'ada@glazier.test', password: 'first-admin-pass' };
export const PASSWORD = 'role-user-pass';
export const ROLE_USERS = {
  manager: { name: 'Mona Manager', email: 'manager@glazier.test' },
  supervisor: { name: 'Sid Supervisor', email: 'supervisor@glazier.test' },
  employee: { name: 'Eli Employee', email: 'employee@glazier.test' },
} as const;

export type Role = 'admin' | keyof typeof ROLE_USERS;
export const ROLES: readonly Role[] = ['admin', ...(Object.keys(ROLE_USERS) as (keyof typeof ROLE_USERS)[])];

/** Where sign-in.setup.ts saves a role's signed-in browser state (session and XSRF-TOKEN cookies); gitignored. */
export const authFile = (role: Role) => path.join(import.meta.dirname, '.auth', `${role}.json`);

/**
 * Signs `page`'s browser context in as `role` with the session sign-in.setup.ts saved for it, instead
 * of the login form, and opens `path`: the dashboard (where `login` lands) unless the test starts
 * elsewhere (one page load rather than the dashboard's and then its own). All tests of a role share
 * that one server-side session: a test that logs out or changes the user's password must `login`
 * through the UI for a session of its own.
 */
export async function signInAs(page: Page, role: Role, path = '/') {
  const state = JSON.parse(fs.readFileSync(authFile(role), 'utf8')) as { cookies: Parameters<BrowserContext['addCookies']>[0] };
  await page.context().clearCookies();
  await page.context().addCookies(state.cookies);
  await page.goto(path);
  // signed in where it asked to be, not sent to the welcome page
  await expect(page).toHaveURL((url) => url.pathname + url.search === path);
  await expect(page.getByTestId('user-button')).not.toHaveText('Login');
  // the app's own frame, not the home page the server pre-rendered (disabled until the app takes it over)
  await expect(page.getByTestId('user-button')).toBeEnabled();
}

/** Signs in through the login dialog (a session of its own). */
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

/** The email and password each role's user signs in with (first-run.setup.ts made them). */
export const credentials = (role: Role) => (role === 'admin' ? ADMIN : { email: ROLE_USERS[role].email, password: PASSWORD });

/** A state-changing API call from the page's signed-in context. */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, body: unknown) {
  const state = await request.storageState();
  const xsrf = state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return request.post(new URL(path, baseURL).toString(), { data: body, headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } });
}

/**
 * Runs axe (WCAG 2.0–2.2 A/AA rules and axe's best practices) on what the page shows now and fails
 * on any serious or critical violation. One line per screen or open dialog:
 *
 *   await expectAccessible(page, 'clients list');
 *
 * It waits for transitions to finish first (a dialog fading in would be measured half transparent).
 */
export async function expectAccessible(page: Page, what: string) {
  await animationsDone(page);
  // A sandboxed frame (a message shown as it was sent) runs no script, so axe cannot run in it: with
  // this Chromium, analyze() then never answers. The message's HTML is the mail's, not the app's.
  // Legacy mode runs axe in the page itself; the default opens a blank tab per scan to merge the
  // frames' results, 40 % of a scan's time (about 0.8 s against 0.45 s a screen) for an app whose
  // screens have no frames of their own.
  const results = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
    );
  expect(serious, `accessibility of ${what}`).toEqual([]);
}

/** Waits until the page's finite animations are done (a dialog fading in, a list closing). */
export async function animationsDone(page: Page) {
  // (Endless animations, such as a spinner, are not waited for.)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/**
 * Drags `source` onto `target` with the mouse, as a person does: a first small move past the
 * calendar's drag threshold, then the way to the target in steps (FullCalendar needs both).
 */
export async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
}

let uniqueSeq = 0;
/** A name no other run of the suite has used (specs share one database). */
export const unique = (what: string) => `${what} ${Date.now().toString(36)}${++uniqueSeq}`;

/** Creates a record through the API and answers it (fails the test unless 201). */
export async function createRecord(
  page: Page,
  baseURL: string,
  resource: string,
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  const res = await apiPost(page.request, baseURL, `/api/${resource}`, body);
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number } & Record<string, unknown>;
}

/**
 * Changes a record through the API as its dialog would (PATCH with the version it read), and
 * answers the saved record (fails the test unless 200).
 */
export async function updateRecord(page: Page, baseURL: string, resource: string, id: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const current = (await (await page.request.get(`${baseURL}/api/${resource}/${id}`)).json()) as { updated_at: string };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.patch(`${baseURL}/api/${resource}/${id}`, {
    data: { ...body, updated_at: current.updated_at },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

/**
 * Several people at once (live updates): each `as(browser, role, baseURL)` is a page in a browser
 * context of its own, signed in from the role's saved session; `closeAll()` in afterEach.
 */
export function peopleAtOnce() {
  const contexts: BrowserContext[] = [];
  return {
    async as(browser: Browser, role: Role, baseURL: string): Promise<Page> {
      const context = await browser.newContext({ baseURL, storageState: authFile(role) });
      contexts.push(context);
      return context.newPage();
    },
    async closeAll() {
      for (const context of contexts.splice(0)) await context.close();
    },
  };
}

/**
 * Waits until the service worker is active and, after a reload, controls the page: from then on it
 * serves the app's code without a connection. The run blocks service workers (playwright.config.ts),
 * so a spec that calls this allows them: `test.use({ serviceWorkers: 'allow' })`.
 */
export async function untilServiceWorkerControls(page: Page) {
  const allowed = "the service worker (does the spec `test.use({ serviceWorkers: 'allow' })`?)";
  await expect
    .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), { message: `${allowed} is active` })
    .toBe(true);
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { message: `${allowed} controls the page` }).toBe(true);
}

/** Opens `path` and waits until the page's live stream is open (it opens once the first screen is idle). */
export async function openLive(page: Page, path: string) {
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && r.status() === 200);
  await page.goto(path);
  await stream;
}

/** Marks the page, so a reload (which would lose the mark) fails `expectNotReloaded`. */
export const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));
export const expectNotReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');

/** Creates a job through the API; every job has a client, so one is made for it unless the body names one. */
export async function createJob(page: Page, baseURL: string, body: Record<string, unknown>): Promise<{ id: number } & Record<string, unknown>> {
  const client_id = body.client_id ?? (await createRecord(page, baseURL, 'clients', { name: `Client of ${String(body.number ?? body.name ?? 'a job')}` })).id;
  return createRecord(page, baseURL, 'jobs', { client_id, ...body });
}

/**
 * Photographs what the page shows at 1280 and 390 px, light and dark, into
 * `SHOTS_DIR/<name>-<scheme>-<width>.png` (only when SHOTS_DIR is set).
 */
export async function screenshots(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? { width: 1280, height: 720 };
  const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  for (const colorScheme of ['light', 'dark'] as const) {
    // The app follows the system's scheme (Mantine's "auto"), as it changes.
    await page.emulateMedia({ colorScheme });
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await animationsDone(page);
      // A dialog is photographed as the screen shows it (a phone's dialog fills the viewport, not the page).
      const dialogOpen = (await page.getByRole('dialog').count()) > 0;
      await page.screenshot({ path: path.join(dir, `${name}-${colorScheme}-${width}.png`), fullPage: !dialogOpen });
    }
  }
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize(before);
}
