/**
 * Time cards: an employee enters time on a phone and sees the week's total; a
 * supervisor sees the crew's week, overtime marked, opens one person's week and exports it.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ROLE_USERS, apiPost, createJob, expectAccessible, screenshots, signInAs, untilServiceWorkerControls } from './support.ts';

const DAY = 86_400_000;
/** A Sunday of its own for each run (the database outlives a retry), far from other tests' dates. */
function runWeek(offsetWeeks: number): string {
  const base = Date.UTC(2031, 2, 9); // a Sunday
  const weeks = (Math.floor(Date.now() / 1000) % 500) + offsetWeeks;
  return new Date(base + weeks * 7 * DAY).toISOString().slice(0, 10);
}
const dayOf = (week: string, i: number) => new Date(Date.parse(week) + i * DAY).toISOString().slice(0, 10);

async function jobFor(page: Page, baseURL: string, number: string) {
  const admin = await page.context().browser()!.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAs(adminPage, 'admin');
  const job = await createJob(adminPage, baseURL, { number, name: 'Harbor Lofts' });
  return { job, admin, adminPage };
}

test('an employee enters time on a phone and sees the week total', async ({ page, baseURL }) => {
  const week = runWeek(0);
  const number = `TC${Date.now().toString(36)}`;
  const { admin } = await jobFor(page, baseURL!, number);
  await admin.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'employee', `/time_cards?week=${week}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Time Cards' })).toBeVisible();
  // their own week only: no one else to pick, no crew
  await expect(main.getByTestId('time-card-user')).toHaveCount(0);
  await expect(main.getByRole('radiogroup', { name: 'View' })).toHaveCount(0);
  await expect(main.getByText('No time entered for this week.')).toBeVisible();

  // Enter Time: the week's Monday, the employee themself
  await main.getByRole('button', { name: 'Enter Time' }).click();
  const dialog = page.getByTestId('time-entry-dialog');
  await expect(dialog.getByRole('textbox', { name: 'Employee' })).toHaveValue(ROLE_USERS.employee.name);
  await dialog.getByRole('combobox', { name: 'Job' }).fill(number);
  await page
    .getByRole('listbox', { name: 'Job results' })
    .getByRole('option', { name: new RegExp(number) })
    .click();
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('7.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const card = main.getByTestId('time-card');
  await expect(card.getByTestId('time-card-row')).toHaveCount(1);
  await expect(main.getByTestId('figure-week-total')).toHaveText('07:30');

  // A day's cell of the job adds that day's entry for that job
  await card.getByRole('button', { name: new RegExp(`^Add time: ${number}.* on Tue `) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Job' })).toHaveValue(new RegExp(number));
  await expect(dialog.getByRole('textbox', { name: 'Date' })).toHaveValue(
    new Date(`${dayOf(week, 2)}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC' }),
  );
  await dialog.getByRole('textbox', { name: 'Hours' }).fill('1.25');
  await dialog.getByRole('checkbox', { name: 'Oregon' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByTestId('figure-week-total')).toHaveText('08:45');
  await expect(card.getByTestId('week-total')).toHaveText('08:45');
  await expect(main.getByTestId('figure-oregon')).toHaveText('01:15');
  await expectAccessible(page, 'time card on a phone');

  // a filled cell opens its entry; "Delete this entry?" takes it off the card
  await card.getByRole('button', { name: /^01:15: open the entry of / }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-dialog').getByText('Delete this entry?')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(main.getByTestId('figure-week-total')).toHaveText('07:30');
});

/**
 * What this device keeps of what it read (resource-kit/offline/device-records.ts): the kept
 * queries' keys and the jobs' numbers. Read without creating its database before the app does.
 */
async function keptOnDevice(): Promise<{ queries: string[]; jobs: string[] }> {
  const none = { queries: [], jobs: [] };
  if (!(await indexedDB.databases()).some((d) => d.name === 'glazier-device-records')) return none;
  return new Promise((resolve) => {
    const opened = indexedDB.open('glazier-device-records');
    opened.onerror = () => resolve(none);
    opened.onsuccess = () => {
      const db = opened.result;
      if (!db.objectStoreNames.contains('records')) {
        db.close();
        resolve(none);
        return;
      }
      const read = db.transaction('records').objectStore('records').get('snapshot');
      read.onerror = () => resolve(none);
      read.onsuccess = () => {
        db.close();
        const snapshot = read.result as { queries?: { key: unknown[] }[]; records?: { jobs?: { number?: string }[] } } | undefined;
        resolve({ queries: (snapshot?.queries ?? []).map((q) => JSON.stringify(q.key)), jobs: (snapshot?.records?.jobs ?? []).map((j) => j.number ?? '') });
      };
    };
  });
}

// The run blocks service workers (playwright.config.ts); this test is about working offline with one.
test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('offline on a phone, a reload keeps the week: its full total with the hours entered since, as of when it was read, the job named', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000); // two reloads, a service worker and a sync, on a machine shared with other runs
    const week = runWeek(2);
    const number = `TO${Date.now().toString(36)}`;
    const { job, admin, adminPage } = await jobFor(page, baseURL!, number);
    // another job, not on this week's card yet: the hours entered offline go on it
    const other = await createJob(adminPage, baseURL!, { number: `${number}B`, name: 'Annex' });
    // 9 h Monday to Friday, Oregon on Monday: 45 h, 5 over
    const users = (await (await adminPage.request.get('/api/users')).json()) as { data: { id: number; email: string }[] };
    const employee = users.data.find((u) => u.email === ROLE_USERS.employee.email)!;
    for (let i = 1; i <= 5; i++) {
      expect(
        (
          await apiPost(adminPage.request, baseURL!, '/api/time_entries', {
            user_id: employee.id,
            job_id: job.id,
            hours: 9,
            date: dayOf(week, i),
            oregon: i === 1,
          })
        ).status(),
      ).toBe(201);
    }
    await admin.close();

    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'employee');
    // the service worker serves the app's code for the reload without a signal
    await untilServiceWorkerControls(page);
    await page.goto(`/time_cards?week=${week}`);
    const main = page.getByRole('main');
    await expect(main.getByTestId('figure-week-total')).toHaveText('45:00');
    // the job to enter on, looked up once while online (the device keeps the jobs it read)
    await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByTestId('time-entry-dialog');
    await dialog.getByRole('combobox', { name: 'Job' }).fill(`${number}B`);
    await expect(page.getByRole('option', { name: new RegExp(`${number}B`) })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Job' }).press('Escape');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    // the week and the job are kept on the device (a moment after they arrive)
    await expect
      .poll(async () => page.evaluate(keptOnDevice))
      .toMatchObject({ queries: expect.arrayContaining([expect.stringContaining(`"start":"${week}"`)]), jobs: expect.arrayContaining([`${number}B`]) });

    await context.setOffline(true);
    await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Add' }).click();
    await dialog.getByRole('combobox', { name: 'Job' }).fill(`${number}B`);
    await page.getByRole('option', { name: new RegExp(`${number}B`) }).click();
    await dialog.getByRole('textbox', { name: 'Hours' }).fill('1.25');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('offline-writes')).toHaveAccessibleName('1 waiting to sync');

    // a reload without a signal: the week as the device read it, with the 1.25 h laid over it
    await page.reload();
    await expect(main.getByTestId('figure-week-total')).toHaveText('46:15');
    await expect(main.getByTestId('week-total')).toHaveText('46:15');
    await expect(main.getByTestId('figure-oregon')).toHaveText('09:00');
    await expect(main.getByTestId('figure-overtime')).toHaveText('06:15');
    await expect(main.getByTestId('offline-as-of')).toHaveText(/^Offline, as of /);
    const rows = main.getByTestId('time-card').getByTestId('time-card-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).getByRole('rowheader')).toContainText(`${number}B`);
    await expect(rows.nth(1).getByRole('rowheader')).toContainText(`Annex`);
    await expect(main.getByText(`Job ${other.id}`)).toHaveCount(0);

    // the header reads on a phone: the count, and the user's initials, each whole
    const waiting = page.getByTestId('offline-writes');
    await expect(waiting).toHaveAccessibleName('1 waiting to sync');
    await expect(waiting).toHaveText(/^1/);
    await expect(waiting.getByText('waiting to sync')).toBeHidden();
    const userButton = page.getByTestId('user-button');
    await expect(userButton).toHaveAccessibleName(ROLE_USERS.employee.name);
    await expect(userButton.getByTestId('user-initials')).toBeVisible();
    for (const el of [waiting, userButton]) expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await expect(page.getByTestId('offline-indicator')).toBeInViewport();
    await expect(userButton).toBeInViewport();
    await expectAccessible(page, 'time card offline after a reload');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await screenshots(page, `time-card-offline-${colorScheme}`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // back online, the card opened again: what waited is sent at the start, once (its Idempotency-Key
    // makes a resend of an answer lost on the way harmless), and the server has the week's 46.25 h.
    // (A page reloaded under the browser's offline emulation believes it is online and hears no online
    // event; its own retries would send it too, on their backoff.)
    await context.setOffline(false);
    await page.reload();
    await expect(main.getByTestId('figure-week-total')).toHaveText('46:15');
    await expect(waiting).toHaveCount(0);
    await expect(main.getByTestId('offline-as-of')).toHaveCount(0);
    const saved = (await (await page.request.get(`/api/time_entries?user_id=${employee.id}&start=${week}&end=${dayOf(week, 6)}`)).json()) as {
      data: { hours: number; job_id: number }[];
    };
    expect(saved.data.reduce((sum, e) => sum + e.hours, 0)).toBe(46.25);
    expect(saved.data.filter((e) => e.job_id === other.id).map((e) => e.hours)).toEqual([1.25]);
  });
});

