/**
 * Honest inputs and no edit lost: a date that does not exist and a number that cannot be
 * read stay as typed with a message and are not sent; Escape on an edited dialog asks before
 * dropping the change; "Not available" offers the way home.
 */
import { expect, test, type Page } from '@playwright/test';
import { createRecord, screenshots, signInAs, unique } from './support.ts';

async function newJob(page: Page, baseURL: string) {
  const client = await createRecord(page, baseURL, 'clients', { name: unique('Honest Client') });
  return createRecord(page, baseURL, 'jobs', { client_id: client.id, number: unique('HI'), name: unique('Dental office'), start_date: '2026-03-01' });
}

/** Every write the page sends from now on. */
function writes(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/api/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return sent;
}

test('02/30/2026 in a job date shows "Invalid date" under the field and saves nothing', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const job = await newJob(page, baseURL!);
  await page.goto(`/jobs/${job.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('job-dialog');
  const start = dialog.getByRole('textbox', { name: 'Start date' });
  await expect(start).toHaveValue('3/1/2026');
  const sent = writes(page);
  await start.fill('02/30/2026');
  await start.blur();
  await expect(start).toHaveValue('02/30/2026');
  await expect(dialog.getByText('Invalid date')).toBeVisible();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  // With a calendar open, Escape closes the calendar only (not the dialog, nor asks about it).
  const calendar = page.locator('[data-dates-dropdown]');
  await expect(calendar).toHaveCount(0); // the start date's own, closing as it lost the focus, gone first
  await dialog.getByRole('textbox', { name: 'End date' }).click();
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('discard-dialog')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(start).toBeFocused();
  await expect(start).toHaveValue('02/30/2026');
  await screenshots(page, 'honest-invalid-date');
  expect(sent).toEqual([]);
  const stored = (await (await page.request.get(`${baseURL}/api/jobs/${job.id}`)).json()) as { start_date: string };
  expect(stored.start_date).toBe('2026-03-01');
});

test('"1e20" in a money field and "-5" in a qty field stay as typed, with their messages', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const job = await newJob(page, baseURL!);
  await page.goto(`/jobs/${job.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('job-dialog');
  const sent = writes(page);
  const trip = dialog.getByRole('textbox', { name: 'Trip charge' });
  await trip.fill('1e20');
  await trip.press('Tab');
  await expect(trip).toHaveValue('1e20');
  await expect(dialog.getByText('Must be a number.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeVisible();
  await expect(trip).toHaveValue('1e20');
  expect(sent).toEqual([]);
  // What is accepted is exactly what was typed.
  await trip.fill('50');
  await trip.press('Tab');
  await expect(trip).toHaveValue('$50.00');
  await expect(dialog.getByText('Must be a number.')).toHaveCount(0);

  // A time entry's hours are more than 0: -5 is said so, not turned into 0.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('discard-dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto('/');
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Time' }).click();
  const entry = page.getByTestId('time-entry-dialog');
  const hours = entry.getByRole('textbox', { name: 'Hours' });
  await hours.fill('-5');
  await hours.press('Tab');
  await expect(hours).toHaveValue('-5');
  await expect(entry.getByText('Must be more than 0.')).toBeVisible();
  await screenshots(page, 'honest-negative-hours');
  await entry.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(entry).toBeVisible();
  await expect(hours).toHaveValue('-5');
  expect(sent).toEqual([]);
});

test('a count of −7 (typographic minus) stays as typed with "Must not be negative."; the signed adjustment takes it', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const material = await createRecord(page, baseURL!, 'materials', { number: unique('HON'), description: 'Honest mirror', starting_qty: 4 });
  await page.goto(`/inventory/${material.id}`);
  await page.getByRole('button', { name: 'Count Stock' }).click();
  const count = page.getByTestId('count-dialog');
  const qty = count.getByRole('textbox', { name: 'Counted qty' });
  await expect(qty).toBeFocused();
  await qty.fill('\u22127');
  await qty.blur();
  await expect(qty).toHaveValue('\u22127');
  await expect(count.getByText('Must not be negative.')).toBeVisible();
  await count.getByRole('button', { name: 'Save Count' }).click();
  await expect(count).toBeVisible();
  await count.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('discard-dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(count).toHaveCount(0);
  await expect(page.getByTestId('material-on-hand')).toHaveText('4');

  await page.getByRole('button', { name: 'Adjust' }).click();
  const adjust = page.getByTestId('adjust-dialog');
  const by = adjust.getByRole('textbox', { name: 'Adjust by' });
  await by.fill('\u22121');
  await by.press('Tab');
  await expect(by).toHaveValue('-1');
  await expect(adjust.getByRole('alert')).toHaveCount(0);
});

test('Escape on an edited job asks "Discard unsaved changes?"; Keep editing keeps the change; unchanged closes at once', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const job = await newJob(page, baseURL!);
  await page.goto(`/jobs/${job.id}`);
  const edit = page.getByRole('button', { name: 'Edit' });
  await edit.click();
  const dialog = page.getByTestId('job-dialog');
  await expect(dialog).toBeVisible();
  // it opens on its first field, not its close button
  await expect(dialog.getByRole('combobox', { name: 'Client' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await edit.click();
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.fill('Dental office, second floor');
  await name.press('Escape');
  const ask = page.getByTestId('discard-dialog');
  await expect(ask.getByText('Discard unsaved changes?')).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await screenshots(page, 'discard-question');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('Dental office, second floor');
  await expect(name).toBeFocused();

  // Back asks too, and Keep editing leaves the page where it was.
  const url = page.url();
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog).toBeVisible();
  expect(page.url()).toBe(url);

  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('job-page')).toContainText('Dental office, second floor');
});

test('"Not available" offers the way home', async ({ page }) => {
  await signInAs(page, 'employee', '/employees');
  const screen = page.getByTestId('not-available');
  await expect(screen.getByText('Not available')).toBeVisible();
  await screenshots(page, 'not-available');
  await screen.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
