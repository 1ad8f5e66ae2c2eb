/**
 * Jobs: a manager creates a job from a template and sees its products, adds products
 * through the series picker, marks a scope complete; a supervisor sees no costs; an employee
 * cannot edit; Back closes each dialog.
 *
 * With SHOTS_DIR set, the list, the job screen and the dialogs are photographed at 1280 and 390 px.
 */
import { expect, test, type Browser } from '@playwright/test';
import { createRecord, expectAccessible, screenshots, signInAs, createJob } from './support.ts';

test.describe.configure({ timeout: 180_000 });

interface Seed {
  clientName: string;
  seriesName: string;
  templateName: string;
  jobId: number;
}

/** A client, a series with dimensions and the measured flag, two products, a template with one product, and a job with one. */
async function seed(browser: Browser, baseURL: string): Promise<Seed> {
  const page = await browser.newPage({ baseURL });
  await signInAs(page, 'manager');
  const tag = Date.now().toString(36);
  // three words and a tag: a name that wrapped word by word in a narrow Client column
  const clientName = `Riverbend Commercial Builders ${tag}`;
  const seriesName = `Frameless ${tag}`;
  const templateName = `Bath package ${tag}`;
  const client = await createRecord(page, baseURL, 'clients', { name: clientName, color: '#e03131' });
  const series = await createRecord(page, baseURL, 'series', {
    name: seriesName,
    use_category_settings: false,
    enable_dimensions: true,
    enable_measured: true,
  });
  const door = await createRecord(page, baseURL, 'products', { name: `Shower door ${tag}`, series_id: series.id, cost_per_unit: 100, revenue_per_unit: 250 });
  await createRecord(page, baseURL, 'products', { name: `Panel ${tag}`, series_id: series.id, cost_per_unit: 40, revenue_per_unit: 90 });
  const template = await createRecord(page, baseURL, 'job_templates', { name: templateName, client_id: client.id });
  await createRecord(page, baseURL, 'job_products', { job_id: template.id, product_id: door.id, qty: 2 });
  const job = await createJob(page, baseURL, {
    number: `J-${tag}`,
    name: 'Costed job',
    client_id: client.id,
    address: '15720 SW Barbur St Suite 938, Wilsonville, OR 97099',
    scope_array: ['Hardware', 'Mirrors', 'Shower Glass', 'Window Coverings'],
    start_date: '2027-01-16',
    end_date: '2027-01-18',
  });
  await createRecord(page, baseURL, 'job_products', { job_id: job.id, product_id: door.id, qty: 1 });
  // a list page as full as a working one: long names and addresses, several scopes
  for (const [name, address, scope_array] of [
    ['Willamette Landing - Office Build-Out', '16351 Murray St Suite 905, Wilsonville, OR 97013', ['Hardware', 'Shelving', 'Window Coverings']],
    ['The Pearl Lofts - Townhomes', '9188 Madison Ave Suite 687, Gresham, OR 97099', ['Hardware', 'Mirrors', 'Shower Glass', 'Window Coverings']],
    ['Forest Heights - School Restrooms', '7524 Powell Dr, Happy Valley, OR 97082', ['Mirrors']],
    ['Restaurant Remodel', '15011 Cedar Ave, Hillsboro, OR 97104', ['Hardware', 'Shower Glass', 'Window Coverings']],
  ] as const) {
    await createJob(page, baseURL, {
      number: `L-${tag}-${name.length}`,
      name,
      client_id: client.id,
      address,
      scope_array,
      start_date: '2027-01-14',
      end_date: '2027-02-14',
    });
  }
  await page.close();
  return { clientName, seriesName, templateName, jobId: job.id };
}

let data: Seed;
test.beforeAll(async ({ browser, baseURL }) => {
  data = await seed(browser, baseURL!);
});

