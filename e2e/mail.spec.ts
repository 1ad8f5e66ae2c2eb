/**
 * Mail without a mail server (the e2e server has no SMTP_URL, as `npm start`): a forgotten
 * password asked for in the login dialog, a test email from Settings, and both kept in the Outbox
 * marked "Not sent", each opened as it would be sent (HTML in a sandboxed frame, and text).
 */
import { expect, test } from '@playwright/test';
import { apiPost, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test('a forgotten password asked for in the login dialog gets the same answer for any address', async ({ page }) => {
  await page.goto('/welcome');
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByTestId('login-dialog');
  await dialog.getByLabel('Email', { exact: true }).fill('employee@glazier.test');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(dialog.getByLabel('Email for the link')).toHaveValue('employee@glazier.test');
  await expectAccessible(page, 'forgot password');
  await screenshots(page, 'forgot-password');
  await dialog.getByRole('button', { name: 'Send me a link' }).click();
  await expect(dialog.getByTestId('forgot-sent')).toContainText('If this address has an account, a link to set a new password is on its way.');
});

test('a reset link that no longer works says so and leads to Forgot password for a new one', async ({ page }) => {
  await page.goto('/reset-password?token=used-or-expired-token');
  await page.getByLabel('New password', { exact: true }).fill('another-pass1');
  await page.getByLabel('Confirm new password').fill('another-pass1');
  await page.getByRole('button', { name: 'Set password' }).click();
  const expired = page.getByTestId('reset-link-expired');
  await expect(expired).toContainText('This reset link was used already or has expired. Get a new one with "Forgot password?"');
  await expect(expired).not.toContainText('administrator');
  await expectAccessible(page, 'expired reset link');
  await screenshots(page, 'reset-link-expired');
  await expired.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByTestId('login-dialog').getByLabel('Email for the link')).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme}`, () => {
    test.use({ colorScheme: scheme });
    test(`an admin sends a test email, finds it in the Outbox as not sent, and opens it (${scheme})`, async ({ page }) => {
      test.setTimeout(120_000); // two screens, a dialog and their photographs, on a machine shared with other runs
      await signInAs(page, 'admin', '/settings');
      const card = page.getByTestId('mail-settings');
      await expect(card).toContainText('No mail server is configured');
      const to = `${unique('check').replace(/\W+/g, '-').toLowerCase()}@example.com`;
      await card.getByLabel('Send a test email to').fill(to);
      await card.getByRole('button', { name: 'Send a test email' }).click();
      await expect(page.getByText('The test message is in the Outbox, not sent: no mail server is configured.')).toBeVisible();
      if (scheme === 'light') await screenshots(page, 'settings-mail');

      await card.getByRole('link', { name: 'Open the Outbox' }).click();
      await expect(page).toHaveURL(/\/outbox$/);
      const row = page.getByTestId('outbox').getByRole('row').filter({ hasText: to });
      await expect(row).toContainText('Not sent');
      await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expectAccessible(page, 'outbox');
      await screenshots(page, `outbox-${scheme}`);

      await row.getByText('Test message from').click();
      const message = page.getByTestId('mail-message-dialog');
      await expect(message.getByTestId('mail-message')).toContainText(to);
      await expect(message.frameLocator('iframe').getByText('This is a test message from Glazier.')).toBeVisible();
      await expect(message.locator('iframe')).toHaveAttribute('sandbox', '');
      await expectAccessible(page, 'a message of the outbox');
      await screenshots(page, `outbox-message-${scheme}`);
      await message.getByRole('tab', { name: 'Text' }).click();
      await expect(message.getByTestId('mail-text')).toContainText('This is a test message from Glazier.');
      await message.getByRole('button', { name: 'Retry' }).click();
      await expect(page.getByText('Still not sent: no mail server is configured.')).toBeVisible();
    });
  });
}

test('the Outbox shows a message written elsewhere without a reload, says in words why each has not gone (on a phone too), and fits a 1280 px screen', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, 'admin', '/outbox');
  const outbox = page.getByTestId('outbox');
  await expect(outbox.getByText(/newest first\./)).toBeVisible(); // the list has loaded
  // written by another call (another tab, another person): the live notice brings it in
  const to = `${unique('live').replace(/\W+/g, '-').toLowerCase()}@example.com`;
  expect((await apiPost(page.request, baseURL!, '/api/mail/test', { to })).status()).toBe(201);
  const row = outbox.getByRole('row').filter({ hasText: to });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('mail-why')).toHaveText('No mail server configured');
  await expect(row.getByRole('button', { name: 'Retry' })).toBeVisible();
  // no sideways scroll: every column in view, the subject on a line or two
  // polled: a resize lays the table out again (the phone's columns) over a frame or two
  const fits = () => outbox.locator('.mantine-ScrollArea-viewport').evaluate((el) => el.scrollWidth <= el.clientWidth);
  await expect.poll(fits).toBe(true);

  // a phone: the badge whole ("Not sent", not "NOT S…"), the reason in words under it
  await page.setViewportSize({ width: 390, height: 844 });
  const badge = row.getByTestId('mail-status');
  await expect(badge).toHaveText('Not sent');
  const label = badge.locator('.mantine-Badge-label');
  expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(row.getByTestId('mail-why')).toBeVisible();
  await expect.poll(fits).toBe(true);
});
