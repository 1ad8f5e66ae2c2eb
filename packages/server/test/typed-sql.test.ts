/**
 * Hand-written SQL's row shapes (db/typed-sql.ts) are checked against the database's description of
 * the statement, on PGlite and on PostgreSQL: a wrong column name, a wrong type, a missing or extra
 * column or an unexpected NULL fails, even when the statement answers no rows.
 */
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDb } from './harness.ts';
import type { Db } from '../src/db/client.ts';
import { json, ShapeMismatch, sqlRun, sqlSelect } from '../src/db/typed-sql.ts';

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
  await db.query("INSERT INTO clients (name) VALUES ('Typed SQL client')");
});
afterAll(async () => {
  await dispose?.();
});

const byName = (name: string) => sql`SELECT id, name, note, created_at FROM clients WHERE name = ${name}`;

describe('sqlSelect', () => {
  it('answers rows typed by the declared shape when the statement matches it', async () => {
    const rows = await sqlSelect(db, { id: 'num', name: 'text', note: 'text?', created_at: 'timestamp' }, byName('Typed SQL client'));
    expectTypeOf(rows).toEqualTypeOf<{ id: number; name: string; note: string | null; created_at: string }[]>();
    expect(rows).toEqual([{ id: expect.any(Number), name: 'Typed SQL client', note: null, created_at: expect.stringMatching(/Z$/) }]);
    const [j] = await sqlSelect(
      db,
      { j: json<{ a: number }>(), d: 'date', ids: 'num[]' },
      sql`SELECT '{"a":1}'::jsonb AS j, DATE '2026-01-02' AS d, ARRAY[1,2] AS ids`,
    );
    expect(j).toEqual({ j: { a: 1 }, d: '2026-01-02', ids: [1, 2] });
  });

  it('fails for a misspelt column, also when no row comes back', async () => {
    const misspelt = sqlSelect(db, { id: 'num', nmae: 'text', note: 'text?', created_at: 'timestamp' }, byName('nobody at all'));
    await expect(misspelt).rejects.toThrow(ShapeMismatch);
    await expect(misspelt).rejects.toThrow(/column "name" is not in the declared shape; declared column "nmae" is not answered/);
  });

  it('fails for a wrong type', async () => {
    await expect(sqlSelect(db, { id: 'text', name: 'text', note: 'text?', created_at: 'timestamp' }, byName('nobody at all'))).rejects.toThrow(
      /column "id" has type OID 23, not text/,
    );
    await expect(sqlSelect(db, { id: 'num', name: 'text', note: 'text?', created_at: 'date' }, byName('nobody at all'))).rejects.toThrow(
      /column "created_at" has type OID 1184, not date/,
    );
  });

  it('fails for a column left out of the shape or declared but not answered', async () => {
    await expect(sqlSelect(db, { id: 'num', name: 'text', note: 'text?' }, byName('nobody'))).rejects.toThrow(
      /column "created_at" is not in the declared shape/,
    );
    await expect(sqlSelect(db, { id: 'num', name: 'text', note: 'text?', created_at: 'timestamp', extra: 'num' }, byName('nobody'))).rejects.toThrow(
      /declared column "extra" is not answered/,
    );
  });

  it('fails for a NULL in a column not declared nullable', async () => {
    await expect(sqlSelect(db, { id: 'num', name: 'text', note: 'text', created_at: 'timestamp' }, byName('Typed SQL client'))).rejects.toThrow(
      /column "note" is NULL in a row, but not declared nullable/,
    );
  });

  it('checks the rows a write returns, inside a transaction too', async () => {
    const [made] = await db.transaction((tx) => sqlSelect(tx, { id: 'num' }, sql`INSERT INTO clients (name) VALUES ('Typed SQL returning') RETURNING id`));
    expect(made!.id).toBeGreaterThan(0);
    await sqlRun(db, sql`UPDATE clients SET note = ${'checked'} WHERE id = ${made!.id}`);
    const [after] = await sqlSelect(db, { note: 'text' }, sql`SELECT note FROM clients WHERE id = ${made!.id}`);
    expect(after).toEqual({ note: 'checked' });
  });
});
