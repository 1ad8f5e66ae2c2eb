/**
 * Every declared field rule, through every write path, on PGlite and PostgreSQL: the
 * values that break a rule are derived from the declarations (a negative where the rule says ≥ 0,
 * the same number twice, a reversed range), and each is refused with 422 on its field and nothing
 * written, by create, update and store_many. The database holds the same rules as CHECK
 * constraints and unique indexes, so SQL that skips the engine cannot store them either, and a
 * migration that adds a rule over stored rows that break it reports them instead of failing.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { inputFields, type ResourceDef } from '@glazier/shared/resources/define';
import { numberBounds, type FieldDef } from '@glazier/shared/resources/fields';
import type { RecordRule } from '@glazier/shared/resources/record-rules';
import { ruleFields } from './rule-fields.ts';
import { checksOf } from '../src/db/constraints.ts';
import { asDbError } from '../src/db/driver-types.ts';
import { migrate, migrationStatements } from '../src/db/migrate.ts';
import { MigrationBlocked, ruleBreaks } from '../src/db/migration-preflight.ts';
import { fromDbError } from '../src/engine/errors.ts';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, jobBody, made, madeJob } from './harness.ts';
import { createRecord, UPLOADED, validBody } from './fixtures.ts';

const { env, as } = appWithRoles();
const FIELD_RULES_MIGRATION = '0006_field_rules.sql';

/** Rows of a table (validBody may make parents in other tables on the way). */
async function counts(table: string): Promise<{ rows: number }> {
  const [row] = await env.db.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM ${table}`);
  return row!;
}

/** The values just outside a number field's declared range (none for a field without one). */
function outOfRange(fd: FieldDef): number[] {
  const b = numberBounds(fd);
  if (!b) return [];
  const type = numberBounds({ kind: fd.kind })!;
  const out: number[] = [];
  if (b.exclusive) out.push(b.min);
  else if (b.min > type.min) out.push(b.min - (b.integer ? 1 : 0.5));
  if (b.max < type.max) out.push(b.max + 1);
  return out;
}

/** A record of `def` that breaks the rule, as overrides of a valid body. */
async function breaking(def: ResourceDef, rule: RecordRule): Promise<Row> {
  switch (rule.kind) {
    case 'notBefore':
      return { [rule.start]: '2026-03-02', [rule.field]: '2020-01-01' };
    case 'anyOf':
      return Object.fromEntries(rule.fields.map((f) => [f, null]));
    case 'notBoth': {
      const out: Row = {};
      for (const f of rule.fields) out[f] = (await createRecord(as.admin, def.fields[f]!.ref as ResourceName)).id;
      return out;
    }
    case 'minWhen':
      return { [rule.when.field]: rule.when.values[0], [rule.field]: rule.min - 1 };
  }
}

// (a resource only named actions write answers every generic write 403: its rules are its actions' to keep)
const writable = RESOURCE_NAMES.filter((n) => !UPLOADED.has(n) && n !== 'role_permissions' && RESOURCES[n].write !== 'nobody');
const ranged = writable.flatMap((name) =>
  inputFields(RESOURCES[name] as ResourceDef).flatMap(([field, fd]) => outOfRange(fd).map((value) => ({ name, field, value }))),
);
const ruled = writable.flatMap((name) =>
  ((RESOURCES[name] as ResourceDef).rules ?? []).map((rule) => ({ name, rule, label: `${rule.kind} ${ruleFields(rule).join(', ')}` })),
);

describe('a number outside its declared range', () => {
  it('is declared for the fields that must never go negative (money, quantities, rates, lengths, hours)', () => {
    const names = ranged.map((r) => `${r.name}.${r.field}`);
    for (const f of [
      'purchase_order_materials.qty',
      'jobs.trip_charge',
      'jobs.burden_rate',
      'job_products.qty',
      'job_products.glass_width',
      'materials.reorder_qty',
      'vendor_materials.unit_price',
      'time_entries.hours',
      'products.cost_per_unit',
    ]) {
      expect(names).toContain(f);
    }
  });

  it.each(ranged)('$name $field = $value: 422 on the field from create, update and store_many, nothing written', async ({ name, field, value }) => {
    const def = RESOURCES[name] as ResourceDef;
    const base = `/api/${name}`;
    const valid = await validBody(as.admin, name);
    const before = await counts(def.table);

    const created = await as.admin.post(base, { ...valid, [field]: value });
    expect(created.status, JSON.stringify(created.body)).toBe(422);
    expect(Object.keys(created.body.errors ?? {})).toEqual([field]);
    const many = await as.admin.post(`${base}/store_many`, { data: [await validBody(as.admin, name), { ...valid, [field]: value }] });
    expect(many.status).toBe(422);
    expect(many.body.errors).toHaveProperty([`data.1.${field}`]);
    expect((await counts(def.table)).rows).toBe(before.rows);

    const record = await createRecord(as.admin, name);
    const updated = await as.admin.patch(`${base}/${String(record.id)}`, { [field]: value });
    expect(updated.status).toBe(422);
    expect(updated.body.errors).toHaveProperty([field]);
    const stored = await env.db.query<Row>(`SELECT ${field}::float8 AS v FROM ${def.table} WHERE id = $1`, [record.id]);
    expect(stored[0]!.v).not.toBe(value);
  });
});

describe('a rule across fields', () => {
  it.each(ruled)('$name $label: 422 under its field from create, update and store_many', async ({ name, rule }) => {
    const def = RESOURCES[name] as ResourceDef;
    const base = `/api/${name}`;
    const valid = await validBody(as.admin, name);
    const bad = await breaking(def, rule);
    const field = rule.kind === 'anyOf' ? rule.fields[0] : rule.kind === 'notBoth' ? rule.fields[1] : rule.field;
    const before = (await counts(def.table)).rows;

    const created = await as.admin.post(base, { ...valid, ...bad });
    expect(created.status, JSON.stringify(created.body)).toBe(422);
    expect(created.body.errors![field]).toEqual([rule.message]);
    const many = await as.admin.post(`${base}/store_many`, { data: [{ ...valid, ...bad }] });
    expect(many.status).toBe(422);
    expect(many.body.errors![`data.0.${field}`]).toEqual([rule.message]);
    expect((await counts(def.table)).rows).toBe(before);

    // an update that breaks it with the stored values (a PATCH of one field is held against the whole record)
    const record = await createRecord(as.admin, name);
    const patched = await as.admin.patch(`${base}/${String(record.id)}`, bad);
    expect(patched.status).toBe(422);
    expect(patched.body.errors![field]).toEqual([rule.message]);
  });

  it('a PATCH of one side is held against the stored other side (an end before the stored start)', async () => {
    const job = await madeJob(as.manager, { start_date: '2026-03-02' });
    const res = await as.manager.patch(`/api/jobs/${String(job.id)}`, { end_date: '2026-03-01' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ end_date: ['The end date cannot be before the start date.'] });
    expect((await as.manager.patch(`/api/jobs/${String(job.id)}`, { end_date: '2026-03-02' })).status).toBe(200);
  });
});

describe('the cases of the issue', () => {
  it('a purchase order line of qty −4 is refused, and so are a negative price and a receipt through it', async () => {
    const vendor = await createRecord(as.admin, 'vendors');
    const material = await createRecord(as.admin, 'materials');
    const po = await made(as.manager, 'purchase_orders', { vendor_id: vendor.id });
    const res = await as.manager.post('/api/purchase_order_materials', { purchase_order_id: po.id, material_id: material.id, qty: -4, price: -307.16 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ qty: ['Must not be negative.'], price: ['Must not be negative.'] });
    const nested = await as.manager.patch(`/api/purchase_orders/${String(po.id)}`, { purchase_order_materials: [{ material_id: material.id, qty: -4 }] });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toEqual({ 'purchase_order_materials.0.qty': ['Must not be negative.'] });
    expect(await env.db.query('SELECT id FROM purchase_order_materials WHERE purchase_order_id = $1', [po.id])).toEqual([]);
  });

  it('a job needs a client; a job product needs a product or a name', async () => {
    const blank = await as.manager.post('/api/jobs', {});
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ client_id: ['The client field is required.'] });
    const job = await madeJob(as.manager, {});
    const line = await as.manager.post('/api/job_products', { job_id: job.id });
    expect(line.status).toBe(422);
    expect(line.body.errors).toEqual({ product_id: ['Choose a product or give the line a name.'] });
  });

  it("a job's number names one live job: create, edit and store_many refuse a taken one in any case; a deleted job's number is free", async () => {
    const first = await madeJob(as.manager, { number: '27-0011' });
    const again = await as.manager.post('/api/jobs', await jobBody({ number: '27-0011' }));
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ number: ['The number has already been taken.'] });
    const lower = await as.manager.post('/api/jobs/store_many', { data: [await jobBody({ number: '27-0011 ' })] });
    expect(lower.status).toBe(422);
    const other = await madeJob(as.manager, { number: '27-0012' });
    const edit = await as.manager.patch(`/api/jobs/${String(other.id)}`, { number: '27-0011' });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ number: ['The number has already been taken.'] });
    // a template may carry any number: only jobs' numbers are unique
    expect((await as.admin.post('/api/job_templates', { name: 'Numbered template', number: '27-0011' })).status).toBe(201);
    expect((await as.manager.del(`/api/jobs/${String(first.id)}`)).status).toBe(200);
    expect((await as.manager.patch(`/api/jobs/${String(other.id)}`, { number: '27-0011' })).status).toBe(200);
  });

  it("a person's entries of one day add up to at most 24 hours; other days and other people are apart", async () => {
    const job = await madeJob(as.manager, {});
    const entry = (hours: number, date = '2026-03-02') => as.employee.post('/api/time_entries', { job_id: job.id, date, hours });
    expect((await entry(10)).status).toBe(201);
    expect((await entry(14)).status).toBe(201);
    const over = await entry(0.25);
    expect(over.status).toBe(422);
    expect(over.body.errors).toEqual({ hours: ['The entries of 3/2/2026 would add up to 24:15, more than 24 hours in a day.'] });
    expect((await entry(8, '2026-03-03')).status).toBe(201);
    expect((await as.supervisor.post('/api/time_entries', { job_id: job.id, date: '2026-03-02', hours: 8 })).status).toBe(201);
    // editing an entry counts it once
    const [ten] = await env.db.query<Row>("SELECT id FROM time_entries WHERE hours = 10 AND date = '2026-03-02' LIMIT 1");
    expect((await as.employee.patch(`/api/time_entries/${String(ten!.id)}`, { hours: 10, note: 'same hours' })).status).toBe(200);
    expect((await as.employee.patch(`/api/time_entries/${String(ten!.id)}`, { hours: 10.5 })).status).toBe(422);
    expect((await as.employee.post('/api/time_entries', { job_id: job.id, date: '2026-03-04', hours: 24.5 })).body.errors).toEqual({
      hours: ['Must be at most 24.'],
    });
  });

  it("saves of one person's day sent at once take turns: only those that fit are kept", async () => {
    const job = await madeJob(as.manager, {});
    // five of 7 h at once (on PostgreSQL each in a transaction of its own connection): three fit in 24 h
    const saves = await Promise.all(Array.from({ length: 5 }, () => as.employee.post('/api/time_entries', { job_id: job.id, date: '2026-03-09', hours: 7 })));
    expect(saves.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422]);
    const [day] = await env.db.query<{ hours: string }>("SELECT sum(hours) AS hours FROM time_entries WHERE date = '2026-03-09'");
    expect(Number(day!.hours)).toBe(21);
  });

  it('the burden rate setting is money, never negative', async () => {
    const bad = await as.admin.post('/api/settings/store_many', {
      data: [
        { name: 'company_name', value: 'Bright Glass' },
        { name: 'burden_rate', value: '-5' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'data.1.value': ['Must not be negative.'] });
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'burden_rate', value: 'lots' }] })).body.errors).toEqual({
      'data.0.value': ['Must be a number.'],
    });
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'burden_rate', value: '32.5' }] })).status).toBe(200);
    expect((await as.admin.post('/api/settings/store_many', { data: [{ name: 'burden_rate', value: '' }] })).status).toBe(200);
  });

  it('a count cannot be negative; an adjustment can', async () => {
    const material = await createRecord(as.admin, 'materials');
    const count = await as.manager.post('/api/material_transactions', { material_id: material.id, type: 'count', qty: -7 });
    expect(count.status).toBe(422);
    expect(count.body.errors).toEqual({ qty: ['A count cannot be negative.'] });
    expect((await as.manager.post('/api/material_transactions', { material_id: material.id, type: 'adjustment', qty: -7, note: 'broken sheet' })).status).toBe(
      201,
    );
  });
});

describe('in the database', () => {
  it('every declared rule is a constraint of its table', async () => {
    const rows = await env.db.query<{ name: string; def: string }>(
      "SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'c'",
    );
    const have = new Map(rows.map((r) => [r.name, r.def]));
    const declared = [...new Set(RESOURCE_NAMES.map((n) => RESOURCES[n].table))].flatMap((t) => checksOf(t));
    expect(declared.length).toBeGreaterThan(60);
    for (const c of declared) expect(have.has(c.name), c.name).toBe(true);
    const indexes = await env.db.query<{ name: string }>(
      "SELECT indexname AS name FROM pg_indexes WHERE indexname IN ('jobs_number_unique', 'materials_number_unique')",
    );
    expect(indexes.map((r) => r.name).sort()).toEqual(['jobs_number_unique', 'materials_number_unique']);
  });

  it('SQL that skips the engine cannot store what a rule forbids, and the error names the field and the rule', async () => {
    const job = await madeJob(as.manager, { number: 'SQL-1', start_date: '2026-03-02' });
    const cases: [string, unknown[], Record<string, string[]>][] = [
      ['UPDATE jobs SET trip_charge = -50 WHERE id = $1', [job.id], { trip_charge: ['Must not be negative.'] }],
      ["UPDATE jobs SET end_date = '2020-01-01' WHERE id = $1", [job.id], { end_date: ['The end date cannot be before the start date.'] }],
      ['UPDATE jobs SET client_id = NULL WHERE id = $1', [job.id], { client_id: ['The client field is required.'] }],
      ['INSERT INTO job_products (job_id) VALUES ($1)', [job.id], { product_id: ['Choose a product or give the line a name.'] }],
      ["UPDATE purchase_order_materials SET status = 'lost' ", [], { status: ['Must be one of: ordered, received, backordered.'] }],
    ];
    await made(as.manager, 'purchase_order_materials', {
      purchase_order_id: (await made(as.manager, 'purchase_orders', { vendor_id: (await createRecord(as.admin, 'vendors')).id })).id,
      material_id: (await createRecord(as.admin, 'materials')).id,
      qty: 1,
    });
    for (const [query, params, errors] of cases) {
      const error = await env.db.query(query, params).then(
        () => undefined,
        (e: unknown) => e,
      );
      const dbError = asDbError(error);
      expect(dbError?.code, query).toBe('23514');
      expect(fromDbError(dbError!)?.errors, query).toEqual(errors);
    }
    const [stored] = await env.db.query<Row>('SELECT trip_charge, end_date, client_id FROM jobs WHERE id = $1', [job.id]);
    expect(stored).toMatchObject({ trip_charge: null, end_date: null });
  });
});

describe('a migration that adds rules over stored rows', () => {
  it('lists the rows that break them and applies nothing', async () => {
    const { db } = env;
    // as the database was before the field rules: the two rules gone, rows that break them stored
    await db.query('ALTER TABLE jobs DROP CONSTRAINT jobs_trip_charge_min');
    await db.query('DROP INDEX jobs_number_unique');
    const client = (await createRecord(as.admin, 'clients')).id;
    const [negative] = await db.query<{ id: number }>("INSERT INTO jobs (client_id, number, trip_charge) VALUES ($1, 'OLD-1', -50) RETURNING id", [client]);
    const twins = await db.query<{ id: number }>("INSERT INTO jobs (client_id, number) VALUES ($1, 'OLD-2'), ($1, 'old-2') RETURNING id", [client]);
    // and without the rights added since (their rows would break that migration's list of areas)
    const areas = /"role_permissions_area_values" CHECK \("area" IN \(([^)]*)\)\)/.exec(migrationStatements(FIELD_RULES_MIGRATION).join('\n'))![1]!;
    await db.query(`DELETE FROM role_permissions WHERE area NOT IN (${areas})`);
    await db.query('DELETE FROM glazier_migrations WHERE name = $1', [FIELD_RULES_MIGRATION]);

    const breaks = await ruleBreaks(db, migrationStatements(FIELD_RULES_MIGRATION));
    expect(breaks.map((b) => [b.rule, b.rows, b.ids])).toEqual([
      ['jobs_number_unique', 2, twins.map((t) => t.id)],
      ['jobs_trip_charge_min', 1, [negative!.id]],
    ]);
    const blocked = await migrate(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(blocked).toBeInstanceOf(MigrationBlocked);
    expect((blocked as Error).message).toContain(
      `Migration ${FIELD_RULES_MIGRATION} was not applied: 3 stored rows break the rules it adds. Nothing was changed.`,
    );
    expect((blocked as Error).message).toContain(`jobs_trip_charge_min on jobs ("trip_charge" >= 0): 1 row, id ${String(negative!.id)}`);
    expect(await db.query('SELECT name FROM glazier_migrations WHERE name = $1', [FIELD_RULES_MIGRATION])).toEqual([]);
  });
});
