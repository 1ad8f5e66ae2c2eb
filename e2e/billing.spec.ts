/**
 * Billing's screens (docs/domain/billing.md): a job's billing section makes its deposit and final
 * invoices; the invoice page edits a draft's lines and shows the totals; Void asks for a reason;
 * the Invoices list filters by status and client; a payment recorded against a sent invoice moves
 * its balance and the aging; the client's link opens the invoice, is listed on the invoice's page
 * and, once revoked there, says it is no longer valid; Payments, Aging and Exports screens; the
 * billing settings; the client's public page refuses a link that names nothing; a won estimate's
 * deposit before its job; the statement of account (preview, download, send); billed vs collected
 * in analysis; and a manager's whole journey, from a completed job with its deposit paid to both
 * programs' files read back. With SHOTS_DIR set, each screen is
 * photographed at 1280 and 390 px, light and dark.
 */
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { apiPost, authFile, createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 240_000 });

async function billedJob(page: Page, baseURL: string) {
  const clientName = unique('Billing Client');
  const client = await createRecord(page, baseURL, 'clients', { name: clientName });
  const job = await createJob(page, baseURL, { name: unique('Storefront'), client_id: client.id, trip_charge: 150, additional_revenues: 850 });
  return { client, clientName, job };
}

test('a job is invoiced from its page: a deposit, then the final invoice edited as a draft, totals, void', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const { clientName, job } = await billedJob(page, baseURL!);

  await page.goto(`/jobs/${job.id}?tab=billing`);
  const section = page.getByTestId('job-billing');
  await expect(section.getByTestId('job-billed')).toHaveText('$0.00');

  // A deposit of 30 % of the job's $1,000.00.
  await section.getByTestId('deposit-invoice').click();
  const deposit = page.getByTestId('deposit-dialog');
  await deposit.getByTestId('deposit-percent').fill('30');
  await deposit.getByRole('button', { name: 'Make deposit invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoicePage = page.getByTestId('invoice-page');
  await expect(invoicePage.getByTestId('invoice-status')).toHaveText('Draft');
  await expect(page.getByTestId('invoice-lines')).toContainText('Deposit');
  await expect(page.getByTestId('invoice-total')).toContainText('$300.00');

  // The final invoice from the job: its trip charge and additional revenues as lines.
  await page.goto(`/jobs/${job.id}?tab=billing`);
  await expect(section.getByTestId('invoices-row')).toHaveCount(1);
  await expect(section.getByTestId('job-drafts')).toHaveText('Drafts not sent yet: $300.00');
  await screenshots(page, 'billing-job-section');
  await section.getByTestId('create-invoice').click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const lines = page.getByTestId('invoice-lines');
  await expect(lines).toContainText('Trip charge');
  await expect(page.getByTestId('invoice-subtotal')).toContainText('$1,000.00');
  await screenshots(page, 'billing-invoice-draft');

  // A line added while a draft: 2 × $12.50 gives $25.00 by itself.
  await page.getByRole('button', { name: 'Add Line' }).first().click();
  const lineDialog = page.getByTestId('invoice-line-dialog');
  await lineDialog.getByLabel('Description').fill('Caulking');
  await lineDialog.getByLabel('Qty').fill('2');
  await lineDialog.getByLabel('Rate').fill('12.50');
  await expect(lineDialog.getByLabel('Amount')).toHaveValue('$25.00');
  await screenshots(page, 'billing-line-dialog');
  await lineDialog.getByRole('button', { name: 'Save' }).click();
  await expect(lines).toContainText('Caulking');
  await expect(page.getByTestId('invoice-subtotal')).toContainText('$1,025.00');
  await expectAccessible(page, 'the invoice page');

  // The list finds it by client and status.
  await page.goto('/invoices');
  const table = page.getByTestId('invoices-table');
  await table.getByPlaceholder('Search client, bill-to or memo').fill(clientName);
  await expect(table.getByTestId('invoices-row')).toHaveCount(2);
  await page.getByTestId('status-filter').click();
  await page.getByRole('option', { name: 'Draft' }).click();
  await expect(table.getByTestId('invoices-row')).toHaveCount(2);
  await screenshots(page, 'billing-invoices');

  // Void the deposit, with its reason; it keeps its number.
  await table.getByTestId('invoices-row').filter({ hasText: '$300.00' }).click();
  await page.getByTestId('void-invoice').click();
  const voidDialog = page.getByTestId('void-invoice-dialog');
  await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(voidDialog.getByText('Give the reason.')).toBeVisible();
  await voidDialog.getByLabel('Reason').fill('Asked twice');
  await voidDialog.getByRole('button', { name: 'Void invoice' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Void');
  await expect(page.getByTestId('void-reason')).toHaveText('Voided: Asked twice');
  await expect(page.getByTestId('void-invoice')).toHaveCount(0);
});

test('a payment recorded over a client’s open invoices: its shares, the over-payment refused, the aging', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const { clientName, job } = await billedJob(page, baseURL!);
  const made = await apiPost(page.request, baseURL!, '/api/invoices/from_job', { job_id: job.id });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = ((await made.json()) as { data: { id: number } }).data;
  // Sending goes through the outbox (its own action); this draft is sent when that answers.
  const sent = await apiPost(page.request, baseURL!, `/api/invoices/${invoice.id}/send`, { to: ['client@billing.example'], cc: [], message: '' });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto(`/invoices/${invoice.id}`);
  await page.getByTestId('record-payment').click();
  const dialog = page.getByTestId('record-payment-dialog');
  await expect(dialog.getByTestId('payment-client')).toHaveValue(clientName);
  await dialog.getByTestId('payment-amount').fill('5000');
  await dialog.getByLabel('Check number').fill('1042');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(/more than the \$1,000\.00 open/)).toBeVisible();
  await dialog.getByTestId('payment-amount').fill('400');
  await expect(dialog.getByTestId('payment-applied')).toHaveText('Applied $400.00 of $400.00');
  await screenshots(page, 'billing-record-payment');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('invoice-status')).toHaveText('Partly paid');
  await expect(page.getByTestId('invoice-balance')).toContainText('$600.00');

  // The client's link: the invoice and its balance, without signing in.
  const link = await apiPost(page.request, baseURL!, `/api/invoices/${invoice.id}/links`, {});
  expect(link.status(), await link.text()).toBe(201);
  const { path } = (await link.json()) as { path: string };
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(new URL(path, baseURL).toString());
  await expect(visitor.getByTestId('public-balance')).toHaveText('$600.00');
  await expect(visitor.getByTestId('invoice-document')).toContainText('Trip charge');
  await screenshots(visitor, 'billing-public-invoice');

  // The invoice's client links: the one Send made and the one above, newest first, the latter
  // opened; revoking it (after a confirmation) withdraws it, and its page says so.
  await page.goto(`/invoices/${invoice.id}?tab=links`);
  const links = page.getByTestId('client-links');
  const rows = links.getByTestId('client-link-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Active');
  await expect(rows.first()).not.toContainText('Not yet');
  await expect(rows.nth(1)).toContainText('Not yet');
  await screenshots(page, 'billing-client-links');
  await rows.first().getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Revoke this client link? The client will no longer be able to open it.');
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(rows.first()).toContainText('Revoked');
  await expect(rows.first().getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  await expectAccessible(page, 'the invoice page, client links');
  await screenshots(page, 'billing-client-links-revoked');
  await visitor.reload();
  await expect(visitor.getByTestId('invoice-link-refused')).toContainText('This link is no longer valid');
  await expect(visitor.getByTestId('invoice-link-refused')).toContainText('This invoice link was withdrawn.');
  await screenshots(visitor, 'billing-public-revoked');
  await visitor.close();

  await page.goto(`/billing/aging`);
  await page.getByTestId('aging-client').fill(clientName);
  await expect(page.getByTestId('aging-table')).toContainText('$600.00');
  await screenshots(page, 'billing-aging-with-balance');

  // To the books: the sent invoice goes in a QuickBooks batch, whose file downloads at once and again.
  await page.goto('/billing/exports');
  await page.getByTestId('new-export').click();
  const file = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'QuickBooks Online' }).click();
  expect((await file).suggestedFilename()).toMatch(/\.csv$/);
  const batch = page.getByTestId('invoice_exports-row').first();
  await expect(batch).toContainText('QuickBooks Online');
  const again = page.waitForEvent('download');
  await batch.getByRole('link', { name: 'Download again' }).click();
  expect((await again).suggestedFilename()).toMatch(/\.csv$/);
});

