/**
 * The first screen's weight (docs/platform.md, Budgets): the gzipped JS that `/` and `/welcome` load,
 * read from the build manifest of the app this run serves (no timing, so never flaky), and the
 * assets arrive precompressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  FIRST_SCREEN_CSS_BUDGET,
  FIRST_SCREEN_JS_BUDGET,
  SCREEN_JS_BUDGETS,
  appCode,
  firstScreenWeight,
  kb,
  screenWeight,
} from '../scripts/first-screen-weight.ts';
import { FULL_CHROMIUM, LAUNCH_ARGS } from './browsers.ts';
import { ADMIN, signInAs } from './support.ts';

const SERVED = path.resolve(import.meta.dirname, '../.tmp/e2e-web');

for (const route of ['/', '/welcome']) {
  test(`${route} loads at most ${kb(FIRST_SCREEN_JS_BUDGET)} of gzipped JS`, () => {
    const weight = firstScreenWeight(SERVED, route);
    expect(weight.js, weight.files.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n')).toBeLessThanOrEqual(FIRST_SCREEN_JS_BUDGET);
  });

  // Render-blocking: only the first screens' Mantine styles; the rest load after the first frame.
  test(`${route} blocks its first paint on at most ${kb(FIRST_SCREEN_CSS_BUDGET)} of gzipped CSS`, () => {
    const weight = firstScreenWeight(SERVED, route);
    expect(weight.css, weight.files.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n')).toBeLessThanOrEqual(FIRST_SCREEN_CSS_BUDGET);
  });
}

// A working screen's deep link loads its own code beyond the first screen's; its dialogs (forms,
// pickers, date fields, compose mail) load when opened, so they do not count.
for (const [screen, budget] of Object.entries(SCREEN_JS_BUDGETS)) {
  test(`the ${screen} screen loads at most ${kb(budget)} of gzipped JS beyond the first screen's`, () => {
    const weight = screenWeight(SERVED, screen);
    const files = weight.files.filter((f) => f.file.endsWith('.js')).sort((a, b) => b.gzip - a.gzip);
    expect(weight.js, files.map((f) => `${f.file} ${kb(f.gzip)}`).join('\n')).toBeLessThanOrEqual(budget);
  });
}

test('a screen opened directly waits for the styles that are not in the first stylesheet', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await expect(page.getByRole('heading', { name: 'Clients' })).toBeVisible();
  const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href ?? ''));
  expect(
    sheets.some((href) => /\/assets\/all-styles-[\w-]+\.css$/.test(href)),
    sheets.join('\n'),
  ).toBe(true);
});

test('the entry script and stylesheet are sent precompressed and long-cached', async ({ request }) => {
  const html = await (await request.get('/welcome')).text();
  const assets = [appCode(html).entry, ...[...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!)];
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const res = await request.get(asset, { headers: { 'accept-encoding': accept! } });
      expect(res.status()).toBe(200);
      expect(res.headers()['content-encoding'], `${asset} for ${accept}`).toBe(encoding);
      expect(res.headers()['cache-control']).toContain('immutable');
    }
  }
});

// The theme's CSS variables are worked out when the app is built (vite.config.ts
// mantineCssVariablesAtBuild), not on every start: the first screen's code carries them as text,
// and they apply in both schemes.
test('the theme variables come with the code, worked out at build time', async ({ page }) => {
  const weight = firstScreenWeight(SERVED, '/');
  const code = weight.files.filter((f) => f.file.endsWith('.js')).map((f) => fs.readFileSync(path.join(SERVED, f.file), 'utf8'));
  // Mantine joins ":root, :host" and names each colour's variables at run time; only a built text has them literally.
  expect(code.some((c) => c.includes(':root, :host{') && c.includes('--mantine-color-cyan-filled-hover:'))).toBe(true);
  const dimmed = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim());
  await page.goto('/welcome');
  await expect(page.getByRole('main').getByRole('button', { name: 'Login' })).toBeEnabled();
  expect(await dimmed()).toBe('#5c636a');
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  expect(await dimmed()).toBe('#ababab');
});

// React's renderer is half of the start-up code: main.tsx imports it dynamically so the browser
// evaluates it in a task of its own, and index.html preloads it (with the rest of the app's code,
// once the first frame is painted) so it costs no extra round trip.
test("React's renderer is a chunk of its own, preloaded with the page", async ({ request }) => {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVED, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
  >;
  const rendererKey = Object.keys(manifest).find((k) => /node_modules\/react-dom\/client\.js$/.test(k));
  expect(rendererKey, 'react-dom/client has a chunk of its own').toBeTruthy();
  const entry = Object.values(manifest).find((c) => c.isEntry)!;
  expect(entry.dynamicImports).toContain(rendererKey);
  for (const page of ['/', '/welcome']) {
    const html = await (await request.get(page)).text();
    expect(appCode(html).preload, page).toContain(`/${manifest[rendererKey!]!.file}`);
  }
});

// index.html preloads the user check, so it starts with the page rather than after the app's code;
// the app must take that answer, not ask again (a header or credentials mode that differs from the
// preload's makes the browser fetch a second time).
test('the user check is sent once per page load, by the preload in index.html', async ({ page }) => {
  await signInAs(page, 'admin');
  const checks: { url: string; type: string }[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user') checks.push({ url: r.url(), type: r.resourceType() });
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
  expect(checks).toHaveLength(1);
  expect(checks[0]!.url).toMatch(/\/api\/user\?guest=null$/);
  // Chromium types a `<link rel="preload" as="fetch">` request "other"; the app's own fetch() is "fetch".
  expect(checks[0]!.type).not.toBe('fetch');
});

// The colour scheme is applied by index.html's inline script before any of the app's code: the
// server's Content-Security-Policy allows that script by its hash (http/app.ts inlineScriptHashes).
test('the saved dark scheme is applied before the app code runs, under the CSP', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  await page.addInitScript(() => localStorage.setItem('glazier-color-scheme', 'dark'));
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort()); // only the inline script can set it
  await page.goto('/welcome');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(violations).toEqual([]);
});

/**
 * For a pre-rendered page's takeover: the app's code held back a second (the page shows what the
 * HTML painted meanwhile), the console's errors, and the layout shifts summed from the next load.
 */
