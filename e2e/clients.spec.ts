/** Client types and clients, end to end: create, edit, delete, with the spec's confirmations. */
import { expect, test } from '@playwright/test';
import { signInAs } from './support.ts';

test('create, edit and delete a client type', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await page.getByRole('button', { name: 'Client Types' }).click();
  const list = page.getByTestId('client-types-dialog');
  await list.getByRole('button', { name: /Add/ }).click();
  const dialog = page.getByTestId('client-type-dialog');
  await expect(page.getByRole('dialog', { name: 'Add Client Type' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The name field is required.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Builder');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(list.getByText('Builder', { exact: true })).toBeVisible();

  await list.getByText('Builder', { exact: true }).click();
  const edit = page.getByTestId('client-type-dialog');
  await edit.getByLabel('Name').fill('Home Builder');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(list.getByText('Home Builder', { exact: true })).toBeVisible();

  await list.getByText('Home Builder', { exact: true }).click();
  await page.getByTestId('client-type-dialog').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this client type?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByText('Home Builder', { exact: true })).toHaveCount(0);
});

test('create, edit and delete a client', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog.getByText('Add Client')).toBeVisible();
  await expect(dialog.getByLabel('Active')).toHaveCount(0); // the active toggle only when editing
  await dialog.getByLabel('Name').fill('Harbor Glass Co');
  await dialog.getByLabel('Note').fill('Prefers morning installs');
  await dialog.getByRole('radio', { name: 'Colour 5' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);

  const table = page.getByTestId('clients-table');
  await table.getByPlaceholder('Search clients').fill('harbor');
  const row = table.getByRole('row', { name: /Harbor Glass Co/ }).or(table.getByTestId('clients-row').filter({ hasText: 'Harbor Glass Co' }));
  await expect(row.first()).toBeVisible();
  await row.first().click();

  const edit = page.getByTestId('client-dialog');
  await expect(edit.getByText('Edit Client')).toBeVisible();
  await expect(edit.getByRole('radio', { name: 'Colour 5' })).toHaveAttribute('aria-checked', 'true');
  await edit.getByLabel('Name').fill('Harbor Glass & Mirror');
  await edit.getByLabel('Active').uncheck({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await table.getByPlaceholder('Search clients').fill('Mirror');
  const renamed = table.getByTestId('clients-row').filter({ hasText: 'Harbor Glass & Mirror' });
  await expect(renamed).toBeVisible();
  await expect(renamed.getByText('Inactive')).toBeVisible();

  await renamed.click();
  await page.getByTestId('client-dialog').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this client?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('client-dialog')).toHaveCount(0);
  await expect(table.getByTestId('clients-row').filter({ hasText: 'Harbor Glass & Mirror' })).toHaveCount(0);
});

test('the browser back action closes the top dialog instead of leaving the page', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Client' })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('client-dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/lists\/clients$/);
});
