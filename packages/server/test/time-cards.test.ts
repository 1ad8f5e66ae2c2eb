/**
 * Time cards: one person's week through the generic list (the own-entries rule, the
 * week's date range, the job as the card shows it) and the crew's week for supervisors (one
 * aggregate, checked against numbers added up by hand; 403 without edit time_entries).
 */
import { describe, expect, it } from 'vitest';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { appWithRoles, madeJob, type Client } from './harness.ts';

const suite = appWithRoles();
const { as, ids } = suite;

const WEEK = '2026-11-22'; // Sunday
const entry = (c: Client, body: Record<string, unknown>) => c.post('/api/time_entries', body);

let made = 0;
async function setUp() {
  made++;
  const job = await madeJob(as.admin, { number: `TC-${made}00`, name: 'Hillside Remodel' });
  const other = await madeJob(as.admin, { number: `TC-${made}7`, name: 'Bank Lobby' });
  return { job: job.id as number, other: other.id as number };
}

describe('time cards', () => {
  it("one person's week: their own entries only, within Sunday to Saturday, each with its job", async () => {
    const { job, other } = await setUp();
    const mine = [
      await entry(as.employee, { job_id: job, hours: 8, date: '2026-11-23', oregon: true }),
      await entry(as.employee, { job_id: other, hours: 1.5, date: '2026-11-28', note: 'Punch list' }),
      await entry(as.employee, { job_id: job, hours: 2, date: '2026-11-22' }),
    ];
    for (const r of mine) expect(r.status).toBe(201);
    // just outside the week, both sides
    expect((await entry(as.employee, { job_id: job, hours: 3, date: '2026-11-21' })).status).toBe(201);
    expect((await entry(as.employee, { job_id: job, hours: 3, date: '2026-11-29' })).status).toBe(201);
    // someone else's, in the week
    const theirs = await entry(as.supervisor, { job_id: job, hours: 4, date: '2026-11-24' });
    expect(theirs.status).toBe(201);

    const week = `start=${WEEK}&end=2026-11-28&sort_column=date`;
    const own = await as.employee.get(`/api/time_entries?${week}`);
    expect(own.status).toBe(200);
    expect(own.body.data!.map((r) => [r.date, r.hours])).toEqual([
      ['2026-11-22', 2],
      ['2026-11-23', 8],
      ['2026-11-28', 1.5],
    ]);
    expect(own.body.data![1]).toMatchObject({ job_number: 'TC-100', job_name: 'Hillside Remodel', client_name: 'Job Client', oregon: true });
    // asking for another person's week answers nothing of theirs
    const asked = await as.employee.get(`/api/time_entries?${week}&user_id=${ids.supervisor.id}`);
    expect(asked.body.data).toEqual([]);
    // a supervisor reads anyone's week
    const sup = await as.supervisor.get(`/api/time_entries?${week}&user_id=${ids.employee.id}`);
    expect(sup.body.data!.map((r) => r.id)).toEqual(own.body.data!.map((r) => r.id));
    // a bad date is a field error, not a 500
    expect((await as.employee.get('/api/time_entries?start=2026-13-01')).status).toBe(422);

    // writes: own always; another's not without edit time_entries (404: not theirs to see)
    const theirId = theirs.body.id as number;
    expect((await as.employee.patch(`/api/time_entries/${theirId}`, { hours: 1 })).status).toBe(404);
    expect((await as.employee.del(`/api/time_entries/${theirId}`)).status).toBe(404);
    expect((await as.employee.post('/api/time_entries', { job_id: job, hours: 1, date: '2026-11-24', user_id: ids.supervisor.id })).status).toBe(403);
    const myId = mine[1]!.body.id as number;
    expect((await as.employee.del(`/api/time_entries/${myId}`)).status).toBe(200);
    // a supervisor edits and deletes another's entry
    const ownFirst = mine[0]!.body.id as number;
    expect((await as.supervisor.patch(`/api/time_entries/${ownFirst}`, { hours: 7.5 })).body.hours).toBe(7.5);
    expect((await as.supervisor.del(`/api/time_entries/${mine[2]!.body.id}`)).status).toBe(200);
    const after = await as.employee.get(`/api/time_entries?${week}`);
    expect(after.body.data!.map((r) => [r.date, r.hours])).toEqual([['2026-11-23', 7.5]]);
  });

  it("the crew's week: everyone's hours per day, in all, in Oregon and beyond 40, as added up by hand", async () => {
    const { job, other } = await setUp();
    const W = '2026-12-06'; // another week, so the test above does not count
    const day = (i: number) => `2026-12-${String(6 + i).padStart(2, '0')}`;
    // the manager: 9 h Monday to Friday (45) + 2.25 h Saturday, two entries on Monday → 47.25, 7.25 over
    for (let i = 1; i <= 5; i++) expect((await entry(as.manager, { job_id: job, hours: 9, date: day(i), oregon: i <= 2 })).status).toBe(201);
    expect((await entry(as.manager, { job_id: other, hours: 2.25, date: day(6) })).status).toBe(201);
    // the employee: 0.1 × 3 on Tuesday (binary fractions add up to 0.3), 6 on Wednesday
    for (let k = 0; k < 3; k++) expect((await entry(as.employee, { job_id: job, hours: 0.1, date: day(2) })).status).toBe(201);
    expect((await entry(as.employee, { job_id: other, hours: 6, date: day(3), oregon: true })).status).toBe(201);
    // outside the week
    expect((await entry(as.employee, { job_id: job, hours: 5, date: '2026-12-05' })).status).toBe(201);
    expect((await entry(as.employee, { job_id: job, hours: 5, date: '2026-12-13' })).status).toBe(201);
    // someone since made inactive: shown in a week they have time in; another inactive one without time is not
    const gone = await createOrResetUser(suite.env.db, { email: 'gone@test.local', password: 'correct-horse-9', role: 'employee', name: 'Gone Away' });
    const idle = await createOrResetUser(suite.env.db, { email: 'idle@test.local', password: 'correct-horse-9', role: 'employee', name: 'Idle Inactive' });
    expect((await entry(as.admin, { job_id: job, hours: 4, date: day(0), user_id: gone.id })).status).toBe(201);
    await suite.env.db.query('UPDATE users SET active = false WHERE id IN ($1, $2)', [gone.id, idle.id]);

    // any day of the week names it
    const res = await as.supervisor.get('/api/time_cards/crew?week=2026-12-09');
    expect(res.status).toBe(200);
    const body = res.body as unknown as { week: string; days: string[]; data: Record<string, unknown>[]; day_totals: number[]; total: number };
    expect(body.week).toBe(W);
    expect(body.days).toEqual([0, 1, 2, 3, 4, 5, 6].map(day));
    const row = (id: number) => body.data.find((r) => r.user_id === id);
    expect(row(ids.manager.id)).toMatchObject({
      user_name: 'Manager User',
      active: true,
      days: [0, 9, 9, 9, 9, 9, 2.25],
      total: 47.25,
      oregon_hours: 18,
      overtime: 7.25,
      entries: 6,
    });
    expect(row(ids.employee.id)).toMatchObject({ days: [0, 0, 0.3, 6, 0, 0, 0], total: 6.3, oregon_hours: 6, overtime: 0, entries: 4 });
    expect(row(gone.id)).toMatchObject({ user_name: 'Gone Away', active: false, days: [4, 0, 0, 0, 0, 0, 0], total: 4 });
    expect(row(idle.id)).toBeUndefined();
    // active people without time this week are listed, with nothing
    expect(row(ids.supervisor.id)).toMatchObject({ days: [0, 0, 0, 0, 0, 0, 0], total: 0, entries: 0 });
    expect(body.day_totals).toEqual([4, 9, 9.3, 15, 9, 9, 2.25]);
    expect(body.total).toBe(57.55);
    // by name
    const names = body.data.map((r) => String(r.user_name));
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('the crew view needs edit time_entries (403), a real date (422), and a session (401)', async () => {
    expect((await as.employee.get('/api/time_cards/crew?week=2026-11-22')).status).toBe(403);
    expect((await as.supervisor.get('/api/time_cards/crew?week=2026-02-30')).status).toBe(422);
    const thisWeek = await as.supervisor.get('/api/time_cards/crew');
    expect(thisWeek.status).toBe(200);
    expect(new Date(`${String(thisWeek.body.week)}T00:00:00Z`).getUTCDay()).toBe(0);
    const guest = await suite.env.app.inject({ method: 'GET', url: '/api/time_cards/crew' });
    expect(guest.statusCode).toBe(401);
  });
});
