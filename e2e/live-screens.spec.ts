/**
 * Live updates on each screen a shop watches change, beside live-updates.spec.ts (the
 * schedule, a to-do list, the dialog notice, the wire): one person reads a screen while another
 * changes what it shows through the API, as their own screen would; the reader's screen shows the
 * change without a reload, keeps what is typed in its search box and does not move its scroll.
 */
import { expect, test, type Page } from '@playwright/test';
import { ROLE_USERS, createJob, createRecord, expectNotReloaded, markPage, openLive, peopleAtOnce, unique, updateRecord } from './support.ts';

test.describe.configure({ timeout: 90_000 });

const crowd = peopleAtOnce();
test.afterEach(() => crowd.closeAll());

/** Opens `path` live for `reader` and marks the page, so a reload fails the test's end. */
async function reading(reader: Page, path: string) {
  await openLive(reader, path);
  await markPage(reader);
}

const tag = () => unique('L').replace(/\s/g, '');

test('a job’s page shows another person’s rename and new pickup item', async ({ browser, baseURL }) => {
  const office = await crowd.as(browser, 'manager', baseURL!);
  const supervisor = await crowd.as(browser, 'supervisor', baseURL!);
  const job = await createJob(office, baseURL!, { number: tag(), name: 'Harbor lobby' });
  await reading(supervisor, `/jobs/${job.id}`);
  const page = supervisor.getByTestId('job-page');
  await expect(page).toContainText('Harbor lobby');
  await page.getByRole('tab', { name: 'Pickup Items' }).click();
  await expect(page.getByTestId('job-pickup-items')).toBeVisible();

  await updateRecord(office, baseURL!, 'jobs', job.id, { name: 'Harbor lobby and stair' });
  await createRecord(office, baseURL!, 'pickup_items', { job_id: job.id, category_name: 'Mirrors', note: 'Clips from the supply house' });

  await expect(page).toContainText('Harbor lobby and stair');
  await expect(page.getByTestId('job-pickup-items')).toContainText('Clips from the supply house');
  await expectNotReloaded(supervisor);
});

test('a purchase order’s page shows a line another person adds, with its total', async ({ browser, baseURL }) => {
  const buyer = await crowd.as(browser, 'manager', baseURL!);
  const reader = await crowd.as(browser, 'admin', baseURL!);
  const vendor = await createRecord(buyer, baseURL!, 'vendors', { name: unique('Live Vendor') });
  const clip = await createRecord(buyer, baseURL!, 'materials', { number: tag(), description: 'Mirror clip, chrome' });
  const order = await createRecord(buyer, baseURL!, 'purchase_orders', { vendor_id: vendor.id });
  await reading(reader, `/purchase_orders/${order.id}`);
  const page = reader.getByTestId('purchase-order-page');
  await expect(page.getByTestId('po-lines')).toBeVisible();

  await createRecord(buyer, baseURL!, 'purchase_order_materials', { purchase_order_id: order.id, material_id: clip.id, qty: 12, price: 30 }); // price: the line's

  await expect(page.getByTestId('po-lines')).toContainText(String(clip.number));
  await expect(page.getByTestId('po-total')).toContainText('$30.00');
  await expectNotReloaded(reader);
});

test('an estimate’s page shows an item another person adds, and its total', async ({ browser, baseURL }) => {
  const estimator = await crowd.as(browser, 'manager', baseURL!);
  const reader = await crowd.as(browser, 'admin', baseURL!);
  const client = await createRecord(estimator, baseURL!, 'clients', { name: unique('Live Estimate Client') });
  const estimate = await createRecord(estimator, baseURL!, 'estimates', { client_id: client.id, name: 'Lobby mirrors' });
  await createRecord(estimator, baseURL!, 'estimate_items', { estimate_id: estimate.id, description: 'Vanity mirror', qty: 1, amount: 400 });
  await reading(reader, `/estimates/${estimate.id}`);
  const page = reader.getByTestId('estimate-page');
  await expect(page.getByTestId('estimate-item-row')).toHaveCount(1);

  await createRecord(estimator, baseURL!, 'estimate_items', { estimate_id: estimate.id, description: 'Shower door', qty: 1, amount: 1200 });

  await expect(page.getByTestId('estimate-item-row')).toHaveCount(2);
  await expect(page.getByTestId('estimate-item-row').filter({ hasText: 'Shower door' })).toBeVisible();
  await expect(page.getByTestId('figure-total')).toHaveText('$1,600.00');
  await expectNotReloaded(reader);
});