test('a supervisor sees the crew week with overtime, opens a person’s week, and exports it for payroll', async ({ page, baseURL }) => {
  const week = runWeek(1);
  const number = `TC${Date.now().toString(36)}`;
  const { job, admin, adminPage } = await jobFor(page, baseURL!, number);
  // 9 h Monday to Friday for the employee: 45 h, 5 over
  const users = (await (await adminPage.request.get('/api/users')).json()) as { data: { id: number; email: string }[] };
  const employee = users.data.find((u) => u.email === ROLE_USERS.employee.email)!;
  for (let i = 1; i <= 5; i++) {
    const res = await apiPost(adminPage.request, baseURL!, '/api/time_entries', {
      user_id: employee.id,
      job_id: job.id,
      hours: 9,
      date: dayOf(week, i),
      oregon: i === 1,
      note: i === 1 ? 'Install, day 1' : '',
    });
    expect(res.status()).toBe(201);
  }
  await admin.close();

  await signInAs(page, 'supervisor', `/time_cards?week=${week}`);
  const main = page.getByRole('main');
  await main.getByRole('radiogroup', { name: 'View' }).getByText('Crew').click();
  await expect(page).toHaveURL(new RegExp(`view=crew&week=${week}`));
  const row = main.getByTestId('crew-row').filter({ hasText: ROLE_USERS.employee.name });
  await expect(row.getByTestId('crew-row-total')).toHaveText('45:00');
  await expect(row.getByText('05:00')).toBeVisible();
  await expectAccessible(page, 'crew week');

  await row.getByRole('button', { name: `Open the week of ${ROLE_USERS.employee.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`week=${week}&user_id=${employee.id}`));
  await expect(main.getByTestId('time-card-user')).toHaveValue(ROLE_USERS.employee.name);
  await expect(main.getByTestId('figure-week-total')).toHaveText('45:00');
  await expect(main.getByTestId('figure-overtime')).toHaveText('05:00');

  const download = page.waitForEvent('download');
  await main.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`time-eli-employee-week-of-${week}.csv`);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toBe('Employee,Date,Job number,Job name,Client,Hours,Hours (hh:mm),Oregon,Note');
  expect(lines).toHaveLength(6);
  const monday = new Date(`${dayOf(week, 1)}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC' });
  expect(lines[1]).toBe(`${ROLE_USERS.employee.name},${monday},${number},Harbor Lofts,Client of ${number},9,09:00,Yes,"Install, day 1"`);
});
