/**
 * Issue 9, the parts of the job screen the other job specs do not walk through: the Time Entry List
 * dialog (hh:mm and the total; Add Time with the job filled in), Duplicate (the copy opens with its
 * products and no number), "Delete this file?", "Image Unavailable" in the viewer, the header's map
 * and bom links, the action bar's Job Lookup (Active / All), and View Category Template going to a
 * job template's screen.
 */
import { expect, test } from '@playwright/test';
import { PASSWORD, ROLE_USERS, createRecord, login, loginAdmin, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('a manager works the Time list, Duplicate, a file delete, a broken image and the header links of a job', async ({ page, baseURL }) => {
  await login(page, ROLE_USERS.manager.email, PASSWORD);
  const tag = Date.now().toString(36);
  const number = `AUD-${tag}`;
  const job = await createRecord(page, baseURL!, 'jobs', { number, name: 'Audit job', address: '12 Harbor Rd, Portland' });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, name: 'Mirror', qty: 2 });
  await createRecord(page, baseURL!, 'time_entries', { job_id: job.id, date: '2026-11-02', hours: 1.5 });
  await createRecord(page, baseURL!, 'time_entries', { job_id: job.id, date: '2026-11-03', hours: 0.25 });
  const bom = await createRecord(page, baseURL!, 'boms', { name: `Audit bom ${tag}`, job_id: job.id });
  const state = await page.request.storageState();
  const xsrf = decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const uploaded = await page.request.post(new URL('/api/files', baseURL).toString(), {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: {
      description: 'Site plan',
      job_id: String(job.id),
      file: { name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% plan\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n') },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await createRecord(page, baseURL!, 'images', {
    job_id: job.id,
    description: 'Broken photo',
    url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  });

  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  const header = page.getByTestId('job-page');
  // the address opens a map in a new tab; the job's bom is linked
  const map = header.getByRole('link', { name: /12 Harbor Rd/ });
  await expect(map).toHaveAttribute('href', /google\.com\/maps.*12%20Harbor%20Rd/);
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(header.getByRole('link', { name: `Audit bom ${tag}` })).toHaveAttribute('href', `/boms/${bom.id}`);

  // Time Entry List (the action bar's clock on a job): hours as hh:mm, the total, Add Time with the job filled in
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Time' }).click();
  const list = page.getByTestId('time-entry-list-dialog');
  await expect(list.getByTestId('time-entry-row')).toHaveCount(2);
  await expect(list.getByTestId('time-entry-row').first()).toContainText('00:15');
  await expect(list.getByTestId('time-entry-row').last()).toContainText('01:30');
  await expect(list.getByTestId('time-total')).toHaveText('01:45');
  await list.getByRole('button', { name: 'Add Time' }).click();
  const entry = page.getByTestId('time-entry-dialog');
  await expect(entry.getByRole('combobox', { name: 'Job' })).toHaveValue(new RegExp(number));
  await entry.getByRole('button', { name: 'Cancel' }).click();
  await expect(entry).toHaveCount(0);
  await list.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(list).toHaveCount(0);

  // Files: "Delete this file?"
  await page.getByRole('tab', { name: 'Files' }).click();
  const files = page.getByRole('tabpanel', { name: 'Files' });
  await files.getByRole('button', { name: 'Edit Site plan' }).click();
  const fileDialog = page.getByTestId('file-dialog');
  await fileDialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-dialog').getByText('Delete this file?')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(fileDialog).toHaveCount(0);
  await expect(files.getByRole('link', { name: 'Site plan' })).toHaveCount(0);

  // Images: a picture that cannot be loaded reads "Image Unavailable"
  await page.route('**/api/images/*/full', (route) => route.abort());
  await page.getByRole('tab', { name: 'Images' }).click();
  await page.getByRole('tabpanel', { name: 'Images' }).getByRole('button', { name: /^View / }).click();
  const viewer = page.getByTestId('image-viewer-dialog');
  await expect(viewer.getByTestId('image-unavailable')).toHaveText('Image Unavailable');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await page.unroute('**/api/images/*/full');

  // Duplicate: the copy opens with the products and without the number, in the Duplicate Job dialog
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const copyDialog = page.getByTestId('job-dialog');
  await expect(page.getByRole('dialog', { name: 'Duplicate Job' })).toBeVisible();
  await expect(copyDialog.getByLabel('Number')).toHaveValue('');
  await expect(page).not.toHaveURL(new RegExp(`/jobs/${job.id}$`));
  await copyDialog.getByLabel('Number').fill(`${number}-B`);
  await copyDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(copyDialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `${number}-B`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('job-products').getByTestId('job-product-row')).toContainText('Mirror');

  // the action bar's Job Lookup: Active by default, All finds an inactive job too
  const inactive = await createRecord(page, baseURL!, 'jobs', { number: `${number}-OLD`, name: 'Closed job', active: false });
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Lookup' }).click();
  const lookup = page.getByTestId('lookup-dialog');
  await lookup.getByLabel('Search').fill(number);
  const results = lookup.getByRole('listbox', { name: 'Job Lookup results' }).getByRole('option');
  await expect(results).toHaveCount(2);
  await lookup.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(results).toHaveCount(3);
  await results.filter({ hasText: `${number}-OLD` }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${inactive.id}$`));
});

test('View Category Template lists its job templates and opens one on its screen', async ({ page, baseURL }) => {
  await loginAdmin(page);
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Audit Client') });
  const category = await createRecord(page, baseURL!, 'category_templates', { name: unique('Audit pack'), client_id: client.id });
  const sub = await createRecord(page, baseURL!, 'job_templates', { name: unique('Audit shower'), category_template_id: category.id });
  await page.goto('/job_templates');
  await page.getByTestId('job-templates-table').getByPlaceholder('Search templates').fill(category.name as string);
  await page.getByRole('button', { name: `Open ${category.name}` }).click();
  const view = page.getByTestId('view-category-template-dialog');
  await view.getByRole('option', { name: sub.name as string }).click();
  await expect(view).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/job_templates/${sub.id}$`));
  await expect(page.getByRole('heading', { name: sub.name as string, level: 1 })).toBeVisible();
});
