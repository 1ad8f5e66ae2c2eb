/**
 * Live updates (docs/platform.md, Live updates): `GET /api/live` read as a browser's
 * EventSource reads it (over a real socket, parsed by eventsource-parser). A committed change
 * reaches every stream whose user may read the record, with ids, version and who, never a value;
 * an employee hears nothing of another's time entry nor of estimates; a rolled-back change says
 * nothing; a reconnect resumes from Last-Event-ID, or is told to reset; sign-out and deactivation
 * end the stream; a user's streams are bounded. On PostgreSQL, a second app server on the same
 * database hears a change made through the first (LISTEN/NOTIFY).
 */
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange } from '@glazier/shared/actions/live-wire';
import { buildApp } from '../src/http/app.ts';
import { openDb } from '../src/db/open.ts';
import type { Db } from '../src/db/client.ts';
import { STREAMS_PER_USER } from '../src/platform/live/live-hub.ts';
import { Client, appWithRoles, jobClientId, made, madeJob, signedIn } from './harness.ts';
import { openStream as openLiveStream, type Stream } from './live-stream.ts';
import { waitFor } from './server-process.ts';

const { env, ids, as } = appWithRoles();
const openStream = (c: Client, app: FastifyInstance = env.app, headers: Record<string, string> = {}, query = '') => openLiveStream(c, app, headers, query);

const isJob = (id: unknown) => (c: LiveChange) => c.resource === 'jobs' && c.id === id;

