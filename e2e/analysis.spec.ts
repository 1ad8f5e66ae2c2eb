/**
 * Analysis: a manager opens it, changes the range (a preset, then two days typed) and
 * the grouping, reads the figures (the hand-computed ones of the API test), exports the grouped
 * table and the jobs as CSV and checks the files' rows, and opens a job from its row. The jobs
 * end in 2004, out of the way of every other spec's data (a retry's or a repeat's in a year of its own, out of the first try's).
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { apiPost, createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 120_000 });

async function csvRows(page: Page, button: string): Promise<string[][]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const file = await download;
  const text = fs.readFileSync(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1).trim()).data;
}

test('a manager reads job profitability for a range, groups it, exports CSV and opens a job', async ({ page, baseURL }, testInfo) => {
  const year = 2004 - testInfo.retry - 10 * testInfo.repeatEachIndex;
  await signInAs(page, 'admin');
  const type = await createRecord(page, baseURL!, 'client_types', { name: unique('Builders') });
  const client = await createRecord(page, baseURL!, 'clients', { name: unique('Analysis Homes'), client_type_id: type.id });
  // A: invoiced 1000 + 50 additional revenue + 75 trip = 1125; 400 products + 10 h × 40 + 25 = 825.
  const a = await createJob(page, baseURL!, {
    client_id: client.id,
    number: unique('AN-A'),
    start_date: `${year}-05-01`,
    end_date: `${year}-05-10`,
    burden_rate: 40,
    invoice_amount: 1000,
    additional_revenues: 50,
    trip_charge: 75,
    additional_costs: 25,
    products: [{ name: 'Mirror', qty: 1, revenue: 900, cost: 400 }],
  });
  // B: not invoiced, 600 products' revenue; 500 + 8 h × 30 = 740.
  const b = await createJob(page, baseURL!, {
    client_id: client.id,
    number: unique('AN-B'),
    start_date: `${year}-06-01`,
    end_date: `${year}-06-02`,
    burden_rate: 30,
    products: [{ name: 'Door', qty: 1, revenue: 600, cost: 500 }],
  });
  for (const [job, hours, date] of [
    [a, 10, `${year}-05-09`],
    [b, 8, `${year}-06-01`],
  ] as const) {
    const res = await apiPost(page.request, baseURL!, '/api/time_entries', { job_id: job.id, hours, date });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signInAs(page, 'manager', '/analysis');
  await expect(page.getByRole('heading', { name: 'Analysis' })).toBeVisible();
  await page.getByText('Last month', { exact: true }).click();
  await expect(page).toHaveURL(/start=\d{4}-\d{2}-01&end=/);
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(`1/1/${year}`);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(`12/31/${year}`);
  await page.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await expect(page).toHaveURL(new RegExp(`start=${year}-01-01&end=${year}-12-31`));

  const totals = page.getByTestId('jobs-totals');
  await expect(totals.getByTestId('figure-revenue')).toHaveText('$1,725.00');
  await expect(totals.getByTestId('figure-cost')).toHaveText('$1,565.00');
  await expect(totals.getByTestId('figure-profit')).toHaveText('$160.00');
  await expect(totals.getByTestId('figure-margin')).toHaveText('9.3%');
  // each column says how it is computed
  await page
    .getByTestId('jobs-table')
    .getByRole('button', { name: /^How Revenue is computed/ })
    .hover();
  await expect(page.getByRole('tooltip')).toContainText('Invoice amount');

  await page.getByTestId('group-by').click();
  await page.getByRole('option', { name: 'Client type' }).click();
  await expect(page).toHaveURL(/group_by=client_type/);
  const groups = page.getByTestId('jobs-groups');
  await expect(groups.getByRole('heading', { name: 'By client type' })).toBeVisible();
  await expect(groups.getByTestId('report-row')).toHaveCount(1);
  await expectAccessible(page, 'analysis, job profitability');
  await screenshots(page, 'analysis-jobs');

  const grouped = await csvRows(page, 'Export By client type as CSV');
  expect(grouped).toEqual([
    ['Client type', 'Jobs', 'Revenue', 'Cost', 'Profit', 'Margin', 'Products', 'Hours', 'Labour', 'Other costs'],
    [type.name as string, '2', '$1,725.00', '$1,565.00', '$160.00', '9.3%', '$900.00', '18', '$640.00', '$25.00'],
    ['Total', '2', '$1,725.00', '$1,565.00', '$160.00', '9.3%', '$900.00', '18', '$640.00', '$25.00'],
  ]);
  const jobs = await csvRows(page, 'Export Jobs as CSV');
  expect(jobs[0]).toEqual(['Job', 'Client', 'Ended', 'Revenue', 'Cost', 'Profit', 'Margin', 'Products', 'Hours', 'Labour', 'Other costs']);
  // latest end first
  expect(jobs.slice(1)).toEqual([
    [b.number as string, client.name as string, `6/2/${year}`, '$600.00', '$740.00', '-$140.00', '-23.3%', '$500.00', '8', '$240.00', '$0.00'],
    [a.number as string, client.name as string, `5/10/${year}`, '$1,125.00', '$825.00', '$300.00', '26.7%', '$400.00', '10', '$400.00', '$25.00'],
  ]);

  // the other tabs, over the same range: the Labour tab has the 18 hours
  await page.getByRole('tab', { name: 'Estimates' }).click();
  await expect(page.getByTestId('estimates-report')).toBeVisible();
  await expectAccessible(page, 'analysis, estimates');
  await page.getByRole('tab', { name: 'Labour' }).click();
  await expect(page).toHaveURL(/tab=labour/);
  await expect(page.getByTestId('labour-totals').getByTestId('figure-hours')).toHaveText('18');
  await expectAccessible(page, 'analysis, labour');
  await page.getByRole('tab', { name: 'Job profitability' }).click();

  await page.getByRole('row', { name: `Open job ${String(a.number)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${a.id}$`));
});
