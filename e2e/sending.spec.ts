/**
 * Records sent out of the shop, in Chromium. The e2e server runs as `npm start` does,
 * without a mail server: each message is kept in the Outbox as it would be sent, which is where
 * these tests read it (the API tests, packages/server/test/sending.test.ts, deliver the same
 * messages to a real SMTP server, where the approval link in the message works). Send to client →
 * the message in the Outbox with its link hidden → a link opened by the client → accepted → the
 * estimator's notice on the estimate; a client declining; Email to vendor.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

// each journey crosses several screens, an accessibility scan and (with SHOTS_DIR) photographs
test.describe.configure({ timeout: 120_000 });

async function openEstimate(page: Page, baseURL: string) {
  const client = await createRecord(page, baseURL, 'clients', { name: unique('Harbor Dental') });
  const estimate = await createRecord(page, baseURL, 'estimates', {
    client_id: client.id,
    name: unique('Lobby mirrors'),
    contact_name: 'Dr. Ana Reyes',
    contact_email: 'ana@harbor.test',
    items: [{ description: 'Beveled mirror 48 x 36', qty: 2, amount: 640 }],
  });
  expect((await apiPost(page.request, baseURL, `/api/estimates/${estimate.id}/status`, { status: 'open' })).status()).toBe(200);
  return { estimate, client };
}

/** A browser of the client's: no session. */
async function clientPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, page: await context.newPage() };
}

test('an estimator sends an estimate; the client opens the link in the message and accepts; the estimator is told', async ({ page, baseURL, browser }) => {
  await signInAs(page, 'admin');
  const { estimate, client } = await openEstimate(page, baseURL!);
  await page.goto(`/estimates/${estimate.id}`);

  await page.getByTestId('send-to-client').click();
  const dialog = page.getByTestId('send-to-client-dialog');
  await expect(dialog.getByText('ana@harbor.test')).toBeVisible();
  await dialog.getByLabel('Cc').fill('office@harbor.test,');
  await dialog.getByLabel('Message').fill('Hi Ana,\n\nHere is the estimate we talked about.\n\nThanks,\nAda');
  await expect(dialog).toContainText('left empty, it greets and signs for you');
  await expect(dialog).toContainText('The estimate as a PDF is attached');
  await expectAccessible(page, 'send to client');
  await screenshots(page, 'send-to-client');
  // the send renders the PDF on the server: wait for its answer, then for what it shows
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/estimates/${estimate.id}/send`));
  await dialog.getByRole('button', { name: 'Send' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('The estimate is kept in the Outbox, not sent: no mail server is configured.')).toBeVisible();
  await expect(page.getByTestId('estimate-sent')).toContainText('to ana@harbor.test, cc office@harbor.test');

  // the Client Approval tab: the link the message carries, and the message with its status
  await page.getByRole('tab', { name: 'Client Approval' }).click();
  await expect(page.getByTestId('approval-link-row')).toHaveCount(1);
  const messages = page.getByTestId('record-mail');
  await expect(messages).toContainText(`Estimate ${estimate.name as string} from`);
  await expect(messages.getByTestId('mail-status')).toHaveText('Not sent');

  // the message as it would be sent, from the Outbox: its link and its PDF
  await page.goto('/outbox');
  await page
    .getByTestId('outbox')
    .getByText(`Estimate ${estimate.name as string} from`)
    .click();
  const shown = page.getByTestId('mail-message-dialog');
  await expect(shown.getByTestId('mail-message')).toContainText(`Estimate ${estimate.name as string}.pdf`);
  await shown.getByRole('tab', { name: 'Text' }).click();
  const text = (await shown.getByTestId('mail-text').textContent()) ?? '';
  expect(text).toContain('Here is the estimate we talked about.');
  // the sender's words stand alone: no "Dear Dr. Ana Reyes," of the app's above their "Hi Ana,"
  expect(text).toContain('Hi Ana,');
  expect(text).not.toContain('Dear');
  // the Outbox holds no working link: the token goes into the message only as it is sent (with no
  // mail server here, never); the client gets a link of their own from the Client Approval tab
  expect(text).toMatch(/https?:\/\/\S+\/approve\/hidden-in-the-outbox-[0-9a-f]+/);
  const made = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/approval_links`, {});
  const { path } = (await made.json()) as { path: string };

  const guest = await clientPage(browser, baseURL!);
  await guest.page.goto(path);
  const form = guest.page.getByTestId('approval-accept');
  await form.getByRole('textbox', { name: 'Your full name' }).fill('Ana Reyes');
  await form.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(guest.page.getByTestId('approval-thanks')).toContainText('Thank you, Ana Reyes.');
  await guest.context.close();

  // the estimator's notice: on the estimate, won, with the message that told them
  await page.goto(`/estimates/${estimate.id}?tab=approval`);
  await expect(page.getByTestId('estimate-page')).toContainText('Won');
  await expect(page.getByTestId('record-mail')).toContainText(`${client.name as string} accepted ${estimate.name as string}`);
  await expect(page.getByTestId('approval-link-row').filter({ hasText: 'Ana Reyes' })).toHaveCount(1);
});

