/**
 * The printed estimate and the client's approval (print). An estimate with items in
 * two categories (one with an alternate) is made, won and converted through the API; the job's
 * `/jobs/{id}/estimate_print` shows it as a page preview and prints only the document (saved as a
 * PDF: ESTIMATE_PDF, or the test's output folder). Then a client opens an approval link in a fresh
 * browser without a session, chooses the alternate (the total follows), types a name and accepts:
 * the thank-you shows and the estimate is won with the choice. With SHOTS_DIR set, the print page
 * and the approval page (light and dark) are photographed at 1280 and 390 px.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiPost, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 180_000 });

const DETAILS = '12 Pane Street, Springfield\n(555) 010-0100 · office@clearview.example';
const TERMS = 'Prices valid for 30 days. Half down on acceptance, the balance on completion.';

/** The company name the documents are headed with (set once if the suite has not yet), and this spec's details and terms. */
async function companySettings(page: Page, baseURL: string): Promise<string> {
  const res = await page.request.get(new URL('/api/settings', baseURL).toString());
  const rows = ((await res.json()) as { data: { name: string; value: string | null }[] }).data;
  let name = rows.find((r) => r.name === 'company_name')?.value;
  if (!name) {
    name = 'Harbor Glass Works';
    await createRecord(page, baseURL, 'settings', { name: 'company_name', value: name });
  }
  // a create of a setting that exists updates it (settings are kept by name)
  await createRecord(page, baseURL, 'settings', { name: 'company_details', value: DETAILS });
  await createRecord(page, baseURL, 'settings', { name: 'estimate_terms', value: TERMS });
  return name;
}

/** An open estimate: two mirrors (alternate: framed) and a shower door, with a note on the mirrors. */
async function openEstimate(page: Page, baseURL: string) {
  const mirrors = await createRecord(page, baseURL, 'product_categories', { name: unique('Mirrors') });
  const shower = await createRecord(page, baseURL, 'product_categories', { name: unique('Shower Doors') });
  const plate = await createRecord(page, baseURL, 'products', {
    name: 'Plate mirror 36 x 48',
    category_id: mirrors.id,
    cost_per_unit: 60,
    revenue_per_unit: 120,
  });
  const framed = await createRecord(page, baseURL, 'products', {
    name: 'Framed mirror 36 x 48',
    category_id: mirrors.id,
    cost_per_unit: 90,
    revenue_per_unit: 185,
  });
  const door = await createRecord(page, baseURL, 'products', {
    name: 'Frameless shower door',
    category_id: shower.id,
    cost_per_unit: 700,
    revenue_per_unit: 1450,
  });
  const client = await createRecord(page, baseURL, 'clients', { name: unique('Harbor Dental') });
  const estimate = await createRecord(page, baseURL, 'estimates', {
    client_id: client.id,
    name: unique('Suite 200 restrooms'),
    job_address: '200 Harbor Way, Suite 200',
    contact_name: 'Dr. Ana Reyes',
    date: '2026-03-05',
    items: [
      {
        product_id: plate.id,
        qty: 2,
        amount: 240,
        cost: 120,
        alternate_product_id: framed.id,
        alternate_amount: 370,
        alternate_cost: 180,
        alternate_description: 'Framed mirror, brushed nickel',
      },
      { product_id: door.id, description: 'Frameless door, 3/8" clear, chrome hinges', qty: 1, amount: 1450, cost: 700 },
    ],
    category_notes: [{ product_category_id: mirrors.id, note: 'Mirrors are 1/4" clear with polished edges.' }],
  });
  expect((await apiPost(page.request, baseURL, `/api/estimates/${estimate.id}/status`, { status: 'open' })).status()).toBe(200);
  return { estimate, mirrors, shower };
}

