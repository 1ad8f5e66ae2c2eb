/**
 * The trash of deleted jobs: a manager deletes a job and is told it can be restored;
 * an admin finds it in the trash, restores it, and it is back in /jobs; a supervisor has no trash
 * link, and /jobs/trash tells them it is not for their role.
 */
import { expect, test } from '@playwright/test';
import { ROLE_USERS, createRecord, expectAccessible, screenshots, signInAs, createJob } from './support.ts';

test('a manager deletes a job; an admin restores it from the trash and it is back in the job list', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  const client = await createRecord(page, baseURL!, 'clients', { name: `Trash Client ${tag}` });
  const job = await createJob(page, baseURL!, { number: `TR-${tag}`, name: 'Bath remodel', client_id: client.id });
  const number = job.number as string;

  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  await page.getByTestId('job-page').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this job?')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.getByText('Job deleted. It can be restored from the trash for 30 days.')).toBeVisible();
  const search = page.getByTestId('jobs-table').getByPlaceholder('Search number, name, client or address');
  await search.fill(number);
  await expect(page.getByTestId('jobs-table').getByText(`Nothing matches “${number}”.`)).toBeVisible();

  // the admin: the trash, with who deleted it, then Restore
  await page.context().clearCookies();
  await signInAs(page, 'admin', '/jobs');
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/jobs\/trash$/);
  await expect(page.getByRole('heading', { name: 'Trash', level: 1 })).toBeVisible();
  const trash = page.getByTestId('job-trash-table');
  await trash.getByPlaceholder('Search number, name, client or address').fill(number);
  const row = trash.getByRole('row').filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(client.name as string);
  await expect(row).toContainText(`by ${ROLE_USERS.manager.name}`);
  await expectAccessible(page, 'job trash');
  await screenshots(page, 'trash');

  await row.getByRole('button', { name: `Restore ${number}` }).click();
  await expect(page.getByText(`${number} restored.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto('/jobs');
  await page.getByTestId('jobs-table').getByPlaceholder('Search number, name, client or address').fill(number);
  await expect(page.getByTestId('jobs-table').getByRole('row').filter({ hasText: number })).toHaveCount(1);
});

test('an admin sees a deleted job read-only with a banner and restores it there', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const job = await createJob(page, baseURL!, { number: `TRB-${Date.now().toString(36)}`, name: 'Banner job' });
  const del = await page.request.delete(new URL(`/api/jobs/${job.id}`, baseURL).toString(), {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') },
  });
  expect(del.status()).toBe(200);
  await page.goto(`/jobs/${job.id}`);
  const notice = page.getByTestId('deleted-job-notice');
  await expect(notice).toContainText(/This job was deleted on \d+\/\d+\/\d{4}\./);
  await expect(page.getByTestId('job-page').getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expectAccessible(page, 'deleted job');
  await screenshots(page, 'trash-deleted-job');
  await notice.getByRole('button', { name: 'Restore' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId('job-page').getByRole('button', { name: 'Edit' })).toBeVisible();
});

test('a supervisor has no trash link, and the trash screen is not available to them', async ({ page }) => {
  await signInAs(page, 'supervisor', '/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('jobs-table')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trash' })).toHaveCount(0);
  await page.goto('/jobs/trash');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByText('Your role does not give you access to this screen.')).toBeVisible();
  await expect(page.getByTestId('job-trash-table')).toHaveCount(0);
});
