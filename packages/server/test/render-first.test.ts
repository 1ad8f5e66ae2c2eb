/**
 * A sent document is rendered before its write's transaction (platform/documents/render-then-write.ts,
 * used by Send to client and Email to vendor): while the PDF worker lays out the pages, the record's
 * row is not locked and the connection is free (on PGlite the only one), and a change made meanwhile
 * is in the document that is written (it is made again), or the write answers 409.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { ApiError } from '../src/engine/errors.ts';
import { RENDER_TRIES, renderThenWrite } from '../src/platform/documents/render-then-write.ts';
import { openTestDb } from './harness.ts';

let db: Db;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
  await db.query('CREATE TABLE render_probe (id int PRIMARY KEY, title text NOT NULL, note text, updated_at timestamptz NOT NULL DEFAULT now())');
  await db.query(`INSERT INTO render_probe (id, title) VALUES (1, 'First'), (2, 'Second')`);
});
afterAll(async () => {
  await dispose?.();
});

const stampOf = (id: number) => async (d: Db) =>
  (await d.query<{ stamp: string }>('SELECT updated_at::text AS stamp FROM render_probe WHERE id = $1 FOR UPDATE', [id]))[0]?.stamp ?? null;
const titleOf = async (id: number) => (await db.query<{ title: string }>('SELECT title FROM render_probe WHERE id = $1', [id]))[0]!.title;
const written: string[] = [];
const write = async (tx: Db, doc: string) => {
  await tx.query('UPDATE render_probe SET note = $2 WHERE id = $1', [1, doc]);
  written.push(doc);
  return doc;
};

describe('renderThenWrite', () => {
  it('holds neither the row nor the connection while rendering', async () => {
    const doc = await renderThenWrite(db, {
      stamp: stampOf(1),
      // inside the transaction this would wait on the row's lock (and on PGlite on the one connection) for ever
      render: async () => {
        await db.query(`UPDATE render_probe SET note = 'touched while rendering' WHERE id = 1`);
        return `PDF of ${await titleOf(1)}`;
      },
      write,
    });
    expect(doc).toBe('PDF of First');
    expect((await db.query<{ note: string }>('SELECT note FROM render_probe WHERE id = 1'))[0]!.note).toBe('PDF of First');
  });

  it('renders again when the record changed meanwhile, and writes the new document', async () => {
    let renders = 0;
    const doc = await renderThenWrite(db, {
      stamp: stampOf(2),
      render: async () => {
        const title = await titleOf(2);
        if (++renders === 1) await db.query(`UPDATE render_probe SET title = 'Second, renamed', updated_at = now() + interval '1 second' WHERE id = 2`);
        return `PDF of ${title}`;
      },
      write,
    });
    expect(renders).toBe(2);
    expect(doc).toBe('PDF of Second, renamed');
    expect(written).not.toContain('PDF of Second');
  });

  it('answers 409 when the record changes under every render, writing nothing', async () => {
    let renders = 0;
    const before = written.length;
    const refused = await renderThenWrite(db, {
      stamp: stampOf(2),
      render: async () => {
        await db.query(`UPDATE render_probe SET updated_at = updated_at + interval '1 second' WHERE id = 2`);
        return `PDF ${++renders}`;
      },
      write,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect(renders).toBe(RENDER_TRIES);
    expect(written.length).toBe(before);
  });
});