describe('the live stream', () => {
  const open: Stream[] = [];
  const stream = async (c: Client, app?: FastifyInstance, headers?: Record<string, string>, query?: string) => {
    const s = await openStream(c, app, headers, query);
    open.push(s);
    return s;
  };
  afterAll(() => open.forEach((s) => s.close()));

  it('needs a session, and is an event stream that says how soon to reconnect', async () => {
    expect((await openStream(new Client(env.app))).status).toBe(401);
    const s = await stream(as.manager);
    expect(s.status).toBe(200);
    await waitFor('the retry line', () => s.raw().startsWith('retry: 2000\n'));
  });

  it('tells whoever may read a record of its change, with its version and who, and never its values', async () => {
    const manager = await stream(as.manager);
    const employee = await stream(as.employee);
    const job = await madeJob(as.manager, { name: 'Lakeside Secret Tower' });
    const created = await manager.change(isJob(job.id));
    expect(created).toEqual({
      resource: 'jobs',
      id: job.id,
      version: new Date(job.updated_at as string).toISOString(),
      action: 'create',
      by: { id: ids.manager.id, name: expect.any(String) },
      at: expect.any(String),
    });
    await employee.change(isJob(job.id)); // employees view jobs

    const edited = await as.manager.patch(`/api/jobs/${job.id}`, { name: 'Renamed Tower', updated_at: job.updated_at });
    expect(edited.status).toBe(200);
    const update = await manager.change((c) => isJob(job.id)(c) && c.action === 'update');
    expect(update.version).toBe(new Date(edited.body.updated_at as string).toISOString());
    expect(manager.raw()).not.toContain('Tower');
    expect(manager.raw()).not.toContain('owners');

    expect((await as.manager.del(`/api/jobs/${job.id}`)).status).toBe(200);
    expect(await manager.change((c) => isJob(job.id)(c) && c.action === 'delete')).toMatchObject({ version: null });
  });

  it('tells of a child’s change as its parent’s too (a job’s product moves the job’s version)', async () => {
    const s = await stream(as.manager);
    const job = await madeJob(as.manager);
    const product = await made(as.manager, 'job_products', { job_id: job.id, name: 'Shower door', qty: 1 });
    await s.change((c) => c.resource === 'job_products' && c.id === product.id && c.action === 'create');
    expect(await s.change((c) => isJob(job.id)(c) && c.action === 'update')).toMatchObject({ version: null });
    // a job's event (hidden with its job in the trash, from everyone alike) is news to whoever reads jobs
    const employee = await stream(as.employee);
    const event = await made(as.manager, 'events', { job_id: job.id, date: '2026-03-02' });
    await employee.change((c) => c.resource === 'events' && c.id === event.id);
  });

  it('an employee hears nothing of another person’s time entry, nor of estimates; their own entry they do', async () => {
    const employee = await stream(as.employee);
    const job = await madeJob(as.manager);
    const others = await made(as.manager, 'time_entries', { job_id: job.id, user_id: ids.supervisor.id, date: '2026-03-02', hours: 2 });
    const estimate = await made(as.manager, 'estimates', { client_id: job.client_id, name: 'Mirror wall' });
    const mine = await made(as.employee, 'time_entries', { job_id: job.id, date: '2026-03-02', hours: 3 });
    // Each stream hears in commit order: once the own entry arrived, the two before it would have.
    await employee.change((c) => c.resource === 'time_entries' && c.id === mine.id);
    const heard = employee.changes();
    expect(heard.some((c) => c.resource === 'time_entries' && c.id === others.id)).toBe(false);
    expect(heard.some((c) => c.resource === 'estimates')).toBe(false);
    expect(estimate.id).toBeGreaterThan(0);

    // A supervisor edits time entries: they hear both.
    const supervisor = await stream(as.supervisor);
    await made(as.supervisor, 'time_entries', { job_id: job.id, user_id: ids.employee.id, date: '2026-03-03', hours: 1 });
    await supervisor.change((c) => c.resource === 'time_entries' && c.by?.id === ids.supervisor.id);
  });

  it('a change of costs alone is news only to who may read costs; a stock movement is its material’s change too', async () => {
    const supervisor = await stream(as.supervisor); // reads estimates, not their amounts
    const manager = await stream(as.manager);
    const estimate = await made(as.manager, 'estimates', { client_id: await jobClientId(), name: 'Costs only' });
    const item = await made(as.manager, 'estimate_items', { estimate_id: estimate.id, description: 'Mirror', qty: 2 });
    await supervisor.change((c) => c.resource === 'estimate_items' && c.id === item.id && c.action === 'create');
    const repriced = await as.manager.patch(`/api/estimate_items/${item.id}`, { cost: 99, updated_at: item.updated_at });
    expect(repriced.status).toBe(200);
    const described = await as.manager.patch(`/api/estimate_items/${item.id}`, { description: 'Mirror, bevelled', updated_at: repriced.body.updated_at });
    expect(described.status).toBe(200);
    const updates = (s: Stream) => s.changes().filter((c) => c.resource === 'estimate_items' && c.id === item.id && c.action === 'update');
    await manager.change((c) => c.resource === 'estimate_items' && c.version === new Date(described.body.updated_at as string).toISOString());
    await supervisor.change((c) => c.resource === 'estimate_items' && c.version === new Date(described.body.updated_at as string).toISOString());
    expect(updates(manager)).toHaveLength(2);
    expect(updates(supervisor)).toHaveLength(1); // the cost alone was not news to them

    const material = await made(as.manager, 'materials', { number: 'LIVE-1', description: 'Clear 1/4' });
    await made(as.manager, 'material_transactions', { material_id: material.id, type: 'adjustment', qty: 5, note: 'Found a crate' });
    expect(await manager.change((c) => c.resource === 'materials' && c.id === material.id && c.action === 'update')).toMatchObject({ version: null });
  });

  it('a change that rolls back tells nobody', async () => {
    const s = await stream(as.manager);
    const job = await madeJob(as.manager);
    // The second row names a job that does not exist, found only when it is written, after the first
    // row was written and audited: the whole save rolls back.
    const refused = await as.manager.post('/api/job_products/store_many', {
      data: [
        { job_id: job.id, name: 'Kept back', qty: 1 },
        { job_id: 2_000_000_000, name: 'No such job', qty: 1 },
      ],
    });
    expect(refused.status).toBe(422);
    expect((await as.manager.get(`/api/job_products?job_id=${job.id}`)).body.data).toEqual([]);
    const marker = await madeJob(as.manager);
    await s.change(isJob(marker.id));
    expect(s.changes().some((c) => c.resource === 'job_products' && c.action === 'create')).toBe(false);
  });

  it('a reconnect resumes from its Last-Event-ID; an id this server no longer holds is told to reset', async () => {
    const first = await stream(as.manager);
    const job = await madeJob(as.manager);
    await first.change(isJob(job.id));
    const lastId = first.events.findLast((e) => e.event === 'change')!.id!;
    first.close();
    // another tab stays open, so the two changes gather in a batch not yet delivered when the first reconnects
    await stream(as.manager);
    const a = await madeJob(as.manager);
    const b = await madeJob(as.manager);
    const resumed = await stream(as.manager, env.app, { 'last-event-id': lastId });
    await resumed.change(isJob(b.id));
    const c = await madeJob(as.manager); // heard after that batch: once it is here, the batch has been delivered
    await resumed.change(isJob(c.id));
    expect(
      resumed
        .changes()
        .map((ch) => ch.id)
        .filter((id) => [job.id, a.id, b.id, c.id].includes(id)),
    ).toEqual([a.id, b.id, c.id]); // the replayed changes once, not again with their batch

    const stale = await stream(as.manager, env.app, { 'last-event-id': 'gone.12' });
    await waitFor('a reset', () => stale.events.some((e) => e.event === 'reset'));
  });

  it('a first stream catches up from when its page read its data (?since=)', async () => {
    const pageRead = new Date().toISOString();
    const before = await madeJob(as.manager); // made after the page read, before its stream opened
    const caughtUp = await stream(as.employee, env.app, {}, `?since=${encodeURIComponent(pageRead)}`);
    expect(await caughtUp.change(isJob(before.id))).toMatchObject({ action: 'create' });
    // without it, a first stream starts from now
    const plain = await stream(as.employee);
    const marker = await madeJob(as.manager);
    await plain.change(isJob(marker.id));
    expect(plain.changes().some(isJob(before.id))).toBe(false);
    expect(caughtUp.events.some((e) => e.event === 'reset')).toBe(false);
    expect((await openStream(as.employee, env.app, {}, '?since=yesterday')).status).toBe(422);
  });

  it('a first stream from before this server started hearing is told to reset (it cannot know what it missed)', async () => {
    const beforeStart = new Date(Date.now() - 3_600_000).toISOString(); // a page read before the server (re)started
    const early = await stream(as.employee, env.app, {}, `?since=${encodeURIComponent(beforeStart)}`);
    await waitFor('a reset', () => early.events.some((e) => e.event === 'reset'));
  });

  it('ends when its session signs out, or its user is deactivated', async () => {
    const c = await signedIn(env.app, ids.supervisor.email);
    const s = await stream(c);
    expect((await c.post('/logout')).status).toBe(204);
    await waitFor('the stream to end after sign-out', () => s.ended(), 10_000);

    const u = await made(as.admin, 'users', {
      name: 'Leaving Soon',
      email: 'leaving.live@test.local',
      role: 'employee',
      password: 'correct-horse-9',
      password_confirmation: 'correct-horse-9',
      active: true,
    });
    const leaving = await signedIn(env.app, 'leaving.live@test.local');
    const ls = await stream(leaving);
    expect((await as.admin.patch(`/api/users/${u.id}`, { active: false })).status).toBe(200);
    await waitFor('the stream to end after deactivation', () => ls.ended(), 10_000);
    expect((await openStream(leaving)).status).toBe(401);
  });

  it('tells a stream its user’s rights changed: their role, or their role’s permission matrix (the browser reads its user again)', async () => {
    const u = await made(as.admin, 'users', {
      name: 'Demoted Soon',
      email: 'demoted.live@test.local',
      role: 'manager',
      password: 'correct-horse-9',
      password_confirmation: 'correct-horse-9',
      active: true,
    });
    const demoted = await signedIn(env.app, 'demoted.live@test.local');
    const s = await stream(demoted);
    const rights = () => s.events.filter((e) => e.event === 'rights').length;
    // a change that leaves their rights as they were says nothing
    expect((await as.admin.patch(`/api/users/${u.id}`, { name: 'Demoted Later' })).status).toBe(200);
    const marker = await madeJob(as.admin);
    await s.change(isJob(marker.id));
    expect(rights()).toBe(0);

    expect((await as.admin.patch(`/api/users/${u.id}`, { role: 'employee' })).status).toBe(200);
    await waitFor('rights, after the role changed', () => rights() === 1, 10_000);
    expect(s.ended()).toBe(false);

    const row = ((await as.admin.get('/api/role_permissions?role=employee')).body.data as { id: number; area: string; view: boolean; edit: boolean }[]).find(
      (r) => r.area === 'pickup_items',
    )!;
    expect((await as.admin.patch(`/api/role_permissions/${row.id}`, { view: !row.view, edit: false })).status).toBe(200);
    await waitFor('rights, after their role’s matrix changed', () => rights() === 2, 10_000);
    expect((await as.admin.patch(`/api/role_permissions/${row.id}`, { view: row.view, edit: row.edit })).status).toBe(200);
    await waitFor('rights, after it was put back', () => rights() === 3, 10_000);
  });

  it(`keeps at most ${STREAMS_PER_USER} streams of one user: the oldest gives way`, async () => {
    const c = await signedIn(env.app, ids.employee.email);
    const streams: Stream[] = [];
    for (let i = 0; i <= STREAMS_PER_USER; i++) streams.push(await stream(c));
    await waitFor('the oldest stream to end', () => streams[0]!.ended(), 10_000);
    // told so, lest it reconnect at once and push out the next (a browser waits until the tab is shown again)
    expect(streams[0]!.events.at(-1)?.event).toBe('end');
    expect(streams.slice(1).every((s) => !s.ended())).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app servers on one PostgreSQL', () => {
  let otherDb: Db;
  let other: FastifyInstance;
  beforeAll(async () => {
    otherDb = await openDb({ databaseUrl: env.url!, dataDir: os.tmpdir() });
    other = await buildApp({ db: otherDb, sessionSecret: 'x'.repeat(48), logLevel: 'silent' });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await otherDb.close();
  });

  it('a change made through one is heard on a stream of the other', async () => {
    const s = await openStream(as.manager, other); // the same session: sessions live in the database
    try {
      expect(s.status).toBe(200);
      const job = await madeJob(as.manager); // through the first server
      expect(await s.change(isJob(job.id))).toMatchObject({ action: 'create', by: { id: ids.manager.id } });
    } finally {
      s.close();
    }
  });
});