test('a manager creates a job from a template, adds products from a series and completes its scope', async ({ page }) => {
  await signInAs(page, 'manager', '/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('jobs-row').first()).toBeVisible();
  await expectAccessible(page, 'jobs list');
  await screenshots(page, 'jobs-list');

  await page.getByRole('button', { name: 'Add Job' }).click();
  const dialog = page.getByTestId('job-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Job' })).toBeVisible();
  await dialog.getByLabel('Client').fill(data.clientName);
  await page.getByRole('option', { name: new RegExp(data.clientName) }).click();
  await dialog.getByLabel('Number').fill('E2E-100');
  await dialog.getByLabel('Name').fill('Master bath');
  await dialog.getByLabel('Scope').fill('Shower');
  await page.getByRole('option', { name: 'Shower Glass' }).click();
  await dialog.getByLabel('Job template').fill(data.templateName);
  await page.getByRole('option', { name: new RegExp(data.templateName) }).click();
  // the manager sees the admin fields
  await expect(dialog.getByLabel('Burden rate')).toBeVisible();
  await expectAccessible(page, 'job dialog');
  await screenshots(page, 'job-dialog');
  await dialog.getByRole('button', { name: 'Save and Open' }).click();
  await expect(dialog).toHaveCount(0);

  // the job's screen, with the template's product copied in
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await expect(page.getByRole('heading', { name: 'E2E-100', level: 1 })).toBeVisible();
  const products = page.getByTestId('job-products').getByTestId('job-product-row');
  await expect(products).toHaveCount(1);
  await expect(products.first()).toContainText('Shower door');
  await expect(products.first()).toContainText('$200.00');

  // Add from Series: quantities for both products, one save
  await page.getByRole('button', { name: 'Add from Series' }).click();
  const add = page.getByTestId('add-products-dialog');
  await add.getByLabel('Series').fill(data.seriesName);
  await page.getByRole('option', { name: new RegExp(data.seriesName) }).click();
  await add.getByLabel(/Qty of Shower door/).fill('1');
  await add.getByLabel(/Qty of Panel/).fill('3');
  await expectAccessible(page, 'add products dialog');
  await screenshots(page, 'add-products-dialog');
  await add.getByRole('button', { name: 'Add Products' }).click();
  await expect(add).toHaveCount(0);
  await expect(products).toHaveCount(3);
  await expect(products.filter({ hasText: 'Panel' })).toContainText('$120.00');

  // a product: the series enables dimensions and measured; qty moves cost with it
  await products.filter({ hasText: 'Panel' }).getByRole('button').click();
  const line = page.getByTestId('job-product-dialog');
  await expect(line.getByLabel('Glass width')).toBeVisible();
  await expect(line.getByLabel('Measured')).toBeVisible();
  await expect(line.getByLabel('Fabricated')).toHaveCount(0);
  await line.getByLabel('Qty').fill('4');
  await expect(line.getByLabel('Cost')).toHaveValue('$160.00');
  // sizes as glaziers write them: read on leaving the field, shown in sixteenths
  await line.getByLabel('Glass width').fill('35 7/16');
  await line.getByLabel('Glass height').fill('72-1/2');
  await line.getByLabel('Glass height').blur();
  await expect(line.getByLabel('Glass width')).toHaveValue('35 7/16"');
  await expect(line.getByLabel('Glass height')).toHaveValue('72 1/2"');
  await expectAccessible(page, 'job product dialog');
  await screenshots(page, 'job-product-dialog');
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(line).toHaveCount(0);
  await expect(products.filter({ hasText: 'Panel' })).toContainText('$160.00');
  await expect(products.filter({ hasText: 'Panel' })).toContainText('35 7/16" × 72 1/2"');

  // a product's save changed the job (the server counts it for the stale-update check);
  // the screen's copy of the job was refreshed, so editing the job now is no conflict
  await page.getByRole('button', { name: 'Edit' }).click();
  const jobDialog = page.getByTestId('job-dialog');
  await jobDialog.getByLabel('Name').fill('Smith shower, master bath');
  await jobDialog.getByRole('button', { name: 'Save' }).click();
  await expect(jobDialog).toHaveCount(0);
  await expect(page.getByText('Job saved.')).toHaveCount(1);
  await expect(page.getByText(/Someone else changed this record/)).toHaveCount(0);
  await expect(products).toHaveCount(3);

  await expectAccessible(page, 'job screen');
  await screenshots(page, 'job-page');
  // a phone has no room for the Glass column: the size shows under the product's name
  const desk = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const phoneLine = products.filter({ hasText: 'Panel' }).getByTestId('job-product-phone-line');
  await expect(phoneLine).toBeVisible();
  await expect(phoneLine).toContainText('35 7/16" × 72 1/2"');
  await page.setViewportSize(desk);
  await expect(phoneLine).toBeHidden();

  // Job Complete: the one listed scope checked → the server says complete
  await page.getByRole('button', { name: 'Job Complete' }).click();
  const complete = page.getByTestId('job-complete-dialog');
  await complete.getByLabel('Shower Glass', { exact: true }).check();
  await expectAccessible(page, 'job complete dialog');
  await screenshots(page, 'job-complete-dialog');
  await complete.getByRole('button', { name: 'Save' }).click();
  await expect(complete).toHaveCount(0);
  await expect(page.getByTestId('job-complete-badge')).toBeVisible();

  // the list shows the scope as complete
  await page.goto('/jobs');
  const table = page.getByTestId('jobs-table');
  await table.getByPlaceholder('Search number, name, client or address').fill('E2E-100');
  const row = table.getByTestId('jobs-row').filter({ hasText: 'E2E-100' });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-complete]:visible')).toHaveCount(1);
});