test('the printed estimate of a job: a page preview with Print, and only the document on paper', async ({ page, baseURL }, testInfo) => {
  await signInAs(page, 'admin');
  const company = await companySettings(page, baseURL!);
  const { estimate, mirrors, shower } = await openEstimate(page, baseURL!);
  expect((await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/status`, { status: 'won' })).status()).toBe(200);
  const converted = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/convert`, {});
  expect(converted.status()).toBe(200);
  const job = ((await converted.json()) as { data: { id: number } }).data;

  await page.goto(`/jobs/${job.id}/estimate_print`);
  const preview = page.getByTestId('estimate-preview');
  await expect(preview.getByRole('heading', { name: company })).toBeVisible();
  await expect(preview).toContainText('12 Pane Street, Springfield');
  await expect(preview).toContainText(estimate.name as string);
  await expect(preview).toContainText('200 Harbor Way, Suite 200');
  await expect(preview).toContainText('3/5/2026');
  const categories = preview.getByTestId('doc-category');
  await expect(categories).toHaveCount(2);
  const mirrorSection = categories.filter({ has: page.getByRole('heading', { name: mirrors.name as string }) });
  await expect(mirrorSection).toContainText('Mirrors are 1/4" clear with polished edges.');
  await expect(mirrorSection.getByTestId('doc-alternates')).toContainText('Framed mirror, brushed nickel');
  await expect(mirrorSection.getByTestId('doc-alternates')).toContainText('$370.00');
  await expect(categories.filter({ has: page.getByRole('heading', { name: shower.name as string }) })).toContainText(
    'Frameless door, 3/8" clear, chrome hinges',
  );
  await expect(preview.getByTestId('doc-totals')).toContainText('Base total$1,690.00');
  await expect(preview.getByTestId('doc-totals')).toContainText('Total with all alternates$1,820.00'); // the door, and the framed mirrors in place of the plate ones
  await expect(preview).toContainText(TERMS);
  await expect(page.getByRole('link', { name: /Back to/ })).toHaveAttribute('href', `/jobs/${job.id}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page, 'estimate print page');
  await screenshots(page, 'estimate-print');

  // On paper: the document only (no header, menu or action bar).
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('estimate-print')).toBeVisible();
  await expect(page.getByTestId('estimate-print').getByRole('heading', { name: company })).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByTestId('estimate-preview')).toBeHidden();
  // (page.pdf prints with the print media, as a browser's Print does)
  const file = process.env.ESTIMATE_PDF ?? testInfo.outputPath('estimate.pdf');
  const pdf = await page.pdf({ path: file, preferCSSPageSize: true, printBackground: true });
  const pages = [...pdf.toString('latin1').matchAll(/\/Type\s*\/Page\b(?!s)/g)].length;
  expect(pages).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // A job without an estimate says so.
  const bare = await createRecord(page, baseURL!, 'jobs', { client_id: estimate.client_id, name: unique('No estimate') });
  await page.goto(`/jobs/${bare.id}/estimate_print`);
  await expect(page.getByTestId('no-estimate')).toHaveText('This job has no estimate.');
  await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0);
});

/** A browser of the client's: no session, in the given colour scheme. */
async function clientPage(browser: Browser, baseURL: string, scheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL, colorScheme: scheme });
  await context.addInitScript((s) => localStorage.setItem('glazier-color-scheme', s), scheme);
  return { context, page: await context.newPage() };
}

test('a client opens the approval link without an account, chooses an alternate, and accepts: the estimate is won', async ({ page, baseURL, browser }) => {
  await signInAs(page, 'admin');
  const company = await companySettings(page, baseURL!);
  const { estimate, mirrors } = await openEstimate(page, baseURL!);
  const made = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/approval_links`, {});
  expect(made.status()).toBe(201);
  const { path } = (await made.json()) as { path: string };

  // the page in dark, photographed before anything is chosen
  if (process.env.SHOTS_DIR) {
    const dark = await clientPage(browser, baseURL!, 'dark');
    await dark.page.goto(path);
    await expect(dark.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(dark.page.getByTestId('approval-document')).toBeVisible();
    await screenshots(dark.page, 'approval-dark');
    await dark.context.close();
  }

  const { context, page: client } = await clientPage(browser, baseURL!, 'light');
  await client.goto(path);
  const doc = client.getByTestId('approval-document');
  await expect(doc.getByRole('heading', { name: company })).toBeVisible();
  await expect(doc).toContainText(estimate.name as string);
  // no app frame, no sign-in
  await expect(client.getByTestId('user-button')).toHaveCount(0);
  await expect(client.getByRole('navigation')).toHaveCount(0);
  await expect(client.getByTestId('approval-total')).toHaveText('$1,690.00');
  await expectAccessible(client, 'approval page');
  await screenshots(client, 'approval-light');

  // the framed mirrors (370) in place of the plate ones (240): the totals follow at once
  const choice = client.getByRole('radiogroup', { name: `${mirrors.name as string}: base or alternate` });
  await choice.getByText('Alternate', { exact: true }).click();
  await expect(client.getByTestId('approval-total')).toHaveText('$1,820.00');
  await expect(doc.getByTestId('doc-chosen-total')).toHaveText('$1,820.00');

  // a name is required
  const form = client.getByTestId('approval-accept');
  await form.getByRole('button', { name: 'Accept estimate' }).click();
  await expect(form).toContainText('Type your name to accept.');
  await form.getByRole('textbox', { name: 'Your full name' }).fill('Ana Reyes');
  await form.getByRole('button', { name: 'Accept estimate' }).click();
  const thanks = client.getByTestId('approval-thanks');
  await expect(thanks).toContainText('Thank you, Ana Reyes.');
  await expect(thanks).toContainText('for a total of $1,820.00');
  await screenshots(client, 'approval-accepted');

  // the estimate is won, with the client's choice, and a note tells the estimator
  const saved = (await (await page.request.get(new URL(`/api/estimates/${estimate.id}`, baseURL).toString())).json()) as {
    status: string;
    alternate_categories: number[];
    total: number;
    notes: { note: string }[];
  };
  expect(saved).toMatchObject({ status: 'won', alternate_categories: [mirrors.id], total: 1820 });
  expect(saved.notes.map((n) => n.note)).toEqual([expect.stringMatching(/^Accepted online by Ana Reyes on \d+\/\d+\/\d{4} from .+\.$/)]);

  // the link is used: opening it again says so
  await client.reload();
  await expect(client.getByTestId('approval-refused')).toContainText('This estimate has already been accepted with this link.');
  await expectAccessible(client, 'approval page, link used');
  await screenshots(client, 'approval-refused');
  await context.close();
});
