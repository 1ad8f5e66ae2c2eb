/**
 * Materials and stock: a manager adds a material, counts and adjusts its stock and
 * sees on hand and the history follow; the list filters below reorder; a material in use is kept
 * with the server's reason; an employee reads it all without changing anything.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, expectAccessible, signInAs } from './support.ts';

// Each journey signs in and runs axe on several screens and dialogs: on a busy 2-core machine that
// can take longer than the default 30 s (no assertion waits on time; only the cap is higher).
test.beforeEach(() => test.slow());

const asManager = (page: Page) => signInAs(page, 'manager');

async function created(page: Page, baseURL: string, path: string, body: unknown): Promise<{ id: number } & Record<string, unknown>> {
  const res = await apiPost(page.request, baseURL, path, body);
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

/** The stock history's rows, newest first, as "Type Qty Balance" text. */
const historyRows = (page: Page) => page.getByTestId('stock-history').getByTestId('material_transactions-row');

test('a manager adds a category and a material with every field', async ({ page }) => {
  await asManager(page);
  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expectAccessible(page, 'inventory list');

  // a category, from the Categories list
  await page.getByRole('button', { name: 'Categories' }).click();
  const categories = page.getByTestId('material-categories-dialog');
  await categories.getByRole('button', { name: 'Add Category' }).click();
  const categoryDialog = page.getByTestId('material-category-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Material Category' })).toBeVisible();
  await expectAccessible(page, 'material category dialog');
  await categoryDialog.getByLabel('Name').fill('Shower Glass E2E');
  await categoryDialog.getByRole('button', { name: 'Save' }).click();
  await expect(categoryDialog).toHaveCount(0);
  await expect(categories.getByText('Shower Glass E2E')).toBeVisible();
  await expectAccessible(page, 'material categories dialog');
  await categories.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByRole('button', { name: 'Add Material' }).click();
  const dialog = page.getByTestId('material-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Material' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The number field is required.')).toBeVisible();
  await dialog.getByLabel('Number').fill('GL-38-CLR-E2E');
  await dialog.getByLabel('Description').fill('3/8" clear tempered');
  await dialog.getByLabel('Category').fill('Shower Glass E2E');
  await page.getByRole('option', { name: /Shower Glass E2E/ }).click();
  await dialog.getByLabel('Reorder qty').fill('10');
  await dialog.getByLabel('Economic order qty').fill('20');
  await dialog.getByLabel('Starting qty').fill('4');
  await dialog.getByLabel('Starting price').fill('12.5');
  await expectAccessible(page, 'material dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  // its screen: number, description beneath, on hand from the starting qty, below reorder
  await expect(page).toHaveURL(/\/inventory\/\d+$/);
  await expect(page.getByRole('heading', { name: 'GL-38-CLR-E2E', level: 1 })).toBeVisible();
  const card = page.getByTestId('material-page');
  await expect(card.getByText('3/8" clear tempered')).toBeVisible();
  await expect(card.getByText('Shower Glass E2E')).toBeVisible();
  await expect(card.getByText('$12.50')).toBeVisible();
  await expect(page.getByTestId('material-on-hand')).toHaveText('4');
  await expect(card.getByTestId('below-reorder')).toHaveText('Reorder');
});

