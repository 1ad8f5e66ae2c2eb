/**
 * Job templates, pickup items and the command palette: an admin adds a category template
 * and a job template with a client, sees the server refuse a template with both, deletes with the
 * spec's confirmation; adds a pickup item, changes its status and filters by it; Ctrl-K finds a
 * job by number and opens its screen.
 */
import { expect, test, type Page } from '@playwright/test';
import { createRecord, expectAccessible, screenshots, signInAs, unique, createJob } from './support.ts';

async function pick(page: Page, picker: ReturnType<Page['getByRole']>, text: string) {
  await picker.fill(text);
  const option = page.getByRole('option', { name: new RegExp(text) });
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('an admin adds a category template and a job template; both at once is refused; deletes ask first', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Templ Client') });
  await page.goto('/job_templates');
  await expect(page.getByRole('heading', { name: 'Job Templates', level: 1 })).toBeVisible();

  // category template
  const categoryName = unique('Mirror pack');
  await page.getByRole('button', { name: 'Add Category Template' }).click();
  let dialog = page.getByTestId('category-template-dialog');
  await expect(dialog.getByText('Job Templates')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(categoryName);
  await pick(page, dialog.getByRole('combobox', { name: 'Client' }), client.name as string);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  // the list is paged on the server (by name, both kinds together): a search finds it among earlier runs' templates
  const search = page.getByTestId('job-templates-table').getByPlaceholder('Search templates');
  await search.fill(categoryName);
  await expect(page.getByTestId('job_templates-row')).toHaveCount(1);
  const categoryRow = page.getByTestId('job_templates-row').filter({ hasText: categoryName });
  await expect(categoryRow).toContainText('Category Template');
  // a category template shows its client, as a job template does
  await expect(categoryRow).toContainText(client.name as string);
  await expectAccessible(page, 'job templates list');
  await screenshots(page, 'job-templates');
  // on a phone the Client column gives way: the client shows under the name
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(categoryRow.getByTestId('template-phone-client')).toHaveText(client.name as string);
  await expect(categoryRow.getByText('Template', { exact: true })).toBeHidden();
  await page.setViewportSize(desk);

  // job template with a client; then both → the field error
  const templateName = unique('Shower std');
  await page.getByRole('button', { name: 'Add Job Template' }).click();
  dialog = page.getByTestId('job-template-dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(templateName);
  await pick(page, dialog.getByRole('combobox', { name: 'Client' }), client.name as string);
  await pick(page, dialog.getByRole('combobox', { name: 'Category template' }), categoryName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A job template belongs to a client or to a category template, not both.')).toHaveCount(2);
  await dialog.getByRole('combobox', { name: 'Category template' }).fill('');
  await dialog.getByRole('textbox', { name: 'Name' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/job_templates\/\d+$/);
  await expect(page.getByRole('heading', { name: templateName, level: 1 })).toBeVisible();
  await expect(page.getByTestId('job-template-page')).toContainText(client.name as string);
  await expectAccessible(page, 'job template');
  await screenshots(page, 'job-template');

  // delete asks "Delete this job template?" and goes back to the list
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByTestId('job-template-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this job template?')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/job_templates$/);
  await search.fill(templateName);
  await expect(page.getByTestId('job-templates-table')).toContainText(`Nothing matches “${templateName}”.`);

  // a search by the client's name finds its category template
  await search.fill(client.name as string);
  await expect(page.getByTestId('job_templates-row')).toHaveCount(1);
  await expect(page.getByTestId('job_templates-row')).toContainText(categoryName);

  // the category template: View, Edit, "Delete this category template?"
  await search.fill(categoryName);
  await page.getByRole('button', { name: `Open ${categoryName}` }).click();
  await page.getByTestId('view-category-template-dialog').getByRole('button', { name: 'Edit' }).click();
  // the view read the category template itself: Edit shows its name and client
  await expect(page.getByTestId('category-template-dialog').getByRole('textbox', { name: 'Name' })).toHaveValue(categoryName);
  await expect(page.getByTestId('category-template-client-picker')).toHaveValue(client.name as string);
  await page.getByTestId('category-template-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this category template?')).toBeVisible();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('job-templates-table')).toContainText(`Nothing matches “${categoryName}”.`);
});

test('pickup items: add one, change its status, filter by status', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Pickup Client') });
  const number = unique('PK').replace(' ', '-');
  await createJob(page, baseURL!, { number, name: 'Pickup job', client_id: client.id });
  await page.goto('/lists/pickup');
  await expect(page.getByRole('heading', { name: 'Pickup Items', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add Pickup Item' }).click();
  const dialog = page.getByTestId('pickup-item-dialog');
  await pick(page, dialog.getByRole('combobox', { name: 'Job' }), number);
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Mirrors' }).click();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Out of stock' }).click();
  const note = unique('Bring the big mirror');
  await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const group = page.getByTestId('pickup-group').filter({ hasText: number });
  await expect(group.getByTestId('pickup-item').filter({ hasText: note })).toContainText('Ready');

  await group.getByRole('button', { name: /Change status/ }).click();
  const status = page.getByTestId('pickup-item-status-dialog');
  await status.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Waiting on Product' }).click();
  await status.getByRole('button', { name: 'Save' }).click();
  await expect(status).toHaveCount(0);
  await expect(group.getByTestId('pickup-item').filter({ hasText: note })).toContainText('Waiting on Product');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Scheduled' }).click();
  await expect(page.getByTestId('pickup-item').filter({ hasText: note })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Waiting on Product' }).click();
  await expect(page.getByTestId('pickup-item').filter({ hasText: note })).toHaveCount(1);
  await expectAccessible(page, 'pickup items');
  await screenshots(page, 'pickup');
});

test('Ctrl-K finds a job by number and opens its screen', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Palette Client') });
  const number = unique('PAL').replace(' ', '-');
  const job = await createJob(page, baseURL!, { number, name: 'Palette job', client_id: client.id });
  await page.goto('/lists/pickup');
  // the shell listens once the screen is up
  await expect(page.getByRole('heading', { name: 'Pickup Items', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  const palette = page.getByTestId('command-palette-dialog');
  await expect(palette).toBeVisible();
  await palette.getByRole('textbox', { name: 'Search everything' }).fill(number);
  await expect(palette.getByRole('option').first()).toContainText(number);
  await expectAccessible(page, 'command palette');
  await screenshots(page, 'palette');
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
});
