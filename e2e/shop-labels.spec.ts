/**
 * Cut lists and labels of job products: a manager edits a cut list (add, sub-row,
 * duplicate, the discard prompt) and an employee sees it read-only; labels print for one job
 * (Print Options) and for two series across jobs; `/print` holds the expected labels, each QR code
 * readable (decoded here with jsQR) and opening the piece's page; the PDF's pages are the size of
 * the stock chosen in Settings or on the page. With SHOTS_DIR set, the screens are photographed.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { apiPost, createJob, createRecord, credentials, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

const row = (text: string, ...sub_rows: { text: string; sub_rows: unknown[] }[]) => ({ text, sub_rows });

interface Fixture {
  cutSeries: string;
  dimSeries: string;
  job1: { id: number; number: string };
  job2: { id: number; number: string };
  cutProduct: number;
  emptyCutProduct: number;
  door: number;
}

/** Two series (cut lists; dimensions with measured and fabricated), two jobs and their products. */
async function makeFixture(page: Page, baseURL: string): Promise<Fixture> {
  const cutCategory = await createRecord(page, baseURL, 'product_categories', { name: unique('Cut Shelving'), enable_cutlist: true });
  const dimCategory = await createRecord(page, baseURL, 'product_categories', {
    name: unique('Cut Glass'),
    enable_dimensions: true,
    enable_measured: true,
    enable_fabricated: true,
  });
  const cutSeries = await createRecord(page, baseURL, 'series', { name: unique('Shelf Series'), category_id: cutCategory.id });
  const dimSeries = await createRecord(page, baseURL, 'series', { name: unique('Door Series'), category_id: dimCategory.id });
  const job1 = await createJob(page, baseURL, { number: unique('J'), name: 'Harbor bath', active: true });
  const job2 = await createJob(page, baseURL, { number: unique('J'), name: 'Elm mirrors', active: true });
  const jp = (body: Record<string, unknown>) => createRecord(page, baseURL, 'job_products', body);
  const cut = await jp({
    job_id: job1.id,
    series_id: cutSeries.id,
    name: 'Glass shelves',
    qty: 2,
    note: 'Low iron',
    cut_list_json: [row('Closet', row('12 x 30'), row('12 x 24')), row('Pantry 10 x 36')],
  });
  const emptyCut = await jp({ job_id: job1.id, series_id: cutSeries.id, name: 'Linen shelves', qty: 1 });
  const door = await jp({
    job_id: job1.id,
    series_id: dimSeries.id,
    name: 'Shower door',
    qty: 3,
    glass_width: 35.4375,
    glass_height: 72,
    is_measured: true,
    note: 'Left hinge',
  });
  await jp({ job_id: job1.id, series_id: dimSeries.id, name: 'Unmeasured panel', qty: 1 });
  await jp({ job_id: job1.id, series_id: dimSeries.id, name: 'Done panel', qty: 1, glass_width: 20, glass_height: 70, is_measured: true, is_fabricated: true });
  await jp({ job_id: job2.id, series_id: dimSeries.id, name: 'Vanity mirror', qty: 2, glass_width: 30, glass_height: 40, is_measured: true });
  return {
    cutSeries: cutSeries.name as string,
    dimSeries: dimSeries.name as string,
    job1: { id: job1.id, number: job1.number as string },
    job2: { id: job2.id, number: job2.number as string },
    cutProduct: cut.id,
    emptyCutProduct: emptyCut.id,
    door: door.id,
  };
}

/** The text a label's QR code holds, read from its drawing (the SVG on a canvas, decoded by jsQR). */
async function readQr(label: Locator): Promise<string | null> {
  const { data, size } = await label.locator('.label-qr svg').evaluate(async (svg) => {
    const px = 300;
    const img = new Image();
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = px;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, px, px);
    ctx.drawImage(img, 0, 0, px, px);
    return { data: Array.from(ctx.getImageData(0, 0, px, px).data), size: px };
  });
  return jsQR(Uint8ClampedArray.from(data), size, size)?.data ?? null;
}

/** The printed PDF's page sizes in points. */
async function printedPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  if (process.env.SHOTS_DIR) {
    const fs = await import('node:fs');
    fs.writeFileSync(`${process.env.SHOTS_DIR}/labels-${boxes[0]?.join('x')}.pdf`, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  }
  return { count: boxes.length, size: boxes[0] };
}

let fx: Fixture;

test.beforeAll(async ({ browser, baseURL }) => {
  const page = await browser.newPage();
  await signInAs(page, 'manager');
  fx = await makeFixture(page, baseURL!);
  await page.close();
});

