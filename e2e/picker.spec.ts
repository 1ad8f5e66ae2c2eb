/** The related-record picker: search as you type, keyboard picking, and Add New in a stacked dialog. */
import { expect, test } from '@playwright/test';
import { signInAs } from './support.ts';

test('adds a client type from the client dialog and selects it', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByTestId('client-dialog');
  await dialog.getByLabel('Name').fill('Bayside Builders');
  const picker = dialog.getByRole('combobox', { name: 'Client type' });
  await picker.fill('Retail');
  const addNew = page.getByRole('option', { name: 'Add New Client Type Retail' });
  await expect(addNew).toBeVisible();
  await addNew.click();

  const stacked = page.getByTestId('client-type-dialog');
  await expect(stacked.getByLabel('Name')).toHaveValue('Retail');
  await stacked.getByRole('button', { name: 'Save' }).click();
  await expect(stacked).toHaveCount(0);
  await expect(picker).toHaveValue('Retail');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('clients-row').filter({ hasText: 'Bayside Builders' })).toContainText('Retail');

  // keyboard: type, arrow down, Enter picks
  await page.getByTestId('clients-row').filter({ hasText: 'Bayside Builders' }).click();
  const edit = page.getByTestId('client-dialog');
  const editPicker = edit.getByRole('combobox', { name: 'Client type' });
  await editPicker.fill('ret');
  await expect(page.getByRole('option', { name: 'Retail' })).toBeVisible();
  // Wait for the search itself (the first, unfiltered list can also show Retail among other types).
  await expect(page.getByRole('listbox', { name: 'Client Type results' }).getByRole('option')).toHaveCount(1);
  await editPicker.press('ArrowDown');
  await editPicker.press('Enter');
  await expect(editPicker).toHaveValue('Retail');
});
