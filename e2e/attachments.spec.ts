/**
 * Notes, files and images of a job (docs/domain/jobs.md, Notes, files and images) on `/jobs/{id}`'s Notes, Files
 * and Images tabs: a note, a PDF uploaded with its progress bar, a non-PDF renamed `.pdf` refused
 * in the server's words, an upload cancelled while it goes, three photos (the large one compressed
 * in the browser to 1000 px), the viewer's keyboard next / previous, and deleting an image.
 * Fixtures are made here with sharp.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signInAs, createJob } from './support.ts';

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\n${' '.repeat(200_000)}\n%%EOF\n`);

/** A photo of noise: a JPEG far over 512 000 bytes at 2000 × 1500. */
async function largePhoto(): Promise<Buffer> {
  const [w, h] = [2000, 1500];
  const raw = Buffer.alloc(w * h * 3);
  let x = 12345;
  for (let i = 0; i < raw.length; i++) raw[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) >> 16;
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}
const smallPhoto = (colour: string) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

test('a manager adds a note, a PDF and three photos to a job, views and deletes a photo', async ({ page, baseURL }) => {
  test.setTimeout(120_000); // uploads and image work on a machine shared with other runs
  await signInAs(page, 'manager');
  const job = await createJob(page, baseURL!, { number: `ATT-${Date.now().toString(36)}`, name: 'Attachments' });
  await page.goto(`/jobs/${job.id}`);

  // Notes
  let panel = await openTab(page, 'Notes');
  await panel.getByRole('button', { name: /^Add/ }).click();
  let dialog = page.getByTestId('note-dialog');
  await dialog.getByLabel('Note').fill('Customer asked for a call before arrival.');
  await dialog.getByRole('checkbox', { name: 'Internal Only' }).check();
  await expect(dialog.getByRole('switch', { name: 'Show on Job' })).toHaveCount(0); // a job's note
  await expectAccessible(page, 'note dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Customer asked for a call before arrival.')).toBeVisible();
  await expect(panel.getByText('Internal')).toBeVisible();

  // Files: the response is held until the progress bar has been seen (the body is sent by then).
  panel = await openTab(page, 'Files');
  await panel.getByRole('button', { name: /^Add/ }).click();
  dialog = page.getByTestId('file-dialog');
  await dialog.getByLabel('Description').fill('Floor plan');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: pdf('plan') });
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/files', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  // (the bar's value is the unit tests' to check: an intercepted request reports no upload progress)
  await expect(dialog.getByText(/Uploading… \d+%/)).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toHaveCount(1);
  release();
  await expect(dialog).toBeHidden();
  await page.unroute('**/api/files');
  const link = panel.getByRole('link', { name: 'Floor plan' });
  await expect(link).toHaveAttribute('target', '_blank');
  const download = await page.request.get(new URL((await link.getAttribute('href'))!, baseURL).toString());
  expect(download.headers()['content-type']).toBe('application/pdf');

  // a picture renamed .pdf: refused by its bytes, in the server's words, under the file
  await panel.getByRole('button', { name: /^Add/ }).click();
  await dialog.getByLabel('Description').fill('Not really a PDF');
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: png });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Only PDF files can be uploaded.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // what was typed and chosen is asked about before it goes
  await page.getByTestId('discard-dialog').getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('link')).toHaveCount(1);

  // Cancel during an upload aborts it: the request is held before it reaches the server, Cancel
  // cancels it in the browser, and the file is not on the job (nor said to be saved)
  await panel.getByRole('button', { name: /^Add/ }).click();
  await dialog.getByLabel('Description').fill('Cancelled plan');
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cancelled.pdf', mimeType: 'application/pdf', buffer: pdf('cancelled') });
  let releaseHeld!: () => void;
  const heldUpload = new Promise<void>((r) => (releaseHeld = r));
  let handlerDone!: () => void;
  const handled = new Promise<void>((r) => (handlerDone = r));
  await page.route('**/api/files', async (route) => {
    await heldUpload;
    await route.continue().catch(() => {}); // (a cancelled request has nothing left to continue)
    handlerDone();
  });
  const aborted = page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname === '/api/files' && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText(/Uploading… \d+%/)).toBeVisible();
  await expect(dialog.getByLabel('Description')).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await aborted).failure()?.errorText).toBe('net::ERR_ABORTED');
  releaseHeld();
  await handled;
  await page.unroute('**/api/files');
  await expect(page.getByText('File saved.')).toHaveCount(0);
  await page.reload();
  panel = await openTab(page, 'Files');
  await expect(panel.getByRole('link', { name: 'Floor plan' })).toBeVisible();
  await expect(panel.getByRole('link')).toHaveCount(1);

  // Images: nothing chosen, then three photos (one large)
  panel = await openTab(page, 'Images');
  await panel.getByRole('button', { name: /^Add/ }).click();
  dialog = page.getByTestId('images-dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select at least one image.')).toBeVisible();
  const large = await largePhoto();
  expect(large.length).toBeGreaterThan(512_000);
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'large.jpg', mimeType: 'image/jpeg', buffer: large },
    { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto('#aa3333') },
    { name: 'green.jpg', mimeType: 'image/jpeg', buffer: await smallPhoto('#33aa33') },
  ]);
  await expect(dialog.getByTestId('chosen-image')).toHaveCount(3);
  await expect(dialog.getByLabel('Description of green.jpg')).toHaveValue('image-3');
  await expectAccessible(page, 'images dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  const thumbs = panel.getByRole('button', { name: /^View / });
  await expect(thumbs).toHaveCount(3);

  // the large one went up compressed: 1000 px at most, fewer bytes than chosen
  const images = (await (await page.request.get(new URL(`/api/images?job_id=${job.id}`, baseURL).toString())).json()) as {
    data: { description: string; url: string; size: number }[];
  };
  const first = images.data.find((i) => i.description === 'image-1')!;
  const stored = await page.request.get(new URL(first.url, baseURL).toString());
  const meta = await sharp(await stored.body()).metadata();
  expect(Math.max(meta.width!, meta.height!)).toBe(1000);
  expect(first.size).toBeLessThan(large.length);

  // the viewer: arrow keys go next and previous
  await thumbs.first().click();
  const viewer = page.getByTestId('image-viewer-dialog');
  await expect(viewer.getByRole('heading', { name: 'image-1 (1 of 3)' })).toBeVisible();
  await expectAccessible(page, 'image viewer');
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading', { name: 'image-2 (2 of 3)' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading', { name: 'image-3 (3 of 3)' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByRole('heading', { name: 'image-2 (2 of 3)' })).toBeVisible();

  // delete it from the viewer's Edit
  await viewer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByTestId('image-dialog');
  await edit.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Delete this image?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(edit).toBeHidden();
  await expect(viewer.getByRole('heading', { name: /\(2 of 2\)|\(1 of 2\)/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(thumbs).toHaveCount(2);
});
