/**
 * The schedule: a scheduler puts a job on three days in two colours with a supervisor
 * (one bulk save), drags one day to another, and sees that the job is not ready to install (a
 * product still to measure); on a phone the calendar opens as a list. The data is made through the
 * API: a job of its own, with a product of a series that must be measured.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLE_USERS, createJob, createRecord, dragOnto, expectAccessible, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 90_000 });

/** Local 'YYYY-MM-DD' of today plus `days`. */
const isoDay = (base: Date, days: number) => {
  const d = new Date(base.getFullYear(), base.getMonth(), base.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** This week's Sunday (weeks start on Sunday): its days are always on the month view that opens. */
const thisSunday = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay());
};

/** A job with one product of a series that is measured: not ready to install until it is. */
async function unreadyJob(page: Page, baseURL: string) {
  const category = await createRecord(page, baseURL, 'product_categories', { name: unique('Sched Glass'), enable_measured: true });
  const series = await createRecord(page, baseURL, 'series', { name: unique('Sched Series'), category_id: category.id });
  const job = await createJob(page, baseURL, { number: unique('SCH').replace(/\s/g, '-'), name: 'Lobby mirrors' });
  await createRecord(page, baseURL, 'job_products', { job_id: job.id, series_id: series.id, name: 'Mirror wall', qty: 1 });
  return job;
}

const eventsOf = async (page: Page, baseURL: string, jobId: number) => {
  const res = await page.request.get(`${baseURL}/api/events?job_id=${jobId}`);
  return ((await res.json()).data as { date: string; color: string; user_id: number }[]).map((e) => e.date).sort();
};

test('a scheduler puts a job on three days in two colours, drags one day to another, and sees it is not ready', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const job = await unreadyJob(page, baseURL!);
  const number = String(job.number);
  const sunday = thisSunday();
  const [mon, tue, wed, thu] = [1, 2, 3, 4].map((n) => isoDay(sunday, n));

  await signInAs(page, 'supervisor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/schedule');
  await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
  // weeks start on Sunday
  await expect(page.getByTestId('schedule-calendar').getByRole('columnheader').first()).toHaveText(/Sun/);
  await expectAccessible(page, 'the schedule, month view');

  // Clicking a day offers an event or a note there.
  await page.locator(`[role=cell][data-date="${mon}"]`).click({ position: { x: 60, y: 90 } });
  await page.getByTestId('add-to-day').getByRole('button', { name: 'Add Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Event' });
  await expectAccessible(page, 'the Event dialog');
  await dialog.getByRole('combobox', { name: 'Job' }).fill(number);
  await page
    .getByRole('option', { name: new RegExp(number) })
    .first()
    .click();
  // the chosen job offers its screen
  await expect(dialog.getByRole('link', { name: `Open job ${number}` })).toHaveAttribute('href', `/jobs/${job.id}`);
  const through = dialog.getByLabel('Through');
  await through.fill(new Date(`${wed}T12:00:00`).toLocaleDateString('en-US'));
  await through.press('Tab');
  await dialog.getByRole('button', { name: 'Colour 1', exact: true }).click();
  await dialog.getByRole('button', { name: 'Colour 5' }).click();
  await expect(dialog.getByRole('button', { name: 'Colour 5' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByLabel('Supervisor').click();
  await page.getByRole('option', { name: ROLE_USERS.supervisor.name }).click();

  const bulk = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/events/store_many'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  expect(((await bulk).postDataJSON() as { data: unknown[] }).data).toHaveLength(3);
  await expect(dialog).toBeHidden();
  await expect.poll(() => eventsOf(page, baseURL!, job.id)).toEqual([mon, tue, wed]);

  // Each day shows the job, its supervisor, split between its two colours, and marked not ready.
  const onDay = (day: string) => page.locator(`[role=cell][data-date="${day}"]`).getByTestId('schedule-event').filter({ hasText: number });
  for (const day of [mon, tue, wed]) {
    await expect(onDay(day)).toContainText(ROLE_USERS.supervisor.name);
    await expect(onDay(day)).toHaveAttribute('style', /linear-gradient/);
    await expect(onDay(day).getByRole('img', { name: 'Not ready: 1 not measured' })).toBeVisible();
  }

  // Drag Wednesday's to Thursday: it moves there.
  await dragOnto(page, onDay(wed), page.locator(`[role=cell][data-date="${thu}"]`));
  await expect(page.getByText(new RegExp(`${number} moved to`))).toBeVisible();
  await expect.poll(() => eventsOf(page, baseURL!, job.id)).toEqual([mon, tue, thu]);
  await expect(onDay(thu)).toBeVisible();

  // Only unready installs: this job stays.
  await page.getByRole('switch', { name: 'Unready installs only' }).check();
  await expect(onDay(mon)).toBeVisible();
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the schedule opens as a list, readable and tappable', async ({ page, baseURL }) => {
    await signInAs(page, 'admin');
    const job = await unreadyJob(page, baseURL!);
    const today = isoDay(new Date(), 0);
    await createRecord(page, baseURL!, 'events', { job_id: job.id, date: today });
    await createRecord(page, baseURL!, 'schedule_notes', { date: today, note: 'Crane booked for 7 am.' });

    await signInAs(page, 'employee', '/schedule');
    // On a phone the week and the month are lists (a month grid's 50 px columns read "26-…").
    await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'List' })).toHaveCount(0);
    const row = page.getByTestId('schedule-event').filter({ hasText: String(job.number) });
    await expect(row).toContainText('Not ready: 1 not measured');
    await expect(page.getByTestId('schedule-note').filter({ hasText: 'Crane booked for 7 am.' })).toBeVisible();
    await expectAccessible(page, 'the schedule, list view on a phone');
    // nothing runs off the side
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.tap();
    // an employee reads the event (no edit jobs)
    const dialog = page.getByRole('dialog', { name: 'Event' });
    // open (and read) first: a Save that is not there yet proves nothing, and an Escape before the dialog opens closes nothing
    await expect(dialog.getByRole('button', { name: 'Close' }).first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The month is a list of its days too, the job's whole line readable.
    await page.getByText('Month', { exact: true }).tap();
    await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
    const month = new Date().toLocaleString('en-US', { month: 'long', year: 'numeric' });
    await expect(page.getByTestId('schedule-title')).toHaveText(month);
    await expect(page.getByTestId('schedule-calendar')).toHaveAttribute('data-view', 'listMonth');
    await expect(row).toContainText(String(job.number));
    expect(await row.evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth))).toBe(true);
  });
});

test('a month grid becomes the month list when the screen narrows to a phone, and the grid again when it widens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'employee', '/schedule');
  const calendar = page.getByTestId('schedule-calendar');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(calendar).toHaveAttribute('data-view', 'dayGridMonth');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(calendar).toHaveAttribute('data-view', 'listMonth');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(calendar).toHaveAttribute('data-view', 'dayGridMonth');
  await expect(page.getByRole('radio', { name: 'Month' })).toBeChecked();
});
