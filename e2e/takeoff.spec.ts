/**
 * Takeoffs: an estimator builds the takeoff of a new draft estimate — three unit types
 * added through the Takeoff Unit dialog, cells typed with the keyboard alone, the totals row, the
 * cells kept after a reload — and makes the estimate's items from it; a finalized estimate's takeoff
 * is read-only; an admin adds a takeoff option and saves a reorder and an active switch in one go.
 * The screens are photographed at 1280 and 390 px, light and dark (into SHOTS_DIR when set), and checked by axe.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { animationsDone, apiPost, createRecord, expectAccessible, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 180_000 });

/** A category with two products, an option for each, and a client: what a takeoff needs. */
async function catalogue(page: Page, baseURL: string) {
  const category = await createRecord(page, baseURL, 'product_categories', { name: unique('Shower Glass') });
  const door = await createRecord(page, baseURL, 'products', {
    number: unique('SD'),
    name: unique('Frameless door'),
    category_id: category.id,
    revenue_per_unit: 900,
    cost_per_unit: 400,
  });
  const panel = await createRecord(page, baseURL, 'products', {
    number: unique('SP'),
    name: unique('Return panel'),
    category_id: category.id,
    revenue_per_unit: 300,
    cost_per_unit: 120,
  });
  const doorOption = await createRecord(page, baseURL, 'takeoff_options', {
    takeoffable_type: 'product',
    takeoffable_id: door.id,
    product_category_id: category.id,
    description: door.name,
    sort: 0,
  });
  const panelOption = await createRecord(page, baseURL, 'takeoff_options', {
    takeoffable_type: 'product',
    takeoffable_id: panel.id,
    product_category_id: category.id,
    description: panel.name,
    sort: 1,
  });
  const client = await createRecord(page, baseURL, 'clients', { name: unique('Harbor Lofts') });
  return { category, door, panel, doorOption, panelOption, client };
}

const cell = (page: Page, unit: string, option: string) => page.getByRole('gridcell', { name: `${unit}, ${option}: qty`, exact: true });

test('an estimator builds a takeoff of 3 unit types by keyboard and makes the estimate items from it', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const { category, door, panel, client } = await catalogue(page, baseURL!);
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Harbor Lofts phase 2'),
    product_category_list: [category.id],
  });

  await page.goto(`/estimates/${estimate.id}/takeoff`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Takeoff — ${String(estimate.name)}`);
  await expect(page.getByRole('link', { name: String(estimate.name) })).toHaveAttribute('href', `/estimates/${estimate.id}`);
  await expect(page.getByTestId('takeoff-no-units')).toContainText('No units yet.');

  // Three unit types, the first from the empty state, the others from Add Unit.
  const units = [
    ['Unit type A', '12'],
    ['Unit type B', '3'],
    ['Unit type C', '2'],
  ] as const;
  for (const [i, [description, qty]] of units.entries()) {
    await page.getByRole('button', { name: i === 0 ? 'Add the first unit' : 'Add Unit' }).click();
    const dialog = page.getByTestId('takeoff-unit-dialog');
    await expect(dialog.getByRole('heading', { name: 'Add Takeoff Unit' })).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
    await dialog.getByRole('textbox', { name: 'Qty' }).fill(qty);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('rowheader', { name: new RegExp(`^${description} × ${qty}`) })).toBeVisible();
  }
  const grid = page.getByRole('grid', { name: `Takeoff — ${String(estimate.name)}` });
  await expect(grid.getByRole('columnheader')).toHaveText([
    'Unit',
    `${String(category.name)}${String(door.name)}`,
    `${String(category.name)}${String(panel.name)}`,
  ]);

  // Keyboard only: type, Enter moves down; Tab moves right; arrows move.
  await cell(page, 'Unit type A', String(door.name)).click();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(cell(page, 'Unit type B', String(door.name))).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  await expect(cell(page, 'Unit type C', String(panel.name))).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.type('0.5');
  await page.keyboard.press('Enter');
  await page.keyboard.type('4');
  await page.keyboard.press('Escape'); // put back: nothing typed into B's panel
  await expect(cell(page, 'Unit type B', String(panel.name))).toHaveText('');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('grid-save-status')).toHaveText('All changes saved');

  // Totals: door 12×1 + 3×2 + 2×1 = 20; panel 12×0.5 + 2×3 = 12.
  await expect(page.getByRole('gridcell', { name: `Total, ${String(door.name)}` })).toHaveText('20');
  await expect(page.getByRole('gridcell', { name: `Total, ${String(panel.name)}` })).toHaveText('12');
  await expectAccessible(page, 'takeoff grid');

  // Saved: a reload shows the same cells.
  await page.reload();
  await expect(cell(page, 'Unit type A', String(panel.name))).toHaveText('0.5');
  await expect(cell(page, 'Unit type B', String(door.name))).toHaveText('2');
  await expect(page.getByRole('gridcell', { name: `Total, ${String(door.name)}` })).toHaveText('20');

  // A unit's qty changed through its dialog changes the totals.
  await page.getByRole('rowheader', { name: /^Unit type B × 3/ }).click();
  const unitDialog = page.getByTestId('takeoff-unit-dialog');
  await unitDialog.getByRole('textbox', { name: 'Qty' }).fill('4');
  await unitDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('gridcell', { name: `Total, ${String(door.name)}` })).toHaveText('22');

  await page.getByRole('button', { name: 'Items from takeoff' }).click();
  const said = page.getByTestId('confirm-dialog');
  await expect(said).toContainText('2 items created, 0 updated.');
  await said.getByRole('button', { name: 'Stay here' }).click();
  const items = await page.request.get(new URL(`/api/estimate_items?estimate_id=${estimate.id}`, baseURL).toString());
  const rows = ((await items.json()) as { data: { description: string; qty: number }[] }).data;
  expect(rows.map((r) => [r.description, r.qty]).sort()).toEqual([
    [String(door.name), 22],
    [String(panel.name), 12],
  ]);
  await page.getByRole('button', { name: 'Items from takeoff' }).click();
  await expect(said).toContainText('0 items created, 0 updated.');
  await said.getByRole('button', { name: 'Go to the estimate' }).click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${estimate.id}$`));
});

