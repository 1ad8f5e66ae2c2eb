/**
 * Live updates, with two people at once, each in a browser context of their own: a
 * scheduler drags an event and a supervisor's schedule shows it moved; the shop ticks a product
 * off its To Fabricate list and the office's list drops it; an edit dialog open on a
 * record someone else changes says so, with Reload and Keep mine; an employee's stream carries
 * nothing of records the employee may not read (read on the wire); the header says when live updates
 * are paused. No page is reloaded: each carries a mark a reload would lose.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  ROLE_USERS,
  createJob,
  createRecord,
  dragOnto,
  expectNotReloaded,
  markPage,
  openLive,
  peopleAtOnce,
  screenshots,
  unique,
  updateRecord,
} from './support.ts';

test.describe.configure({ timeout: 90_000 });

const crowd = peopleAtOnce();
test.afterEach(() => crowd.closeAll());

/** Local 'YYYY-MM-DD' of this week's Sunday plus `days` (always on the month view that opens). */
function thisWeek(days: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - now.getDay() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

test('a scheduler drags an event to another day, and a supervisor’s schedule shows it moved', async ({ browser, baseURL }) => {
  const scheduler = await crowd.as(browser, 'manager', baseURL!);
  const supervisor = await crowd.as(browser, 'supervisor', baseURL!);
  const job = await createJob(scheduler, baseURL!, { number: unique('LIVE').replace(/\s/g, '-'), name: 'Live lobby' });
  const [mon, thu] = [thisWeek(1), thisWeek(4)];
  await createRecord(scheduler, baseURL!, 'events', { job_id: job.id, date: mon });
  const number = String(job.number);
  const onDay = (p: Page, day: string) => p.locator(`[role=cell][data-date="${day}"]`).getByTestId('schedule-event').filter({ hasText: number });

  for (const p of [scheduler, supervisor]) {
    await p.setViewportSize({ width: 1280, height: 900 });
    await openLive(p, '/schedule');
    await expect(onDay(p, mon)).toBeVisible();
  }
  await markPage(supervisor);
  await expect(supervisor.getByText('Live updates paused')).toHaveCount(0);

  await dragOnto(scheduler, onDay(scheduler, mon), scheduler.locator(`[role=cell][data-date="${thu}"]`));
  await expect(scheduler.getByText(new RegExp(`${number} moved to`))).toBeVisible();

  await expect(onDay(supervisor, thu)).toBeVisible();
  await expect(onDay(supervisor, mon)).toHaveCount(0);
  await expectNotReloaded(supervisor);
});

test('the shop marks a product fabricated, and the office’s To Fabricate list drops it', async ({ browser, baseURL }) => {
  const office = await crowd.as(browser, 'manager', baseURL!);
  const shop = await crowd.as(browser, 'supervisor', baseURL!);
  const category = await createRecord(office, baseURL!, 'product_categories', { name: unique('Live Glass'), enable_fabricated: true });
  const series = await createRecord(office, baseURL!, 'series', { name: unique('Live Series'), category_id: category.id });
  const job = await createJob(office, baseURL!, { number: unique('LF').replace(/\s/g, '-'), name: 'Live shower' });
  await createRecord(office, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Door panel', qty: 1 });
  await createRecord(office, baseURL!, 'job_products', { job_id: job.id, series_id: series.id, name: 'Return panel', qty: 1 });

  const list = `/lists/products/is_fabricated?category_id=${category.id}`;
  await openLive(office, list);
  await expect(office.getByTestId('to-do-row')).toHaveCount(2);
  await markPage(office);

  // The shop ticks the door off its own list.
  await shop.goto(list);
  await shop.getByRole('checkbox', { name: /Door panel/ }).click();
  await expect(shop.getByText('Marked fabricated: Door panel')).toBeVisible();

  await expect(office.getByTestId('to-do-row')).toHaveCount(1);
  await expect(office.getByTestId('to-do-row').filter({ hasText: 'Door panel' })).toHaveCount(0);
  await expect(office.getByTestId('to-do-total')).toHaveText('1 left');
  await expectNotReloaded(office);
});

test('an edit dialog open on a record someone else changes says so: Reload takes theirs, Keep mine with a choice where both changed', async ({
  browser,
  baseURL,
}) => {
  const editor = await crowd.as(browser, 'manager', baseURL!);
  const other = await crowd.as(browser, 'admin', baseURL!);
  const name = unique('Live Client');
  const client = await createRecord(editor, baseURL!, 'clients', { name, note: 'First note' });

  await openLive(editor, `/lists/clients?q=${encodeURIComponent(name)}`);
  await expect(editor.getByRole('searchbox', { name: 'Search' })).toHaveValue(name); // one row, whatever other specs made
  await editor.getByTestId('clients-row').filter({ hasText: name }).click();
  const dialog = editor.getByTestId('client-dialog');
  await expect(dialog.getByLabel('Note')).toHaveValue('First note');
  await dialog.getByLabel('Note').fill('Typed by the manager');

  // The admin changes the client meanwhile.
  await updateRecord(other, baseURL!, 'clients', client.id, { note: 'Changed by the admin' });

  const notice = dialog.getByRole('alert').filter({ hasText: `Changed by ${ADMIN.name}` });
  await expect(notice).toBeVisible();
  await screenshots(editor, 'changed-elsewhere');
  // what was typed is still there
  await expect(dialog.getByLabel('Note')).toHaveValue('Typed by the manager');
  await notice.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog.getByLabel('Note')).toHaveValue('Changed by the admin');
  await expect(notice).toHaveCount(0);

  // Changed again while the manager types: Keep mine; both changed the note, so the manager
  // chooses (the dialog shows both values), and the save goes through (no 409).
  await dialog.getByLabel('Note').fill('The manager’s final word');
  await updateRecord(other, baseURL!, 'clients', client.id, { note: 'The admin again' });
  await dialog
    .getByRole('alert')
    .filter({ hasText: `Changed by ${ADMIN.name}` })
    .getByRole('button', { name: 'Keep mine' })
    .click();
  const both = dialog.getByTestId('both-changed');
  await expect(both.getByRole('button', { name: 'Theirs: The admin again' })).toBeVisible();
  await screenshots(editor, 'both-changed');
  await both.getByRole('button', { name: 'Yours: The manager’s final word' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const saved = await (await other.request.get(`${baseURL}/api/clients/${client.id}`)).json();
  expect(saved.note).toBe('The manager’s final word');
});

test('Keep mine keeps only what this person changed: the other person’s name, invoice amount and products stay', async ({ browser, baseURL }) => {
  const admin = await crowd.as(browser, 'admin', baseURL!);
  const manager = await crowd.as(browser, 'manager', baseURL!);
  const number = unique('KM').replace(/\s/g, '-');
  const job = await createJob(admin, baseURL!, { number, name: 'Lobby', address: '1 Main St' });
  const product = await createRecord(manager, baseURL!, 'job_products', { job_id: job.id, name: 'Lobby door', qty: 1 });

  await admin.setViewportSize({ width: 1280, height: 900 });
  await openLive(admin, `/jobs/${job.id}`);
  await admin.getByRole('button', { name: 'Edit' }).click();
  const dialog = admin.getByTestId('job-dialog');
  await dialog.getByLabel('Address').fill('2 Oak Ave');

  // Meanwhile the manager renames the job, sets its invoice amount, and changes and adds a product.
  await updateRecord(manager, baseURL!, 'jobs', job.id, { name: 'Lobby glass', invoice_amount: 1851.42 });
  await updateRecord(manager, baseURL!, 'job_products', product.id, { qty: 2 });
  await createRecord(manager, baseURL!, 'job_products', { job_id: job.id, name: 'Side lite', qty: 1 });

  // the notice names what they changed
  const notice = dialog.getByTestId('changed-elsewhere');
  await expect(notice).toContainText(/Changed by .+: Name, Invoice amount\./);
  await screenshots(admin, 'keep-mine-notice');
  await notice.getByRole('button', { name: 'Keep mine' }).click();
  await expect(notice).toHaveCount(0);
  // their values came into the form, mine stayed
  await expect(dialog.getByLabel('Name')).toHaveValue('Lobby glass');
  await expect(dialog.getByLabel('Invoice amount')).toHaveValue(/1,?851\.42/);
  await expect(dialog.getByLabel('Address')).toHaveValue('2 Oak Ave');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(admin.getByText('Job saved.')).toBeVisible();

  const saved = await (await admin.request.get(`${baseURL}/api/jobs/${job.id}`)).json();
  expect(saved).toMatchObject({ name: 'Lobby glass', address: '2 Oak Ave' });
  expect(Number(saved.invoice_amount)).toBe(1851.42);
  const products = (await (await admin.request.get(`${baseURL}/api/job_products?job_id=${job.id}`)).json()).data as { name: string; qty: number }[];
  expect(products.map((p) => [p.name, Number(p.qty)]).sort()).toEqual([
    ['Lobby door', 2],
    ['Side lite', 1],
  ]);
});

test('the header says live updates are paused while the server cannot be reached for them, and nothing once it can', async ({ browser, baseURL }) => {
  const page = await crowd.as(browser, 'supervisor', baseURL!);
  // the stream cannot be opened (a proxy in the way, the server restarting), the rest of the app works
  await page.route('**/api/live**', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Hello/);
  const paused = page.getByTestId('live-paused');
  await expect(paused).toBeVisible();
  await expect(paused).toHaveAccessibleName(/^Live updates paused\./);
  await screenshots(page, 'live-paused');
  // on a phone the badge is its icon alone: a tap gives its words
  await page.setViewportSize({ width: 390, height: 844 });
  await paused.click();
  await expect(page.getByRole('tooltip')).toContainText("Live updates paused. Other people's changes show after a reload");
  await screenshots(page, 'live-paused-tapped');
  // reachable again: the stream opens by itself (its next try) and the badge goes
  const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live' && r.status() === 200, { timeout: 40_000 });
  await page.unroute('**/api/live**');
  await opened;
  await expect(paused).toHaveCount(0);
});

test('an employee’s stream carries nothing of what the employee may not read (on the wire)', async ({ browser, baseURL }) => {
  const employee = await crowd.as(browser, 'employee', baseURL!);
  const manager = await crowd.as(browser, 'manager', baseURL!);
  await openLive(employee, '/');
  // The stream as the browser receives it, read beside the app's own.
  await employee.evaluate(() => {
    const w = window as unknown as { wire: string };
    w.wire = '';
    void fetch('/api/live').then(async (res) => {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        w.wire += decoder.decode(value, { stream: true });
      }
    });
  });
  await expect.poll(() => employee.evaluate(() => (window as unknown as { wire: string }).wire)).toContain('retry:');
  const job = await createJob(manager, baseURL!, { number: unique('LW').replace(/\s/g, '-'), name: 'Wire job' });
  const estimate = await createRecord(manager, baseURL!, 'estimates', { client_id: job.client_id, name: 'Not for employees' });
  const supervisorsUsers = await (await manager.request.get(`${baseURL}/api/users?search=${encodeURIComponent(ROLE_USERS.supervisor.email)}`)).json();
  const others = await createRecord(manager, baseURL!, 'time_entries', { job_id: job.id, user_id: supervisorsUsers.data[0].id, date: thisWeek(1), hours: 2 });
  const mine = await createRecord(employee, baseURL!, 'time_entries', { job_id: job.id, date: thisWeek(1), hours: 1 });

  const wire = () => employee.evaluate(() => (window as unknown as { wire: string }).wire);
  // a stream hears in commit order: once the employee's own entry is there, the two before it would be
  await expect.poll(wire).toContain(`"resource":"time_entries","id":${mine.id}`);
  const text = await wire();
  expect(text).toContain(`"resource":"jobs","id":${job.id}`); // jobs they read
  expect(estimate.id).toBeGreaterThan(0);
  expect(text).not.toContain('"resource":"estimates"');
  expect(text).not.toContain(`"resource":"time_entries","id":${others.id}`);
  expect(text).not.toContain('Wire job'); // never a value
});
