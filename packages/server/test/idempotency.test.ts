/**
 * A write sent again with its Idempotency-Key is made once (http/idempotency.ts): the offline queue
 * resends a kept write whose answer was lost, and two tabs of one device may both send it.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { purgeOldIdempotencyKeys } from '../src/platform/idempotency-keys.ts';
import { appWithRoles, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

let n = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++n}`;
const withKey = (key: string) => ({ 'idempotency-key': key });
let day = 0;
/** A day of its own per entry: nothing else in this file adds up on it. */
const nextDay = () => new Date(Date.UTC(2033, 0, 1) + ++day * 86_400_000).toISOString().slice(0, 10);

async function entriesOn(date: string): Promise<{ id: number; hours: number }[]> {
  const res = await as.employee.get(`/api/time_entries?start=${date}&end=${date}`);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; hours: number }[];
}

describe('Idempotency-Key', () => {
  it('a create sent twice with its key is made once: the second answer is the first, marked as replayed', async () => {
    const job = await madeJob(as.admin, { number: `IK-${Date.now().toString(36)}` });
    const date = nextDay();
    const key = newKey();
    const body = { job_id: job.id, hours: 1.25, date };
    const first = await as.employee.post('/api/time_entries', body, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await as.employee.post('/api/time_entries', body, withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await entriesOn(date)).toHaveLength(1);
    // another key is another write
    expect((await as.employee.post('/api/time_entries', body, withKey(newKey()))).status).toBe(201);
    expect(await entriesOn(date)).toHaveLength(2);
  });

  it('two requests with one key at the same moment make one record, and both answer it', async () => {
    const job = await madeJob(as.admin, { number: `IK2-${Date.now().toString(36)}` });
    const date = nextDay();
    const key = newKey();
    const body = { job_id: job.id, hours: 2, date };
    const [a, b] = await Promise.all([as.employee.post('/api/time_entries', body, withKey(key)), as.employee.post('/api/time_entries', body, withKey(key))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await entriesOn(date)).toHaveLength(1);
  });

  it('a refused write keeps no key: sent again corrected, it is made', async () => {
    const job = await madeJob(as.admin, { number: `IK3-${Date.now().toString(36)}` });
    const date = nextDay();
    const key = newKey();
    const refused = await as.employee.post('/api/time_entries', { job_id: job.id, date }, withKey(key));
    expect(refused.status).toBe(422);
    expect(await entriesOn(date)).toHaveLength(0);
    const made = await as.employee.post('/api/time_entries', { job_id: job.id, date, hours: 3 }, withKey(key));
    expect(made.status).toBe(201);
    expect(made.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesOn(date)).toHaveLength(1);
  });

  it('a change and a delete sent twice answer their first answer, not a 409 or a 404', async () => {
    const job = await madeJob(as.admin, { number: `IK4-${Date.now().toString(36)}` });
    const date = nextDay();
    const made = await as.employee.post('/api/time_entries', { job_id: job.id, hours: 1, date });
    const id = made.body.id as number;
    const change = { id, hours: 4, updated_at: made.body.updated_at };
    const key = newKey();
    const first = await as.employee.request('PATCH', `/api/time_entries/${id}`, change, withKey(key));
    expect(first.status).toBe(200);
    expect(first.body.hours).toBe(4);
    // without the key, the same body is a stale save: 409
    expect((await as.employee.patch(`/api/time_entries/${id}`, change)).status).toBe(409);
    const again = await as.employee.request('PATCH', `/api/time_entries/${id}`, change, withKey(key));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const deleteKey = newKey();
    expect((await as.employee.request('DELETE', `/api/time_entries/${id}`, undefined, withKey(deleteKey))).status).toBe(200);
    const deletedAgain = await as.employee.request('DELETE', `/api/time_entries/${id}`, undefined, withKey(deleteKey));
    expect(deletedAgain.status).toBe(200);
    expect(deletedAgain.body).toEqual({ id });
    expect(deletedAgain.headers['idempotent-replayed']).toBe('true');
    expect((await as.employee.del(`/api/time_entries/${id}`)).status).toBe(404);
  });

  it('a named action is made once per key too', async () => {
    const job = await madeJob(as.admin, { number: `IK5-${Date.now().toString(36)}`, name: 'Original' });
    const key = newKey();
    const first = await as.admin.post(`/api/jobs/${job.id as number}/duplicate`, {}, withKey(key));
    expect(first.status).toBeLessThan(300);
    const again = await as.admin.post(`/api/jobs/${job.id as number}/duplicate`, {}, withKey(key));
    expect(again.status).toBe(first.status);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
  });

  it("a key is its user's, and used for one request only; a malformed key is refused", async () => {
    const job = await madeJob(as.admin, { number: `IK6-${Date.now().toString(36)}` });
    const date = nextDay();
    const key = newKey();
    const body = { job_id: job.id, hours: 1, date };
    expect((await as.employee.post('/api/time_entries', body, withKey(key))).status).toBe(201);
    // the same key from another person is their own write
    const theirs = await as.supervisor.post('/api/time_entries', body, withKey(key));
    expect(theirs.status).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    // the same key on another request is a mistake of the sender: said, not guessed at
    const misused = await as.employee.request('PATCH', `/api/time_entries/${theirs.body.id as number}`, { hours: 2 }, withKey(key));
    expect(misused.status).toBe(422);
    expect(misused.body.errors).toHaveProperty('idempotency-key');
    const malformed = await as.employee.post('/api/time_entries', body, withKey('short'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toHaveProperty('idempotency-key');
  });

  it('keys older than their keeping time are forgotten by the scheduled purge', async () => {
    const job = await madeJob(as.admin, { number: `IK7-${Date.now().toString(36)}` });
    const key = newKey();
    const body = { job_id: job.id, hours: 1, date: nextDay() };
    expect((await as.employee.post('/api/time_entries', body, withKey(key))).status).toBe(201);
    const db = suite.env.db;
    const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', [key]))[0]!.n;
    expect(await purgeOldIdempotencyKeys(db)).toBeGreaterThanOrEqual(0);
    expect(await count()).toBe(1);
    await db.orm.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '31 days' WHERE key = ${key}`);
    expect(await purgeOldIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(0);
  });
});
