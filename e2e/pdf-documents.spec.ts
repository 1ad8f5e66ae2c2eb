/**
 * PDF documents made on the server: Download PDF on a draft estimate's page and on a
 * purchase order's page saves the server's PDF (a Playwright download: its file name and its
 * first bytes). With SHOTS_DIR set, both pages are photographed at 1280 and 390 px.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createRecord, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

test('Download PDF on a draft estimate and on a purchase order saves the PDF', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Harbor Dental') });
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Lobby mirrors'),
    items: [{ description: 'Plate mirror 36 x 48', qty: 2, amount: 240 }],
  });
  await page.goto(`/estimates/${estimate.id}`);
  await expect(page.getByRole('heading', { name: String(estimate.name) })).toBeVisible();
  await screenshots(page, 'estimate-download-pdf');
  const [estimatePdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(estimatePdf.suggestedFilename()).toBe(`Estimate ${estimate.name}.pdf`);
  expect(
    fs
      .readFileSync(await estimatePdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Pacific Glass Supply') });
  const material = await createRecord(page, baseURL!, 'materials', { number: unique('GL'), description: 'Clear float 1/4"' });
  const order = await createRecord(page, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
  await createRecord(page, baseURL!, 'purchase_order_materials', { purchase_order_id: order.id, material_id: material.id, qty: 4, price: 50 });
  await page.goto(`/purchase_orders/${order.id}`);
  await expect(page.getByTestId('po-total')).toHaveText('Total $50.00');
  await screenshots(page, 'purchase-order-download-pdf');
  const [orderPdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(orderPdf.suggestedFilename()).toBe(`Purchase Order ${order.number}.pdf`);
  expect(
    fs
      .readFileSync(await orderPdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
});
