/**
 * The product to-do lists and measure-to-cut: a shop user ticks products off the To
 * Fabricate list on a phone and undoes one; an employee reads the list without checkboxes; a site
 * opening typed into a job product fills its glass size (less the series' deductions); a piece
 * marked on its own page leaves its product on the list, "1 of 2 fabricated", and the
 * Undo of a tick over it unmarks only the other piece, and Print Options says so too. The data is
 * made through the API, in a category of its own, so the list shows only this test's products.
 * With SHOTS_DIR set, the list is photographed (1280 and 390 px).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

/** A category whose products are measured, fabricated and have dimensions; a series following it; a job with three products of it. */
async function fabricationJob(page: Page, baseURL: string) {
  const category = await createRecord(page, baseURL, 'product_categories', {
    name: unique('Shop Glass'),
    enable_fabricated: true,
    enable_measured: true,
    enable_dimensions: true,
  });
  const series = await createRecord(page, baseURL, 'series', { name: unique('Frameless'), category_id: category.id });
  const job = await createJob(page, baseURL, { number: unique('SF'), name: 'Smith shower', address: '12 Alder St, Portland', start_date: '2026-03-02' });
  const products: Record<string, number> = {};
  for (const [i, name] of ['Door panel', 'Return panel', 'Vanity mirror'].entries()) {
    products[name] = (
      await createRecord(page, baseURL, 'job_products', { job_id: job.id, series_id: series.id, name, qty: i + 1, glass_width: 30 + i, glass_height: 72 })
    ).id;
  }
  return { category, series, job, products };
}

const flagOf = async (page: Page, baseURL: string, jobId: number, name: string) => {
  const res = await page.request.get(`${baseURL}/api/job_products?job_id=${jobId}`);
  const rows = (await res.json()).data as { name: string; is_fabricated: boolean }[];
  return rows.find((r) => r.name === name)?.is_fabricated;
};

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a shop user ticks products off the To Fabricate list in place and undoes one', async ({ page, baseURL }) => {
    await signInAs(page, 'admin');
    const { category, job } = await fabricationJob(page, baseURL!);

    await signInAs(page, 'supervisor', `/lists/products/is_fabricated?category_id=${category.id}`);
    await expect(page.getByRole('heading', { name: 'To Fabricate' })).toBeVisible();
    const group = page.getByRole('region', { name: String(job.number) });
    await expect(group.getByRole('link', { name: String(job.number) })).toBeVisible();
    await expect(group.getByText('12 Alder St, Portland')).toBeVisible();
    await expect(group.getByTestId('to-do-row')).toHaveCount(3);
    await expect(page.getByTestId('to-do-total')).toHaveText('3 left');
    await expectAccessible(page, 'the To Fabricate list on a phone');

    const door = page.getByRole('checkbox', { name: /Door panel/ });
    // a thumb's target: the whole row, full width and at least 44 px high
    const box = (await door.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(300);
    await door.tap();
    await expect(door).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Marked fabricated: Door panel')).toBeVisible();

    const mirror = page.getByRole('checkbox', { name: /Vanity mirror/ });
    await mirror.tap();
    await expect(page.getByText('Marked fabricated: Vanity mirror')).toBeVisible();
    // both stay where they were, ticked, though the list has been asked again
    await expect(page.getByTestId('to-do-row')).toHaveCount(3);
    await expect(mirror).toHaveAttribute('aria-checked', 'true');
    await screenshots(page, 'shop-lists-ticked');

    // Undo in the notice puts the mirror back
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect(page.getByText('Back on the list: Vanity mirror')).toBeVisible();
    await expect(mirror).toHaveAttribute('aria-checked', 'false');
    await expect.poll(() => flagOf(page, baseURL!, job.id, 'Vanity mirror')).toBe(false);
    expect(await flagOf(page, baseURL!, job.id, 'Door panel')).toBe(true);

    // afresh, the list holds what is left to fabricate
    await page.reload();
    await expect(page.getByTestId('to-do-row')).toHaveCount(2);
    await expect(page.getByRole('checkbox', { name: /Door panel/ })).toHaveCount(0);
    await expect(page.getByTestId('to-do-total')).toHaveText('2 left');
  });

  test('a piece scanned and marked on its own: the product stays on To Fabricate, "1 of 2 fabricated", and a tick undone keeps it', async ({
    page,
    baseURL,
  }) => {
    await signInAs(page, 'admin');
    const { category, job, products } = await fabricationJob(page, baseURL!);

    await signInAs(page, 'supervisor');
    // what the first Return panel label's QR code opens
    await page.goto(`/job_products/${products['Return panel']}/pieces/1`);
    const piece = page.getByTestId('piece-page');
    await expect(piece.getByTestId('piece-heading')).toHaveText('Piece 1 of 2');
    await piece.getByRole('button', { name: 'Mark fabricated' }).tap();
    await expect(piece.getByRole('button', { name: 'Fabricated' })).toHaveAttribute('aria-pressed', 'true');
    await expect(piece.getByTestId('piece-product-progress')).toHaveText('0 of 2 measured · 1 of 2 fabricated');
    await expectAccessible(page, 'a piece on a phone');
    await screenshots(page, 'piece-page-phone');

    await page.goto(`/lists/products/is_fabricated?category_id=${category.id}`);
    await expect(page.getByTestId('to-do-total')).toHaveText('3 left');
    const row = page.getByTestId('to-do-row').filter({ hasText: 'Return panel' });
    await expect(row.getByTestId('to-do-progress')).toHaveText('1 of 2 fabricated');
    await expect(page.getByTestId('to-do-progress')).toHaveCount(1);
    await screenshots(page, 'shop-lists-piece-progress');
    // ticking the row marks the product as a whole: both pieces
    await page.getByRole('checkbox', { name: /Return panel/ }).tap();
    await expect(page.getByText('Marked fabricated: Return panel')).toBeVisible();
    const returnPanel = async () => (await page.request.get(`${baseURL}/api/job_products/${products['Return panel']}`)).json();
    expect(await returnPanel()).toMatchObject({ is_fabricated: true, pieces: [] });

    // Undo puts it back as it was: the piece marked on its own stays fabricated, the other does not
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect(page.getByText('Back on the list: Return panel')).toBeVisible();
    await expect.poll(returnPanel).toMatchObject({
      is_fabricated: false,
      pieces: [
        { position: 1, is_fabricated: true },
        { position: 2, is_fabricated: false },
      ],
    });
    await page.reload();
    await expect(row.getByTestId('to-do-progress')).toHaveText('1 of 2 fabricated');

    // Its labels: only the piece still to make (piece 1 is fabricated), on the job's Print Options
    await signInAs(page, 'admin', `/jobs/${job.id}`);
    await page.getByTestId('job-products').getByRole('button', { name: 'Print Labels' }).tap();
    const dialog = page.getByTestId('print-options-dialog');
    await dialog.getByTestId('print-product').filter({ hasText: 'Return panel' }).getByRole('checkbox').tap(); // not measured: ticked by hand
    await expect(dialog.getByTestId('print-count')).toHaveText('1 label');
    await dialog.getByRole('button', { name: 'Print Labels' }).tap();
    await expect(page).toHaveURL(/\/print$/);
    const labels = page.getByTestId('label-preview').getByTestId('label');
    await expect(labels).toHaveCount(1);
    await expect(labels).toContainText('Piece 2 of 2');
  });

  test('an employee sees the list read-only', async ({ page, baseURL }) => {
    await signInAs(page, 'admin');
    const { category } = await fabricationJob(page, baseURL!);

    await signInAs(page, 'employee', `/lists/products/is_fabricated?category_id=${category.id}`);
    await expect(page.getByTestId('to-do-row')).toHaveCount(3);
    await expect(page.getByText('Door panel')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByTestId('to-do-read-only')).toContainText('needs permission to edit jobs');
    await expectAccessible(page, 'the To Fabricate list read-only');
  });
});

