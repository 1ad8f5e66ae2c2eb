/**
 * The parts of the job screen the other job specs do not walk through: the Time Entry List
 * dialog (hh:mm and the total; Add Time with the job filled in), Duplicate (the copy opens with its
 * products and no number), "Delete this file?", "Image Unavailable" in the viewer, the header's map
 * and bom links, the action bar's Job Lookup (Active / All), and View Category Template going to a
 * job template's screen. Then the last gaps: the list's client colours and phone cards, the
 * header's estimate link, the History tab naming a changed client, the image viewer's swipes and
 * arrow keys, the pickup list's Complete filter, and Find Category Template (its lookup).
 * With SHOTS_DIR set, the History tab is photographed at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLE_USERS, createRecord, expectAccessible, screenshots, signInAs, unique, createJob } from './support.ts';

/** A PATCH from the page's signed-in context (fails the test unless 200). */
async function patchRecord(page: Page, baseURL: string, resource: string, id: number, body: Record<string, unknown>) {
  const state = await page.request.storageState();
  const xsrf = decodeURIComponent(state.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const res = await page.request.patch(new URL(`/api/${resource}/${id}`, baseURL).toString(), { data: body, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(res.status(), await res.text()).toBe(200);
}

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test.describe.configure({ timeout: 120_000 });

test('a manager works the Time list, Duplicate, a file delete, a broken image and the header links of a job', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  const number = `AUD-${tag}`;
  const job = await createJob(page, baseURL!, { number, name: 'Audit job', address: '12 Harbor Rd, Portland' });
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
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(fileDialog).toHaveCount(0);
  await expect(files.getByRole('link', { name: 'Site plan' })).toHaveCount(0);

  // Images: a picture that cannot be loaded reads "Image Unavailable"
  await page.route('**/api/images/*/full', (route) => route.abort());
  await page.getByRole('tab', { name: 'Images' }).click();
  await page
    .getByRole('tabpanel', { name: 'Images' })
    .getByRole('button', { name: /^View / })
    .click();
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
  const inactive = await createJob(page, baseURL!, { number: `${number}-OLD`, name: 'Closed job', active: false });
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

test('the Time Entry List keeps its total in view, under the Hours column, however many entries', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const job = await createJob(page, baseURL!, { number: `TOT-${Date.now().toString(36)}`, name: 'Long time list' });
  // 24 entries of 00:30: far more than half a screen of rows, at either width
  for (let day = 1; day <= 24; day++)
    await createRecord(page, baseURL!, 'time_entries', { job_id: job.id, date: `2026-10-${String(day).padStart(2, '0')}`, hours: 0.5 });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/jobs/${job.id}`);
    // the job shown first: until it is read, Time is the app's own (a new entry), not the job's list
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(String(job.number));
    await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Time' }).click();
    const list = page.getByTestId('time-entry-list-dialog');
    await expect(list.getByTestId('time-entry-row')).toHaveCount(24);
    await expect(list.getByTestId('time-entry-row').last()).not.toBeInViewport(); // the list scrolls…
    const total = list.getByTestId('time-total');
    await expect(total).toHaveText('12:00');
    await expect(total).toBeInViewport({ ratio: 1 }); // …and the total shows without scrolling
    const [cell, header] = [await total.boundingBox(), await list.getByRole('columnheader', { name: 'Hours' }).boundingBox()];
    expect([cell!.x, cell!.width]).toEqual([header!.x, header!.width]);
    await list.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(list).toHaveCount(0);
  }
});

test('View Category Template lists its job templates and opens one on its screen', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Audit Client') });
  const category = await createRecord(page, baseURL!, 'category_templates', { name: unique('Audit pack'), client_id: client.id });
  const sub = await createRecord(page, baseURL!, 'job_templates', { name: unique('Audit shower'), category_template_id: category.id });
  await page.goto('/job_templates');
  await page
    .getByTestId('job-templates-table')
    .getByPlaceholder('Search templates')
    .fill(category.name as string);
  await page.getByRole('button', { name: `Open ${category.name}` }).click();
  const view = page.getByTestId('view-category-template-dialog');
  await view.getByRole('option', { name: sub.name as string }).click();
  await expect(view).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/job_templates/${sub.id}$`));
  await expect(page.getByRole('heading', { name: sub.name as string, level: 1 })).toBeVisible();
});

test('the job list shows client colours and phone cards; the job links its estimate and names a changed client in its History', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  const acme = await createRecord(page, baseURL!, 'clients', { name: `Acme Glass ${tag}`, color: '#2f9e44' });
  const keystone = await createRecord(page, baseURL!, 'clients', { name: `Keystone General ${tag}`, color: '#1971c2' });
  const number = `COL-${tag}`;
  const job = await createJob(page, baseURL!, {
    number,
    name: 'Colour job',
    client_id: acme.id,
    address: '9 Pine St',
    start_date: '2026-03-04',
    end_date: '2026-03-09',
    scope_array: ['Mirrors', 'Hardware'],
    mirrors_complete: true,
  });
  const estimate = await createRecord(page, baseURL!, 'estimates', { name: `Colour estimate ${tag}`, client_id: acme.id, job_id: job.id });

  // the list: the client's colour beside its name
  await page.goto('/jobs');
  await page.getByTestId('jobs-table').getByLabel('Search').fill(number);
  const row = page.getByTestId('jobs-row').filter({ hasText: number });
  await expect(page.getByTestId('jobs-row')).toHaveCount(1);
  const clientCell = row
    .getByRole('cell')
    .filter({ hasText: acme.name as string })
    .last();
  await expect(clientCell).toBeVisible();
  const overlay = clientCell.getByTestId('client-color').locator('.mantine-ColorSwatch-colorOverlay');
  await expect(overlay).toHaveCSS('background-color', 'rgb(47, 158, 68)');
  // the phone card is for phones only
  await expect(row.getByTestId('job-phone-card')).toBeHidden();

  // a phone: each row is a card (heading, name, client with its colour, address, dates, scopes), the other columns gone
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const card = row.getByTestId('job-phone-card');
  await expect(card).toBeVisible();
  await expect(row.getByText(number, { exact: true })).toBeVisible();
  await expect(row.getByText('Colour job', { exact: true })).toBeVisible();
  await expect(card.getByText(acme.name as string)).toBeVisible();
  await expect(card.getByTestId('client-color').locator('.mantine-ColorSwatch-colorOverlay')).toHaveCSS('background-color', 'rgb(47, 158, 68)');
  await expect(card.getByText('9 Pine St')).toBeVisible();
  await expect(card.getByText('3/4/2026 – 3/9/2026')).toBeVisible();
  await expect(card.getByTestId('scope-badges').locator('[data-complete]')).toHaveText('Mirrors (complete)');
  // only the card's cell shows: no column of the desk table is left on the phone
  const shownCells = row.getByRole('cell').filter({ visible: true });
  await expect(shownCells).toHaveCount(1);
  await expect(page.getByTestId('jobs-table').getByRole('columnheader').filter({ visible: true })).toHaveCount(1);
  // nothing scrolls sideways
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(desk);

  // the job page links its estimate
  await row.getByRole('button', { name: `Open ${number}` }).click();
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  const estimateLink = page.getByTestId('job-page').getByRole('link', { name: estimate.name as string });
  await expect(estimateLink).toHaveAttribute('href', `/estimates/${estimate.id}`);

  // History names the clients, not their ids
  await patchRecord(page, baseURL!, 'jobs', job.id, {
    client_id: keystone.id,
    foreman_id: (await (await page.request.get(new URL('/api/user', baseURL).toString())).json()).id,
  });
  await page.getByRole('tab', { name: 'History' }).click();
  const history = page.getByRole('tabpanel', { name: 'History' });
  const changed = history.getByTestId('history-entry').first();
  await expect(changed).toContainText('Changed by Mona Manager');
  const clientRow = changed.getByRole('row', { name: /^Client/ });
  await expect(clientRow.getByRole('cell')).toHaveText(['Client', acme.name as string, keystone.name as string]);
  await expect(changed.getByRole('row', { name: /^Foreman/ }).getByRole('cell')).toHaveText(['Foreman', '—', ROLE_USERS.manager.name]);
  await expect(history).not.toContainText('#');
  // the job's own copy of the client's name is not a second line
  await expect(changed.getByRole('row', { name: /^Client name/ })).toHaveCount(0);
  // the creation lists what was given, not every flag left as it starts nor the job's fixed is_template
  const created = history.getByTestId('history-entry').last();
  await expect(created.getByRole('row', { name: /^Client/ }).getByRole('cell')).toHaveText(['Client', acme.name as string]);
  await expect(created.getByRole('row', { name: /^Scope/ }).getByRole('cell')).toHaveText(['Scope', 'Mirrors, Hardware']);
  await expect(created.getByRole('row', { name: /^Mirrors complete/ })).toHaveCount(1);
  await expect(created.getByRole('row', { name: /^(Hardware complete|Is template|Is complete)/ })).toHaveCount(0);
  await expectAccessible(page, 'job history');
  await screenshots(page, 'job-history');
});