test('payments, aging and exports screens, and the billing settings', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/');
  await page.getByRole('group', { name: 'Billing' }).getByRole('link', { name: 'Payments' }).click();
  await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(page.getByTestId('payments-table')).toBeVisible();
  await screenshots(page, 'billing-payments');

  await page.goto('/billing/aging');
  await expect(page.getByTestId('aging-table')).toBeVisible();
  // no invoice of this run is sent yet: an empty aging says so
  await expect(page.getByTestId('aging-table')).toContainText(/Over 90 days|No open balances on this day\./);
  await screenshots(page, 'billing-aging');

  await page.goto('/billing/exports');
  await expect(page.getByTestId('exports-table')).toBeVisible();
  await page.getByTestId('new-export').click();
  await expect(page.getByRole('menuitem', { name: 'QuickBooks Online' })).toBeVisible();
  await page.keyboard.press('Escape');
  await screenshots(page, 'billing-exports');

  await page.goto('/settings');
  const billing = page.getByTestId('billing-settings');
  await expect(billing.getByLabel('Next invoice number')).toBeVisible();
  await expect(billing.getByLabel('Reminder days')).toBeVisible();
});

test('the client dialog has the tax exemption and no reminders; the public page refuses a link that names nothing', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Exempt Client') });
  await page.goto(`/lists/clients`);
  await page.getByPlaceholder(/Search/).fill(String(client.name));
  await page
    .getByTestId('clients-row')
    .filter({ hasText: String(client.name) })
    .click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog.getByLabel('Tax exemption number')).toHaveCount(0);
  await dialog.getByRole('switch', { name: 'Tax exempt' }).check();
  await dialog.getByLabel('Tax exemption number').fill('EX-123');
  await dialog.getByRole('switch', { name: 'No payment reminders' }).check();
  await expect(dialog.getByRole('switch', { name: 'Tax exempt' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'No payment reminders' })).toBeChecked();
  const saving = page.waitForResponse((r) => r.url().endsWith(`/api/clients/${client.id}`) && r.request().method() === 'PATCH');
  await dialog.getByRole('button', { name: 'Save' }).click();
  const saved = await saving;
  expect(saved.status()).toBe(200);
  expect(saved.request().postDataJSON()).toMatchObject({ tax_exempt: true, tax_exemption_number: 'EX-123', no_reminders: true });
  await expect(dialog).toHaveCount(0);
  const stored = (await (await page.request.get(`${baseURL}/api/clients/${client.id}`)).json()) as Record<string, unknown>;
  expect(stored).toMatchObject({ tax_exempt: true, tax_exemption_number: 'EX-123', no_reminders: true });

  await page.goto('/invoice-view/aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
  await expect(page.getByTestId('invoice-link-refused')).toBeVisible();
  await screenshots(page, 'billing-public-refused');
});