test('a client declines by the link, with a reason: the estimate is lost and the link says declined', async ({ page, baseURL, browser }) => {
  await signInAs(page, 'admin');
  const { estimate } = await openEstimate(page, baseURL!);
  const made = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/approval_links`, {});
  const { path } = (await made.json()) as { path: string };

  const guest = await clientPage(browser, baseURL!);
  await guest.page.goto(path);
  await guest.page.getByTestId('approval-decline-open').click();
  const form = guest.page.getByTestId('approval-decline');
  await form.getByRole('button', { name: 'Decline estimate' }).click();
  await expect(form).toContainText('Type your name to decline.');
  await form.getByRole('textbox', { name: 'Your full name' }).fill('Ana Reyes');
  await form.getByLabel('Reason (optional)').fill('We chose another bid.');
  await expectAccessible(guest.page, 'declining an estimate');
  await screenshots(guest.page, 'approval-decline');
  await form.getByRole('button', { name: 'Decline estimate' }).click();
  await expect(guest.page.getByTestId('approval-declined')).toContainText('Thank you, Ana Reyes.');
  await guest.context.close();

  await page.goto(`/estimates/${estimate.id}?tab=approval`);
  await expect(page.getByTestId('estimate-page')).toContainText('Lost');
  const row = page.getByTestId('approval-link-row');
  await expect(row).toContainText('Declined');
  await expect(row).toContainText('We chose another bid.');
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });
    test(`a purchase order emailed to its vendor with its PDF is marked sent (${scheme})`, async ({ page, baseURL }) => {
      await signInAs(page, 'admin');
      const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Pacific Glass'), contact_name: 'Lee Park', email: 'orders@pacific.test' });
      const material = await createRecord(page, baseURL!, 'materials', { number: unique('GL').replace(/\s+/g, '-'), description: 'Clear float 1/4"' });
      const po = await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
      await createRecord(page, baseURL!, 'purchase_order_materials', { purchase_order_id: po.id, material_id: material.id, qty: 4, price: 50 });

      await page.goto(`/purchase_orders/${po.id}`);
      await page.getByTestId('email-to-vendor').click();
      const dialog = page.getByTestId('email-to-vendor-dialog');
      await expect(dialog.getByText('orders@pacific.test')).toBeVisible();
      await expect(dialog).toContainText('Sending it marks the order sent.');
      await screenshots(page, `email-to-vendor-${scheme}`);
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/purchase_orders/${po.id}/email`));
      await dialog.getByRole('button', { name: 'Send' }).click();
      expect((await answered).status()).toBe(200);
      await expect(page.getByText(`Purchase order ${String(po.number)} is kept in the Outbox, not sent: no mail server is configured.`)).toBeVisible();
      await expect(page.getByTestId('purchase-order-page')).toContainText('Open'); // sent: no longer a draft
      await page.getByRole('tab', { name: 'Email' }).click();
      await expect(page.getByTestId('record-mail')).toContainText(`Purchase order ${String(po.number)} from`);
      await expectAccessible(page, 'a purchase order emailed');
      await screenshots(page, `po-emailed-${scheme}`);
    });
  });
}
