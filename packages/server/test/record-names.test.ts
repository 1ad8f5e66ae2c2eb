/**
 * One rule names a record (shared naming.ts): the SQL the server names references with (a
 * history's labels, ref-labels.ts) gives, for every row, what `recordName()` gives for the record
 * as the API reads it (the palette, the web's headings). A sample of rows of every resource, the
 * demo's and some with blank names, on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordName } from '@glazier/shared/resources/naming';
import { RESOURCE_NAMES, RESOURCES } from '@glazier/shared/resources/registry';
import type { Db, Row } from '../src/db/client.ts';
import { SCALES, generateDemoData } from '../src/cli/demo-data.ts';
import { sessionUserFor } from '../src/platform/auth.ts';
import type { Ctx } from '../src/engine/context.ts';
import { getRow } from '../src/engine/read.ts';
import { resource } from '../src/engine/resources.ts';
import { refKey, refLabels } from '../src/engine/ref-labels.ts';
import type { ServerResource } from '../src/engine/server-resource.ts';
import { createRoleUsers, openTestDb } from './harness.ts';

let db: Db;
let dispose: () => Promise<void>;
let admin: Ctx;
beforeAll(async () => {
  ({ db, dispose } = await openTestDb());
  const users = await createRoleUsers(db);
  await generateDemoData(
    db,
    { ...SCALES.demo, jobs: 20, jobProducts: 40, timeEntries: 20, materialTransactions: 60, purchaseOrders: 4, estimates: 4, notes: 10, files: 1, images: 1 },
    { today: '2026-11-02' },
  );
  // the blanks the rule falls back over: a job with a name only, one with neither, a product
  // without a number, an unnamed bom, a purchase order without its number
  const one = async (query: string) => (await db.query<Row>(query))[0]!;
  const client = await one('SELECT id FROM clients ORDER BY id LIMIT 1');
  await db.query("INSERT INTO jobs (name, client_id) VALUES ('Named only', $1), (NULL, $1), ('', $1)", [client.id]);
  await db.query("INSERT INTO jobs (number, name, client_id) VALUES ('', '', $1)", [client.id]);
  await db.query("INSERT INTO products (number, name) VALUES (NULL, 'Unnumbered door'), ('', 'Blank-numbered door')");
  await db.query('INSERT INTO boms (name) VALUES (NULL)');
  const vendor = await one('SELECT id FROM vendors ORDER BY id LIMIT 1');
  await db.query('INSERT INTO purchase_orders (number, vendor_id) VALUES (NULL, $1)', [vendor.id]);
  // a template always has a name (its rule), so only one that copies another's
  await db.query("INSERT INTO jobs (name, is_template) VALUES ('Copied template', true)");
  // a kind named by its label and id alone, and the other kinds references point at
  await db.query('INSERT INTO takeoffs (estimate_id) SELECT id FROM estimates ORDER BY id LIMIT 2');
  const takeoff = await one('SELECT id FROM takeoffs ORDER BY id LIMIT 1');
  await db.query("INSERT INTO takeoff_units (takeoff_id, description) VALUES ($1, 'Lobby'), ($1, 'Stair')", [takeoff.id]);
  await db.query("INSERT INTO takeoff_options (takeoffable_type, takeoffable_id, description) VALUES ('product', 1, '6 mm clear')");
  await db.query("INSERT INTO category_templates (name, client_id) VALUES ('Mirrors', $1)", [client.id]);
  admin = { db, user: (await sessionUserFor(db, users.admin.id))! };
}, 120_000);
afterAll(() => dispose());

/** Ids of up to `n` of the resource's live rows at each end of its table (the demo's first, the blanks last). */
async function sampleIds(res: ServerResource, n: number): Promise<number[]> {
  const slice = Object.entries(res.def.fixed ?? {})
    .map(([column, value]) => ` AND ${column} = ${typeof value === 'string' ? `'${value}'` : String(value)}`)
    .join('');
  const where = `WHERE deleted_at IS NULL${slice}`;
  const rows = await db.query<Row>(
    `(SELECT id FROM ${res.def.table} ${where} ORDER BY id LIMIT ${n}) UNION (SELECT id FROM ${res.def.table} ${where} ORDER BY id DESC LIMIT ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

describe('record names', () => {
  it('are the same in SQL as in TypeScript, for a sample of rows of every resource', async () => {
    const sampled: Record<string, number> = {};
    for (const name of RESOURCE_NAMES) {
      const res = resource(name);
      const ids = await sampleIds(res, 15);
      sampled[name] = ids.length;
      if (!ids.length) continue;
      const labels = await refLabels(admin, new Map([[res, new Set(ids)]]));
      for (const id of ids) {
        const record = await getRow(admin, name, id);
        expect(labels.get(refKey(res, id)), `${name} ${id}`).toBe(recordName(res.def, record));
      }
    }
    // every kind a reference names has rows to compare (those with prefixes and fallbacks too), and most others
    const referenced = new Set(
      Object.values(RESOURCES).flatMap((def) => Object.values(def.fields).flatMap((fd) => (fd.kind === 'ref' && fd.ref ? [fd.ref] : []))),
    );
    for (const name of referenced) expect(sampled[name], name).toBeGreaterThan(0);
    expect(Object.values(sampled).filter((n) => n > 0).length).toBeGreaterThanOrEqual(30);
  });

  it('fall back over blanks as the rule says, in SQL', async () => {
    const labelsOf = async (name: string, where: string) => {
      const res = resource(name);
      const ids = (await db.query<Row>(`SELECT id FROM ${res.def.table} WHERE ${where} ORDER BY id`)).map((r) => Number(r.id));
      const labels = await refLabels(admin, new Map([[res, new Set(ids)]]));
      return ids.map((id) => labels.get(refKey(res, id)));
    };
    const blankJobs = await db.query<Row>("SELECT id FROM jobs WHERE NOT is_template AND coalesce(number, '') = '' AND coalesce(name, '') = '' ORDER BY id");
    expect(await labelsOf('jobs', "NOT is_template AND coalesce(number, '') = ''")).toEqual(['Named only', ...blankJobs.map((j) => `Job ${String(j.id)}`)]);
    expect(await labelsOf('products', "coalesce(number, '') = ''")).toEqual(['Unnumbered door', 'Blank-numbered door']);
    const po = (await db.query<Row>('SELECT id FROM purchase_orders WHERE number IS NULL'))[0]!;
    expect(await labelsOf('purchase_orders', 'number IS NULL')).toEqual([`Purchase Order ${String(po.id)}`]);
    const someNumber = (await db.query<Row>('SELECT number FROM purchase_orders WHERE number IS NOT NULL ORDER BY id LIMIT 1'))[0]!;
    expect(await labelsOf('purchase_orders', `number = ${String(someNumber.number)}`)).toEqual([`PO ${String(someNumber.number)}`]);
    expect(await labelsOf('job_templates', "is_template AND name = 'Copied template'")).toEqual(['Copied template']);
  });
});
