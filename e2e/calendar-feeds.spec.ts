/**
 * Calendar feeds: a supervisor turns on the feed of the jobs they supervise from their
 * Profile, copies its webcal:// link, and the feed at that address (no session) holds their event,
 * all-day, titled with the job's number and name. The data is made through the API: a job of its
 * own, on the schedule with the supervisor.
 */
import { expect, test } from '@playwright/test';
import { ROLE_USERS, createJob, createRecord, expectAccessible, screenshots, signInAs, unique } from './support.ts';

test.describe.configure({ timeout: 90_000 });

const inDays = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test('a supervisor sets up their calendar feed from the Profile, copies the link, and the feed holds their event', async ({ page, baseURL, context }) => {
  await signInAs(page, 'admin');
  const users = (await (await page.request.get(`${baseURL}/api/users?search=${encodeURIComponent(ROLE_USERS.supervisor.name)}`)).json()) as {
    data: { id: number; name: string }[];
  };
  const supervisor = users.data.find((u) => u.name === ROLE_USERS.supervisor.name)!;
  const number = unique('CAL').replace(/\s/g, '-');
  const job = await createJob(page, baseURL!, { number, name: 'Atrium glass', address: '5 Feed Lane' });
  const date = inDays(2);
  const event = await createRecord(page, baseURL!, 'events', { job_id: job.id, date, user_id: supervisor.id });

  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signInAs(page, 'supervisor');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId('user-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile' });
  const section = dialog.getByTestId('calendar-feeds');
  await expect(section).toContainText("See your schedule in your phone's calendar");
  const mine = section.getByTestId('calendar-feed-mine');
  // a supervisor edits jobs: the whole shop's feed is offered too
  await expect(section.getByTestId('calendar-feed-shop')).toBeVisible();

  // on already (a retry of this test): a new link, after the confirmation
  if (await mine.getByRole('button', { name: 'Regenerate' }).isVisible()) {
    await mine.getByRole('button', { name: 'Regenerate' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Regenerate' }).click();
  } else {
    await expect(mine).toContainText('Off');
    await screenshots(page, 'calendar-feed-off');
    await mine.getByRole('button', { name: 'Turn on' }).click();
  }
  const field = mine.getByTestId('calendar-feed-url-mine');
  await expect(field).toHaveValue(/^webcal:\/\/.+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(mine).toContainText('On');
  await expectAccessible(page, 'the Profile with a calendar feed on');
  await screenshots(page, 'calendar-feed-on');
  if (process.env.SHOTS_DIR) {
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshots(page, 'calendar-feed-on-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }

  await mine.getByTestId('calendar-feed-copy-mine').click();
  await expect(mine.getByTestId('calendar-feed-copy-mine')).toHaveText('Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(await field.inputValue());

  // the calendar app's request: the same address over http, without the browser's session
  const feed = await page.request.get(copied.replace(/^webcal:/, 'http:'), { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = (await feed.text()).replace(/\r\n[ \t]/g, ''); // unfolded
  const block = text.split('BEGIN:VEVENT').find((b) => b.includes(`UID:event-${event.id}@`));
  expect(block, text).toBeDefined();
  expect(block).toContain(`SUMMARY:${number} Atrium glass`);
  expect(block).toContain(`DTSTART;VALUE=DATE:${date.replaceAll('-', '')}`);
  expect(block).toContain('LOCATION:5 Feed Lane');
  expect(block).toContain(`Supervisor: ${ROLE_USERS.supervisor.name}`);

  // Regenerate, after a confirmation: the copied address stops at once
  await mine.getByRole('button', { name: 'Regenerate' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Regenerate' }).click();
  await expect(field).not.toHaveValue(copied);
  expect((await page.request.get(copied.replace(/^webcal:/, 'http:'))).status()).toBe(404);

  // Turn off, after a confirmation
  await mine.getByRole('button', { name: 'Turn off' }).click();
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(mine).toContainText('Off');
  await expect(mine.getByRole('button', { name: 'Turn on' })).toBeVisible();
});
