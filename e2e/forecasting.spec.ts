/**
 * Forecasting: a manager opens it, reads this week's crew load against capacity (a job
 * of 8 estimated hours on the schedule today), changes the weeks, and follows a material that runs
 * short (the job's glass, none in stock) to the suggested orders, where its line is marked.
 */
import { expect, test } from '@playwright/test';
import { createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test('a manager reads the crew load and follows a shortage to the suggested orders', async ({ page, baseURL }) => {
  await signInAs(page, 'admin');
  const number = unique('FC-GLASS').replace(/\s+/g, '-');
  const glass = await createRecord(page, baseURL!, 'materials', { number, description: 'Forecast clear glass', starting_qty: 0 });
  const product = await createRecord(page, baseURL!, 'products', {
    name: unique('Forecast mirror'),
    hours_per_unit: 2,
    product_materials: [{ material_id: glass.id, qty: 1 }],
  });
  const job = await createJob(page, baseURL!, { number: unique('FC'), products: [{ product_id: product.id, qty: 4 }] });
  const today = new Date().toISOString().slice(0, 10);
  await createRecord(page, baseURL!, 'events', { job_id: job.id, date: today });

  await signInAs(page, 'manager');
  await page.getByRole('link', { name: 'Forecasting', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Forecasting' })).toBeVisible();
  await expect(page.getByTestId('forecast-weeks').getByLabel('12 weeks')).toBeChecked();
  const load = page.getByTestId('forecast-load');
  await expect(load.getByTestId('report-row')).toHaveCount(12);
  // this week has at least the job's day, and a capacity of 40 h a schedulable user
  const thisWeek = load.getByTestId('report-row').first();
  await expect(thisWeek.getByRole('cell').nth(1)).not.toHaveText('0');
  const capacity = /× 40 h = ([\d,.]+) h a week/.exec((await page.getByTestId('forecast-load-chart').textContent()) ?? '')?.[1];
  expect(capacity).toBeTruthy();
  await expect(thisWeek.getByRole('cell').nth(4)).toHaveText(capacity!);
  await load.getByRole('button', { name: /^How Hours is computed/ }).hover();
  await expect(page.getByRole('tooltip')).toContainText('calibration');
  await expectAccessible(page, 'forecasting');
  await screenshots(page, 'forecasting');

  await page.getByTestId('forecast-weeks').getByText('4 weeks', { exact: true }).click();
  await expect(page).toHaveURL(/weeks=4/);
  await expect(load.getByTestId('report-row')).toHaveCount(4);

  const shortage = page.getByTestId('forecast-shortages').getByTestId('report-row').filter({ hasText: number });
  await expect(shortage).toContainText('Forecast clear glass');
  await shortage.getByRole('link', { name: `Order ${number}: suggested orders` }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase_orders\\?view=suggestions&material=${glass.id}$`));
  const line = page.getByTestId('suggestion-row').filter({ hasText: number });
  await expect(line).toHaveAttribute('aria-current', 'true');
  await expect(line).toBeInViewport();
});
