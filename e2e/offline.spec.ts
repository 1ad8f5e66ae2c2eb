/** The installable app: the service worker at /sw.js serves the app shell when offline. */
import { expect, test } from '@playwright/test';
import { ROLE_USERS, apiPost, createJob, createRecord, credentials, login, screenshots, signInAs, unique, untilServiceWorkerControls } from './support.ts';

// The run blocks service workers (playwright.config.ts); this file is about one.
test.use({ serviceWorkers: 'allow' });

test('the app shell reloads offline', async ({ page, context }) => {
  await page.goto('/welcome');
  await expect(page.getByRole('heading', { name: 'Glazier', level: 1 })).toBeVisible();
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  // wait until the service worker controls the page and has cached the shell
  await untilServiceWorkerControls(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Glazier', level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('offline, a list says so instead of "No employees yet.", a cached list says from when, and a picker searches what the device has', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(page, 'admin');
  const typeName = unique('Offline Trade');
  const type = await createRecord(page, baseURL!, 'client_types', { name: typeName });
  expect((await apiPost(page.request, baseURL!, '/api/clients', { name: 'Offline Glass', client_type_id: type.id })).status()).toBe(201);
  // The service worker serves the screens' code offline.
  await untilServiceWorkerControls(page);
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

  // A picker searches what the device has (the clients list read their types), and says so.
  await page.getByRole('button', { name: 'Add Client' }).click();
  const picker = page.getByRole('dialog', { name: 'Add Client' }).getByRole('combobox', { name: 'Client type' });
  await picker.fill(typeName);
  await expect(page.getByRole('option', { name: typeName })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline: only what this device has already loaded.' })).toBeVisible();
  await picker.fill(`${typeName} nowhere`);
  // With nothing to list the drop-down (in a portal) is a status line, not an (invalid) empty listbox.
  await expect(page.getByRole('status').filter({ hasText: `You are offline: nothing on this device matches “${typeName} nowhere”.` })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
  await context.setOffline(false);
});

/** The job numbers kept on the device (offline/device-records.ts), read without creating its database before the app does. */
async function keptJobNumbers(): Promise<string[]> {
  if (!(await indexedDB.databases()).some((d) => d.name === 'glazier-device-records')) return [];
  return new Promise((resolve) => {
    const opened = indexedDB.open('glazier-device-records');
    opened.onerror = () => resolve([]);
    opened.onsuccess = () => {
      const db = opened.result;
      if (!db.objectStoreNames.contains('records')) {
        db.close();
        resolve([]);
        return;
      }
      const read = db.transaction('records').objectStore('records').get('snapshot');
      read.onerror = () => resolve([]);
      read.onsuccess = () => {
        db.close();
        const snapshot = read.result as { records?: { jobs?: { number?: string }[] } } | undefined;
        resolve((snapshot?.records?.jobs ?? []).map((j) => j.number ?? ''));
      };
    };
  });
}

test('field work offline: a to-do tick, a deleted entry and one entered with a job found on the device are kept, survive a reload (the jobs read too), and sync when back online; signing out forgets the jobs', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000); // a reload, a service worker and a sync: near 30 s on a machine shared with other runs
  await signInAs(page, 'admin');
  // a product still to measure, on a job of its own
  const category = await createRecord(page, baseURL!, 'product_categories', { name: unique('Field Glass'), enable_measured: true });
  const series = await createRecord(page, baseURL!, 'series', { name: unique('Field'), category_id: category.id });
  const number = unique('OFF').replace(' ', '-');
  const job = await createJob(page, baseURL!, { number, name: 'Offline site' });
  const product = await createRecord(page, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Offline mirror', qty: 1 });
  // this week's card of the supervisor has an hour on the job (Saturday), to be deleted offline
  const today = new Date();
  const sunday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - today.getDay());
  const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const saturday = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6);
  const users = (await (await page.request.get('/api/users')).json()) as { data: { id: number; email: string }[] };
  const supervisor = users.data.find((u) => u.email === ROLE_USERS.supervisor.email)!;
  expect((await apiPost(page.request, baseURL!, '/api/time_entries', { user_id: supervisor.id, job_id: job.id, hours: 1, date: iso(saturday) })).status()).toBe(
    201,
  );

  // a session of its own: it signs out at the end
  const { email, password } = credentials('supervisor');
  await page.context().clearCookies();
  await login(page, email, password);
  await untilServiceWorkerControls(page);
  // what a phone has in memory before losing the signal: the to-do list (it reads its products' jobs), the time card
  await page.goto(`/lists/products/is_measured?category_id=${category.id}`);
  const mirror = page.getByRole('checkbox', { name: /Offline mirror/ });
  await expect(mirror).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link', { name: 'Time Cards', exact: true }).click();
  const card = page.getByTestId('time-card');
  await expect(card.getByTestId('time-card-row').filter({ hasText: number })).toBeVisible();

  // the jobs read are kept on the device (a moment after they arrive)
  await expect.poll(() => page.evaluate(keptJobNumbers)).toContain(number);

  await context.setOffline(true);
  await page.goBack();
  await mirror.click();
  await expect(mirror).toHaveAttribute('aria-checked', 'true');
  const waiting = page.getByTestId('offline-writes');
  await expect(waiting).toHaveAccessibleName('1 waiting to sync');

  // Saturday's hour, deleted
  await page.goForward();
  await card.getByRole('button', { name: new RegExp(`open the entry of ${number}.* on Sat `) }).click();
  const dialog = page.getByTestId('time-entry-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete Time Entry' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted on this device: the server is told when you are back online.')).toBeVisible();
  await expect(waiting).toHaveAccessibleName('2 waiting to sync');
  // (this job's row only: a rerun of this test finds the supervisor's week with the last run's hours)
  const jobRow = card.getByTestId('time-card-row').filter({ hasText: number });
  await expect(jobRow).toHaveCount(0);

  // Enter TIme (the home card's, spelled as the spec has it): the job is found among what the device has
  await nav.getByRole('link', { name: 'Home', exact: true }).click();
  await page.getByRole('button', { name: 'Enter TIme' }).click();
  await dialog.getByRole('combobox', { name: 'Job' }).fill(number);
  await expect(page.getByText('Offline: only what this device has already loaded.')).toBeVisible();
  await page.getByRole('option', { name: new RegExp(number) }).click();
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Saved on this device: it is sent when you are back online.')).toBeVisible();
  await expect(waiting).toHaveAccessibleName('3 waiting to sync');
  await nav.getByRole('link', { name: 'Time Cards', exact: true }).click();
  await expect(jobRow.getByRole('cell').last()).toHaveText('03:00');

  // a reload keeps them (IndexedDB)
  await page.reload();
  await expect(waiting).toHaveAccessibleName('3 waiting to sync');
  await waiting.click();
  const list = page.getByTestId('offline-writes-dialog');
  await expect(list.getByTestId('offline-write')).toHaveText([/^Marked measured: Offline mirror/, /^Deleted: Time Entry 01:00 on /, /^Time Entry 03:00 on /]);
  await list.getByRole('button', { name: 'Close', exact: true }).click();
  // and the job is still found: the device keeps the jobs it read
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Time' }).click();
  await dialog.getByRole('combobox', { name: 'Job' }).fill(number);
  await expect(page.getByRole('option', { name: new RegExp(number) })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Job' }).press('Escape');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // back online: sent, in order, and gone from the header
  await context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  const entries = (await (await page.request.get(`/api/time_entries?user_id=${supervisor.id}&start=${iso(sunday)}&end=${iso(saturday)}`)).json()) as {
    data: { hours: number; job_id: number; date: string }[];
  };
  expect(entries.data.filter((e) => e.job_id === job.id).map((e) => [e.job_id, e.hours, e.date])).toEqual([[job.id, 3, iso(today)]]);
  const products = (await (await page.request.get(`/api/job_products/${product.id}`)).json()) as { is_measured: boolean };
  expect(products.is_measured).toBe(true);

  // signing out, what they read leaves the device with them
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/welcome/);
  await expect.poll(() => page.evaluate(keptJobNumbers)).toEqual([]);
});

test('offline, a time entry opened from its job’s row on the time card shows its job, though the device never read the job', async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(page, 'admin');
  const number = unique('CARD').replace(' ', '-');
  const job = await createJob(page, baseURL!, { number, name: 'Card-only site' });
  const users = (await (await page.request.get('/api/users')).json()) as { data: { id: number; email: string }[] };
  const supervisor = users.data.find((u) => u.email === ROLE_USERS.supervisor.email)!;
  const today = new Date();
  const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  expect((await apiPost(page.request, baseURL!, '/api/time_entries', { user_id: supervisor.id, job_id: job.id, hours: 2, date: iso })).status()).toBe(201);

  // the supervisor's phone has the app (its service worker) and has read their time card (its entries name their jobs), not the job
  await signInAs(page, 'supervisor');
  await untilServiceWorkerControls(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Time Cards', exact: true }).click();
  const row = page.getByTestId('time-card').getByTestId('time-card-row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await context.setOffline(true);
  await row.getByRole('button', { name: new RegExp(`open the entry of ${number}`) }).click();
  const dialog = page.getByTestId('time-entry-dialog');
  await expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveValue(new RegExp(number));
  await screenshots(page, 'offline-time-entry-job');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await context.setOffline(false);
});

test.describe('before the service worker controls the page', () => {
  test.use({ serviceWorkers: 'block' });

  test('losing the connection keeps the screen: no reload into the browser’s offline page, and the Offline badge explains itself', async ({
    page,
    context,
  }) => {
    await signInAs(page, 'manager', '/time_cards');
    await expect(page.getByRole('heading', { name: 'Time Cards' })).toBeVisible();
    // The badge's tooltip is not in the first screen's code; it is loaded once that screen is idle.
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /offline-tooltip/.test(r.name)))).toBe(true);
    await context.setOffline(true);
    const badge = page.getByTestId('offline-indicator');
    await expect(badge).toBeVisible();
    // (the badge is drawn again once inside its tooltip: a pointer already over it is moved on and back)
    await expect(async () => {
      await page.mouse.move(0, 0);
      await badge.hover();
      await expect(page.getByRole('tooltip')).toContainText('The server cannot be reached.', { timeout: 2_000 });
    }).toPass();
    await expect(page).toHaveURL(/\/time_cards$/);
    await expect(page.getByRole('heading', { name: 'Time Cards' })).toBeVisible();
    await context.setOffline(false);
  });
});