async function takeoverWatched(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) (window as unknown as { shifts: number }).shifts += (e as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  return { errors, shifts: () => page.evaluate(() => (window as unknown as { shifts: number }).shifts) };
}

// /welcome is pre-rendered at build time (vite.config.ts prerenderPublicPages): the server sends
// its words and the first screen's styles inline, so it paints before any of the app's code
// arrives; the app's first render then takes it over with the same page, without moving it.
test('the welcome page paints from its own HTML, then the app takes it over in place', async ({ page, request }) => {
  const html = await (await request.get('/welcome')).text();
  expect(html).toContain('One place for the office and the crew');
  // No render-blocking stylesheet: each first-screen stylesheet is inline, its link disabled.
  expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/);

  // Without its code the page is there and styled, but disabled: nothing to click that would do nothing.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/welcome');
  const login = page.getByRole('main').getByRole('button', { name: 'Login' });
  await expect(login).toBeVisible();
  await expect(login).toBeDisabled();
  expect(await login.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await page.unrouteAll();

  // The code arrives late, so the first click lands while the pre-rendered page is showing.
  const { errors, shifts } = await takeoverWatched(page);
  await page.goto('/welcome');
  // Login, clicked at once, waits for the app's own button and opens its dialog.
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  await expect(page.getByText('One place for the office and the crew')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await shifts()).toBeLessThan(0.01);
  expect(errors).toEqual([]);
});