test('items from the takeoff take over a product added by hand instead of doubling it, marked as from the takeoff', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const { category, door, doorOption, client } = await catalogue(page, baseURL!);
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Inline Door job'),
    product_category_list: [category.id],
  });
  // the estimator added the door by hand before the takeoff
  await createRecord(page, baseURL!, 'estimate_items', { estimate_id: estimate.id, product_id: door.id, qty: 1, description: 'Inline Door & Panel' });
  const takeoff = await createRecord(page, baseURL!, 'takeoffs', { estimate_id: estimate.id });
  const unit = await createRecord(page, baseURL!, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Bath', qty: 3 });
  await createRecord(page, baseURL!, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: doorOption.id, qty: 1 });

  await page.goto(`/estimates/${estimate.id}/takeoff`);
  await page.getByRole('button', { name: 'Items from takeoff' }).click();
  const said = page.getByTestId('confirm-dialog');
  await expect(said).toContainText('0 items created, 0 updated. 1 line added by hand had the product already: it follows the takeoff now, not doubled.');
  if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `takeoff-matched-${page.viewportSize()!.width}.png`) });
  await said.getByRole('button', { name: 'Go to the estimate' }).click();
  await expect(page).toHaveURL(new RegExp(`/estimates/${estimate.id}$`));
  const rows = page.getByTestId('estimate-item-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Inline Door & Panel');
  await expect(rows.first().getByTestId('item-from-takeoff')).toHaveText('Takeoff');
  // 3 doors at 900, once
  await expect(page.getByTestId('estimate-total')).toHaveText('$2,700.00');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await animationsDone(page);
    if (process.env.SHOTS_DIR) await page.screenshot({ path: path.join(process.env.SHOTS_DIR, `items-from-takeoff-${width}.png`), fullPage: true });
  }
});