test('a won estimate takes a deposit before its job, and the job made from it holds the deposit', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Estimate Deposit Client') });
  const estimate = await createRecord(page, baseURL!, 'estimates', {
    client_id: client.id,
    name: unique('Atrium glazing'),
    items: [{ description: 'Curtain wall', qty: 1, amount: 4000 }],
  });
  for (const status of ['open', 'won']) {
    const moved = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/status`, { status });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await page.goto(`/estimates/${estimate.id}?tab=deposits`);
  const section = page.getByTestId('estimate-deposits');
  await expect(section).toContainText('No deposit asked yet.');
  await screenshots(page, 'billing-estimate-deposits-empty');
  await section.getByTestId('estimate-deposit-invoice').click();
  const dialog = page.getByTestId('deposit-dialog');
  await expect(dialog).toContainText('Percent of the estimate');
  await dialog.getByTestId('deposit-percent').fill('25');
  await dialog.getByRole('button', { name: 'Make deposit invoice' }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByTestId('invoice-total')).toContainText('$1,000.00');
  await expect(page.getByTestId('invoice-page')).toContainText('Estimate (no job yet)');
  // a draft without a job is edited as any draft
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByTestId('invoice-dialog');
  await edit.getByLabel('Memo').fill('Deposit before we order the glass.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByTestId('invoice-page')).toContainText('Deposit before we order the glass.');
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());

  await page.goto(`/estimates/${estimate.id}?tab=deposits`);
  await expect(section.getByTestId('invoices-row')).toHaveCount(1);
  await screenshots(page, 'billing-estimate-deposits');

  // Convert to Job: the job's billing holds the deposit.
  const converted = await apiPost(page.request, baseURL!, `/api/estimates/${estimate.id}/convert`, {});
  expect(converted.status(), await converted.text()).toBe(200);
  const job = ((await converted.json()) as { data: { id: number } }).data;
  await page.goto(`/jobs/${job.id}?tab=billing`);
  await expect(page.getByTestId('job-billing').getByTestId('invoices-row')).toHaveCount(1);
  await page.goto(`/invoices/${invoiceId}`);
  await expect(page.getByTestId('invoice-page')).not.toContainText('Estimate (no job yet)');
});

test('a statement of account from the client dialog: preview, download and send by email to the client', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const clientName = unique('Statement Client');
  const client = await createRecord(page, baseURL!, 'clients', { name: clientName, email: 'ap@statement-client.example' });
  const job = await createJob(page, baseURL!, { name: unique('Lobby'), client_id: client.id, trip_charge: 0, additional_revenues: 720 });
  const made = await apiPost(page.request, baseURL!, '/api/invoices/from_job', { job_id: job.id });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = ((await made.json()) as { data: { id: number } }).data;
  const sent = await apiPost(page.request, baseURL!, `/api/invoices/${invoice.id}/send`, { to: ['ap@statement-client.example'], cc: [], message: '' });
  expect(sent.status(), await sent.text()).toBe(200);

  // The client dialog shows the email and opens the statement for the client.
  await page.goto('/lists/clients');
  await page.getByPlaceholder(/Search/).fill(clientName);
  await page.getByTestId('clients-row').filter({ hasText: clientName }).click();
  const dialog = page.getByTestId('client-dialog');
  await expect(dialog.getByLabel('Email')).toHaveValue('ap@statement-client.example');
  await dialog.getByTestId('client-statement').click();
  await expect(page).toHaveURL(new RegExp(`/billing/statement\\?client=${client.id}`));
  await expect(page.getByTestId('client-dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Statement of account' })).toBeVisible();
  await expect(page.getByTestId('statement-client')).toHaveValue(clientName);
  await expect(page.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', /inline=1/);
  await screenshots(page, 'billing-statement');

  const file = page.waitForEvent('download');
  await page.getByTestId('statement-download').click();
  expect((await file).suggestedFilename()).toMatch(/\.pdf$/);

  await page.getByTestId('send-statement').click();
  const compose = page.getByTestId('send-statement-dialog');
  await expect(compose.getByText('ap@statement-client.example')).toBeVisible();
  await expect(compose).toContainText('The statement from');
  await screenshots(page, 'billing-statement-send');
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/clients/${client.id}/statement/send`));
  await compose.getByRole('button', { name: 'Send' }).click();
  expect((await answered).status()).toBe(200);
  await expect(compose).toHaveCount(0);
  await expect(page.getByText(/The statement is (on its way to ap@statement-client\.example|kept in the Outbox)/)).toBeVisible();
  await expect(page.getByText(/Statement of account \d+\/\d+\/\d+ to \d+\/\d+\/\d+/).first()).toBeVisible();
  await expectAccessible(page, 'the statement screen');

  // It is in the Billing menu too.
  await page.goto('/');
  await page.getByRole('group', { name: 'Billing' }).getByRole('link', { name: 'Statements' }).click();
  await expect(page.getByRole('heading', { name: 'Statement of account' })).toBeVisible();
  await expect(page.getByText('Choose a client to see their statement.')).toBeVisible();
});

