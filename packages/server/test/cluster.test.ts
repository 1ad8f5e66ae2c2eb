/**
 * Several app servers on one PostgreSQL, with two real server processes: a change made
 * through one (logout, a deactivated user, a changed role, a changed permission matrix) takes effect
 * on the other at once, not after its cache's TTL, through LISTEN/NOTIFY; a server whose listening
 * connection is cut reconnects (and drops its caches); the scheduled trash purge runs once across
 * both. PostgreSQL pass only: PGlite serves one process.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db, Row } from '../src/db/client.ts';
import { openDb } from '../src/db/open.ts';
import { create } from '../src/engine/write.ts';
import { createOrResetUser } from '../src/cli/user-create.ts';
import { systemCtx } from '../src/platform/system-context.ts';
import { Browser, pgTestDatabase, startServer, waitFor, type ServerProcess } from './server-process.ts';

const PASSWORD = 'cluster-pass-1';
/**
 * How soon the other server must see a change. Its caches keep a value for 2 s and refresh it in
 * the background past 1 s, and each check below starts right after the other server read the value
 * afresh: without a notice, the change would show after about a second at the earliest.
 */
const FAST_MS = 600;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two app servers on one PostgreSQL', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let a: ServerProcess;
  let b: ServerProcess;
  const users: Record<string, number> = {};
  let trashedJob: number;

  beforeAll(async () => {
    const created = await pgTestDatabase(inject('pgTemplate'));
    drop = created.drop;
    db = await openDb({ databaseUrl: created.url, dataDir: '/nonexistent' });
    for (const [key, role] of [
      ['admin', 'admin'],
      ['loggedOut', 'manager'],
      ['deactivated', 'employee'],
      ['promoted', 'supervisor'],
      ['employee', 'employee'],
    ] as const) {
      users[key] = (await createOrResetUser(db, { email: `${key}@cluster.test`, password: PASSWORD, role, name: key })).id;
    }
    // A job deleted 31 days ago: the trash purge of whichever server gets to it first takes it.
    const ctx = await systemCtx(db, 'test');
    const client = (await create(ctx, 'clients', { name: 'Cluster client' })).id;
    trashedJob = (await create(ctx, 'jobs', { client_id: client, number: 'OLD-1', name: 'Long deleted' })).id;
    await db.query("UPDATE jobs SET deleted_at = now() - interval '31 days' WHERE id = $1", [trashedJob]);
    [a, b] = await Promise.all([startServer({ DATABASE_URL: created.url }), startServer({ DATABASE_URL: created.url })]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await drop?.();
  });

  const signedIn = async (who: string, on: ServerProcess) => {
    const browser = new Browser(on.base);
    await browser.login(`${who}@cluster.test`, PASSWORD);
    return browser;
  };

  it('runs the trash purge once across both servers', async () => {
    expect(await db.query('SELECT id FROM jobs WHERE id = $1', [trashedJob])).toEqual([]);
    const ran = [a, b].filter((s) => s.output().includes('scheduled trash purge ran'));
    expect(ran, `${a.output()}\n---\n${b.output()}`).toHaveLength(1);
    expect(ran[0]!.output()).toMatch(/scheduled trash purge ran: 1 jobs/);
    const purges = await db.query<Row>("SELECT record_id FROM audit_log WHERE action = 'purge'");
    expect(purges).toEqual([{ record_id: trashedJob }]);
    const [mark] = await db.query<Row>("SELECT last_run_at, last_run_by FROM background_jobs WHERE key = 'trash purge'");
    expect(mark).toMatchObject({ last_run_at: expect.any(String), last_run_by: expect.stringContaining(String(ran[0]!.child.pid)) });
  });

  it('a session made on one server works on the other, and a logout on one ends it on the other at once', async () => {
    const onA = await signedIn('loggedOut', a);
    const onB = onA.on(b.base);
    expect((await onB.get('/api/user')).status).toBe(200); // B has just read the session
    expect((await onA.post('/logout')).status).toBe(204);
    const took = await waitFor('the logout to reach B', async () => (await onB.get('/api/user')).status === 401, 5_000);
    expect(took).toBeLessThan(FAST_MS);
  });

  it('a user deactivated on one server is signed out on the other at once', async () => {
    const admin = await signedIn('admin', a);
    const user = await signedIn('deactivated', b);
    expect((await user.get('/api/user')).status).toBe(200);
    expect((await admin.patch(`/api/users/${users.deactivated}`, { active: false })).status).toBe(200);
    const took = await waitFor('the deactivation to reach B', async () => (await user.get('/api/user')).status === 401, 5_000);
    expect(took).toBeLessThan(FAST_MS);
  });

  it('a role changed on one server applies on the other at once', async () => {
    const admin = await signedIn('admin', a);
    const user = await signedIn('promoted', b);
    expect((await user.get('/api/user')).json.role).toBe('supervisor');
    expect((await admin.patch(`/api/users/${users.promoted}`, { role: 'manager' })).status).toBe(200);
    const took = await waitFor('the role change to reach B', async () => (await user.get('/api/user')).json.role === 'manager', 5_000);
    expect(took).toBeLessThan(FAST_MS);
  });

  it('a permission matrix changed on one server applies on the other at once', async () => {
    const admin = await signedIn('admin', a);
    const user = await signedIn('employee', b);
    const clientsEdit = async () => ((await user.get('/api/user')).json.permissions as Record<string, { edit: boolean }>).clients!.edit;
    expect(await clientsEdit()).toBe(false);
    const rows = (await admin.get('/api/role_permissions?role=employee')).json.data as Row[];
    const row = rows.find((r) => r.area === 'clients')!;
    expect(await clientsEdit()).toBe(false); // read afresh just before the change
    expect((await admin.patch(`/api/role_permissions/${row.id}`, { edit: true })).status).toBe(200);
    const took = await waitFor('the matrix change to reach B', () => clientsEdit(), 5_000);
    expect(took).toBeLessThan(FAST_MS);
    // and the server enforces it there: the employee may now create a client through B
    expect((await user.post('/api/clients', { name: 'Made by an employee' })).status).toBe(201);
  });

  it('a server whose listening connection is cut reconnects, and changes reach it again', async () => {
    const before = [a.output().length, b.output().length];
    const cut = await db.query<{ pid: number }>(
      "SELECT pg_terminate_backend(pid), pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    expect(cut).toHaveLength(2);
    for (const [i, s] of [a, b].entries()) {
      await waitFor('the server to notice and reconnect', () => /listening for changes from other app servers again/.test(s.output().slice(before[i])), 15_000);
      expect(s.output().slice(before[i])).toMatch(/lost the connection listening for changes/);
    }
    const onA = await signedIn('admin', a);
    const onB = onA.on(b.base);
    expect((await onB.get('/api/user')).status).toBe(200);
    expect((await onA.post('/logout')).status).toBe(204);
    expect(await waitFor('the logout to reach B', async () => (await onB.get('/api/user')).status === 401, 5_000)).toBeLessThan(FAST_MS);
  });
});
