/**
 * Measured glass to the vendor: a manager opens the To Order list, orders the measured
 * pieces from a glass vendor, lands on the draft order with each piece's cut size and job, and the
 * list no longer shows them; re-measuring an ordered piece warns in its dialog. The dialog
 * lists only pieces whose series orders glass, ticks nothing at first, shows a piece it cannot
 * order disabled with its reason, has Select all / Select none and a job's box, and asks before
 * lines the vendor has no price for; the series' "Glass to order" offers glass materials only.
 * The data is made through the API in a category of its own. With SHOTS_DIR set, the dialog and
 * the order are photographed (1280 and 390 px).
 */
import { expect, test } from '@playwright/test';
import { createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test('measured pieces of the To Order list become one draft order with their cut sizes; re-measuring one warns', async ({ page, baseURL }) => {
  test.setTimeout(90_000); // a long journey: list, dialog, order, list, job, each checked by axe
  await signInAs(page, 'admin');
  const glassStock = await createRecord(page, baseURL!, 'material_categories', { name: unique('Glass'), is_glass: true });
  const glass = await createRecord(page, baseURL!, 'materials', {
    number: unique('GL-38CT'),
    description: '3/8" clear tempered',
    material_category_id: glassStock.id,
  });
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Cascade Glass') });
  const hardwareVendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Bolt Hardware') });
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
  // a roller shade: ordered and measured, but its series orders no glass, so Order Glass does not list it
  const rollers = await createRecord(page, baseURL!, 'series', { name: unique('Rollers'), category_id: category.id });
  await createRecord(page, baseURL!, 'job_products', {
    job_id: job.id,
    series_id: rollers.id,
    name: 'Roller shade',
    qty: 1,
    opening_width: 30,
    opening_height: 60,
  });

  await signInAs(page, 'manager', `/lists/products/is_ordered?category_id=${category.id}`);
  await expect(page.getByTestId('to-do-total')).toHaveText('4 left');
  await page.getByRole('button', { name: 'Order Glass' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Glass' });
  const door = dialog.getByRole('checkbox', { name: /Door × 1/ });
  const returns = dialog.getByRole('checkbox', { name: /Return × 2/ });
  await expect(door).not.toBeChecked();
  await expect(returns).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Unmeasured/ })).toBeDisabled();
  await expect(dialog.getByText('Not measured yet: it has no glass size.')).toBeVisible();
  await expect(dialog.getByText('Roller shade')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Order 0 pieces' })).toBeDisabled();
  await expect(dialog.getByText('Glass 24" × 71 3/4"')).toBeVisible();
  await dialog.getByRole('button', { name: 'Select all' }).click();
  await expect(door).toBeChecked();
  await expect(returns).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: `All of ${String(job.number)}` })).toBeChecked();
  await dialog.getByRole('button', { name: 'Select none' }).click();
  await expect(door).not.toBeChecked();
  await dialog.getByRole('checkbox', { name: `All of ${String(job.number)}` }).click();
  await expect(door).toBeChecked();
  await expect(returns).toBeChecked();
  await dialog.getByRole('button', { name: 'Order 2 pieces' }).click();
  await expect(dialog.getByText('Choose a vendor.')).toBeVisible();

  // a vendor without the glass: the person is told which lines would be $0, and goes back
  const pickVendor = async (name: string) => {
    await dialog.getByRole('combobox', { name: 'Vendor' }).fill(name);
    await page.getByRole('listbox', { name: 'Vendor results' }).getByRole('option', { name }).click();
    await expect(page.getByRole('listbox')).toHaveCount(0);
  };
  await pickVendor(String(hardwareVendor.name));
  await expect(dialog.getByText('Choose a vendor.')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Order 2 pieces' }).click();
  const unpriced = page.getByRole('dialog', { name: 'Lines at $0' });
  await expect(unpriced.getByTestId('order-glass-unpriced')).toContainText(`${String(hardwareVendor.name)} has no price for the glass of these 2 pieces`);
  await expect(unpriced.getByRole('listitem')).toHaveText([`${String(job.number)} · Door`, `${String(job.number)} · Return`]);
  await expectAccessible(page, 'the $0 lines question');
  await screenshots(page, 'order-glass-unpriced');
  await unpriced.getByRole('button', { name: 'Go back' }).click();
  await expect(unpriced).toHaveCount(0);
  await expect(door).toBeChecked();

  await pickVendor(String(vendor.name));
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
  await expect(page.getByTestId('to-do-total')).toHaveText('2 left');

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

test('a series orders glass of a glass category only, and the list says where to name it when none does', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const glassStock = await createRecord(page, baseURL!, 'material_categories', { name: unique('Mirror Stock'), is_glass: true });
  const parts = await createRecord(page, baseURL!, 'material_categories', { name: unique('Window Covering Parts') });
  const mirror = await createRecord(page, baseURL!, 'materials', {
    number: unique('MS-CLR'),
    description: '1/4" clear mirror',
    material_category_id: glassStock.id,
  });
  const cordLock = await createRecord(page, baseURL!, 'materials', { number: unique('WP-CORD'), description: 'Cord lock', material_category_id: parts.id });
  const category = await createRecord(page, baseURL!, 'product_categories', {
    name: unique('Mirrors'),
    enable_measured: true,
    enable_ordered: true,
    enable_dimensions: true,
  });
  const series = await createRecord(page, baseURL!, 'series', { name: unique('Polished Edge'), category_id: category.id });
  const job = await createJob(page, baseURL!, { number: unique('OM'), name: 'Lobby mirror', start_date: '2026-03-02' });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Mirror', qty: 1, opening_width: 40, opening_height: 30 });

  await signInAs(page, 'manager', `/lists/products/is_ordered?category_id=${category.id}`);
  await page.getByRole('button', { name: 'Order Glass' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Glass' });
  await expect(dialog.getByTestId('order-glass-none')).toContainText('A series orders its glass once it names its “Glass to order”');
  await expect(dialog.getByRole('checkbox')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`/product_categories/${category.id}?tab=series`);
  await page
    .getByTestId('series-row')
    .filter({ hasText: String(series.name) })
    .click();
  const seriesDialog = page.getByTestId('series-dialog');
  const picker = seriesDialog.getByRole('combobox', { name: 'Glass to order' });
  await picker.fill(String(cordLock.number));
  await expect(page.getByRole('listbox').getByRole('option', { name: new RegExp(String(cordLock.number)) })).toHaveCount(0);
  await picker.fill(String(mirror.number));
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(String(mirror.number)) })
    .click();
  await seriesDialog.getByRole('button', { name: 'Save' }).click();
  await expect(seriesDialog).toHaveCount(0);

  await page.goto(`/lists/products/is_ordered?category_id=${category.id}`);
  await page.getByRole('button', { name: 'Order Glass' }).click();
  await expect(dialog.getByRole('checkbox', { name: /Mirror × 1/ })).toBeEnabled();
});
