/**
 * CSV import and export (issue 27), in Chromium: a manager imports materials from a CSV file
 * (mapping, a preview with the server's errors for the bad row, nothing imported; then the fixed
 * file, all rows imported), imports it again (updated, not duplicated), and exports the list.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Export or import' }).click();
  await page.getByRole('menuitem', { name: 'Import from file…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Materials' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseCsv(page: Page, dialog: ReturnType<Page['getByRole']>, name: string, text: string) {
  await dialog.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('a manager imports materials from a CSV file, again without duplicates, and exports the list', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'manager');
  const category = unique('Import Glass');
  await createRecord(page, baseURL!, 'material_categories', { name: category });
  const prefix = unique('IMP').replace(/\W/g, '');
  const lines = (bad: boolean) =>
    [
      'Number,Description,Category,Reorder qty,Starting price',
      `${prefix}-1,"1/4"" clear",${category},10,"$12.50"`,
      `${prefix}-2,3/8" tempered,${bad ? 'No Such Category' : category},5,$40.00`,
      `${prefix}-3,Mirror edge,${category},"1,000",0`,
    ].join('\n');

  await page.goto('/inventory');
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible();
  let dialog = await openImport(page);
  await expectAccessible(page, 'import dialog');
  await chooseCsv(page, dialog, 'materials.csv', lines(true));

  // the mapping step guessed every column from its heading
  await expect(dialog.getByText('materials.csv')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Field for Category' })).toHaveValue('material_category_id');
  await expect(dialog.getByRole('combobox', { name: 'Field for Starting price' })).toHaveValue('starting_price');
  await expectAccessible(page, 'import mapping');
  await screenshots(page, 'import-mapping');
  await dialog.getByRole('button', { name: 'Check 3 Rows' }).click();

  // the preview: the bad row with the server's own message, and no Import button
  await expect(dialog.getByTestId('import-summary')).toHaveText('1 of 3 rows have errors: fix them in the file and choose it again. Nothing is imported while a row has errors.');
  await expect(dialog.getByTestId('import-errors').getByRole('row').nth(1)).toHaveText('3Category “No Such Category”: No material category named “No Such Category”.');
  await expect(dialog.getByRole('button', { name: /^Import/ })).toHaveCount(0);
  await expectAccessible(page, 'import preview with errors');
  await screenshots(page, 'import-errors');

  // the fixed file: checked, then imported in one go
  await dialog.getByRole('button', { name: 'Choose Another File' }).click();
  await chooseCsv(page, dialog, 'materials.csv', lines(false));
  await dialog.getByRole('button', { name: 'Check 3 Rows' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('Ready: 3 to add, 0 to update.');
  await screenshots(page, 'import-ready');
  await dialog.getByRole('button', { name: 'Import 3 Rows' }).click();
  await expect(page.getByText('Imported 3 materials: 3 added, 0 updated.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page.getByTestId('materials-row')).toHaveCount(3);

  // the same file again: updated, not added
  dialog = await openImport(page);
  await chooseCsv(page, dialog, 'materials.csv', lines(false));
  await dialog.getByRole('button', { name: 'Check 3 Rows' }).click();
  await expect(dialog.getByTestId('import-summary')).toHaveText('Ready: 0 to add, 3 to update.');
  await dialog.getByRole('button', { name: 'Import 3 Rows' }).click();
  await expect(page.getByText('Imported 3 materials: 0 added, 3 updated.')).toBeVisible();
  await expect(page.getByTestId('materials-row')).toHaveCount(3);

  // the export: the rows the list shows (its search), as the table words them
  await page.getByRole('button', { name: 'Export or import' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^material-list-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  const rows = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(rows).toHaveLength(4);
  expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(expect.arrayContaining([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]));
});

test('the import menu is not offered to those who may only view', async ({ page }) => {
  await signInAs(page, 'supervisor');
  await page.goto('/inventory');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Import from file…' })).toHaveCount(0);
});