test('the image viewer turns with swipes and arrow keys', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const job = await createJob(page, baseURL!, { number: `IMG-${Date.now().toString(36)}`, name: 'Photo job' });
  for (const description of ['first', 'second', 'third']) await createRecord(page, baseURL!, 'images', { job_id: job.id, description, url: PNG });
  await page.goto(`/jobs/${job.id}`);
  await page.getByRole('tab', { name: 'Images' }).click();
  await page
    .getByRole('tabpanel', { name: 'Images' })
    .getByRole('button', { name: /^View / })
    .first()
    .click();
  const viewer = page.getByTestId('image-viewer-dialog');
  const title = page.getByRole('dialog').filter({ has: page.getByTestId('image-viewer') });
  await expect(title).toHaveAccessibleName(/\(1 of 3\)$/);
  const picture = viewer.getByTestId('image-viewer').locator('img');
  await expect(picture).toBeVisible();

  /** A one-finger swipe over the picture, as a touch screen sends it: touchstart at `from`, touchend at `to`. */
  const swipe = (from: number, to: number) =>
    picture.evaluate(
      (el, [a, b]) => {
        const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 200 });
        el.dispatchEvent(new TouchEvent('touchstart', { bubbles: true, cancelable: true, touches: [touch(a!)], changedTouches: [touch(a!)] }));
        el.dispatchEvent(new TouchEvent('touchend', { bubbles: true, cancelable: true, touches: [], changedTouches: [touch(b!)] }));
      },
      [from, to],
    );
  // right to left: the next image; left to right: the previous; a short one (under 50 px) does nothing
  await swipe(300, 100);
  await expect(title).toHaveAccessibleName(/\(2 of 3\)$/);
  await swipe(300, 270);
  await swipe(100, 300);
  await expect(title).toHaveAccessibleName(/\(1 of 3\)$/);
  await swipe(100, 300);
  await expect(title).toHaveAccessibleName(/\(3 of 3\)$/); // from the first, back wraps to the last

  // the arrow keys do the same
  await page.keyboard.press('ArrowRight');
  await expect(title).toHaveAccessibleName(/\(1 of 3\)$/);
  await page.keyboard.press('ArrowRight');
  await expect(title).toHaveAccessibleName(/\(2 of 3\)$/);
  await page.keyboard.press('ArrowLeft');
  await expect(title).toHaveAccessibleName(/\(1 of 3\)$/);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
});