// `/` for a signed-in visitor is pre-rendered too, for a stand-in user whose name the server replaces
// with theirs (shared/signed-in-page.ts): the greeting, the screen's largest text, paints from the
// HTML; the app's first render takes the page over in place and adds what the user's rights show.
test('the home page paints from its own HTML with the visitor’s name, then the app takes it over in place', async ({ page, request }) => {
  // a guest is sent the boot splash (the app then sends them to the welcome page)
  expect(await (await request.get('/')).text()).not.toContain('Hello');
  await signInAs(page, 'admin', '/lists/clients');
  // off the app, so nothing of it is loading when its code is refused (a screen's code that fails to load reloads the page)
  await page.goto('about:blank');

  // Without its code: the greeting and the header, with the admin's name, disabled.
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${ADMIN.name.split(' ')[0]}`);
  await expect(page.getByTestId('user-button')).toHaveAccessibleName(ADMIN.name);
  await expect(page.getByTestId('user-button')).toBeDisabled();
  const where = async () => [await page.getByRole('heading', { level: 1 }).boundingBox(), await page.getByTestId('user-button').boundingBox()];
  const painted = await where();
  await page.unrouteAll();

  const { errors, shifts } = await takeoverWatched(page);
  await page.goto('/');
  // the app's own page: the admin's cards and menu, one greeting where the HTML painted it
  await expect(page.getByTestId('card-jobs')).toBeVisible();
  await expect(page.getByTestId('user-button')).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await where()).toEqual(painted);
  // what moves later is the dashboard's own (the company name, a card's figures as they load):
  // within what Lighthouse calls a good layout shift
  expect(await shifts()).toBeLessThan(0.1);
  expect(errors).toEqual([]);
});

// Applying the rest of Mantine's styles restyles the whole page: it waits for the person's first
// pointer, touch or key, never the first screen's load.
// The headless shell keeps a mouse at (0, 0) that hovers what loads there, as a person's cursor
// resting over the window would: this test opens the page in the full Chromium, where no pointer is
// until one moves.
test('the rest of the styles load at the first pointer or key, not with the first screen', async ({ playwright, baseURL }) => {
  const browser = await playwright.chromium.launch({ executablePath: FULL_CHROMIUM, args: LAUNCH_ARGS });
  try {
    const page = await (await browser.newContext({ baseURL, serviceWorkers: 'block' })).newPage();
    await signInAs(page, 'admin');
    const fresh = await page.context().newPage(); // no pointer has been over this one
    const allStyles = () => fresh.evaluate(() => [...document.styleSheets].some((s) => /\/assets\/all-styles-[\w-]+\.css$/.test(s.href ?? '')));
    await fresh.goto('/');
    await expect(fresh.getByRole('heading', { name: 'Hello, Ada' })).toBeVisible();
    await fresh.waitForLoadState('networkidle');
    expect(await allStyles()).toBe(false);
    await fresh.mouse.move(200, 200);
    await expect.poll(allStyles).toBe(true);
  } finally {
    await browser.close();
  }
});

// Mantine's own useId gives each component a random id in a layout effect after mounting: every
// shell section, input and popover rendered twice, the second time synchronously inside the commit
// (one long task on the first screen). The build serves React's id from the first render instead
// (vite.config.ts `mantineIdsWithoutRerender`), so no id ever changes after mounting.
test('components keep the id of their first render (no second render to change it)', async ({ page }) => {
  await page.addInitScript(() => {
    const changed: string[] = [];
    (window as unknown as { idChanges: string[] }).idChanges = changed;
    new MutationObserver((records) => {
      for (const r of records) if (r.oldValue?.startsWith('mantine-')) changed.push(`${r.oldValue} → ${(r.target as Element).id}`);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['id'], attributeOldValue: true });
  });
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const email = page.getByRole('dialog', { name: 'Login' }).getByLabel('Email');
  await expect(email).toBeVisible();
  await expect(email).toHaveAttribute('id', /^mantine-/);
  expect(await page.evaluate(() => (window as unknown as { idChanges: string[] }).idChanges)).toEqual([]);
});

test('the first screens break no rule of the Content Security Policy (Lighthouse logs each refusal as an issue)', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Glazier');
  expect(await violations()).toEqual([]);
  await signInAs(page, 'admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello/);
  // The dashboard's cards have read their data (their forms' schemas made and used).
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  expect(await violations()).toEqual([]);
});