test('a manager counts stock and adjusts it, and sees on hand and the history change', async ({ page, baseURL }) => {
  await asManager(page);
  const material = await created(page, baseURL!, '/api/materials', { number: 'CNT-1', description: '1/4" mirror', reorder_qty: 10, starting_qty: 4 });
  await page.goto(`/inventory/${material.id}`);
  const onHand = page.getByTestId('material-on-hand');
  await expect(onHand).toHaveText('4');
  await expect(page.getByText('No stock movements yet: on hand is the starting qty, 4.')).toBeVisible();
  await expectAccessible(page, 'material screen');

  // count: on hand is the counted qty, the history shows the count
  await page.getByRole('button', { name: 'Count Stock' }).click();
  const count = page.getByTestId('count-dialog');
  await count.getByLabel('Counted qty').fill('25');
  await count.getByLabel('Note').fill('Cycle count');
  await expectAccessible(page, 'count dialog');
  await count.getByRole('button', { name: 'Save Count' }).click();
  await expect(count).toHaveCount(0);
  await expect(onHand).toHaveText('25');
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText('Count');
  await expect(historyRows(page).first()).toContainText('= 25');
  await expect(page.getByTestId('material-page').getByTestId('below-reorder')).toHaveCount(0);

  // adjust: a signed qty that needs a note
  await page.getByRole('button', { name: 'Adjust' }).click();
  const adjust = page.getByTestId('adjust-dialog');
  await adjust.getByLabel('Adjust by').fill('-3');
  await adjust.getByRole('button', { name: 'Save Adjustment' }).click();
  await expect(adjust.getByText('An adjustment needs a note saying why.')).toBeVisible();
  await adjust.getByLabel('Note').fill('Broken lite');
  await expectAccessible(page, 'adjust dialog');
  await adjust.getByRole('button', { name: 'Save Adjustment' }).click();
  await expect(adjust).toHaveCount(0);
  await expect(onHand).toHaveText('22');
  await expect(historyRows(page)).toHaveCount(2);
  const newest = historyRows(page).first();
  await expect(newest).toContainText('Adjustment');
  await expect(newest).toContainText('−3');
  await expect(newest).toContainText('22');
  await expect(newest).toContainText('Broken lite');
  await expect(historyRows(page).nth(1)).toContainText('= 25');

  // the list shows the new on hand
  await page.goto('/inventory');
  const table = page.getByTestId('materials-table');
  await table.getByPlaceholder('Search number or description').fill('CNT-1');
  const row = table.getByTestId('materials-row').filter({ hasText: 'CNT-1' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1/4" mirror');
  await expect(row).toContainText('22');
});

test('the list filters materials below their reorder point, and by category', async ({ page, baseURL }) => {
  await asManager(page);
  const glass = await created(page, baseURL!, '/api/material_categories', { name: 'Filter Glass' });
  const hardware = await created(page, baseURL!, '/api/material_categories', { name: 'Filter Hardware' });
  await created(page, baseURL!, '/api/materials', {
    number: 'RF-LOW',
    description: 'Low clips',
    material_category_id: hardware.id,
    reorder_qty: 20,
    starting_qty: 2,
  });
  await created(page, baseURL!, '/api/materials', {
    number: 'RF-FULL',
    description: 'Plenty of glass',
    material_category_id: glass.id,
    reorder_qty: 1,
    starting_qty: 50,
  });

  await page.goto('/inventory');
  const table = page.getByTestId('materials-table');
  await table.getByPlaceholder('Search number or description').fill('RF-');
  const rows = table.getByTestId('materials-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'RF-LOW' }).getByTestId('below-reorder')).toHaveText('Reorder');
  await expect(rows.filter({ hasText: 'RF-FULL' }).getByTestId('below-reorder')).toHaveCount(0);

  await table.getByLabel('Below reorder').check({ force: true });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('RF-LOW');
  await table.getByLabel('Below reorder').uncheck({ force: true });
  await expect(rows).toHaveCount(2);

  await table.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Filter Glass' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('RF-FULL');
});

test('a material in use is kept, with the server’s reason', async ({ page, baseURL }) => {
  await asManager(page);
  const material = await created(page, baseURL!, '/api/materials', { number: 'INUSE-1', description: 'Hinge, glass to wall' });
  await created(page, baseURL!, '/api/products', { name: 'Frameless door kit', number: 'FD-E2E', material_id: material.id });

  await page.goto(`/inventory/${material.id}`);
  await page.getByRole('tab', { name: 'Used By' }).click();
  await expect(page.getByTestId('material-products').getByText('FD-E2E')).toBeVisible();

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByTestId('material-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this material?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('This material is used by 1 product and cannot be deleted.')).toBeVisible();
  await expect(page.getByText('Not possible')).toBeVisible();
  await expect(dialog).toBeVisible(); // still open, nothing lost
});

test('an employee sees the material read-only', async ({ page, baseURL }) => {
  await asManager(page);
  const category = await created(page, baseURL!, '/api/material_categories', { name: 'Read Only Cat' });
  const material = await created(page, baseURL!, '/api/materials', {
    number: 'RO-1',
    description: 'Channel',
    material_category_id: category.id,
    starting_qty: 7,
  });
  await page.context().clearCookies(); // signed out: the employee logs in next
  await signInAs(page, 'employee', '/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Material' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Take Snapshot' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Categories' }).click();
  const categories = page.getByTestId('material-categories-dialog');
  await expect(categories.getByRole('button', { name: 'Add Category' })).toHaveCount(0);
  await categories.getByText('Read Only Cat').click();
  await expect(page.getByRole('dialog', { name: 'Material Category' })).toBeVisible();
  const categoryDialog = page.getByTestId('material-category-dialog');
  await expect(categoryDialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(categoryDialog.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await categoryDialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await categories.getByRole('button', { name: 'Close', exact: true }).last().click();

  await page.getByTestId('materials-table').getByRole('button', { name: 'Open RO-1' }).click();
  await expect(page).toHaveURL(new RegExp(`/inventory/${material.id}$`));
  await expect(page.getByRole('heading', { name: 'RO-1', level: 1 })).toBeVisible();
  await expect(page.getByTestId('material-on-hand')).toHaveText('7');
  for (const name of ['Count Stock', 'Adjust', 'Edit', 'Add Vendor']) await expect(page.getByRole('button', { name })).toHaveCount(0);
  await expectAccessible(page, 'material screen, read-only');
});
