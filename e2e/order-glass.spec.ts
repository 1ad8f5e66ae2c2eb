/**
 * Measured glass to the vendor (issue 36): a manager opens the To Order list, orders the measured
 * pieces from a glass vendor, lands on the draft order with each piece's cut size and job, and the
 * list no longer shows them; re-measuring an ordered piece warns in its dialog. The data is made
 * through the API in a category of its own. With SHOTS_DIR set, the dialog and the order are
 * photographed (1280 and 390 px).
 */
import { expect, test } from '@playwright/test';
import { createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test('measured pieces of the To Order list become one draft order with their cut sizes; re-measuring one warns', async ({ page, baseURL }) => {
  test.setTimeout(90_000); // a long journey: list, dialog, order, list, job, each checked by axe
  await signInAs(page, 'admin');
  const glass = await createRecord(page, baseURL!, 'materials', { number: unique('GL-38CT'), description: '3/8" clear tempered' });
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Cascade Glass') });
  await createRecord(page, baseURL!, 'vendor_materials', { vendor_id: vendor.id, material_id: glass.id, unit_price: 40, is_preferred: true });
  const category = await createRecord(page, baseURL!, 'product_categories', {
    name: unique('Showers'),
    enable_measured: true,
    enable_ordered: true,
    enable_dimensions: true,
  });
  const series = await createRecord(page, baseURL!, 'series', {
    name: unique('Frameless'),
    category_id: category.id,
    glass_width_deduction: 0.1875,
    glass_height_deduction: 0.25,
    glass_material_id: glass.id,
    glass_thickness: 0.375,
  });
  const job = await createJob(page, baseURL!, { number: unique('OG'), name: 'Smith shower', start_date: '2026-03-02' });
  await createRecord(page, baseURL!, 'job_products', {
    job_id: job.id,
    series_id: series.id,
    name: 'Door',
    qty: 1,
    opening_width: 30.4375,
    opening_height: 72,
  });
  await createRecord(page, baseURL!, 'job_products', {
    job_id: job.id,
    series_id: series.id,
    name: 'Return',
    qty: 2,
    opening_width: 24.1875,
    opening_height: 72,
  });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Unmeasured', qty: 1 });

  await signInAs(page, 'manager', `/lists/products/is_ordered?category_id=${category.id}`);
  await expect(page.getByTestId('to-do-total')).toHaveText('3 left');
  await page.getByRole('button', { name: 'Order Glass' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Glass' });
  await expect(dialog.getByRole('checkbox', { name: /Door × 1/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Unmeasured/ })).toBeDisabled();
  await expect(dialog.getByText('Glass 24" × 71 3/4"')).toBeVisible();
  await dialog.getByRole('button', { name: 'Order 2 pieces' }).click();
  await expect(dialog.getByText('Choose a vendor.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Vendor' }).fill(String(vendor.name));
  await page
    .getByRole('listbox', { name: 'Vendor results' })
    .getByRole('option', { name: String(vendor.name) })
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(dialog.getByText('Choose a vendor.')).toHaveCount(0);
  await expectAccessible(page, 'the Order Glass dialog');
  await screenshots(page, 'order-glass-dialog');
  await dialog.getByRole('button', { name: 'Order 2 pieces' }).click();

  await expect(page).toHaveURL(/\/purchase_orders\/\d+$/);
  const cuts = page.getByTestId('po-line-cut');
  await expect(cuts).toHaveCount(2);
  await expect(cuts.filter({ hasText: `Cut 30 1/4" × 71 3/4", 3/8" thick · ${String(job.number)} Smith shower` })).toHaveCount(1);
  await expect(cuts.filter({ hasText: 'Cut 24" × 71 3/4", 3/8" thick' })).toHaveCount(1);
  await expect(page.getByTestId('po-total')).toHaveText('Total $120.00');
  await screenshots(page, 'order-glass-po');

  await page.goto(`/lists/products/is_ordered?category_id=${category.id}`);
  await expect(page.getByTestId('to-do-total')).toHaveText('1 left');

  // the door re-measured: its dialog says the glass went out at the old size, on which order
  await page
    .getByRole('region', { name: String(job.number) })
    .getByRole('link', { name: String(job.number) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}$`));
  await page.getByTestId('job-product-row').getByRole('button', { name: 'Door' }).click();
  const product = page.getByTestId('job-product-dialog');
  await product.getByLabel('Opening width').fill('30 1/2');
  await product.getByLabel('Opening width').press('Tab');
  await expect(product.getByTestId('remeasure-warning')).toContainText(/ordered at 30 1\/4" × 71 3\/4" on PO \d+/);
  await expectAccessible(page, 'the re-measure warning');
});
