/**
 * Purchasing and boms: a manager creates an order from the suggested orders, sends it,
 * splits a line into received and backordered, receives the rest, and sees stock rise on the
 * material; pulls a bom and sees stock fall; a supervisor can view orders but not edit them.
 * With SHOTS_DIR set, the screens and dialogs are also photographed at 1280 and 390 px wide.
 */
import { expect, test } from '@playwright/test';
import { createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 180_000 });

test('a manager orders from suggestions, splits, receives and sees stock rise; pulls a bom and sees stock fall; a supervisor only views', async ({
  page,
  baseURL,
  browser,
}) => {
  await signInAs(page, 'manager');
  const vendorName = unique('Cascadia Supply');
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: vendorName, contact_name: 'Rosa Diaz' });
  const number = unique('PO-GL');
  // Nothing on hand or on order, reorder at 20: the suggestion is 20 (vendor minimum 5, no economic qty).
  const material = await createRecord(page, baseURL!, 'materials', { number, description: 'Clear float 1/4"', reorder_qty: 20, starting_qty: 0 });
  await createRecord(page, baseURL!, 'vendor_materials', {
    material_id: material.id,
    vendor_id: vendor.id,
    vendor_part_number: 'CS-14',
    unit_price: 2.5,
    minimum_order_qty: 5,
    is_preferred: true,
  });

  // Suggested orders
  await page.getByRole('navigation').getByRole('link', { name: 'Purchase Orders' }).click();
  await expect(page.getByRole('heading', { name: 'Purchase Orders', level: 1 })).toBeVisible();
  await expectAccessible(page, 'purchase orders list');
  await page.getByText('Suggested orders').click();
  await expect(page).toHaveURL(/view=suggestions/);
  const group = page.getByTestId('suggestion-group').filter({ hasText: vendorName });
  const row = group.getByTestId('suggestion-row').filter({ hasText: number });
  await expect(row).toBeVisible();
  await expect(row).toContainText('20');
  await expectAccessible(page, 'suggested orders');
  await row.getByRole('checkbox', { name: `Order ${number}` }).check();
  await expect(row.getByRole('textbox', { name: `Qty of ${number}` })).toHaveValue('20');
  await screenshots(page, 'suggested-orders');
  await page.getByRole('button', { name: 'Create Orders' }).click();
  const created = page.getByTestId('created-orders');
  await expect(created).toContainText(vendorName);
  await created.getByRole('link').filter({ hasText: vendorName }).click();

  // The draft order: one line of 20 at $2.50
  await expect(page).toHaveURL(/\/purchase_orders\/\d+$/);
  const orderUrl = page.url();
  const header = page.getByTestId('purchase-order-page');
  await expect(header.getByTestId('order-status')).toHaveText('Draft');
  await expect(header).toContainText('Rosa Diaz');
  const line = page.getByTestId('purchase_order_materials-row').filter({ hasText: number });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('CS-14');
  await expect(page.getByTestId('po-total')).toHaveText('Total $50.00');
  await expect(page.getByTestId('po-mailto')).toHaveAttribute('href', /^mailto:\?subject=Purchase%20order%20\d+/);
  await expectAccessible(page, 'purchase order');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(header.getByTestId('order-status')).toHaveText('Open');
  await screenshots(page, 'purchase-order');

  // Split the line: 12 received, 8 backordered
  await line.getByRole('button', { name: /^Status of/ }).click();
  const picker = page.getByTestId('line-status-dialog');
  await expect(picker.getByRole('button', { name: 'Split' })).toBeVisible();
  await picker.getByRole('button', { name: 'Split' }).click();
  const split = page.getByTestId('split-dialog');
  await expect(split.getByLabel('Ordered', { exact: true })).toHaveValue('20');
  await split.getByLabel('Received', { exact: true }).fill('25');
  await expect(split.getByRole('alert')).toHaveText('It looks like something is adding up to a negative.');
  await split.getByLabel('Received', { exact: true }).fill('12');
  await split.getByLabel('Backordered', { exact: true }).fill('8');
  await expect(split.getByLabel('Ordered', { exact: true })).toHaveValue('0');
  await expect(split.getByRole('alert')).toHaveCount(0);
  await expectAccessible(page, 'split dialog');
  await screenshots(page, 'split-dialog');
  await split.getByRole('button', { name: 'Split' }).click();
  await expect(split).toHaveCount(0);
  const lines = page.getByTestId('purchase_order_materials-row').filter({ hasText: number });
  await expect(lines.filter({ hasText: 'Received' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Backordered' })).toHaveCount(1);

  // Receive the rest
  await page.getByRole('button', { name: 'Receive All' }).click();
  await page.getByRole('dialog', { name: 'Receive All' }).getByRole('button', { name: 'Receive All' }).click();
  await expect(header.getByTestId('order-status')).toHaveText('Received');
  await expect(lines.filter({ hasText: 'Backordered' })).toHaveCount(0);

  // Stock rose by all 20
  await page.goto(`/inventory/${material.id}`);
  await expect(page.getByTestId('material-on-hand')).toHaveText('20');

  // A bom of 6 pulled from stock: 20 → 14
  const bom = await createRecord(page, baseURL!, 'boms', { name: unique('Lobby mirrors'), bom_materials: [{ material_id: material.id, qty: 6 }] });
  await page.goto('/boms');
  await expect(page.getByRole('heading', { name: 'Boms', level: 1 })).toBeVisible();
  await expectAccessible(page, 'boms list');
  await page.goto(`/boms/${bom.id}`);
  const bomPage = page.getByTestId('bom-page');
  await expect(bomPage.getByTestId('bom-status')).toHaveText('Open');
  await expect(page.getByTestId('bom_materials-row').filter({ hasText: number })).toContainText('6');
  await expectAccessible(page, 'bom');
  await page.getByRole('button', { name: 'Pull' }).click();
  await page.getByRole('dialog', { name: 'Pull' }).getByRole('button', { name: 'Pull' }).click();
  await expect(bomPage.getByTestId('bom-status')).toHaveText('Pulled');
  await expect(page.getByRole('button', { name: 'Return to Stock' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Material' })).toHaveCount(0); // read-only once pulled
  await screenshots(page, 'bom');
  await page.goto(`/inventory/${material.id}`);
  await expect(page.getByTestId('material-on-hand')).toHaveText('14');

  // A supervisor sees the order but cannot change it
  const context = await browser.newContext();
  const supervisor = await context.newPage();
  await signInAs(supervisor, 'supervisor');
  await supervisor.goto(orderUrl);
  const view = supervisor.getByTestId('purchase-order-page');
  await expect(view.getByTestId('order-status')).toHaveText('Received');
  await expect(supervisor.getByTestId('purchase_order_materials-row').filter({ hasText: number })).toHaveCount(2);
  await expect(supervisor.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(supervisor.getByRole('button', { name: 'Add Material' })).toHaveCount(0);
  await expect(supervisor.getByRole('button', { name: /^Status of/ })).toHaveCount(0);
  await supervisor.getByTestId('purchase_order_materials-row').filter({ hasText: number }).first().click();
  const readOnly = supervisor.getByRole('dialog', { name: 'PO Material' });
  await expect(readOnly.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await readOnly.getByTestId('dialog-footer').getByRole('button', { name: 'Close' }).click();
  await expect(readOnly).toHaveCount(0);
  await supervisor.goto('/purchase_orders/create');
  await expect(supervisor.getByText('Your role does not give you access to this screen.')).toBeVisible();
  await context.close();
});

test("an order's page lists its lines in the order of its print and PDF, and a refused Send names each line", async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const tag = unique('po').split(' ')[1]!;
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Lines Supply') });
  const material = (number: string) => createRecord(page, baseURL!, 'materials', { number: `${number}-${tag}`, description: `Material ${number}` });
  const [clip, tape, glassA, glassB] = [await material('C'), await material('T'), await material('GA'), await material('GB')];
  const earlier = await createJob(page, baseURL!, { number: `${tag}-0009`, name: 'Earlier' });
  const later = await createJob(page, baseURL!, { number: `${tag}-0100`, name: 'Later' });
  const piece = async (job: { id: number }) => (await createRecord(page, baseURL!, 'job_products', { job_id: job.id, name: 'Door' })).id;
  const po = await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
  const line = (m: { id: number }, price: number, extra: Record<string, unknown> = {}) =>
    createRecord(page, baseURL!, 'purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty: 1, price, ...extra });
  const cut = { glass_width: 36.25, glass_height: 71.75 };
  // entered out of order; the vendor sells none of them, so an unpriced line cannot be sent
  await line(glassB, 0, { job_product_id: await piece(later), ...cut });
  await line(tape, 5);
  await line(glassA, 0, { job_product_id: await piece(earlier), ...cut });
  await line(clip, 2);
  await line(glassA, 10, { job_product_id: await piece(later), ...cut });

  await page.goto(`/purchase_orders/${po.id}`);
  // stock lines first by material, then each job's glass together, by job number, each by material
  const expected = [`C-${tag}`, `T-${tag}`, `GA-${tag}`, `GA-${tag}`, `GB-${tag}`];
  const rows = page.getByTestId('po-lines').getByTestId('purchase_order_materials-row');
  await expect(rows).toHaveCount(5);
  for (const [i, number] of expected.entries()) await expect(rows.nth(i)).toContainText(number);
  await expect(rows.nth(2)).toContainText(`${tag}-0009 Earlier`);
  await expect(rows.nth(3)).toContainText(`${tag}-0100 Later`);
  // the print lists them the same way
  const printed = (await page.getByTestId('po-print').locator('tbody tr').allTextContents()).map((t) => /^[A-Z]+-\S+?(?=Material)/.exec(t)?.[0]);
  expect(printed).toEqual(expected);

  // on a phone, where the notice runs to more lines
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const notice = page.getByRole('alert').filter({ hasText: 'Please check' });
  await expect(notice).toContainText(`Line 3 (GA-${tag} · Cut 36 1/4" × 71 3/4" · ${tag}-0009 Earlier): no price, and this vendor does not sell it.`);
  await expect(notice).toContainText(`Line 5 (GB-${tag} · Cut 36 1/4" × 71 3/4" · ${tag}-0100 Later)`);
  // the whole notice can be read: its title and its last line are not cut off
  await expect(notice.getByText('Please check')).toBeInViewport({ ratio: 1 });
  await expect(notice.getByText(`Line 5 (GB-${tag}`)).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'purchase order, Send refused');
  await screenshots(page, 'po-send-refused');
});
