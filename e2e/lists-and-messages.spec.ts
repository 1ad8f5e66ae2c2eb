/**
 * The lists and messages: a list keeps its page, search and filters in the address (Back
 * from a job returns to page 2 of a search; a filtered list reloads and can be shared as it was);
 * a supervisor's delete message names who can restore the job; the PO material picker lists the
 * order's vendor's materials first, others below as not sold by it, and flags a material already
 * on the order; the Split dialog marks the amount that breaks the rule; offline, the Stock value card
 * shows its copy "as of" its time. With SHOTS_DIR set, each is photographed at 1280 and 390 px,
 * light and dark.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, untilServiceWorkerControls } from './support.ts';

test.describe.configure({ timeout: 120_000 });

let seq = 0;
/** A word of its own for this run (no spaces, so it reads the same in the address). */
const tagged = (what: string) => `${what}${Date.now().toString(36)}${++seq}`;

/** `screenshots` in the light scheme, then in the dark one (`<name>-dark-<width>.png`). */
async function shots(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  await page.emulateMedia({ colorScheme: 'light' });
  await screenshots(page, name);
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshots(page, `${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Back from a job returns to page 2 of a search; a filtered list reloads and opens elsewhere as it was', async ({ page, baseURL, browser }) => {
  await signInAs(page, 'admin');
  const tag = tagged('Dental');
  const client = await createRecord(page, baseURL!, 'clients', { name: `${tag} Clinic` });
  for (let i = 1; i <= 24; i++) {
    await createRecord(page, baseURL!, 'jobs', { number: `${tag}-${String(i).padStart(2, '0')}`, name: `${tag} office ${i}`, client_id: client.id });
  }
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Jobs', exact: true }).click();
  await expect(page).toHaveURL(/\/jobs$/);
  const table = page.getByTestId('jobs-table');
  const rows = table.getByTestId('jobs-row');
  const search = table.getByRole('searchbox', { name: 'Search' });

  // Typing replaces the history entry: one entry for the whole search.
  await search.pressSequentially(tag, { delay: 20 });
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${encodeURIComponent(tag)}$`));
  await expect(table.getByText('24 records')).toBeVisible();
  await table.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(4);
  const opened = (await rows.first().innerText()).split('\n')[0]!;
  await shots(page, 'jobs-list-page-2');
  await rows.first().getByRole('button').first().click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  await expect(page.getByRole('heading', { name: opened, level: 1 })).toBeVisible();
  // "‹ Jobs" leads back to the list as it was, like Back.
  await expect(page.getByTestId('job-page').getByRole('link', { name: 'Jobs', exact: true })).toHaveAttribute('href', /\/jobs\?.*page=2/);

  await page.goBack();
  await expect(page).toHaveURL(/\/jobs\?.*page=2/);
  await expect(search).toHaveValue(tag);
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText(opened);
  await expect(table.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
  // Back again: page 1 of the search (paging pushed an entry), then the dashboard (the search did not).
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/jobs\\?q=${encodeURIComponent(tag)}$`));
  await expect(rows).toHaveCount(20);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();

  // A filter joins the address; the list reloads as it was, and opens so in another window.
  await table.getByTestId('status-filter').getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/status=all/);
  await table.getByRole('button', { name: 'Sort by Start' }).click();
  await expect(page).toHaveURL(/sort=start_date/);
  const shared = page.url();
  await page.reload();
  await expect(search).toHaveValue(tag);
  await expect(table.getByRole('radio', { name: 'All' })).toBeChecked();
  await expect(table.getByRole('columnheader', { name: /Start/ })).toHaveAttribute('aria-sort', 'ascending');
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signInAs(elsewhere, 'manager');
  await elsewhere.goto(shared);
  await expect(elsewhere.getByTestId('jobs-table').getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
  await expect(elsewhere.getByTestId('jobs-table').getByText('24 records')).toBeVisible();
  await other.close();
  await expectAccessible(page, 'job list with its state in the address');
});

test('a supervisor deleting a job is told who can restore it, not to look in a trash they cannot open', async ({ page, baseURL }) => {
  const tag = tagged('SUP');
  // A supervisor may not add clients: the admin adds one.
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: `${tag} Builders` });
  await signInAs(page, 'supervisor');
  const job = await createRecord(page, baseURL!, 'jobs', { number: tag, name: 'Storefront', client_id: client.id });
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByRole('heading', { name: tag, level: 1 })).toBeVisible();
  await page.getByTestId('job-page').getByRole('button', { name: 'Delete' }).click();
  await page
    .getByTestId('confirm-dialog')
    .getByRole('button', { name: /^(Confirm|Delete)$/ })
    .click();
  await expect(page).toHaveURL(/\/jobs$/);
  const notice = page.getByText('Job deleted. An admin or a manager can restore it from the trash within 30 days.');
  await expect(notice).toBeVisible();
  await expect(page.getByText(/It can be restored from the trash/)).toHaveCount(0);
  await shots(page, 'supervisor-delete-message');
});

test('the PO material picker lists the vendor’s materials first, the others as not sold by it, and flags one already on the order', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'manager');
  const u = tagged('');
  const vendorName = `Coastal Glass ${u}`;
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: vendorName });
  // The number that sorts first is not sold by Coastal: it must not come first.
  await createRecord(page, baseURL!, 'materials', { number: `AL-${u}`, description: 'Aluminium U-channel' });
  const glass = await createRecord(page, baseURL!, 'materials', { number: `GL-${u}`, description: 'Clear float 1/4"' });
  await createRecord(page, baseURL!, 'vendor_materials', {
    material_id: glass.id,
    vendor_id: vendor.id,
    vendor_part_number: 'CST-14',
    unit_price: 3.75,
    minimum_order_qty: 1,
  });
  const order = await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
  await createRecord(page, baseURL!, 'purchase_order_materials', { purchase_order_id: order.id, material_id: glass.id, qty: 10, price: 37.5 });

  await page.goto(`/purchase_orders/${order.id}`);
  await page.getByRole('button', { name: 'Add Material' }).click();
  const dialog = page.getByTestId('po-material-dialog');
  const picker = dialog.getByRole('combobox', { name: 'Material' });
  await picker.fill(u);
  const results = page.getByRole('listbox', { name: 'Material results' });
  const options = results.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText(`GL-${u}`);
  await expect(options.nth(0)).toContainText('Part CST-14 · $3.75');
  await expect(options.nth(0)).toContainText('Already on this order (10)');
  await expect(options.nth(1)).toContainText(`AL-${u}`);
  await expect(options.nth(1)).toContainText(`Not sold by ${vendorName}`);
  await expect(results.getByRole('group', { name: `Sold by ${vendorName}` })).toBeVisible();
  await expect(results.getByRole('group', { name: 'Other materials' })).toBeVisible();
  await expectAccessible(page, 'PO material picker by vendor');
  await shots(page, 'po-material-picker');

  await options.nth(0).click();
  await expect(dialog.getByTestId('already-on-order-warning')).toContainText(`GL-${u} is already on this order (10). Saving adds it a second time`);
  await expect(dialog.getByTestId('vendor-part-number')).toHaveText('Vendor part number: CST-14');
  await shots(page, 'po-material-twice');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
});

test('Split Line marks the amount that breaks the rule, with the line’s qty beside it', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const u = tagged('SPL');
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: `Split Supply ${u}` });
  const material = await createRecord(page, baseURL!, 'materials', { number: u, description: 'Mirror clips' });
  const order = await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
  await createRecord(page, baseURL!, 'purchase_order_materials', { purchase_order_id: order.id, material_id: material.id, qty: 12, price: 24 });
  expect((await apiPost(page.request, baseURL!, `/api/purchase_orders/${order.id}/send`, {})).status()).toBe(200);
  await page.goto(`/purchase_orders/${order.id}`);
  await page
    .getByTestId('purchase_order_materials-row')
    .filter({ hasText: u })
    .getByRole('button', { name: /^Status of/ })
    .click();
  await page.getByTestId('line-status-dialog').getByRole('button', { name: 'Split' }).click();
  const split = page.getByTestId('split-dialog');
  await split.getByLabel('Received', { exact: true }).fill('5');
  await split.getByLabel('Backordered', { exact: true }).fill('20');
  await expect(split.getByLabel('Ordered', { exact: true })).toHaveValue('-13');
  await expect(split.getByRole('alert')).toHaveText('It looks like something is adding up to a negative.');
  await expect(split.getByLabel('Ordered', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(split.getByText("Received 5 and Backordered 20 add up to 25, more than the line's 12.")).toBeVisible();
  await expect(split.getByLabel('Backordered', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(split.getByText('of 12')).toHaveCount(3);
  await expectAccessible(page, 'split dialog with an amount below 0');
  await shots(page, 'split-negative');
});

// The run blocks service workers (playwright.config.ts); this test is about working offline with one.
test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, the Stock value card shows its snapshot "as of" when it was fetched, not "No snapshots yet."', async ({ page, context, baseURL }) => {
    await signInAs(page, 'manager');
    expect((await apiPost(page.request, baseURL!, '/api/material_snapshots/take', {})).status()).toBe(201);
    // The service worker serves the screens' code offline.
    await untilServiceWorkerControls(page);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('link', { name: 'Inventory', exact: true }).click();
    const card = page.getByTestId('stock-value');
    await expect(card.getByTestId('stock-value-total')).toBeVisible();
    const total = await card.getByTestId('stock-value-total').innerText();
    await nav.getByRole('link', { name: 'Home', exact: true }).click();

    await context.setOffline(true);
    await nav.getByRole('link', { name: 'Inventory', exact: true }).click();
    await expect(card.getByTestId('stock-value-total')).toHaveText(total);
    await expect(card.getByTestId('offline-as-of')).toHaveText(/^Offline, as of \d{1,2}:\d{2}\s?[AP]M$/);
    await expect(card.getByText('No snapshots yet.')).toHaveCount(0);
    await shots(page, 'stock-value-offline');
    await context.setOffline(false);
  });
});
