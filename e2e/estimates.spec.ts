/**
 * Estimating in the browser: an estimate added from the list and opened; its items (one
 * added by hand, the others made from a takeoff), the qty warning after one is changed; Finalize;
 * an approval link for the client; an admin marks it won through the Estimate Status selection and
 * converts it to a job that has the products; a revision and its diff. With SHOTS_DIR set, each screen is photographed at 1280 and
 * 390 px wide.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

/** A category with a product and a takeoff option of it. */
async function catalogue(page: Page, baseURL: string) {
  const category = await createRecord(page, baseURL, 'product_categories', { name: unique('Shower Glass') });
  const door = await createRecord(page, baseURL, 'products', {
    name: unique('Frameless door'),
    category_id: category.id,
    revenue_per_unit: 950,
    cost_per_unit: 520,
  });
  const panel = await createRecord(page, baseURL, 'products', {
    name: unique('Inline panel'),
    category_id: category.id,
    revenue_per_unit: 400,
    cost_per_unit: 210,
  });
  const option = await createRecord(page, baseURL, 'takeoff_options', {
    takeoffable_type: 'product',
    takeoffable_id: door.id,
    product_category_id: category.id,
    description: 'Shower doors',
  });
  return { category, door, panel, option };
}

async function confirmDialog(page: Page, button: string) {
  const dialog = page.getByRole('dialog').last();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('an estimate from the list to a job: items, the takeoff qty warning, finalize, won, convert, revise', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const { category, panel, option } = await catalogue(page, baseURL!);
  const clientName = unique('Harbor Homes');
  await createRecord(page, baseURL!, 'clients', { name: clientName });
  const name = unique('Lobby restrooms');

  // Add Estimate from the list: Save and Open goes to the estimate.
  await page.goto('/estimates');
  await expectAccessible(page, 'estimate list');
  await page.getByRole('button', { name: 'Add Estimate' }).click();
  const dialog = page.getByTestId('estimate-dialog');
  await dialog.getByRole('combobox', { name: 'Client' }).fill(clientName);
  await page.getByRole('listbox', { name: 'Client results' }).getByRole('option', { name: clientName }).click();
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await dialog.getByRole('combobox', { name: 'Scopes' }).click();
  await page.getByRole('option', { name: category.name as string }).click();
  await page.keyboard.press('Escape');
  await screenshots(page, 'estimate-dialog');
  await dialog.getByRole('button', { name: 'Save and Open' }).click();
  await expect(page).toHaveURL(/\/estimates\/\d+$/);
  const estimateId = Number(page.url().split('/').pop());
  const screen = page.getByTestId('estimate-page');
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(screen.getByTestId('estimate-status').first()).toHaveText('Draft');

  // A takeoff of 3 unit types (made through the API: the grid has its own spec), then its items.
  const takeoff = await createRecord(page, baseURL!, 'takeoffs', { estimate_id: estimateId });
  for (const [description, qty, perUnit] of [
    ['Unit type A', 12, 1],
    ['Unit type B', 8, 2],
    ['Unit type C', 2, 1],
  ] as const) {
    const unit = await createRecord(page, baseURL!, 'takeoff_units', { takeoff_id: takeoff.id, description, qty });
    await createRecord(page, baseURL!, 'takeoff_items', { takeoff_id: takeoff.id, takeoff_unit_id: unit.id, takeoff_option_id: option.id, qty: perUnit });
  }
  expect((await apiPost(page.request, baseURL!, `/api/estimates/${estimateId}/items_from_takeoff`, {})).status()).toBe(200);

  // An item by hand: the panel, qty 2, its standard price × qty.
  await page.reload();
  await screen.getByRole('button', { name: 'Add Item' }).first().click();
  const itemDialog = page.getByTestId('estimate-item-dialog');
  await itemDialog.getByRole('combobox', { name: 'Product', exact: true }).fill(panel.name as string);
  await page
    .getByRole('listbox', { name: 'Product results' })
    .getByRole('option', { name: panel.name as string })
    .click();
  await itemDialog.getByLabel('Qty').fill('2');
  await expect(itemDialog.getByLabel('Amount', { exact: true })).toHaveValue('$800.00');
  // the item's notes are the estimator's: the field says they never reach the client
  await itemDialog.getByLabel('Internal notes').fill('Check the wall is plumb.');
  await expect(itemDialog).toContainText('For your team only: never printed, on the PDF or shown to the client.');
  await itemDialog.getByRole('button', { name: 'Save' }).click();
  await expect(itemDialog).toBeHidden();

  // 12 × 1 + 8 × 2 + 2 × 1 = 30 doors at $950: the items and the total.
  const items = screen.getByTestId('estimate-items');
  await expect(items.getByTestId('estimate-item-row')).toHaveCount(2);
  await expect(screen.getByTestId('figure-total')).toHaveText('$29,300.00');
  await expectAccessible(page, 'estimate screen');
  await screenshots(page, 'estimate-screen');

  // Changing the door's qty away from the takeoff's: the warning in the dialog and on the row.
  await items.getByRole('button', { name: 'Shower doors' }).click();
  await itemDialog.getByLabel('Qty').fill('28');
  await expect(itemDialog.getByText('It looks like qty does not match the calculated qty.')).toBeVisible();
  await itemDialog.getByRole('button', { name: 'Save' }).click();
  await expect(itemDialog).toBeHidden();
  await expect(items.getByRole('img', { name: 'Qty differs from the takeoff' })).toHaveCount(1);

  // Finalize: asked first; then open, and the items are read-only.
  await screen.getByRole('button', { name: 'Finalize' }).click();
  await expect(page.getByRole('dialog').last()).toContainText('Finalize estimate and change status to open?');
  await confirmDialog(page, 'Finalize');
  await expect(screen.getByTestId('estimate-status').first()).toHaveText('Open');
  await expect(screen.getByRole('button', { name: 'Add Item' })).toHaveCount(0);

  // An open estimate's approval link for the client (its acceptance has its own spec): shown once.
  await screen.getByRole('tab', { name: 'Client Approval' }).click();
  await screen.getByRole('button', { name: 'Create approval link' }).click();
  await expect(screen.getByTestId('approval-url')).toHaveValue(/\/approve\/[\w-]{20,}$/);
  await screen.getByRole('tab', { name: 'Items' }).click();

  // An admin marks it won and converts it: the job has the products.
  await signInAs(page, 'admin', `/estimates/${estimateId}`);
  await screen.getByTestId('estimate-status-menu').click();
  await page.getByRole('menuitem', { name: 'Won' }).click();
  await confirmDialog(page, 'Won');
  await expect(screen.getByTestId('estimate-status').first()).toHaveText('Won');
  await screen.getByRole('button', { name: 'Convert to Job' }).click();
  // the estimate names no job number: the dialog asks it, prefilled by the numbering rule (YY-NNNN)
  await expect(page.getByTestId('convert-job-number')).toHaveValue(/^\d\d-\d{4,}$/);
  const jobNumber = await page.getByTestId('convert-job-number').inputValue();
  await confirmDialog(page, 'Convert');
  await expect(page).toHaveURL(/\/jobs\/\d+$/);
  const jobPage = page.getByTestId('job-page');
  await expect(jobPage).toContainText(clientName);
  await expect(jobPage).toContainText(jobNumber);
  await expect(jobPage.getByTestId('job-products')).toContainText('Shower doors');
  await expect(jobPage.getByTestId('job-products')).toContainText(panel.name as string);
  await expect(jobPage.getByRole('link', { name: name })).toHaveAttribute('href', `/estimates/${estimateId}`);

  // Revise: the next revision is a draft; the won one is kept, and the diff says what changed.
  await page.goto(`/estimates/${estimateId}`);
  await screen.getByRole('button', { name: 'Revise' }).click();
  await confirmDialog(page, 'Revise');
  await expect(page).toHaveURL(new RegExp(`/estimates/(?!${estimateId}$)\\d+$`));
  await expect(screen.getByTestId('estimate-status').first()).toHaveText('Draft');
  await screen.getByRole('tab', { name: 'Revisions' }).click();
  await expect(screen.getByTestId('estimate-revisions').getByRole('row')).toHaveCount(3);
  await expect(screen.getByTestId('revision-diff')).toContainText('The items are the same.');
  await screenshots(page, 'estimate-revisions');
});
