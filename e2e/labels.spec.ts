/**
 * Labels (docs/domain/shop-floor.md, Labels): a manager receives an order, prints labels for the received
 * lines, and the print page shows them with their QR codes; on paper only the labels come out, one
 * per page on the thermal stock and 30 to a Letter sheet from the chosen start position.
 * With SHOTS_DIR set, the dialog and the print page (screen and print media) are photographed.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

/** Pages of the PDF Chromium prints now, with their sizes in points. */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  const count = [...pdf.matchAll(/\/Type\s*\/Page\b(?!s)/g)].length;
  return { count, boxes };
}

test('receiving an order offers labels for its lines; /print shows them with QR codes and prints only the labels', async ({ page, baseURL }) => {
  await signInAs(page, 'manager');
  const vendor = await createRecord(page, baseURL!, 'vendors', { name: unique('Label Supply') });
  const hinges = await createRecord(page, baseURL!, 'materials', { number: unique('HNG'), description: 'Pivot hinge, satin' });
  const tape = await createRecord(page, baseURL!, 'materials', { number: unique('TAPE'), description: 'Glazing tape 1/8"' });
  const order = await createRecord(page, baseURL!, 'purchase_orders', {
    vendor_id: vendor.id,
    purchase_order_materials: [
      { material_id: hinges.id, qty: 3, price: 30 },
      { material_id: tape.id, qty: 2.5, price: 10 },
    ],
  });
  expect((await apiPost(page.request, baseURL!, `/api/purchase_orders/${order.id}/send`, {})).status()).toBe(200);

  await page.goto(`/purchase_orders/${order.id}`);
  await expect(page.getByRole('button', { name: 'Print Labels' })).toHaveCount(0); // nothing received yet
  await page.getByRole('button', { name: 'Receive All' }).click();
  await page.getByRole('dialog', { name: 'Receive All' }).getByRole('button', { name: 'Receive All' }).click();

  // Receiving offers the labels at once: both lines, one label each by default.
  const dialog = page.getByTestId('received-labels-dialog');
  await expect(dialog.getByRole('checkbox')).toHaveCount(2);
  await expect(dialog.getByTestId('received-label-count')).toHaveText('2 labels');
  await dialog.getByRole('button', { name: 'One per unit' }).click();
  await expect(dialog.getByTestId('received-label-count')).toHaveText('4 labels'); // 3 hinges + the tape once
  await expectAccessible(page, 'received labels dialog');
  await screenshots(page, 'received-labels-dialog');
  await dialog.getByRole('button', { name: 'Print Labels' }).click();

  // The print page: 4 labels, each with the QR code of its material's page.
  await expect(page).toHaveURL(/\/print$/);
  await expect(page.getByRole('heading', { name: 'Print Labels', level: 1 })).toBeVisible();
  await expect(page.getByTestId('label-count')).toHaveText('4 labels');
  const preview = page.getByTestId('label-preview');
  await expect(preview).toHaveAttribute('data-ready', 'true');
  await expect(preview.getByTestId('label')).toHaveCount(4);
  const hingeLabels = preview.getByTestId('label').filter({ hasText: String(hinges.number) });
  await expect(hingeLabels).toHaveCount(3);
  await expect(hingeLabels.first()).toContainText('Pivot hinge, satin');
  await expect(hingeLabels.first()).toContainText(`PO ${order.number as number} · received`);
  await expect(
    hingeLabels
      .first()
      .getByRole('img', { name: `QR code of ${baseURL}/inventory/${hinges.id}` })
      .locator('svg path'),
  ).toHaveCount(2);
  await expect(
    preview
      .getByTestId('label')
      .filter({ hasText: String(tape.number) })
      .getByRole('img', { name: `QR code of ${baseURL}/inventory/${tape.id}` }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expectAccessible(page, 'print labels');
  await screenshots(page, 'print-thermal');

  // On paper: no shell, only the labels, one 4" × 2" page each.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByTestId('print-toolbar')).toBeHidden();
  await expect(page.getByTestId('label-print').getByTestId('label')).toHaveCount(4);
  for (const label of await page.getByTestId('label-print').getByTestId('label').all()) await expect(label).toBeVisible();
  await screenshots(page, 'print-thermal-paper');
  expect(await printedPages(page)).toEqual({ count: 4, boxes: Array(4).fill([288, 144]) });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('label-print')).toBeHidden();

  // A Letter sheet, starting at label 29 of a used sheet: 2 on the first page, 2 on the next.
  await page.getByRole('combobox', { name: 'Label size' }).click();
  await page.getByRole('option', { name: 'Letter sheet, 30 per page (Avery 5160)' }).click();
  await page.getByRole('combobox', { name: 'Start at label' }).click();
  await page.getByRole('option', { name: '29', exact: true }).click();
  await expect(page.getByTestId('label-count')).toHaveText('4 labels');
  await expect(preview.getByTestId('label-page')).toHaveCount(2);
  await expect(preview.getByTestId('label-page').first().getByTestId('label')).toHaveCount(2);
  await screenshots(page, 'print-letter');
  await page.emulateMedia({ media: 'print' });
  await screenshots(page, 'print-letter-paper');
  expect(await printedPages(page)).toEqual({ count: 2, boxes: Array(2).fill([612, 792]) });
  await page.emulateMedia({ media: 'screen' });

  // The stock is remembered and the labels are still there after a reload; Back returns to the order.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Label size' })).toHaveValue('Letter sheet, 30 per page (Avery 5160)');
  await expect(page.getByTestId('label-count')).toHaveText('4 labels');
  await page.getByTestId('print-toolbar').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase_orders/${order.id}$`));
  await expect(page.getByRole('button', { name: 'Print Labels' })).toBeVisible();
});

test('the print page with nothing prepared says so', async ({ page }) => {
  await signInAs(page, 'employee');
  await page.evaluate(() => localStorage.removeItem('print-labels'));
  await page.goto('/print');
  await expect(page.getByText('No labels to print.')).toBeVisible();
  await expectAccessible(page, 'print labels, empty');
  await page.getByRole('main').getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});