test("a finalized estimate's takeoff is read-only", async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const { category, door, client } = await catalogue(page, baseURL!);
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Finalized lobby'),
    product_category_list: [category.id],
  });
  const takeoff = await createRecord(page, baseURL!, 'takeoffs', { estimate_id: estimate.id });
  await createRecord(page, baseURL!, 'takeoff_units', { takeoff_id: takeoff.id, description: 'Lobby', qty: 1 });
  expect((await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/status`, { status: 'open' })).status()).toBe(200);

  await page.goto(`/estimates/${estimate.id}/takeoff`);
  await expect(page.getByTestId('takeoff-read-only')).toContainText('Only a draft estimate can be changed.');
  await expect(page.getByRole('button', { name: 'Add Unit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Items from takeoff' })).toHaveCount(0);
  await cell(page, 'Lobby', String(door.name)).click();
  await page.keyboard.type('5');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(cell(page, 'Lobby', String(door.name))).toHaveText('');
});

test('an admin adds a takeoff option, then reorders and switches options off, saved together', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const { category, door, panel } = await catalogue(page, baseURL!);
  const mirror = await createRecord(page, baseURL!, 'products', { number: unique('MR'), name: unique('Vanity mirror'), category_id: category.id });

  await page.goto('/takeoff_options');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Takeoff Options');
  const save = page.getByRole('button', { name: /^Save/ });
  await expect(save).toBeDisabled();

  await page.getByRole('button', { name: 'Add Takeoff Option' }).click();
  const dialog = page.getByTestId('takeoff-option-dialog');
  await dialog.getByRole('combobox', { name: 'Product' }).fill(String(mirror.name));
  await page
    .getByRole('listbox', { name: 'Product results' })
    .getByRole('option', { name: new RegExp(String(mirror.number)) })
    .click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue(String(mirror.name));
  await expect(dialog.getByLabel('Category')).toHaveValue(String(category.name));
  await expectAccessible(page, 'takeoff option dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const section = page.getByRole('table', { name: `${String(category.name)} takeoff options` });
  const names = section.getByTestId('takeoff-option-row').getByRole('button', { name: /^Edit / });
  await expect(names).toHaveText([String(door.name), String(panel.name), String(mirror.name)]);

  // The mirror up to the top, the panel off: one Save.
  await section.getByRole('button', { name: `Move ${String(mirror.name)} up` }).click();
  await section.getByRole('button', { name: `Move ${String(mirror.name)} up` }).click();
  await section.getByRole('switch', { name: `${String(panel.name)} active` }).click({ force: true });
  await expect(names).toHaveText([String(mirror.name), String(door.name), String(panel.name)]);
  await expect(save).toBeEnabled();
  await expectAccessible(page, 'takeoff options');
  // Leaving with changes asks first; Keep editing stays with them.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const ask = page.getByTestId('confirm-dialog');
  await expect(ask).toContainText('Discard unsaved changes?');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/takeoff_options$/);
  await expect(names).toHaveText([String(mirror.name), String(door.name), String(panel.name)]);
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/takeoff_options/store_many'));
  await save.click();
  expect((await stored).status()).toBe(200);
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(names).toHaveText([String(mirror.name), String(door.name), String(panel.name)]);
  await expect(section.getByRole('switch', { name: `${String(panel.name)} active` })).not.toBeChecked();

  // Discard leaves without saving.
  await section.getByRole('switch', { name: `${String(door.name)} active` }).click({ force: true });
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/takeoff_options');
  await expect(section.getByRole('switch', { name: `${String(door.name)} active` })).toBeChecked();
});

test('screens at 1280 and 390 px, light and dark, pass axe', async ({ page, baseURL }) => {
  // photographed for a person to look at only when asked (SHOTS_DIR), as support.ts `screenshots`
  const dir = process.env.SHOTS_DIR;
  await signInAs(page, 'manager');
  const { category, client, doorOption, panelOption } = await catalogue(page, baseURL!);
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Harbor Lofts'),
    product_category_list: [category.id],
  });
  const takeoff = await createRecord(page, baseURL!, 'takeoffs', { estimate_id: estimate.id });
  for (const [i, name] of ['Unit type A', 'Unit type B', 'Unit type C', 'Master bath', 'Hall bath'].entries()) {
    const unit = await createRecord(page, baseURL!, 'takeoff_units', {
      takeoff_id: takeoff.id,
      description: name,
      qty: 3 + i,
      notes: i === 1 ? 'Corner units, left-hand doors' : null,
      sort: i,
    });
    await createRecord(page, baseURL!, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: doorOption.id, qty: 1 });
    if (i % 2 === 0)
      await createRecord(page, baseURL!, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: panelOption.id, qty: 2 });
  }
  if (dir) fs.mkdirSync(dir, { recursive: true });
  for (const [width, height, scheme] of [
    [1280, 800, 'light'],
    [390, 844, 'light'],
    [1280, 800, 'dark'],
    [390, 844, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    const shot = async (name: string) => {
      await animationsDone(page);
      if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}-${scheme}.png`), fullPage: true });
    };
    await page.goto(`/estimates/${estimate.id}/takeoff`);
    await cell(page, 'Unit type B', String(doorOption.description)).click();
    await expectAccessible(page, `takeoff grid at ${width} px, ${scheme}`);
    await shot('takeoff');
    await page.goto('/takeoff_options');
    await expect(page.getByTestId('takeoff-option-section').first()).toBeVisible();
    await expectAccessible(page, `takeoff options at ${width} px, ${scheme}`);
    await shot('takeoff-options');
  }
});
