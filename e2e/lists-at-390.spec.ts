/**
 * Every list reads without sideways scrolling on a 390 px phone: no table sits
 * in a box that scrolls sideways, and the page itself does not. The estimate and the order below
 * have what made those two lists too wide (an older revision's two badges beside a seven-figure
 * total; a long vendor name beside a status badge).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createJob, createRecord, signInAs, unique } from './support.ts';

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

/** What in the main area is wider than its box and scrolls sideways (empty when nothing does). */
const sidewaysScrollers = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth) found.push(`the page (${document.documentElement.scrollWidth} px)`);
    for (const el of document.querySelectorAll('main *')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${el.scrollWidth} px in ${el.clientWidth})`);
      }
    }
    return found;
  });

test('no list scrolls sideways at 390 px', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Northwest Property Management') });
  const estimateName = unique('Curtain wall');
  const estimate = await createRecord(page, baseURL!, 'estimates', { client_id: client.id, name: estimateName });
  await createRecord(page, baseURL!, 'estimate_items', { estimate_id: estimate.id, description: 'Unitized curtain wall', qty: 1, amount: 1_234_567.89 });
  expect((await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/revise`, {})).status()).toBe(201);
  const vendorName = unique('Consolidated Architectural Glass Distributors');
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: vendorName });
  const material = await createRecord(page, baseURL!, 'materials', { number: unique('CW'), description: 'Curtain wall mullion' });
  await createRecord(page, baseURL!, 'purchase_orders', {
    vendor_id: vendor.id,
    purchase_order_materials: [{ material_id: material.id, qty: 400, price: 1_000_000 }],
  });
  const job = await createJob(page, baseURL!, { number: unique('J'), name: 'Curtain wall' });

  const lists = [
    `/estimates?q=${encodeURIComponent(estimateName)}`,
    `/purchase_orders?q=${encodeURIComponent(vendorName)}`,
    '/purchase_orders?view=suggestions',
    '/jobs',
    '/jobs/trash',
    '/job_templates',
    '/lists/clients',
    '/lists/vendors',
    '/lists/pickup',
    '/lists/products/is_measured',
    '/lists/products/is_ordered',
    '/lists/products/is_fabricated',
    '/lists/print_labels',
    '/inventory',
    '/boms',
    '/product_categories',
    '/discontinued_products',
    '/employees',
    `/jobs/${job.id}`,
    `/lists/vendors/${vendor.id}`,
  ];
  for (const list of lists) {
    await page.goto(list);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Its rows have come (the lists load nothing after their first answers).
    await page.waitForLoadState('networkidle');
    expect(await sidewaysScrollers(page), list).toEqual([]);
  }

  // The two lists that were too wide show what moved off their columns beneath the first one.
  await page.goto(`/estimates?q=${encodeURIComponent(estimateName)}`);
  const older = page.getByTestId('estimates-row').filter({ hasNotText: 'rev.' });
  await expect(page.getByTestId('estimates-row')).toHaveCount(2);
  await expect(older).toContainText('$1,234,567.89');
  await expect(older.getByTestId('beneath-on-phone')).toContainText('Draft');
  await expect(older.getByTestId('beneath-on-phone')).toContainText('Older revision');
  await page.goto(`/purchase_orders?q=${encodeURIComponent(vendorName)}`);
  const orderRow = page.getByTestId('purchase_orders-row');
  await expect(orderRow).toHaveCount(1);
  await expect(orderRow.getByTestId('beneath-on-phone')).toContainText(vendorName);
  await expect(orderRow.getByTestId('beneath-on-phone')).toContainText('Draft');
  await expect(orderRow).toContainText('$1,000,000.00');
});
