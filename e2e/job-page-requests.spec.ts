/**
 * The job page on a phone (390 px, every section stacked) asks for the job once: its GET embeds the
 * products, notes, files, images, pickup items and schedule, and those sections start from it
 * (DetailSection `relation`); only time entries and the history, which it does not carry, are
 * requested. Adding a note there still shows the new note.
 */
import { expect, test, type Request } from '@playwright/test';
import { createRecord, signInAs, unique, createJob } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });

test('a phone opens a job with one request for what its GET carried, and an added note shows', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const job = await createJob(page, baseURL!, { number: unique('REQ'), name: 'Embedded lists' });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, name: 'Vanity mirror', qty: 1 });
  await createRecord(page, baseURL!, 'notes', { job_id: job.id, note: 'Gate code 4321' });
  await createRecord(page, baseURL!, 'pickup_items', { job_id: job.id, category_name: 'Mirrors', note: 'Mirror clips' });
  await createRecord(page, baseURL!, 'events', { job_id: job.id, date: '2026-05-04' });

  // Other specs' changes, heard live, would refetch what they touch: this test counts the first load's requests alone.
  await page.route('**/api/live*', (route) => route.abort());
  const api: string[] = [];
  const record = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/live') api.push(`${r.method()} ${url.pathname}`);
  };
  page.on('request', record);
  // The sections that do ask (time, history) mount with the others: once they have answered, every
  // section's request would have been sent.
  const timeAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/time_entries');
  const historyAnswered = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/history/jobs/${job.id}`);
  await page.goto(`/jobs/${job.id}`);
  await Promise.all([timeAnswered, historyAnswered]);

  const notes = page.getByTestId('section-notes');
  await expect(page.getByTestId('section-products').getByText('Vanity mirror')).toBeVisible();
  await expect(notes.getByText('Gate code 4321')).toBeVisible();
  await expect(page.getByTestId('section-pickup').getByTestId('pickup_items-row')).toHaveCount(1);
  await expect(page.getByTestId('section-schedule').getByTestId('events-row')).toHaveCount(1);
  await expect(page.getByTestId('section-files').getByText('No files yet.')).toBeVisible();
  await expect(page.getByTestId('section-images').getByText('No images yet.')).toBeVisible();

  const gets = api.filter((a) => a.startsWith('GET '));
  expect(gets).toContain(`GET /api/jobs/${job.id}`);
  expect(gets.filter((a) => a === `GET /api/jobs/${job.id}`)).toHaveLength(1);
  expect(gets).toContain('GET /api/time_entries');
  for (const list of ['job_products', 'notes', 'files', 'images', 'pickup_items', 'events']) {
    expect(gets, `${list} was asked for again`).not.toContain(`GET /api/${list}`);
  }

  // Adding a note: saved, and the section shows it (its list refetched as after any save).
  await notes.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByTestId('note-dialog');
  await dialog.getByLabel('Note').fill('Call before arrival');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(notes.getByText('Call before arrival')).toBeVisible();
  await expect(notes.getByText('Gate code 4321')).toBeVisible();
  page.off('request', record);
});