test('the pickup list shows an item another person adds, and drops one they complete', async ({ browser, baseURL }) => {
  const office = await crowd.as(browser, 'manager', baseURL!);
  const field = await crowd.as(browser, 'supervisor', baseURL!);
  const number = tag();
  const job = await createJob(office, baseURL!, { number, name: 'Pickup job' });
  const first = await createRecord(office, baseURL!, 'pickup_items', { job_id: job.id, category_name: 'Hardware', note: `Hinges ${number}` });
  await reading(field, '/lists/pickup');
  const group = field.getByTestId('pickup-group').filter({ hasText: number });
  await expect(group.getByTestId('pickup-item')).toHaveCount(1);

  await createRecord(office, baseURL!, 'pickup_items', { job_id: job.id, category_name: 'Mirrors', note: `Mirror ${number}` });
  await expect(group.getByTestId('pickup-item')).toHaveCount(2);
  await updateRecord(office, baseURL!, 'pickup_items', first.id, { complete: true });
  await expect(group.getByTestId('pickup-item')).toHaveCount(1);
  await expect(group.getByTestId('pickup-item')).toContainText(`Mirror ${number}`);
  await expectNotReloaded(field);
});

/** A Sunday of this run's own, far from other tests' weeks (the database outlives a retry). */
function runWeek(): string {
  const base = Date.UTC(2035, 0, 7); // a Sunday
  return new Date(base + (Math.floor(Date.now() / 1000) % 500) * 7 * 86_400_000).toISOString().slice(0, 10);
}
const dayOf = (week: string, i: number) => new Date(Date.parse(week) + i * 86_400_000).toISOString().slice(0, 10);

test('a person’s time card and the crew week show the hours another person enters', async ({ browser, baseURL }) => {
  const office = await crowd.as(browser, 'admin', baseURL!);
  const supervisor = await crowd.as(browser, 'supervisor', baseURL!);
  const week = runWeek();
  const job = await createJob(office, baseURL!, { number: tag(), name: 'Time job' });
  const users = (await (await office.request.get('/api/users')).json()) as { data: { id: number; email: string }[] };
  const employee = users.data.find((u) => u.email === ROLE_USERS.employee.email)!;
  const enter = (day: number, hours: number) =>
    createRecord(office, baseURL!, 'time_entries', { user_id: employee.id, job_id: job.id, date: dayOf(week, day), hours });
  await enter(1, 8);

  // one person's week
  await reading(supervisor, `/time_cards?week=${week}&user_id=${employee.id}`);
  const card = supervisor.getByTestId('time-card');
  await expect(card.getByTestId('week-total')).toHaveText('08:00');
  await enter(2, 7.5);
  await expect(card.getByTestId('week-total')).toHaveText('15:30');
  await expectNotReloaded(supervisor);

  // the crew week, opened in the app (no reload) from the same page
  await supervisor.getByRole('radiogroup', { name: 'View' }).locator('label').filter({ hasText: 'Crew' }).click();
  const row = supervisor.getByTestId('crew-row').filter({ hasText: ROLE_USERS.employee.name });
  await expect(row.getByTestId('crew-row-total')).toHaveText('15:30');
  await enter(3, 2);
  await expect(row.getByTestId('crew-row-total')).toHaveText('17:30');
  await expectNotReloaded(supervisor);
});

test('the inventory list shows on hand another person changes, keeping the search typed and the scroll', async ({ browser, baseURL }) => {
  const office = await crowd.as(browser, 'manager', baseURL!);
  const reader = await crowd.as(browser, 'admin', baseURL!);
  const prefix = tag();
  const materials = [];
  for (let i = 0; i < 12; i++) {
    materials.push(
      await createRecord(office, baseURL!, 'materials', { number: `${prefix}-${String(i).padStart(2, '0')}`, description: 'Glazing tape', starting_qty: 10 }),
    );
  }
  // short enough a window that the twelve rows scroll
  await reader.setViewportSize({ width: 1280, height: 500 });
  await reading(reader, '/inventory');
  const table = reader.getByTestId('materials-table');
  const search = table.getByPlaceholder('Search number or description');
  await search.fill(prefix);
  const rows = table.getByTestId('materials-row');
  await expect(rows).toHaveCount(12);
  const last = rows.filter({ hasText: `${prefix}-11` });
  await last.scrollIntoViewIfNeeded();
  const scrolled = await reader.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);

  await createRecord(office, baseURL!, 'material_transactions', { material_id: materials[11]!.id, type: 'adjustment', qty: -3, note: 'Broken roll' });

  await expect(last.getByRole('cell').filter({ hasText: /^7/ })).toHaveCount(1);
  expect(await reader.evaluate(() => window.scrollY)).toBe(scrolled);
  await expect(search).toHaveValue(prefix);
  await expectNotReloaded(reader);
});
