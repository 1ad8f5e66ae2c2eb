/**
 * Vendors: the list and the Vendor dialog (phone typed as digits and shown formatted,
 * the email only with `edit users`), a vendor's materials with the Vendor Material dialog and its
 * defaults, one preferred vendor per material, and deletes with the spec's confirmations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createRecord, expectAccessible, signInAs, unique } from './support.ts';

/** Picks a record in a picker by typing its search text and clicking the option. */
async function pick(page: Page, picker: ReturnType<Page['getByRole']>, text: string) {
  await picker.fill(text);
  const option = page.getByRole('option', { name: new RegExp(text) });
  await expect(option).toHaveCount(1);
  await option.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

test('a manager adds a vendor and its materials; marking a second vendor preferred takes it from the first', async ({ page, baseURL }) => {
  test.setTimeout(90_000); // a long journey on a machine shared with other runs
  await signInAs(page, 'manager');
  const glass = await createRecord(page, baseURL!, 'materials', { number: unique('GL-38CT'), description: '3/8" clear tempered' });
  const second = await createRecord(page, baseURL!, 'vendors', { name: unique('Northwest Glass'), phone: '2065550199' });

  await page.getByRole('navigation').getByRole('link', { name: 'Vendors' }).click();
  await expect(page).toHaveURL(/\/lists\/vendors$/);
  await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
  await expectAccessible(page, 'vendors list');

  // the Vendor dialog: a manager cannot set the email (edit users), the phone is typed as digits
  await page.getByRole('button', { name: 'Add Vendor' }).click();
  const dialog = page.getByTestId('vendor-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Vendor' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeDisabled();
  await expect(dialog.getByText('Only someone who may edit users can change the email.')).toBeVisible();
  await expect(dialog.getByLabel('Active')).toHaveCount(0); // only when editing
  await expectAccessible(page, 'vendor dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The name field is required.')).toBeVisible();
  const name = unique('Harbor Supply');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Contact').fill('Rosa Diaz');
  await dialog.getByLabel('Phone').pressSequentially('5035550142');
  await expect(dialog.getByLabel('Phone')).toHaveValue('(503) 555-0142');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const table = page.getByTestId('vendors-table');
  await table.getByPlaceholder('Search vendors').fill(name);
  const row = table.getByTestId('vendors-row').filter({ hasText: name });
  await expect(row).toContainText('(503) 555-0142');
  await expect(row).toContainText('Rosa Diaz');
  await row.getByRole('button', { name: `Open ${name}` }).click();

  // the vendor's screen
  await expect(page).toHaveURL(/\/lists\/vendors\/\d+$/);
  const firstUrl = page.url();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  const card = page.getByTestId('vendor-page');
  await expect(card.getByText('(503) 555-0142')).toBeVisible();
  await expect(page.getByTestId('vendor-materials-table')).toContainText('No materials from this vendor yet.');
  await expectAccessible(page, 'vendor detail');

  // Add Material: the vendor is fixed, the defaults of docs/domain/purchasing.md, Vendor materials
  await page.getByRole('button', { name: 'Add Material' }).click();
  const vm = page.getByTestId('vendor-material-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Vendor Material' })).toBeVisible();
  await expect(vm.getByLabel('Vendor')).toHaveValue(name);
  await expect(vm.getByLabel('Vendor')).toHaveAttribute('readonly', '');
  await expect(vm.getByLabel('Unit price')).toHaveValue('$0.00');
  await expect(vm.getByLabel('Minimum order qty')).toHaveValue('1');
  await expect(vm.getByLabel('Preferred')).not.toBeChecked();
  await expect(vm.getByLabel('Active')).toBeChecked();
  await pick(page, vm.getByRole('combobox', { name: 'Material' }), glass.number as string);
  await expect(vm.getByText('3/8" clear tempered')).toBeVisible(); // the description beneath the number
  await vm.getByLabel('Part number').fill('CT-38-96');
  await expectAccessible(page, 'vendor material dialog');
  await vm.getByRole('button', { name: 'Save' }).click();
  await expect(vm).toHaveCount(0);

  const materials = page.getByTestId('vendor-materials-table');
  const line = materials.getByTestId('vendor_materials-row').filter({ hasText: glass.number as string });
  await expect(line).toContainText('3/8" clear tempered');
  await expect(line).toContainText('CT-38-96');
  await expect(line).toContainText('$0.00');
  await expect(line.getByTestId('preferred-badge')).toHaveCount(0);

  // mark it preferred, with a price
  await line.getByRole('button', { name: `Open ${glass.number}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Vendor Material' })).toBeVisible();
  await vm.getByLabel('Unit price').fill('12.5');
  await vm.getByLabel('Preferred').check({ force: true });
  await vm.getByRole('button', { name: 'Save' }).click();
  await expect(vm).toHaveCount(0);
  await expect(line).toContainText('$12.50');
  await expect(line.getByTestId('preferred-badge')).toBeVisible();

  // the second vendor offers the same material and becomes the preferred one
  await page.getByRole('link', { name: 'Vendors' }).first().click();
  await table.getByPlaceholder('Search vendors').fill(second.name as string);
  await table.getByRole('button', { name: `Open ${second.name}` }).click();
  await expect(page.getByRole('heading', { name: second.name as string, level: 1 })).toBeVisible();
  await expect(page.getByTestId('vendor-page').getByText('(206) 555-0199')).toBeVisible();
  await page.getByRole('button', { name: 'Add Material' }).click();
  await pick(page, vm.getByRole('combobox', { name: 'Material' }), glass.number as string);
  await expect(vm.getByText(`${name} is preferred now; this would replace it.`)).toBeVisible();
  await vm.getByLabel('Preferred').check({ force: true });
  await expect(vm.getByText(`Saving makes this the preferred vendor instead of ${name}.`)).toBeVisible();
  await vm.getByRole('button', { name: 'Save' }).click();
  await expect(vm).toHaveCount(0);
  await expect(
    materials
      .getByTestId('vendor_materials-row')
      .filter({ hasText: glass.number as string })
      .getByTestId('preferred-badge'),
  ).toBeVisible();

  // back on the first vendor (its list was cached a moment ago): it has lost the preference
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(firstUrl);
  await expect(line).toContainText('$12.50');
  await expect(line.getByTestId('preferred-badge')).toHaveCount(0);

  // delete the vendor material
  await line.getByRole('button', { name: `Open ${glass.number}` }).click();
  await vm.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this vendor material?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(vm).toHaveCount(0);
  await expect(line).toHaveCount(0);
});

test('an admin sets the email; deleting asks first, and a vendor on a purchase order is kept with the reason', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'admin');
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Cascade Hardware') });
  const ordered = await createRecord(page, baseURL!, 'vendors', { name: unique('Summit Mirror') });
  await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: ordered.id });

  await page.goto(`/lists/vendors/${vendor.id}`);
  await expect(page.getByRole('heading', { name: vendor.name as string, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('vendor-dialog');
  await expect(page.getByRole('dialog', { name: 'Edit Vendor' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeEnabled();
  await dialog.getByLabel('Email').fill('orders@cascade.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('vendor-page').getByText('orders@cascade.example')).toBeVisible();

  // Delete asks "Delete this vendor?"; Cancel keeps it
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this vendor?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/lists\/vendors$/);
  await page
    .getByTestId('vendors-table')
    .getByPlaceholder('Search vendors')
    .fill(vendor.name as string);
  await expect(page.getByTestId('vendors-table').getByText(`Nothing matches “${vendor.name}”.`)).toBeVisible();

  // a vendor named by a purchase order stays, and the reason is shown
  await page.goto(`/lists/vendors/${ordered.id}`);
  await page.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This vendor is used by 1 purchase order and cannot be deleted.')).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: ordered.name as string, level: 1 })).toBeVisible();
});

test('keyboard: Enter walks the Vendor and Vendor Material dialogs and saves on the last field', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'manager');
  const mirror = await createRecord(page, baseURL!, 'materials', { number: unique('MR-14'), description: '1/4" mirror' });
  await page.goto('/lists/vendors');
  await page.getByRole('button', { name: 'Add Vendor' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('vendor-dialog');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  const name = unique('Keyboard Glass');
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Contact')).toBeFocused();
  await page.keyboard.press('Enter'); // the email is disabled for a manager: skipped
  await expect(dialog.getByLabel('Phone')).toBeFocused();
  await page.keyboard.type('3605550123');
  await page.keyboard.press('Enter'); // the last field: saves
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Vendor' })).toBeFocused(); // the focus goes back
  await page.getByTestId('vendors-table').getByPlaceholder('Search vendors').fill(name);
  const open = page.getByRole('button', { name: `Open ${name}` });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Add Material' }).focus();
  await page.keyboard.press('Enter');
  const vm = page.getByTestId('vendor-material-dialog');
  const material = vm.getByRole('combobox', { name: 'Material' });
  await expect(material).toBeFocused(); // the vendor is fixed: the first thing to fill is the material
  await page.keyboard.type(mirror.number as string);
  // Wait for the search itself (the first, unfiltered list may show it among others).
  await expect(page.getByRole('listbox', { name: 'Material results' }).getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter'); // picks the highlighted match
  await expect(material).toHaveValue(mirror.number as string);
  await page.keyboard.press('Enter');
  await expect(vm.getByLabel('Part number')).toBeFocused();
  await page.keyboard.type('MR-14-KB');
  await page.keyboard.press('Enter');
  await expect(vm.getByLabel('Unit price')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3.25');
  await page.keyboard.press('Enter');
  await expect(vm.getByLabel('Minimum order qty')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(vm.getByLabel('Preferred')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect(vm.getByLabel('Active')).toBeFocused();
  await page.keyboard.press('Enter'); // the last field: saves
  await expect(vm).toHaveCount(0);
  const line = page.getByTestId('vendor_materials-row').filter({ hasText: mirror.number as string });
  await expect(line).toContainText('MR-14-KB');
  await expect(line).toContainText('$3.25');
  await expect(line.getByTestId('preferred-badge')).toBeVisible();
});

test('without edit inventory the vendor screens are not offered', async ({ page }) => {
  await signInAs(page, 'supervisor');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Vendors' })).toHaveCount(0);
  await page.goto('/lists/vendors');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
});

test('screens at 1280 and 390 px, light and dark, pass axe', async ({ page, baseURL }) => {
  test.setTimeout(240_000); // three passes, four screens each, each checked by axe
  // photographed for a person to look at only when asked (SHOTS_DIR), as support.ts `screenshots`
  const dir = process.env.SHOTS_DIR;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await signInAs(page, 'admin');
  const vendor = await createRecord(page, baseURL!, 'vendors', {
    name: unique('Pacific Glass & Mirror Supply'),
    contact_name: 'Dana Whitfield',
    email: 'orders@pacificglass.example',
    phone: '5035550177',
  });
  const items = [
    ['1/4" clear float', 'FL-14', 4.85, 10, true],
    ['3/8" clear tempered', 'CT-38', 12.5, 1, false],
    ['1/4" beveled mirror', 'MR-14B', 7.2, 5, true],
  ] as const;
  for (const [description, part, price, min, preferred] of items) {
    const m = await createRecord(page, baseURL!, 'materials', { number: unique('MAT'), description });
    await createRecord(page, baseURL!, 'vendor_materials', {
      vendor_id: vendor.id,
      material_id: m.id,
      vendor_part_number: part,
      unit_price: price,
      minimum_order_qty: min,
      is_preferred: preferred,
    });
  }

  // Light at both widths, then dark at desktop width (axe measures the contrast of each).
  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'light'],
    [1280, 800, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const shot = async (name: string) => {
      if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}${scheme === 'dark' ? '-dark' : ''}.png`), fullPage: true });
    };
    await page.goto('/lists/vendors');
    await page.getByTestId('vendors-table').getByPlaceholder('Search vendors').fill('Pacific');
    await expect(page.getByTestId('vendors-row').first()).toContainText('(503) 555-0177');
    await expectAccessible(page, `vendors list at ${width} (${scheme})`);
    await shot('vendors-list');
    await page.getByRole('button', { name: 'Add Vendor' }).click();
    await expect(page.getByTestId('vendor-dialog')).toBeVisible();
    await expectAccessible(page, `vendor dialog at ${width} (${scheme})`);
    await shot('vendor-dialog');
    await page.getByTestId('vendor-dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`/lists/vendors/${vendor.id}`);
    await expect(page.getByTestId('vendor_materials-row')).toHaveCount(3);
    await expectAccessible(page, `vendor detail at ${width} (${scheme})`);
    await shot('vendor-detail');
    await page.getByTestId('vendor_materials-row').first().getByRole('button').first().click();
    const vm = page.getByTestId('vendor-material-dialog');
    await expect(vm.getByLabel('Part number')).not.toHaveValue('');
    await expectAccessible(page, `vendor material dialog at ${width} (${scheme})`);
    await shot('vendor-material-dialog');
    await vm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add Material' }).click();
    await expect(vm.getByLabel('Unit price')).toHaveValue('$0.00');
    await shot('vendor-material-dialog-new');
    await vm.getByRole('button', { name: 'Cancel' }).click();
  }
});