test("at 1280 px the job list gives a client's name two lines at most, beside long addresses, dates and scopes", async ({ page }) => {
  await signInAs(page, 'manager');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/jobs');
  const table = page.getByTestId('jobs-table');
  await table.getByPlaceholder('Search number, name, client or address').fill(data.clientName);
  const row = table.getByTestId('jobs-row').filter({ hasText: 'Costed job' }).first();
  const name = row.locator('td').nth(1).getByText(data.clientName);
  await expect(name).toBeVisible();
  const lines = await name.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)));
  expect(lines).toBeLessThanOrEqual(2);
});

test("the dashboard's Add opens the Job dialog on the job list, once", async ({ page }) => {
  await signInAs(page, 'manager');
  await page.getByRole('region', { name: 'Jobs', exact: true }).getByRole('link', { name: 'Add' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Job' })).toBeVisible();
  // the request left the URL: Back closes the dialog onto the plain list, and a reload opens nothing
  await expect(page).toHaveURL(/\/jobs$/);
  await page.goBack();
  await expect(page.getByTestId('job-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/jobs$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Jobs', level: 1 })).toBeVisible();
  await expect(page.getByTestId('job-dialog')).toHaveCount(0);
});

test('Duplicate copies the job only on Save: Cancel leaves nothing behind', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const costed = async () => {
    const res = await page.request.get(`${baseURL}/api/jobs?page=1&per_page=100&status=all&search=${encodeURIComponent('Costed job')}`);
    return ((await res.json()) as { data: { client_name: string | null }[] }).data.filter((j) => j.client_name === data.clientName).length;
  };
  const before = await costed();
  await page.goto(`/jobs/${data.jobId}`);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  const dialog = page.getByTestId('job-dialog');
  await expect(page.getByRole('dialog', { name: 'Duplicate Job' })).toBeVisible();
  await expect(dialog.getByLabel('Number')).toHaveValue('');
  await expect(dialog.getByLabel('Name')).toHaveValue('Costed job');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/jobs/${data.jobId}$`));
  expect(await costed()).toBe(before);

  await page.getByRole('button', { name: 'Duplicate' }).click();
  const number = `D-${Date.now().toString(36)}`;
  await dialog.getByLabel('Number').fill(number);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { name: number, level: 1 })).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(`/jobs/${data.jobId}$`));
  await expect(page.getByTestId('job-products').getByTestId('job-product-row')).toHaveCount(1);
  expect(await costed()).toBe(before + 1);
});

test('Back closes each job dialog and stays on the job', async ({ page }) => {
  await signInAs(page, 'manager', `/jobs/${data.jobId}`);
  await expect(page.getByRole('heading', { name: /^J-/, level: 1 })).toBeVisible();
  const opens: [string, () => Promise<void>][] = [
    ['job-dialog', () => page.getByRole('button', { name: 'Edit' }).click()],
    ['job-complete-dialog', () => page.getByRole('button', { name: 'Job Complete' }).click()],
    ['job-product-dialog', () => page.getByRole('button', { name: 'Add Product' }).click()],
    ['add-products-dialog', () => page.getByRole('button', { name: 'Add from Series' }).click()],
  ];
  for (const [testId, open] of opens) {
    await open();
    await expect(page.getByTestId(testId)).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId(testId)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/jobs/${data.jobId}$`));
  }
});

test('a supervisor sees no costs on a job', async ({ page }) => {
  await signInAs(page, 'supervisor', `/jobs/${data.jobId}`);
  const products = page.getByTestId('job-products');
  await expect(products.getByTestId('job-product-row')).toHaveCount(1);
  await expect(products.getByRole('columnheader', { name: 'Cost' })).toHaveCount(0);
  await expect(products).not.toContainText('$');
  await products.getByTestId('job-product-row').getByRole('button').click();
  const line = page.getByTestId('job-product-dialog');
  await expect(line.getByLabel('Qty')).toBeVisible();
  await expect(line.getByLabel('Cost')).toHaveCount(0);
  await line.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('job-dialog').getByLabel('Number')).toBeVisible();
  await expect(page.getByTestId('job-dialog').getByLabel('Burden rate')).toHaveCount(0);
});

test('an employee reads a job without changing it', async ({ page }) => {
  await signInAs(page, 'employee', '/jobs');
  await expect(page.getByRole('button', { name: 'Add Job' })).toHaveCount(0);
  await page.goto(`/jobs/${data.jobId}`);
  await expect(page.getByRole('heading', { name: /^J-/, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Job Complete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Product' })).toHaveCount(0);
  await page.getByTestId('job-products').getByTestId('job-product-row').getByRole('button').click();
  const line = page.getByTestId('job-product-dialog');
  await expect(page.getByRole('dialog', { name: 'Job Product' })).toBeVisible();
  await expect(line.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(line.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expectAccessible(page, 'read-only job product dialog');
});
