/**
 * The kit's dialog behaviour, inherited by every dialog: Enter walks the fields and submits on the
 * last, focus goes back to the opener, destructive confirmations default to Cancel, read-only
 * dialogs read as text, and the record picker's list behaves (Escape, outside clicks, keyboard
 * highlight in view, job rows in heading order).
 */
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, ROLE_USERS, apiPost, signInAs, createJob } from './support.ts';

/** Names unique to each test run, so the tests can run again on the same database. */
let RUN = '';
test.beforeEach(() => {
  RUN = Date.now().toString(36);
});

const focusedLabel = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? document.activeElement?.textContent ?? '');

test('Login: Enter in Email goes to Password, Enter in Password logs in', async ({ page }) => {
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  const email = dialog.getByLabel('Email');
  await email.fill(ADMIN.email);
  await email.press('Enter');
  const password = dialog.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await password.fill(ADMIN.password);
  await password.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-button')).toContainText(ADMIN.name);
});

test('a record dialog: Enter walks the fields and saves on the last; the saved notice shows once; focus returns to the opener', async ({ page }) => {
  await signInAs(page, 'admin', '/lists/clients');
  const add = page.getByRole('button', { name: 'Add Client' });
  await add.focus();
  await add.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  const name = dialog.getByLabel('Name');
  await expect(name).toBeFocused();
  await name.fill(`Enter Key ${RUN}`);
  await name.press('Enter');
  const email = dialog.getByLabel('Email');
  await expect(email).toBeFocused();
  await email.press('Enter');
  const picker = dialog.getByRole('combobox', { name: 'Client type' });
  await expect(picker).toBeFocused();
  // Enter-ing through the picker does not open its list over the next field.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await picker.press('Enter');
  await expect(dialog.getByLabel('Note')).toBeFocused();
  // The footer stays in view.
  await expect(dialog.getByTestId('dialog-footer')).toBeInViewport();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Client saved.')).toHaveCount(1);
  await expect(add).toBeFocused();

  // Tab to a row's button, Enter opens it; Escape closes; the focus is back on the row.
  const rowButton = page.getByRole('button', { name: `Edit Enter Key ${RUN}` });
  await page.getByTestId('clients-table').getByPlaceholder('Search clients').fill(`Enter Key ${RUN}`);
  await rowButton.focus();
  await rowButton.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(edit).toBeVisible();
  // On an edited record the last field is the Active switch: Enter there saves.
  await edit.getByRole('switch', { name: 'Active' }).focus();
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('Client saved.')).toHaveCount(1);
  await expect(rowButton).toBeFocused();
});

test('a delete confirmation has a real title, focuses Cancel, and gives the focus back to Delete', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const res = await apiPost(page.request, baseURL!, '/api/clients', { name: `Confirm Focus ${RUN}` });
  expect(res.status()).toBe(201);
  await page.goto('/lists/clients');
  await page.getByTestId('clients-table').getByPlaceholder('Search clients').fill(`Confirm Focus ${RUN}`);
  await page
    .getByTestId('clients-row')
    .filter({ hasText: `Confirm Focus ${RUN}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Client' });
  const del = dialog.getByRole('button', { name: 'Delete' });
  await del.click();
  const confirm = page.getByRole('dialog', { name: 'Delete Client' });
  await expect(confirm.getByText('Delete this client?')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // A stray Enter cancels.
  await page.keyboard.press('Enter');
  await expect(confirm).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(del).toBeFocused();
});

test('the picker: Escape closes only its list, a click outside picks nothing, the highlight stays in view', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  // One type that the search leaves out, so the searched list (16) differs from the first one (17+).
  expect((await apiPost(page.request, baseURL!, '/api/client_types', { name: 'Other Type' })).status()).toBe(201);
  const tag = `Kit ${Date.now().toString(36)}`;
  for (let i = 1; i <= 16; i++) {
    const res = await apiPost(page.request, baseURL!, '/api/client_types', { name: `${tag} ${String(i).padStart(2, '0')}` });
    expect(res.status()).toBe(201);
  }
  await page.goto('/lists/clients');
  await page.getByRole('button', { name: 'Add Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Client' });
  await dialog.getByLabel('Name').fill('Picker Glass');
  const picker = dialog.getByRole('combobox', { name: 'Client type' });
  await picker.fill(tag);
  const list = page.getByRole('listbox', { name: 'Client Type results' });
  await expect(list.getByRole('option')).toHaveCount(16);

  // Arrow keys: the highlighted row is always visible, even past the list's height.
  for (let i = 1; i < 14; i++) await picker.press('ArrowDown');
  const highlighted = list.locator('[aria-selected="true"]');
  await expect(highlighted).toHaveText(`${tag} 14`);
  await expect(highlighted).toBeInViewport({ ratio: 0.9 });

  // Escape: the list closes, the dialog and what was typed stay.
  await picker.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Picker Glass');

  // Opened again, a click outside it (on the Name field above) closes it at once and picks nothing.
  await picker.click();
  await picker.press('ArrowDown');
  await expect(list).toBeVisible();
  await dialog.getByLabel('Name').click();
  await expect(list).toHaveCount(0);
  await expect(picker).toHaveValue('');
  await expect(dialog).toBeVisible();
});

test('the job picker lists jobs in the order of their headings (numbers, newest first)', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  for (const [number, name] of [
    // By name they would read K-1001, K-1003, K-1002.
    [`K${RUN}-1001`, 'Alder House'],
    [`K${RUN}-1003`, 'Mills Annex'],
    [`K${RUN}-1002`, 'Zephyr Tower'],
  ]) {
    await createJob(page, baseURL!, { number, name });
  }
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Time' }).click();
  const dialog = page.getByTestId('time-entry-dialog');
  const job = dialog.getByRole('combobox', { name: 'Job' });
  await job.fill(`K${RUN}-100`);
  const options = page.getByRole('listbox', { name: 'Job results' }).getByRole('option');
  await expect(options).toHaveCount(3);
  const headings = await options.evaluateAll((els) => els.map((e) => e.firstElementChild?.textContent));
  expect(headings).toEqual([`K${RUN}-1003`, `K${RUN}-1002`, `K${RUN}-1001`]);
});

test('without edit rights a record reads as text, titled without "Edit"; Profile is editable for an employee', async ({ page, browser, baseURL }) => {
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  expect((await apiPost(admin.request, baseURL!, '/api/clients', { name: `Read Only ${RUN}`, note: 'Morning installs' })).status()).toBe(201);
  await adminContext.close();
  await signInAs(page, 'employee', '/lists/clients');
  await page.getByTestId('clients-table').getByPlaceholder('Search clients').fill(`Read Only ${RUN}`);
  await page
    .getByTestId('clients-row')
    .filter({ hasText: `Read Only ${RUN}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Client', exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue(`Read Only ${RUN}`);
  await expect(dialog.getByLabel('Name')).not.toBeEditable();
  await expect(dialog.getByLabel('Name')).toBeEnabled();
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  // exact: the Profile's passkeys section has its own "Name for a new passkey"
  await expect(profile.getByLabel('Name', { exact: true })).toHaveValue(ROLE_USERS.employee.name);
  await expect(profile.getByLabel('Name', { exact: true })).toBeEditable();
  await profile.getByLabel('Phone').fill('5035550142');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile).toHaveCount(0);
  await expect(page.getByText('User saved.')).toBeVisible();
  await expect(page.getByTestId('user-button')).toBeFocused();
  expect(await focusedLabel(page)).toContain(ROLE_USERS.employee.name);
});