test('the pickup list’s Complete filter shows open items, complete ones, or all', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  const job = await createJob(page, baseURL!, { number: `PKC-${tag}`, name: 'Pickup filter job' });
  const open = `Still to fetch ${tag}`;
  const done = `Already fetched ${tag}`;
  await createRecord(page, baseURL!, 'pickup_items', { job_id: job.id, note: open, category_name: 'Mirrors' });
  await createRecord(page, baseURL!, 'pickup_items', { job_id: job.id, note: done, category_name: 'Hardware', complete: true });
  await page.goto('/lists/pickup');
  const group = page.getByTestId('pickup-group').filter({ hasText: `PKC-${tag}` });
  const complete = page.getByRole('radiogroup', { name: 'Complete' });
  // open items by default
  await expect(group.getByTestId('pickup-item')).toHaveCount(1);
  await expect(group.getByTestId('pickup-item')).toContainText(open);
  await complete
    .locator('label')
    .filter({ hasText: /^Complete$/ })
    .click();
  await expect(group.getByTestId('pickup-item')).toHaveCount(1);
  await expect(group.getByTestId('pickup-item')).toContainText(done);
  await expect(group.getByTestId('pickup-item').getByText('Complete', { exact: true })).toBeVisible();
  // no open item shows among the complete ones anywhere in the list
  await expect(page.getByTestId('pickup-item').filter({ hasNotText: 'Complete' })).toHaveCount(0);
  await complete.locator('label').filter({ hasText: /^All$/ }).click();
  await expect(group.getByTestId('pickup-item')).toHaveCount(2);
  await complete
    .locator('label')
    .filter({ hasText: /^Open$/ })
    .click();
  await expect(group.getByTestId('pickup-item')).toHaveCount(1);
  await expect(page.getByTestId('pickup-item').filter({ hasText: 'Complete' })).toHaveCount(0);
});

test('Find Category Template looks a category template up and opens it', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Lookup Client') });
  const name = unique('Lookup pack');
  const category = await createRecord(page, baseURL!, 'category_templates', { name, client_id: client.id });
  const sub = await createRecord(page, baseURL!, 'job_templates', { name: unique('Lookup shower'), category_template_id: category.id });
  // a job template of the same name is not a category template: the lookup leaves it out
  await createRecord(page, baseURL!, 'job_templates', { name: `${name} job`, client_id: client.id });
  await page.goto('/job_templates');
  await page.getByRole('button', { name: 'Find Category Template' }).click();
  const lookup = page.getByTestId('lookup-dialog');
  await expect(page.getByRole('dialog', { name: 'Category Template Lookup' })).toBeVisible();
  await lookup.getByLabel('Search').fill(name);
  const results = lookup.getByRole('listbox', { name: 'Category Template Lookup results' }).getByRole('option');
  await expect(results).toHaveCount(1);
  await expect(results).toContainText(client.name as string);
  await expectAccessible(page, 'category template lookup');
  await results.click();
  await expect(lookup).toHaveCount(0);
  const view = page.getByTestId('view-category-template-dialog');
  await expect(page.getByRole('dialog', { name })).toBeVisible();
  await view.getByRole('option', { name: sub.name as string }).click();
  await expect(page).toHaveURL(new RegExp(`/job_templates/${sub.id}$`));
});
