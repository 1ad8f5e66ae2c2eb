/**
 * Purchasing and boms, the parts purchasing.spec.ts leaves out: the order list's filters
 * and search, the PO Material and Split dialogs worked by keyboard alone (Enter walks the fields and
 * submits on the last, Escape closes only an open picker list), the printed order (company, vendor,
 * lines, total; nothing of the shell) and the email to the vendor; the Bom Material dialog (qty 1 by
 * default, errors under material, "Delete this bom material?"), the job ↔ bom links, the bom list's
 * status filter and a pulled bom read-only. With SHOTS_DIR set, each screen is photographed at 1280
 * and 390 px wide.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, unique, createJob } from './support.ts';

test.describe.configure({ timeout: 240_000 });

/** The company name the printed order is headed with (set once if the suite has not yet). */
async function companyName(page: Page, baseURL: string): Promise<string> {
  const res = await page.request.get(new URL('/api/settings', baseURL).toString());
  const rows = ((await res.json()) as { data: { name: string; value: string | null }[] }).data;
  const found = rows.find((r) => r.name === 'company_name')?.value;
  if (found) return found;
  await createRecord(page, baseURL, 'settings', { name: 'company_name', value: 'Harbor Glass Works' });
  return 'Harbor Glass Works';
}

test('orders: list filters, the PO Material and Split dialogs by keyboard, the printed order and the email', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const company = await companyName(page, baseURL!);
  const vendorName = unique('Keyboard Glass Supply');
  const vendor = await createRecord(page, baseURL!, 'vendors', {
    name: vendorName,
    contact_name: 'Lena Ortiz',
    email: 'lena@keyboard-glass.example',
    phone: '15035550142',
  });
  const mirror = await createRecord(page, baseURL!, 'materials', { number: unique('MIR'), description: 'Mirror clip, chrome' });
  // Economic order qty 12, the vendor's minimum 5, $2.50 each: choosing it makes qty 12 and price $30.00.
  const tape = await createRecord(page, baseURL!, 'materials', { number: unique('TAPE'), description: 'Glazing tape 1/8" × 50\'', economic_order_qty: 12 });
  await createRecord(page, baseURL!, 'vendor_materials', {
    material_id: tape.id,
    vendor_id: vendor.id,
    vendor_part_number: 'KG-TAPE-18',
    unit_price: 2.5,
    minimum_order_qty: 5,
    is_preferred: true,
  });
  const order = await createRecord(page, baseURL!, 'purchase_orders', {
    vendor_id: vendor.id,
    purchase_order_materials: [{ material_id: mirror.id, qty: 20, price: 50 }],
  });
  expect((await apiPost(page.request, baseURL!, `/api/purchase_orders/${order.id}/send`, {})).status()).toBe(200);

  // A new order: the number shown is the next one; choose the vendor; Save goes to the order.
  await page.goto('/purchase_orders/create');
  const nextNumber = page.getByTestId('next-number');
  await expect(nextNumber).toHaveText(/^Number: \d+$/);
  const shown = (await nextNumber.textContent())!.replace('Number: ', '');
  await page.getByRole('combobox', { name: 'Vendor' }).fill(vendorName);
  await page.getByRole('listbox', { name: 'Vendor results' }).getByRole('option', { name: vendorName }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/purchase_orders\/\d+$/);
  await expect(page.getByTestId('purchase-order-page').getByRole('heading', { level: 1 })).toHaveText(`PO ${shown}`);
  await expect(page.getByTestId('purchase-order-page').getByTestId('order-status')).toHaveText('Draft');
  const draft = { number: Number(shown) };

  // The list: filtered by status and vendor, searched by vendor name.
  await page.goto('/purchase_orders');
  const table = page.getByTestId('purchase-orders-table');
  await table.getByPlaceholder('Search vendor or number').fill(vendorName);
  const rows = table.getByTestId('purchase_orders-row');
  await expect(rows).toHaveCount(2);
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: 'Open' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`PO ${order.number as number}`);
  await expect(rows).toContainText('Open');
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`PO ${draft.number as number}`);
  await screenshots(page, 'purchase-orders');
  await table.getByPlaceholder('Search vendor or number').fill('');
  await page.getByTestId('vendor-filter').fill(vendorName);
  await page.getByRole('option', { name: vendorName }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`PO ${draft.number as number}`);

  // The order page.
  await page.goto(`/purchase_orders/${order.id}`);
  const header = page.getByTestId('purchase-order-page');
  await expect(header.getByTestId('order-status')).toHaveText('Open');
  await expect(header).toContainText('Lena Ortiz');

  // Add Material by keyboard: Enter on the last field without a material says it is required.
  const add = page.getByRole('button', { name: 'Add Material' });
  await add.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('po-material-dialog');
  const picker = dialog.getByRole('combobox', { name: 'Material' });
  await expect(picker).toBeFocused();
  await picker.press('Enter');
  await expect(dialog.getByLabel('Qty', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Minimum order qty')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Unit price')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Price', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('The material is required', { exact: true })).toBeVisible();
  await expect(dialog).toBeVisible();

  // The picker: Escape closes only its list; Enter picks the highlighted material.
  await picker.focus();
  await page.keyboard.type(String(tape.number));
  const results = page.getByRole('listbox', { name: 'Material results' });
  await expect(results.getByRole('option', { name: new RegExp(String(tape.number)) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(results).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(picker).toBeFocused();
  // Typing again opens the list with the first match highlighted.
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(tape.number));
  await expect(results.locator('[aria-selected="true"]')).toContainText(String(tape.number));
  await page.keyboard.press('Enter');
  await expect(results).toHaveCount(0);
  // qty = max(0, minimum 5, economic 12); price = 12 × $2.50.
  await expect(dialog.getByTestId('vendor-part-number')).toHaveText('Vendor part number: KG-TAPE-18');
  await expect(dialog.getByLabel('Qty', { exact: true })).toHaveValue('12');
  await expect(dialog.getByLabel('Minimum order qty')).toHaveValue('5');
  await expect(dialog.getByLabel('Price', { exact: true })).toHaveValue('$30.00');
  await expect(dialog.getByText('The material is required', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'PO Material dialog');
  await screenshots(page, 'po-material-dialog');
  // Enter walks on from the picker and saves on the last field.
  await expect(picker).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Qty', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Price', { exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const tapeLine = page.getByTestId('purchase_order_materials-row').filter({ hasText: String(tape.number) });
  await expect(tapeLine).toContainText('KG-TAPE-18');
  await expect(tapeLine).toContainText('$30.00');
  await expect(page.getByTestId('po-total')).toHaveText('Total $80.00');

  // Split by keyboard: the status button, then Split, then the amounts; Enter on the last submits.
  const mirrorLine = page.getByTestId('purchase_order_materials-row').filter({ hasText: String(mirror.number) });
  await mirrorLine.getByRole('button', { name: /^Status of/ }).focus();
  await page.keyboard.press('Enter');
  const statusPicker = page.getByTestId('line-status-dialog');
  await statusPicker.getByRole('button', { name: 'Split' }).focus();
  await page.keyboard.press('Enter');
  const split = page.getByTestId('split-dialog');
  const received = split.getByLabel('Received', { exact: true });
  await expect(received).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');
  const backordered = split.getByLabel('Backordered', { exact: true });
  await expect(backordered).toBeFocused();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('9');
  // 12 + 9 > 20: the ordered amount would be −1.
  await expect(split.getByRole('alert')).toHaveText('It looks like something is adding up to a negative.');
  await page.keyboard.press('Enter');
  await expect(split).toBeVisible(); // blocked
  await expect(backordered).toBeFocused();
  await backordered.fill('8');
  await expect(split.getByLabel('Ordered', { exact: true })).toHaveValue('0');
  await expect(split.getByRole('alert')).toHaveCount(0);
  await screenshots(page, 'split-dialog');
  await page.keyboard.press('Enter');
  await expect(split).toHaveCount(0);
  const mirrorLines = page.getByTestId('purchase_order_materials-row').filter({ hasText: String(mirror.number) });
  await expect(mirrorLines).toHaveCount(2);
  await expect(mirrorLines.filter({ hasText: 'Received' })).toContainText('12');
  await expect(mirrorLines.filter({ hasText: 'Backordered' })).toContainText('8');
  await expect(page.getByTestId('po-total')).toHaveText('Total $80.00');
  // By material number: the split line's two parts side by side.
  const materialOrder = [String(mirror.number), String(mirror.number), String(tape.number)];
  const allLines = page.getByTestId('purchase_order_materials-row');
  for (const [i, n] of materialOrder.entries()) await expect(allLines.nth(i)).toContainText(n);
  await screenshots(page, 'purchase-order-split');

  // The email to the vendor: to its address, the order summarised.
  const href = (await page.getByTestId('po-mailto').getAttribute('href'))!;
  const mail = new URL(href);
  expect(decodeURIComponent(mail.pathname)).toBe('lena@keyboard-glass.example');
  expect(mail.searchParams.get('subject')).toBe(`Purchase order ${order.number as number} from ${company}`);
  const body = mail.searchParams.get('body')!;
  expect(body).toContain('Hello Lena Ortiz,');
  expect(body).toContain(`12 × ${mirror.number as string} — Mirror clip, chrome: $30.00`);
  expect(body).toContain(`12 × ${tape.number as string} (part KG-TAPE-18) — Glazing tape 1/8" × 50': $30.00`);
  expect(body).toContain('Total: $80.00');

  // On paper: the company, the vendor, every line and the total; nothing of the shell.
  await page.emulateMedia({ media: 'print' });
  const sheet = page.getByTestId('po-print');
  await expect(sheet).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Receive All' })).toBeHidden();
  await expect(sheet.getByRole('heading', { level: 1 })).toHaveText(company);
  await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(`Purchase Order ${order.number as number}`);
  await expect(sheet).toContainText(vendorName);
  await expect(sheet).toContainText('Lena Ortiz');
  await expect(sheet.locator('tbody tr')).toHaveCount(3);
  for (const [i, n] of materialOrder.entries()) await expect(sheet.locator('tbody tr').nth(i)).toContainText(n);
  await expect(sheet.locator('tbody tr').filter({ hasText: 'KG-TAPE-18' })).toContainText('$2.50');
  await expect(sheet.locator('tfoot')).toHaveText('Total$80.00');
  await screenshots(page, 'purchase-order-print');
  await page.emulateMedia({ media: 'screen' });
  await expect(sheet).toBeHidden();

  // Suggested orders on a phone: the why under the material, the qty and price in view.
  const short = await createRecord(page, baseURL!, 'materials', { number: unique('SHORT'), description: 'Setting block', reorder_qty: 5 });
  await createRecord(page, baseURL!, 'vendor_materials', {
    material_id: short.id,
    vendor_id: vendor.id,
    unit_price: 1.5,
    minimum_order_qty: 1,
    is_preferred: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/purchase_orders?view=suggestions');
  const row = page.getByTestId('suggestion-row').filter({ hasText: String(short.number) });
  await expect(row.getByTestId('suggestion-why')).toHaveText('On hand 0 · on order 0 · reorder 5 · demand 0 · short 5 → 5');
  await row.getByRole('checkbox', { name: `Order ${short.number as string}` }).check();
  await expect(row.getByRole('textbox', { name: `Qty of ${short.number as string}` })).toBeInViewport();
  await expect(row.getByRole('cell', { name: '$7.50' })).toBeInViewport();
  await expectAccessible(page, 'suggested orders on a phone');
  await screenshots(page, 'suggested-orders');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(row.getByTestId('suggestion-why')).toHaveCount(0);
  await expect(row.getByText('→ 5', { exact: true })).toBeVisible();
});

test('boms: the Bom Material dialog, job ↔ bom links, the status filter, a pulled bom read-only', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Bom Client') });
  const job = await createJob(page, baseURL!, { client_id: client.id, name: unique('Lobby remodel') });
  const clip = await createRecord(page, baseURL!, 'materials', { number: unique('CLIP'), description: 'J-channel, brushed', starting_qty: 40 });
  const bomName = unique('Lobby bom');
  const bom = await createRecord(page, baseURL!, 'boms', { name: bomName, job_id: job.id });
  const openName = unique('Open bom');
  await createRecord(page, baseURL!, 'boms', { name: openName, bom_materials: [{ material_id: clip.id, qty: 2 }] });

  // The job links to its bom, the bom to its job.
  await page.goto(`/jobs/${job.id}`);
  await page.getByTestId('job-page').getByRole('link', { name: bomName }).click();
  await expect(page).toHaveURL(new RegExp(`/boms/${bom.id}$`));
  const bomPage = page.getByTestId('bom-page');
  await expect(bomPage.getByTestId('bom-job-link')).toContainText(String(job.name));

  // Add Material: qty 1 by default, typed as a number; Enter on the last field without a material shows the error under it.
  await page.getByRole('button', { name: 'Add Material' }).click();
  const dialog = page.getByTestId('bom-material-dialog');
  const qty = dialog.getByLabel('Qty', { exact: true });
  await expect(qty).toHaveValue('1');
  await expect(qty).toHaveAttribute('inputmode', 'decimal');
  await qty.press('Enter');
  await expect(dialog.getByRole('combobox', { name: 'Material' })).toHaveAccessibleDescription(/required/i);
  await expect(dialog).toBeVisible();
  const picker = dialog.getByRole('combobox', { name: 'Material' });
  await picker.fill(String(clip.number));
  await page
    .getByRole('listbox', { name: 'Material results' })
    .getByRole('option', { name: new RegExp(String(clip.number)) })
    .click();
  await qty.fill('6');
  await expectAccessible(page, 'Bom Material dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const line = page.getByTestId('bom_materials-row').filter({ hasText: String(clip.number) });
  await expect(line).toContainText('6');

  // "Delete this bom material?": Cancel keeps it; a second line is deleted.
  await page.getByRole('button', { name: 'Add Material' }).click();
  await dialog.getByRole('combobox', { name: 'Material' }).fill(String(clip.number));
  await page
    .getByRole('listbox', { name: 'Material results' })
    .getByRole('option', { name: new RegExp(String(clip.number)) })
    .click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('bom_materials-row')).toHaveCount(2);
  await page
    .getByTestId('bom_materials-row')
    .filter({ has: page.getByRole('cell', { name: '1', exact: true }) })
    .click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Bom Material' });
  await expect(confirm).toContainText('Delete this bom material?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('bom_materials-row')).toHaveCount(1);

  // Pulled: read-only, its job still linked.
  await page.getByRole('button', { name: 'Pull' }).click();
  await page.getByRole('dialog', { name: 'Pull' }).getByRole('button', { name: 'Pull' }).click();
  await expect(bomPage.getByTestId('bom-status')).toHaveText('Pulled');
  await expect(page.getByRole('button', { name: 'Add Material' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(bomPage).toContainText('read-only');
  await screenshots(page, 'bom-pulled');
  await line.click();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await dialog.getByTestId('dialog-footer').getByRole('button', { name: 'Close' }).click();
  await page.goto(`/inventory/${clip.id}`);
  await expect(page.getByTestId('material-on-hand')).toHaveText('34');

  // The list, filtered by status.
  await page.goto('/boms');
  const table = page.getByTestId('boms-table');
  await table.getByPlaceholder('Search boms').fill(bomName.split(' ').slice(-1)[0]!);
  await expect(table.getByTestId('boms-row')).toHaveCount(1);
  await table.getByPlaceholder('Search boms').fill('');
  await page.getByTestId('bom-status-filter').click();
  await page.getByRole('option', { name: 'Pulled' }).click();
  await expect(table.getByTestId('boms-row').filter({ hasText: bomName })).toHaveCount(1);
  await expect(table.getByTestId('boms-row').filter({ hasText: bomName })).toContainText(String(job.name));
  await expect(table.getByTestId('boms-row').filter({ hasText: openName })).toHaveCount(0);
  await page.getByTestId('bom-status-filter').click();
  await page.getByRole('option', { name: 'Open' }).click();
  await expect(table.getByTestId('boms-row').filter({ hasText: openName })).toHaveCount(1);
  await expect(table.getByTestId('boms-row').filter({ hasText: bomName })).toHaveCount(0);
  await screenshots(page, 'boms');
});