test('analysis shows billed vs collected by month, with its chart and CSV', async ({ page }) => {
  await signInAs(page, 'admin');
  // the six months to this one, where this run's invoices are
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 5, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 0));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const label = (d: Date) => `${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
  await page.goto(`/analysis?tab=billing&start=${iso(first)}&end=${iso(last)}`);
  const report = page.getByTestId('billing-report');
  await expect(report.getByTestId('billing-totals')).toContainText('Collected − billed');
  await expect(report.getByRole('img', { name: 'Billed and collected by month' })).toBeVisible();
  const rows = report.getByTestId('billing-months');
  await expect(rows).toContainText(label(first));
  await expect(rows).toContainText(label(last));
  await screenshots(page, 'billing-analysis');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export By month as CSV' }).click();
  const text = fs.readFileSync(await (await download).path(), 'utf8');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trim()).data;
  expect(parsed[0]).toEqual(['Month', 'Billed', 'Collected', 'Collected − billed']);
  // six months and the total
  expect(parsed).toHaveLength(8);
});

/** A downloaded CSV read back by its header row (papaparse), with the headers it came with. */
async function readCsv(download: Download) {
  const text = fs.readFileSync(await download.path(), 'utf8');
  const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { headers: parsed.meta.fields ?? [], rows: parsed.data };
}

/** The cents of each invoice's rows in a file, by the column naming the invoice. */
function centsByInvoice(rows: Record<string, string>[], invoiceColumn: string, amount: (r: Record<string, string>) => number) {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r[invoiceColumn]!, (sums.get(r[invoiceColumn]!) ?? 0) + Math.round(amount(r) * 100));
  return sums;
}

const QBO_HEADERS = [
  'Invoice no',
  'Customer',
  'Invoice date',
  'Due date',
  'Terms',
  'Item (Product/Service)',
  'Item description',
  'Item quantity',
  'Item rate',
  'Item amount',
  'Item tax code',
  'Memo',
];
const XERO_HEADERS = [
  'ContactName',
  'EmailAddress',
  'InvoiceNumber',
  'Reference',
  'InvoiceDate',
  'DueDate',
  'Description',
  'Quantity',
  'UnitAmount',
  'AccountCode',
  'TaxType',
  'Currency',
];

type InvoiceRead = { id: number; number: string; total: number; deposits_applied: number | null; balance: number; status: string };

test('a manager invoices a completed job whose deposit is paid, sends it, is paid by check and card, and takes the month to the books', async ({
  page,
  baseURL,
  browser,
}) => {
  // What the manager finds: a client with an email, a completed job with its products, and the
  // deposit invoice the office sent and was paid before the work started.
  await signInAs(page, 'admin');
  const clientName = unique('Harbor Bistro');
  const email = 'accounts@harbor-bistro.example';
  const client = await createRecord(page, baseURL!, 'clients', { name: clientName, email });
  const job = await createJob(page, baseURL!, {
    name: unique('Bistro storefront'),
    client_id: client.id,
    trip_charge: 150,
    ...Object.fromEntries(['hardware', 'shelving', 'mirrors', 'window_coverings', 'shower_glass'].map((k) => [`${k}_complete`, true])),
  });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, name: 'Storefront door, clear tempered', qty: 1, revenue: 2400 });
  await createRecord(page, baseURL!, 'job_products', { job_id: job.id, name: 'Transom lite', qty: 2, revenue: 612.5 });
  const depositMade = await apiPost(page.request, baseURL!, '/api/invoices/deposit', { job_id: job.id, amount: 1000 });
  expect(depositMade.status(), await depositMade.text()).toBe(201);
  const deposit = ((await depositMade.json()) as { data: InvoiceRead }).data;
  expect((await apiPost(page.request, baseURL!, `/api/invoices/${deposit.id}/send`, { to: [email], cc: [], message: '' })).status()).toBe(200);
  const depositPaid = await apiPost(page.request, baseURL!, '/api/payments/record', {
    client_id: client.id,
    payment_date: new Date().toISOString().slice(0, 10),
    amount: 1000,
    method: 'ach',
  });
  expect(depositPaid.status(), await depositPaid.text()).toBe(201);

  await signInAs(page, 'manager', `/jobs/${job.id}?tab=billing`);
  const section = page.getByTestId('job-billing');
  await expect(section.getByTestId('job-paid')).toHaveText('$1,000.00');
  await section.getByTestId('create-invoice').click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const invoiceId = Number(new URL(page.url()).pathname.split('/').pop());
  const readInvoice = async (id: number) => (await (await page.request.get(`${baseURL}/api/invoices/${id}`)).json()) as InvoiceRead;
  const draft = await readInvoice(invoiceId);
  // the invoice's page (while it opens, the job's list of invoices may still show their badges)
  const status = page.getByTestId('invoice-page').getByTestId('invoice-status');
  const balance = page.getByTestId('invoice-page').getByTestId('header-balance');
  await expect(status).toHaveText('Draft');
  const lines = page.getByTestId('invoice-lines');
  for (const line of ['Storefront door, clear tempered', 'Transom lite', 'Trip charge']) await expect(lines).toContainText(line);
  // the paid deposit is subtracted from what the final invoice asks
  await expect(page.getByTestId('invoice-deposits')).toContainText('−$1,000.00');
  const due = Math.round(draft.total * 100) - 100_000;
  expect(Math.round(draft.balance * 100)).toBe(due);
  const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(balance).toHaveText(money(due));
  await screenshots(page, 'billing-journey-final-draft');

  // The aging before: nothing of this client's is open (the deposit is paid, the final a draft).
  const aging = async () => {
    await page.goto(`/billing/aging?client=${encodeURIComponent(clientName)}`);
    return page.getByTestId('aging-table');
  };
  await expect(await aging()).toContainText('No open balances on this day.');

  // Send: the compose dialog to the client's address, the PDF and a link.
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByTestId('send-invoice').click();
  const compose = page.getByTestId('send-invoice-dialog');
  await expect(compose.getByText(email)).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith(`/api/invoices/${invoiceId}/send`));
  await compose.getByRole('button', { name: 'Send' }).click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('The invoice is kept in the Outbox, not sent: no mail server is configured.')).toBeVisible();
  await expect(status).toHaveText('Sent');

  // The message the client receives. The e2e server has no mail server, so it is kept in the Outbox
  // (an admin's screen) as it would be sent, its link hidden: the token goes into the message only
  // as it is sent. The API tests deliver it to a real SMTP server, where that link works; here, as
  // in sending.spec.ts, the client opens a link of their own, made on the invoice's Client Links tab.
  const admin = await browser.newContext({ baseURL, storageState: authFile('admin') });
  const outbox = await admin.newPage();
  await outbox.goto('/outbox');
  await outbox.getByTestId('outbox').getByText(`Invoice ${draft.number} from`).click();
  const shown = outbox.getByTestId('mail-message-dialog');
  await expect(shown.getByTestId('mail-message')).toContainText(`Invoice ${draft.number}.pdf`);
  await shown.getByRole('tab', { name: 'Text' }).click();
  const text = (await shown.getByTestId('mail-text').textContent()) ?? '';
  expect(text).toContain(`Our invoice ${draft.number} for ${money(due)} is attached.`);
  expect(text).toMatch(/https?:\/\/\S+\/invoice-view\/hidden-in-the-outbox-[0-9a-f]+/);
  await admin.close();

  await page.getByRole('tab', { name: 'Client Links' }).click();
  await page.getByRole('button', { name: 'Create client link' }).click();
  const url = await page.getByTestId('client-url').inputValue();
  const guest = await browser.newContext();
  const visitor = await guest.newPage();
  await visitor.goto(url);
  await expect(visitor.getByTestId('public-balance')).toHaveText(money(due));
  await expect(visitor.getByTestId('invoice-document')).toContainText('Storefront door, clear tempered');
  await guest.close();

  // The aging now holds the balance, not yet due (net terms from today).
  const agingTable = await aging();
  const row = agingTable.getByRole('row').filter({ hasText: clientName });
  await expect(row).toContainText(money(due));
  await screenshots(page, 'billing-journey-aging');

  // A check that pays part…
  const check = 150_000;
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByTestId('record-payment').click();
  let dialog = page.getByTestId('record-payment-dialog');
  await expect(dialog.getByTestId('payment-client')).toHaveValue(clientName);
  await dialog.getByTestId('payment-amount').fill(String(check / 100));
  await dialog.getByLabel('Check number').fill('2207');
  await expect(dialog.getByTestId('payment-applied')).toHaveText(`Applied ${money(check)} of ${money(check)}`);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveText('Partly paid');
  await expect(balance).toHaveText(money(due - check));

  await aging();
  await expect(row).toContainText(money(due - check));
  await expect(row).not.toContainText(money(due));

  // …and a card payment that pays the rest.
  await page.goto(`/invoices/${invoiceId}`);
  await page.getByTestId('record-payment').click();
  dialog = page.getByTestId('record-payment-dialog');
  await dialog.getByTestId('payment-amount').fill(String((due - check) / 100));
  await dialog.getByTestId('payment-method').click();
  await page.getByRole('option', { name: 'Card' }).click();
  await expect(dialog.getByLabel('Check number')).toHaveCount(0);
  await dialog.getByLabel('Reference').fill('Visa ending 4242');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(status).toHaveText('Paid');
  await expect(balance).toHaveText('$0.00');

  await expect(await aging()).toContainText('No open balances on this day.');

  // The month to the books: a QuickBooks Online batch (its file downloads at once), then the same
  // batch as Xero's file. Each is read back against the documented headers.
  await page.goto('/billing/exports');
  await page.getByTestId('new-export').click();
  const qboFile = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'QuickBooks Online' }).click();
  await expect(page.getByText('Exported to QuickBooks Online.')).toBeVisible();
  const qbo = await readCsv(await qboFile);
  const batch = page.getByTestId('invoice_exports-row').first();
  await expect(batch).toContainText('QuickBooks Online');
  const xeroFile = page.waitForEvent('download');
  await batch.getByRole('link', { name: 'As Xero' }).click();
  const xero = await readCsv(await xeroFile);
  await screenshots(page, 'billing-journey-exports');

  expect(qbo.headers).toEqual(QBO_HEADERS);
  expect(xero.headers).toEqual(XERO_HEADERS);
  // each invoice's rows add up to what it asked of the client: the deposit's total, the final's total less the deposit
  const final = await readInvoice(invoiceId);
  expect(final.status).toBe('paid');
  const asked = new Map([
    [String(deposit.number), Math.round(deposit.total * 100)],
    [String(final.number), Math.round(final.total * 100) - Math.round((final.deposits_applied ?? 0) * 100)],
  ]);
  expect(asked.get(String(final.number))).toBe(due);
  const qboSums = centsByInvoice(qbo.rows, 'Invoice no', (r) => Number(r['Item amount']));
  const xeroSums = centsByInvoice(xero.rows, 'InvoiceNumber', (r) => Number(r.Quantity) * Number(r.UnitAmount));
  for (const [number, cents] of asked) {
    expect(qboSums.get(number), `QuickBooks rows of invoice ${number}`).toBe(cents);
    expect(xeroSums.get(number), `Xero rows of invoice ${number}`).toBe(cents);
  }
  expect(qbo.rows.find((r) => r['Invoice no'] === String(final.number))).toMatchObject({ Customer: clientName });
  expect(xero.rows.find((r) => r.InvoiceNumber === String(final.number))).toMatchObject({ ContactName: clientName, EmailAddress: email });
  // both files hold the batch's invoices and its total, as the screen lists them
  const fileTotal = [...qboSums.values()].reduce((a, b) => a + b, 0);
  expect([...xeroSums.values()].reduce((a, b) => a + b, 0)).toBe(fileTotal);
  await expect(batch).toContainText(money(fileTotal));
});
