/** The database layer: the PGlite data-dir lock, value types on both drivers, transactions. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/db/open.ts';
import { openTestDb, startTestApp } from './harness.ts';
import { wrapDriver, type Db } from '../src/db/client.ts';
import { createPgDriver } from '../src/db/pg-driver.ts';
import { createPgliteDriver } from '../src/db/pglite-driver.ts';
import { isUnavailable } from '../src/db/driver-types.ts';
import { waitFor } from './server-process.ts';

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

  it("runs a report's large read in one transaction, with PostgreSQL's JIT off for it alone", async () => {
    const jit = async (d: Db) => (await d.query<{ jit: string }>('SHOW jit'))[0]!.jit;
    const outside = db.kind === 'postgres' ? await jit(db) : undefined;
    const inside = await db.largeRead(async (tx) => {
      expect(tx.inTransaction).toBe(true);
      return db.kind === 'postgres' ? jit(tx) : undefined;
    });
    if (db.kind === 'postgres') {
      expect(inside).toBe('off');
      expect(outside).toBe('on');
      expect(await jit(db)).toBe('on');
    }
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

// A `deferred` statement (no answer wanted: BEGIN, an audit row) goes with the transaction's next
// one on PGlite, in one round trip; node-postgres writes it at once without waiting for its answer
// (pipeline mode). Either way the transaction sees it, and its error is the next statement's.
describe('deferred statements', () => {
  it('are run before the next statement of the transaction, in order, and kept with it', async () => {
    const rows = await db.transaction(async (tx) => {
      expect(await tx.query("INSERT INTO clients (name) VALUES ('Deferred 1')", [], { deferred: true })).toEqual([]);
      await tx.query('INSERT INTO clients (name) VALUES ($1)', ['Deferred 2'], { deferred: true });
      return tx.query<{ name: string }>("SELECT name FROM clients WHERE name LIKE 'Deferred %' ORDER BY id");
    });
    expect(rows.map((r) => r.name)).toEqual(['Deferred 1', 'Deferred 2']);
    // the last one of a transaction goes with its COMMIT
    await db.transaction(async (tx) => void (await tx.query("INSERT INTO clients (name) VALUES ('Deferred 3')", [], { deferred: true })));
    expect(await db.query("SELECT count(*)::int AS n FROM clients WHERE name LIKE 'Deferred %'")).toEqual([{ n: 3 }]);
    // a transaction that ran nothing (its BEGIN held back) commits; outside one, a deferred statement runs at once
    await expect(db.transaction(async () => 'nothing')).resolves.toBe('nothing');
    await db.query("INSERT INTO clients (name) VALUES ('Deferred 4')", [], { deferred: true });
    expect(await db.query("SELECT count(*)::int AS n FROM clients WHERE name = 'Deferred 4'")).toEqual([{ n: 1 }]);
  });

  it('a failing one fails the transaction, at the latest on its next statement, and nothing of it stays', async () => {
    let next: unknown = 'not reached';
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO clients (name) VALUES ('Failed deferred')");
        const held = tx.query('INSERT INTO no_such_table VALUES (1)', [], { deferred: true });
        // nothing waits for it (PGlite holds it, node-postgres has written it without waiting)
        await expect(held).resolves.toEqual([]);
        next = await tx.query('SELECT 1 AS one').catch((e: Error) => e.message);
        throw new Error('end');
      }),
    ).rejects.toThrow();
    // the next statement carries the held one's own error (not PostgreSQL's "transaction is aborted")
    expect(String(next)).toMatch(/no_such_table/);
    expect(await db.query("SELECT id FROM clients WHERE name = 'Failed deferred'")).toEqual([]);
    // and the connection is fine afterwards
    expect(await db.transaction((tx) => tx.query('SELECT 2 AS two'))).toEqual([{ two: 2 }]);
  });

  it('a failing last one fails the COMMIT it goes with: the transaction is refused, not half kept', async () => {
    // PostgreSQL answers the COMMIT of an aborted transaction with a ROLLBACK, not an error
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO clients (name) VALUES ('Failed at commit')");
        await tx.query('INSERT INTO no_such_table VALUES (1)', [], { deferred: true });
      }),
    ).rejects.toThrow(/no_such_table/);
    expect(await db.query("SELECT id FROM clients WHERE name = 'Failed at commit'")).toEqual([]);
  });
});

// A transaction takes its connection when it sends its first statement: what it works out before
// does not hold PGlite's one connection (or one of the pool's) while others wait for it.
describe('a transaction connection', () => {
  it('is taken by the first statement, not when the transaction starts', async () => {
    let go!: () => void;
    const gate = new Promise<void>((resolve) => (go = resolve));
    const pending = db.transaction(async (tx) => {
      await gate;
      return tx.query('SELECT 3 AS three');
    });
    // the transaction has sent nothing yet: on PGlite a statement outside it would wait for it forever
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    go();
    expect(await pending).toEqual([{ three: 3 }]);
  });

  it('ends cleanly when the first statement fails, and a refused transaction leaves nothing held', async () => {
    await expect(db.transaction((tx) => tx.query('SELECT * FROM no_such_table'))).rejects.toThrow(/no_such_table/);
    await expect(
      db.transaction(async () => {
        throw new Error('refused before any statement');
      }),
    ).rejects.toThrow(/refused/);
    expect(await db.transaction((tx) => tx.query('SELECT 4 AS four'))).toEqual([{ four: 4 }]);
    expect(db.poolStats().waiting).toBe(0);
  });
});

// A statement run with `prepare` answers like any other, and the connection keeps it (PGlite's one
// connection as PostgreSQL's).
describe('prepared statements', () => {
  const prepared = (conn: Db) => conn.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1%'");

  it('answers each run with its own values, parsed once per connection', async () => {
    for (const v of [1, 2, 3]) expect(await db.query('SELECT $1::int + 1 AS n', [v], { prepare: true })).toEqual([{ n: v + 1 }]);
    await db.transaction(async (tx) => {
      // one connection: the first run prepares, the second reuses it
      expect(await tx.query('SELECT $1::int + 1 AS n, 0 AS once', [5], { prepare: true })).toEqual([{ n: 6, once: 0 }]);
      expect(await tx.query('SELECT $1::int + 1 AS n, 0 AS once', [6], { prepare: true })).toEqual([{ n: 7, once: 0 }]);
      expect(await tx.query('SELECT $1::int + 1 AS n, 1 AS plain', [6])).toEqual([{ n: 7, plain: 1 }]);
      const kept = await tx.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT $1::int + 1 AS n, %'");
      expect(kept.map((r) => r.statement)).toEqual(['SELECT $1::int + 1 AS n, 0 AS once']);
    });
  });

  it('a statement that fails to prepare fails clearly, and the next run of a good one works', async () => {
    await expect(db.query('SELECT $1::int + nope AS n', [1], { prepare: true })).rejects.toThrow(/nope/);
    expect(await db.query('SELECT $1::int + 1 AS n, 2 AS after_error', [1], { prepare: true })).toEqual([{ n: 2, after_error: 2 }]);
  });

  it('past the limit of kept statements, new texts run unnamed', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const dir = url ? '' : fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-prepared-'));
    // one connection, two names at most
    const small = wrapDriver(url ? await createPgDriver(url, 1, 2) : await createPgliteDriver(dir, 2));
    try {
      for (const k of [1, 2, 3]) expect(await small.query(`SELECT $1::int + 1 AS n, ${k} AS k`, [k], { prepare: true })).toEqual([{ n: k + 1, k }]);
      expect(await prepared(small)).toEqual([{ n: 2 }]);
      expect(await small.query('SELECT $1::int + 1 AS n, 3 AS k', [9], { prepare: true })).toEqual([{ n: 10, k: 3 }]); // still answered
    } finally {
      await small.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: a connection ended between a transaction’s statements fails the transaction as unavailable, and the process goes on', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return expect(db.kind).toBe('pglite'); // the PGlite pass; the PostgreSQL pass runs the rest
    const pool = wrapDriver(await createPgDriver(url, 2));
    try {
      const outcome = pool.transaction(async (tx) => {
        const { pid } = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!;
        // PostgreSQL ends this connection (as a stop does) while no statement of it runs: its error
        // comes to a checked-out client, which the pool no longer listens to (an unhandled 'error' event ended the server)
        await pool.query('SELECT pg_terminate_backend($1)', [pid]);
        await waitFor(
          'the backend to end',
          async () => (await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid]))[0]!.n === 0,
        );
        await tx.query('SELECT 1');
      });
      await expect(outcome).rejects.toSatisfy(isUnavailable);
      expect(await pool.query('SELECT 1 AS n')).toEqual([{ n: 1 }]); // served again on a fresh connection
    } finally {
      await pool.close();
    }
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

describe('health and readiness', () => {
  it('/ready answers 503 once the database is gone, /health (the process) still 200; requests get 503, not 500', async () => {
    const env = await startTestApp();
    expect((await env.app.inject({ url: '/ready' })).statusCode).toBe(200);
    expect((await env.app.inject({ url: '/health' })).statusCode).toBe(200);
    await env.db.close();
    const res = await env.app.inject({ url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable' });
    expect(res.headers['retry-after']).toBe('5');
    expect((await env.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const setup = await env.app.inject({ url: '/api/setup' });
    expect(setup.statusCode).toBe(503);
    expect(setup.json()).toEqual({ message: 'The database is not available right now. Try again in a moment.' });
    await env.close().catch(() => undefined); // the database is already closed
  });
});
