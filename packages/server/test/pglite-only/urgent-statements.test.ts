/**
 * PGlite's one connection serves statements in arrival order, urgent ones first (QueryOptions.urgent):
 * a request's session and user reads do not wait behind every queued statement.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgliteDriver } from '../../src/db/pglite-driver.ts';
import { wrapDriver, type Db } from '../../src/db/client.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glazier-urgent-'));
let db: Db;
beforeAll(async () => {
  db = wrapDriver(await createPgliteDriver(dataDir));
});
afterAll(async () => {
  await db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('runs an urgent statement before those already waiting, and the others in arrival order', async () => {
  const order: string[] = [];
  let letGo!: () => void;
  const held = new Promise<void>((r) => (letGo = r));
  let started!: () => void;
  const holding = new Promise<void>((r) => (started = r));
  // A transaction owns the connection until it ends: everything below waits for it.
  const tx = db.transaction(async (t) => {
    await t.query('SELECT 1');
    started();
    await held;
  });
  await holding;
  const run = (name: string, urgent?: boolean) => db.query('SELECT $1::text AS name', [name], { urgent }).then(() => order.push(name));
  const all = [run('first'), run('second'), run('session read', true), run('third'), run('user read', true)];
  letGo();
  await tx;
  await Promise.all(all);
  expect(order).toEqual(['session read', 'user read', 'first', 'second', 'third']);
});

it('keeps working after an urgent statement fails', async () => {
  await expect(db.query('SELECT * FROM no_such_table', [], { urgent: true })).rejects.toThrow();
  expect(await db.query<{ n: number }>('SELECT 2 AS n', [], { urgent: true })).toEqual([{ n: 2 }]);
  expect(await db.query<{ n: number }>('SELECT 3 AS n')).toEqual([{ n: 3 }]);
});