test('a site opening typed into a job product fills its glass size, less the series deductions', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const category = await createRecord(page, baseURL!, 'product_categories', { name: unique('Mirrors'), enable_dimensions: true, enable_measured: true });
  const series = await createRecord(page, baseURL!, 'series', {
    name: unique('Polished'),
    category_id: category.id,
    glass_width_deduction: '3/16',
    glass_height_deduction: '1/4',
  });
  const job = await createJob(page, baseURL!, { number: unique('MC'), name: 'Lobby mirror' });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Lobby mirror' });

  await page.goto(`/jobs/${job.id}`);
  await page.getByTestId('job-product-row').getByRole('button', { name: 'Lobby mirror' }).click();
  const dialog = page.getByTestId('job-product-dialog');
  await expect(dialog.getByTestId('glass-deductions')).toHaveText(`Glass: Opening less 3/16" × 1/4" (the series' deductions).`);
  await dialog.getByLabel('Opening width').fill('36 7/16');
  await dialog.getByLabel('Opening height').fill('72');
  await dialog.getByLabel('Opening height').press('Tab');
  await expect(dialog.getByLabel('Glass width')).toHaveValue('36 1/4"');
  await expect(dialog.getByLabel('Glass height')).toHaveValue('71 3/4"');
  await expect(dialog.getByLabel('Measured')).toBeChecked();
  await expectAccessible(page, 'the job product dialog with an opening');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // both sizes on the job's products
  await expect(page.getByTestId('job-product-row')).toContainText('Opening 36 7/16" × 72", glass 36 1/4" × 71 3/4"');
  const saved = (await (await page.request.get(`${baseURL}/api/job_products?job_id=${job.id}`)).json()).data[0];
  expect(saved).toMatchObject({ opening_width: 36.4375, opening_height: 72, glass_width: 36.25, glass_height: 71.75, is_measured: true });
  expect(saved.measure_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test('Print Options says how far a product partly fabricated is: "1 of 2 fabricated"', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const category = await createRecord(page, baseURL!, 'product_categories', {
    name: unique('Partly Made'),
    enable_dimensions: true,
    enable_measured: true,
    enable_fabricated: true,
  });
  const series = await createRecord(page, baseURL!, 'series', { name: unique('Panel Series'), category_id: category.id });
  const job = await createJob(page, baseURL!, { number: unique('J'), name: 'Birch bath', active: true });
  const panel = await createRecord(page, baseURL!, 'job_products', {
    job_id: job.id,
    series_id: series.id,
    name: 'Fixed panel',
    qty: 2,
    glass_width: 30,
    glass_height: 70,
    is_measured: true,
  });
  expect((await apiPost(page.request, baseURL!, `/api/job_products/${panel.id}/pieces/1/mark`, { step: 'is_fabricated', done: true })).status()).toBe(200);

  await page.goto(`/jobs/${job.id}`);
  await page.getByTestId('job-products').getByRole('button', { name: 'Print Labels' }).click();
  const dialog = page.getByTestId('print-options-dialog');
  const product = dialog.getByTestId('print-product').filter({ hasText: 'Fixed panel' });
  await expect(product.getByTestId('print-progress')).toHaveText('1 of 2 fabricated');
  await expect(product.getByRole('checkbox')).toBeChecked();
  await expect(dialog.getByTestId('print-count')).toHaveText('1 label'); // the piece still to make
  await expectAccessible(page, 'print options, a product partly fabricated');
  await screenshots(page, 'print-options-partly');
});
