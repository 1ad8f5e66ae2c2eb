/**
 * The engine's hot reads (select-rows.ts) answer exactly what Drizzle's `select().from(table)`
 * answered: same columns, order, values and types, for every resource table; its writes
 * of one row (write-rows.ts) what Drizzle's insert and update wrote and answered.
 */
import { describe, expect, it } from 'vitest';
import { asc, eq, getTableName } from 'drizzle-orm';
import { selectRows } from '../src/engine/select-rows.ts';
import { insertRow, updateRow } from '../src/engine/write-rows.ts';
import type { Row } from '../src/db/client.ts';
import { SERVER_RESOURCES } from '../src/areas/registry.ts';
import { appWithRoles, jobClientId, made, madeJob } from './harness.ts';

const suite = appWithRoles();
const { as } = suite;

describe('selectRows', () => {
  it('reads every resource table exactly as Drizzle did (numbers, dates, timestamps, json, nulls)', async () => {
    const client = await made(as.manager, 'clients', { name: 'Rows client' });
    const job = await madeJob(as.manager, {
      number: 'SR-1',
      name: 'Rows job',
      client_id: client.id,
      burden_rate: 12.5,
      trip_charge: 40.25,
      start_date: '2026-03-04',
      scope_array: ['Mirrors'],
    });
    await made(as.manager, 'job_products', { job_id: job.id, name: 'Rows product', qty: 2.125 });
    const { db } = suite.env;
    const seen = new Set<unknown>();
    for (const res of Object.values(SERVER_RESOURCES)) {
      if (seen.has(res.table)) continue;
      seen.add(res.table);
      const t = res.table;
      const ours = await selectRows(db, t, { orderBy: [asc(t.id)], limit: 20 });
      const drizzles = await db.orm.select().from(t).orderBy(asc(t.id)).limit(20);
      expect(JSON.stringify(ours), getTableName(t)).toBe(JSON.stringify(drizzles));
    }
    const [row] = await selectRows(db, SERVER_RESOURCES.jobs.table, { where: eq(SERVER_RESOURCES.jobs.table.id, job.id as number) });
    expect(row).toMatchObject({ id: job.id, burden_rate: 12.5, trip_charge: 40.25, start_date: '2026-03-04', scope_array: ['Mirrors'], deleted_at: null });
    expect(row!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('pages with the total and locks for update like the builder', async () => {
    const { db } = suite.env;
    const t = SERVER_RESOURCES.clients.table;
    const rows = await selectRows(db, t, { orderBy: [asc(t.id)], limit: 1, offset: 0, totalAs: '__total' });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.__total).toBe(Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM clients'))[0]!.n));
    await db.transaction(async (tx) => {
      const locked = await selectRows(tx, t, { where: eq(t.id, rows[0]!.id as number), limit: 1, forUpdate: true });
      expect(locked[0]!.id).toBe(rows[0]!.id);
    });
  });
});

describe('insertRow and updateRow', () => {
  it('write and answer exactly what Drizzle’s insert and update wrote and answered (json, money, dates, nulls)', async () => {
    const { db } = suite.env;
    const t = SERVER_RESOURCES.jobs.table;
    const values = {
      client_id: await jobClientId(),
      number: 'WR-1',
      name: 'Written',
      burden_rate: 12.5,
      trip_charge: null,
      start_date: '2026-03-04',
      scope_array: ['Mirrors', 'Hardware'],
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:00.000Z',
      not_a_column: 'ignored',
      note: undefined,
    };
    const ours = await insertRow(db, t, values);
    const [drizzles] = (await db.orm
      .insert(t)
      .values({ ...values, number: 'WR-2' })
      .returning()) as Row[];
    expect(JSON.stringify({ ...ours, id: 0, number: '' })).toBe(JSON.stringify({ ...drizzles, id: 0, number: '' }));
    expect(ours).toMatchObject({
      number: 'WR-1',
      burden_rate: 12.5,
      trip_charge: null,
      scope_array: ['Mirrors', 'Hardware'],
      created_at: '2026-03-01T10:00:00.000Z',
    });
    // the row stored is the row answered
    expect(JSON.stringify((await selectRows(db, t, { where: eq(t.id, ours.id as number) }))[0])).toBe(JSON.stringify(ours));

    const change = { name: 'Rewritten', scope_array: [], burden_rate: 7.25, updated_at: '2026-03-02T10:00:00.000Z', not_a_column: 1 };
    const updated = await updateRow(db, t, ours.id as number, change);
    const [drizzleUpdated] = (await db.orm
      .update(t)
      .set(change)
      .where(eq(t.id, drizzles!.id as number))
      .returning()) as Row[];
    expect(JSON.stringify({ ...updated, id: 0, number: '' })).toBe(JSON.stringify({ ...drizzleUpdated, id: 0, number: '' }));
    expect(updated).toMatchObject({ name: 'Rewritten', scope_array: [], burden_rate: 7.25, start_date: '2026-03-04' });
    expect(await updateRow(db, t, 987654, change)).toBeUndefined();
  });
});
