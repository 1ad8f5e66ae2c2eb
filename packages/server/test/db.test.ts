/** The database layer: the PGlite data-dir lock, value types on both drivers, transactions. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/open.ts';
import { openTestDb, startTestApp } from './harness.ts';
import type { Db } from '../src/db/client.ts';

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
});
afterAll(async () => {
  await dispose?.();
});

describe('database layer', () => {
  it('returns JSON-ready values: dates, ISO timestamps, numbers', async () => {
    const [row] = await db.query<Record<string, unknown>>(
      "SELECT DATE '2026-02-03' AS d, TIMESTAMPTZ '2026-02-03 04:05:06.789+00' AS t, 12.50::numeric(12,2) AS m, 3::bigint AS n, '[1,2]'::jsonb AS j",
    );
    expect(row).toEqual({ d: '2026-02-03', t: '2026-02-03T04:05:06.789Z', m: 12.5, n: 3, j: [1, 2] });
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO clients (name) VALUES ('Rolled back')");
        await tx.query('SELECT * FROM no_such_table');
      }),
    ).rejects.toThrow();
    const rows = await db.query("SELECT id FROM clients WHERE name = 'Rolled back'");
    expect(rows).toHaveLength(0);
  });

  it('keeps concurrent transactions apart', async () => {
    const insert = (name: string, fail: boolean) =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO clients (name) VALUES ($1)', [name]);
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new Error('boom');
      });
    const results = await Promise.allSettled([insert('T-ok-1', false), insert('T-fail', true), insert('T-ok-2', false), db.query('SELECT 1')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const names = (await db.query<{ name: string }>("SELECT name FROM clients WHERE name LIKE 'T-%' ORDER BY name")).map((r) => r.name);
    expect(names).toEqual(['T-ok-1', 'T-ok-2']);
  });
});

// PGlite is opened directly here, so this also runs in the PostgreSQL pass.
describe('PGlite data dir', () => {
  it('is locked: a second process gets a clear error instead of corrupting it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-lock-'));
    fs.writeFileSync(path.join(dir, 'pglite.lock'), String(process.ppid)); // a live process holds it
    await expect(openDb({ dataDir: dir })).rejects.toThrow(/in use by another Glazier process/);
    fs.writeFileSync(path.join(dir, 'pglite.lock'), '999999999'); // stale lock from a dead process
    const first = await openDb({ dataDir: dir });
    expect(fs.readFileSync(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    await first.close();
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('health', () => {
  it('answers 503 once the database is gone', async () => {
    const env = await startTestApp();
    expect((await env.app.inject({ url: '/health' })).statusCode).toBe(200);
    await env.db.close();
    const res = await env.app.inject({ url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable' });
    await env.close().catch(() => undefined); // the database is already closed
  });
});