test('a manager edits a cut list: add, sub-row, duplicate, and the discard prompt', async ({ page, baseURL }) => {
  await signInAs(page, 'manager', `/jobs/${fx.job1.id}`);
  const rowOf = (name: string) => page.getByTestId('job-product-row').filter({ hasText: name });
  await rowOf('Linen shelves').getByTestId('cut-list-button').click();
  const dialog = page.getByTestId('cut-list-dialog');
  await expect(dialog.getByRole('heading', { name: 'Cut List' })).toBeVisible();
  await expect(dialog.getByText('No cut list yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add' }).click();

  // Type a row, Enter for the next, Tab to make it a sub-row; a sub-row by its button; duplicate.
  await dialog.getByLabel('Row 1, level 1').fill('Linen closet');
  await dialog.getByLabel('Row 1, level 1').press('Enter');
  await expect(dialog.getByLabel('Row 2, level 1')).toBeFocused();
  await page.keyboard.type('14 x 30');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Row 2, level 2')).toBeFocused();
  await dialog.getByRole('button', { name: 'Add sub-row to row 1' }).click();
  await expect(dialog.getByLabel('Row 3, level 2')).toBeFocused();
  await page.keyboard.type('14 x 24');
  await dialog.getByRole('button', { name: 'Actions of row 1' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(dialog.getByRole('textbox')).toHaveCount(6);
  await dialog.getByLabel('Row 4, level 1').fill('Hall closet');
  await expectAccessible(page, 'cut list editor');
  await screenshots(page, 'cut-list-editor');

  // Leaving with changes asks first; Keep editing keeps them.
  await page.keyboard.press('Escape');
  const ask = page.getByTestId('discard-dialog');
  await expect(ask.getByText('Discard unsaved changes?')).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Row 4, level 1')).toHaveValue('Hall closet');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const saved = await (await page.request.get(`${baseURL}/api/job_products/${fx.emptyCutProduct}`)).json();
  expect(saved.cut_list_json).toEqual([row('Linen closet', row('14 x 30'), row('14 x 24')), row('Hall closet', row('14 x 30'), row('14 x 24'))]);
  await expect(rowOf('Linen shelves').getByTestId('cut-list-button')).toHaveText('Cut list (6 rows)');

  // Edit again and walk away: Discard drops the change.
  await rowOf('Linen shelves').getByTestId('cut-list-button').click();
  await expect(dialog.getByTestId('tree-view').getByRole('listitem')).toHaveCount(6);
  await screenshots(page, 'cut-list-view');
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Row 1, level 1').fill('Changed');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  const after = await (await page.request.get(`${baseURL}/api/job_products/${fx.emptyCutProduct}`)).json();
  expect(after.cut_list_json[0].text).toBe('Linen closet');
});

test('an employee sees a cut list read-only, without Add or Edit', async ({ page }) => {
  await signInAs(page, 'employee', `/jobs/${fx.job1.id}`);
  await page.getByTestId('job-product-row').filter({ hasText: 'Glass shelves' }).getByTestId('cut-list-button').click();
  const dialog = page.getByTestId('cut-list-dialog');
  const items = dialog.getByTestId('tree-view').getByRole('listitem');
  await expect(items).toHaveText(['Closet', '└ 12 x 30', '└ 12 x 24', 'Pantry 10 x 36']);
  await expect(dialog.getByRole('button', { name: /^(Add|Edit|Save)$/ })).toHaveCount(0);
  await expect(dialog.getByRole('textbox')).toHaveCount(0);
  // Nothing to lose: closing asks nothing.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Print Options for a job: printable products chosen by default, the labels on /print with readable QR codes', async ({ page, baseURL }) => {
  // many pages printed as PDFs, on a machine shared with other work
  test.setTimeout(300_000);
  await signInAs(page, 'manager', `/jobs/${fx.job1.id}`);
  await page.getByTestId('job-products').getByRole('button', { name: 'Print Labels' }).click();
  const dialog = page.getByTestId('print-options-dialog');
  const table = dialog.getByTestId('print-options');
  await expect(table.getByRole('columnheader')).toHaveText(['PRINT', 'M', 'F', 'PRODUCT', 'QTY', 'NOTES']);
  const product = (name: string) => table.getByTestId('print-product').filter({ hasText: name });
  await expect(product('Glass shelves').getByRole('checkbox')).toBeChecked();
  await expect(product('Linen shelves').getByRole('checkbox')).toBeChecked(); // its cut list from the test before
  await expect(product('Shower door').getByRole('checkbox')).toBeChecked();
  // Nothing to print: a disabled box, labelled so.
  await expect(product('Unmeasured panel').getByRole('checkbox', { name: 'No Cutlist Info' })).toBeDisabled();
  // Fabricated: left out by default, chosen by hand.
  await expect(product('Done panel').getByRole('checkbox')).not.toBeChecked();
  // 3 leaves + 4 leaves of the edited list + 3 doors.
  await expect(dialog.getByTestId('print-count')).toHaveText('10 labels');
  await dialog.getByRole('checkbox', { name: `Print all of ${fx.cutSeries}` }).uncheck();
  await expect(dialog.getByTestId('print-count')).toHaveText('3 labels');
  await dialog.getByRole('checkbox', { name: `Print all of ${fx.cutSeries}` }).check();
  await product('Linen shelves').getByRole('checkbox').uncheck();
  await expect(dialog.getByTestId('print-count')).toHaveText('6 labels');
  await expectAccessible(page, 'print options');
  await screenshots(page, 'print-options');
  await dialog.getByRole('button', { name: 'Print Labels' }).click();

  await expect(page).toHaveURL(/\/print$/);
  await expect(page.getByTestId('label-count')).toHaveText('6 labels');
  const preview = page.getByTestId('label-preview');
  await expect(preview).toHaveAttribute('data-ready', 'true');
  const labels = preview.getByTestId('label');
  await expect(labels).toHaveCount(6);
  await expect(labels.filter({ hasText: 'Closet › 12 x 30' })).toHaveCount(1);
  await expect(labels.filter({ hasText: 'Pantry 10 x 36' })).toContainText(`Job ${fx.job1.number}`);
  const doors = labels.filter({ hasText: 'Shower door' });
  await expect(doors).toHaveCount(3);
  await expect(doors.first()).toContainText('Glass 35 7/16" × 72"');
  await expect(doors.first()).toContainText('Left hinge');
  // each piece its own code: the three doors are three pieces, each leaf of a cut list one
  await expect(doors.nth(1)).toContainText('Piece 2 of 3');
  const doorCodes = [await readQr(doors.nth(0)), await readQr(doors.nth(1)), await readQr(doors.nth(2))];
  expect(doorCodes).toEqual([1, 2, 3].map((n) => `${baseURL}/job_products/${fx.door}/pieces/${n}`));
  expect(await readQr(labels.first())).toBe(`${baseURL}/job_products/${fx.cutProduct}/pieces/1`);
  expect(await readQr(labels.filter({ hasText: 'Pantry 10 x 36' }))).toBe(`${baseURL}/job_products/${fx.cutProduct}/pieces/3`);
  await screenshots(page, 'print-job-labels');

  // Each stock prints on its own page size: 4"×2" by default, 4"×6", 2¼"×1¼", Letter.
  await page.emulateMedia({ media: 'print' });
  expect(await printedPages(page)).toEqual({ count: 6, size: [288, 144] });
  await page.emulateMedia({ media: 'screen' });
  for (const [name, expected] of [
    ['4" × 6" thermal, one per page', { count: 6, size: [288, 432] }],
    ['2¼" × 1¼" thermal, one per page', { count: 6, size: [162, 90] }],
    ['Letter sheet, 30 per page (Avery 5160)', { count: 1, size: [612, 792] }],
  ] as const) {
    await page.getByRole('combobox', { name: 'Label size' }).click();
    await page.getByRole('option', { name }).click();
    await expect(preview).toHaveAttribute('data-ready', 'true');
    await screenshots(page, `print-${expected.size.join('x')}`);
    await page.emulateMedia({ media: 'print' });
    expect(await printedPages(page)).toEqual(expected);
    await page.emulateMedia({ media: 'screen' });
  }
  await page.evaluate(() => localStorage.removeItem('print-label-layout'));

  // A door's QR code opens that piece: marked fabricated on its own, the product is not (1 of 3).
  await page.goto(doorCodes[1]!);
  const piece = page.getByTestId('piece-page');
  await expect(piece.getByRole('heading', { name: 'Shower door' })).toBeVisible();
  await expect(piece.getByTestId('piece-heading')).toHaveText('Piece 2 of 3');
  await piece.getByRole('button', { name: 'Mark fabricated' }).click();
  await expect(piece.getByRole('button', { name: 'Fabricated' })).toHaveAttribute('aria-pressed', 'true');
  await expect(piece.getByTestId('piece-undo')).toContainText('Piece 2 marked fabricated.');
  await expect(piece.getByTestId('piece-product-progress')).toHaveText('3 of 3 measured · 1 of 3 fabricated');
  const door = await (await page.request.get(`${baseURL}/api/job_products/${fx.door}`)).json();
  expect(door.is_fabricated).toBe(false);
  expect(door.pieces.map((p: { is_fabricated: boolean }) => p.is_fabricated)).toEqual([false, true, false]);
  await expectAccessible(page, 'piece page');
  await screenshots(page, 'piece-page');
  // the product lists its pieces, how far they are, each opening its page
  await piece.getByTestId('piece-product-link').click();
  const pageBody = page.getByTestId('job-product-page');
  await expect(pageBody.getByTestId('pieces-progress')).toHaveText('3 of 3 measured · 1 of 3 fabricated');
  await expect(pageBody.getByTestId('piece-row')).toHaveCount(3);
  await expect(pageBody.getByTestId('piece-row').nth(1)).toContainText('fabricated');
  await screenshots(page, 'job-product-pieces');

  // The product's own steps mark it as a whole (every piece), with Undo.
  await page.goto(`/job_products/${fx.door}`);
  await expect(pageBody.getByRole('heading', { name: 'Shower door' })).toBeVisible();
  await expect(pageBody.getByTestId('job-product-sizes')).toHaveText('Glass 35 7/16" × 72"');
  await pageBody.getByRole('button', { name: 'Mark all fabricated' }).click();
  await expect(pageBody.getByRole('button', { name: 'Fabricated' })).toHaveAttribute('aria-pressed', 'true');
  await expect(pageBody.getByTestId('pieces-progress')).toHaveText('3 of 3 measured · 3 of 3 fabricated');
  expect((await (await page.request.get(`${baseURL}/api/job_products/${fx.door}`)).json()).is_fabricated).toBe(true);
  await screenshots(page, 'job-product-page');
  // Undo puts back what the mark changed: piece 2, fabricated on its own before it, stays so
  await pageBody.getByRole('button', { name: 'Undo' }).click();
  await expect(pageBody.getByRole('button', { name: 'Mark all fabricated' })).toBeVisible();
  await expect(pageBody.getByTestId('pieces-progress')).toHaveText('3 of 3 measured · 1 of 3 fabricated');
  const undone = await (await page.request.get(`${baseURL}/api/job_products/${fx.door}`)).json();
  expect(undone.is_fabricated).toBe(false);
  expect(undone.pieces.map((p: { is_fabricated: boolean }) => p.is_fabricated)).toEqual([false, true, false]);
});

test('a QR code opened signed out signs in first, then opens the piece (read-only steps for an employee)', async ({ page }) => {
  await page.context().clearCookies();
  await page.goto(`/job_products/${fx.door}/pieces/1`);
  await expect(page).toHaveURL(new RegExp(`/welcome\\?next=%2Fjob_products%2F${fx.door}%2Fpieces%2F1$`));
  await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
  const login = page.getByTestId('login-dialog');
  await login.getByLabel('Email').fill(credentials('employee').email);
  await login.getByLabel('Password', { exact: true }).fill(credentials('employee').password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/job_products/${fx.door}/pieces/1$`));
  const body = page.getByTestId('piece-page');
  await expect(body.getByRole('heading', { name: 'Shower door' })).toBeVisible();
  await expect(body.getByTestId('piece-heading')).toHaveText('Piece 1 of 3');
  await expect(body.getByRole('button', { name: 'Mark fabricated' })).toBeDisabled();
  await expectAccessible(page, 'piece page, read-only');
  await page.goto(`/job_products/${fx.door}`);
  await expect(page.getByTestId('job-product-page').getByRole('button', { name: 'Mark all fabricated' })).toBeDisabled();
  await expectAccessible(page, 'job product page');
});

test('labels across jobs for two series, on the stock chosen in Settings', async ({ page, browser, baseURL }) => {
  // The admin chooses the 4" × 6" stock in Settings.
  const admin = await browser.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/settings');
  await admin.getByRole('combobox', { name: 'Label stock' }).click();
  await admin.getByRole('option', { name: '4" × 6" thermal, one per page' }).click();
  await admin.getByTestId('company-settings').getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Settings saved.')).toBeVisible();

  try {
    await signInAs(page, 'manager');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Print Labels' }).click();
    await expect(page).toHaveURL(/\/lists\/print_labels$/);
    const picker = page.getByTestId('print-series-picker');
    await expect(picker.getByRole('columnheader')).toHaveText(['PRINT', 'Series', 'INCLUDE']);
    const seriesRow = (name: string) => picker.getByTestId('print-series-row').filter({ hasText: name });
    await expect(seriesRow(fx.dimSeries).getByRole('checkbox', { name: `Include unmeasured ${fx.dimSeries}` })).not.toBeChecked();
    await expect(seriesRow(fx.dimSeries).getByRole('checkbox', { name: `Include fabricated ${fx.dimSeries}` })).not.toBeChecked();
    await seriesRow(fx.cutSeries)
      .getByRole('checkbox', { name: `Print ${fx.cutSeries}` })
      .check();
    await seriesRow(fx.dimSeries)
      .getByRole('checkbox', { name: `Print ${fx.dimSeries}` })
      .check();
    await expectAccessible(page, 'series picker');
    await screenshots(page, 'print-series-picker');
    await page.getByRole('button', { name: 'Select Jobs' }).click();

    const jobs = page.getByTestId('print-job-list');
    await expect(jobs.getByRole('columnheader')).toHaveText(['PRINT', 'JOB']);
    await expect(jobs.getByTestId('print-job-row')).toHaveCount(2);
    // Job 1: 3 + 4 cut-list leaves and 2 doors (the unmeasured and the fabricated panels left out, and
    // door piece 2, fabricated on its own in the test before); job 2: 2 mirrors.
    await expect(jobs.getByTestId('print-job-row').filter({ hasText: fx.job1.number })).toContainText('9 labels');
    await expect(jobs.getByTestId('print-job-row').filter({ hasText: fx.job2.number })).toContainText('2 labels');
    await expect(page.getByTestId('print-count')).toHaveText('11 labels');
    await jobs.getByRole('checkbox', { name: `Print job ${fx.job1.number}` }).uncheck();
    await expect(page.getByTestId('print-count')).toHaveText('2 labels');
    await jobs.getByRole('checkbox', { name: `Print job ${fx.job1.number}` }).check();
    await expectAccessible(page, 'per-job list');
    await screenshots(page, 'print-job-list');
    await page.getByRole('button', { name: 'Print Labels' }).click();

    await expect(page).toHaveURL(/\/print$/);
    await expect(page.getByTestId('label-count')).toHaveText('11 labels');
    const preview = page.getByTestId('label-preview');
    await expect(preview).toHaveAttribute('data-ready', 'true');
    // the doors still to make, each its own piece
    const doorsLeft = preview.getByTestId('label').filter({ hasText: 'Shower door' });
    await expect(doorsLeft).toHaveCount(2);
    await expect(doorsLeft.nth(0)).toContainText('Piece 1 of 3');
    await expect(doorsLeft.nth(1)).toContainText('Piece 3 of 3');
    await expect(preview.getByTestId('label').filter({ hasText: 'Vanity mirror' })).toHaveCount(2);
    const mirrors = preview.getByTestId('label').filter({ hasText: 'Vanity mirror' });
    const mirrorCodes = [await readQr(mirrors.nth(0)), await readQr(mirrors.nth(1))];
    expect(mirrorCodes[0]).toMatch(new RegExp(`^${baseURL}/job_products/\\d+/pieces/1$`));
    expect(mirrorCodes[1]).toBe(mirrorCodes[0]!.replace(/1$/, '2'));
    // The Settings stock: 4" × 6" pages.
    await expect(page.getByRole('combobox', { name: 'Label size' })).toHaveValue('4" × 6" thermal, one per page');
    await page.emulateMedia({ media: 'print' });
    expect(await printedPages(page)).toEqual({ count: 11, size: [288, 432] });
    await page.emulateMedia({ media: 'screen' });

    // The second mirror scanned: that piece fabricated, the product 1 of 2 and still to fabricate.
    await page.goto(mirrorCodes[1]!);
    const piece = page.getByTestId('piece-page');
    await expect(piece.getByTestId('piece-heading')).toHaveText('Piece 2 of 2');
    await piece.getByRole('button', { name: 'Mark fabricated' }).click();
    await expect(piece.getByRole('button', { name: 'Fabricated' })).toHaveAttribute('aria-pressed', 'true');
    await piece.getByTestId('piece-product-link').click();
    await expect(page.getByTestId('pieces-progress')).toContainText('1 of 2 fabricated');
    await expect(page.getByTestId('job-product-page').getByRole('button', { name: 'Mark all fabricated' })).toBeVisible();
  } finally {
    expect((await apiPost(admin.request, baseURL!, '/api/settings/store_many', { data: [{ name: 'label_stock', value: '' }] })).status()).toBe(200);
    await admin.close();
  }
});
