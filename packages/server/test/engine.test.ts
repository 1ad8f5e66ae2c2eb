/**
 * The generic resource API, exercised on every resource of the registry: list, page, get,
 * freshness, create, update, conflict, store_many (all or nothing), delete, 422 field errors,
 * 401 for a guest, 403 for a role without the right, and no 5xx for junk input.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { inputFields } from '@glazier/shared/resources/define';
import { DEFAULT_ROLE_MATRIX, ROLES } from '@glazier/shared/permissions';
import { SERVER_RESOURCES } from '../src/areas/registry.ts';
import type { Row } from '../src/db/client.ts';
import { Client, appWithRoles } from './harness.ts';
import { createRecord, editableField, junkValue, UPLOADED, validBody } from './fixtures.ts';

const { env, as: asRole } = appWithRoles();

/** Resources whose write rule is a record rule, tested in their own files. */
const RECORD_RULE_WRITES = new Set<ResourceName>(['users', 'time_entries', 'images', 'job_images', 'role_permissions']);
/** role_permissions is a fixed matrix: rows are updated, never created or deleted. */
const FIXED = new Set<ResourceName>(['role_permissions']);

/** Left out too: what nobody writes generically (a product's pieces, pieces.test.ts: every generic write is 403). */
const generic = RESOURCE_NAMES.filter((n) => !FIXED.has(n) && RESOURCES[n].write !== 'nobody');

describe.each(generic)('%s', (name) => {
  const def = RESOURCES[name];
  const base = `/api/${name}`;

  it('creates, reads, lists, pages and answers freshness', async () => {
    const created = await createRecord(asRole.admin, name);
    expect(created.id).toBeTypeOf('number');
    expect(created).not.toHaveProperty('password_hash');

    const got = await asRole.admin.get(`${base}/${created.id}`);
    expect(got.status).toBe(200);
    expect(got.body.id).toBe(created.id);
    // the create answers its computed fields as a read does (its write may return them itself,
    // engine/write.ts returnedComputed), and its audit row holds the stored columns only
    const computed = Object.keys(SERVER_RESOURCES[name].computed ?? {});
    for (const field of computed) expect(created[field], `${name}.${field}`).toEqual(got.body[field]);
    const [audit] = await env.db.query<{ after: Row }>(`SELECT after FROM audit_log WHERE resource = $1 AND record_id = $2 AND action = 'create'`, [
      name,
      created.id,
    ]);
    for (const field of computed) expect(audit?.after ?? {}, `${name}.${field} in the audit row`).not.toHaveProperty(field);
    for (const [rel, r] of Object.entries(def.relations)) {
      if (r.kind === 'many') expect(Array.isArray(got.body[rel]), `${name}.${rel} embedded`).toBe(true);
    }

    const fresh = await asRole.admin.get(`${base}/${created.id}?accessed_at=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`);
    // A record with computed SQL fields (a material's on hand) can change without its row: always in full.
    if (Object.keys(SERVER_RESOURCES[name].computed ?? {}).length) expect(fresh.body.id).toBe(created.id);
    else expect(fresh.body).toEqual({ current: true });
    const stale = await asRole.admin.get(`${base}/${created.id}?accessed_at=2000-01-01T00:00:00.000Z`);
    expect(stale.body.id).toBe(created.id);

    const listed = await asRole.admin.get(base);
    expect(listed.status).toBe(200);
    expect(listed.body.data!.map((r) => r.id)).toContain(created.id);

    const paged = await asRole.admin.get(`${base}?page=1&per_page=1000`);
    expect(paged.status).toBe(200);
    expect(paged.body).toMatchObject({ current_page: 1, per_page: 100 });
    expect(paged.body.total).toBeGreaterThanOrEqual(1);
    expect(paged.body.last_page).toBeGreaterThanOrEqual(1);
  });

  it('updates the whole record and refuses a stale copy with 409', async () => {
    const created = await createRecord(asRole.admin, name);
    // takeoffs have nothing to edit but their estimate: the same body round-trips
    const [key, fd] = editableField(def) ?? ['id', undefined];
    const value = !fd ? created.id : fd.kind === 'bool' ? !created[key] : fd.kind === 'qty' ? 7.5 : `Changed ${key}`;
    const updated = await asRole.admin.patch(`${base}/${created.id}`, { ...created, [key]: value });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body[key]).toEqual(value);
    const read = await asRole.admin.get(`${base}/${created.id}`);
    for (const field of Object.keys(SERVER_RESOURCES[name].computed ?? {})) expect(updated.body[field], `${name}.${field}`).toEqual(read.body[field]);
    expect(Date.parse(updated.body.updated_at as string)).toBeGreaterThanOrEqual(Date.parse(created.updated_at as string));

    const staleWrite = await asRole.admin.patch(`${base}/${created.id}`, { ...created, updated_at: '2000-01-01T00:00:00.000Z' });
    expect(staleWrite.status).toBe(409);
    const after = await asRole.admin.get(`${base}/${created.id}`);
    expect(after.body[key]).toEqual(value);
  });

  it('stores many in one transaction, all or nothing', async () => {
    // an uploaded resource's store_many updates records (it cannot carry their files)
    const record = async () => (UPLOADED.has(name) ? createRecord(asRole.admin, name) : validBody(asRole.admin, name));
    const a = await record();
    const b = await record();
    const ok = await asRole.admin.post(`${base}/store_many`, { data: [a, b] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toHaveLength(2);

    const required = inputFields(def).find(([, fd]) => fd.required)?.[0];
    const bad = required ? { ...(await record()), [required]: '' } : { ...(await record()), id: 999_999_999 };
    const good = await record();
    const before = (await asRole.admin.get(`${base}?page=1&per_page=1&active=all`)).body.total;
    const failed = await asRole.admin.post(`${base}/store_many`, { data: [good, bad] });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).toBeLessThan(500);
    if (required) expect(failed.body.errors).toHaveProperty(`data.1.${required}`);
    const afterCount = (await asRole.admin.get(`${base}?page=1&per_page=1&active=all`)).body.total;
    expect(afterCount).toBe(before);
  });

  it('answers 422 with field errors for bad input', async () => {
    const required = inputFields(def)
      .filter(([, fd]) => fd.required)
      .map(([k]) => k);
    if (required.length) {
      const res = await asRole.admin.post(base, {});
      expect(res.status).toBe(422);
      for (const k of required) expect(res.body.errors, `${name}.${k}`).toHaveProperty(k);
    }
    const body = await validBody(asRole.admin, name);
    const junkFields: string[] = [];
    for (const [k, fd] of inputFields(def)) {
      const junk = junkValue(fd);
      if (junk === undefined) continue;
      body[k] = junk;
      junkFields.push(k);
    }
    const res = await asRole.admin.post(base, body);
    expect(res.status).toBe(422);
    const keys = Object.keys(res.body.errors ?? {});
    for (const k of junkFields)
      expect(
        keys.some((e) => e === k || e.startsWith(`${k}.`)),
        `${name}.${k} junk → ${keys.join(',')}`,
      ).toBe(true);
  });

  it('never answers 5xx to junk', async () => {
    const huge = 'x'.repeat(200_000);
    const probes: [string, string, unknown?][] = [
      ['GET', `${base}/999999999`],
      ['GET', `${base}/abc`],
      ['GET', `${base}/99999999999999999999`],
      ['GET', `${base}?page=1&search=${encodeURIComponent("'; DROP TABLE clients; --")}`],
      ['GET', `${base}?page=1&search=%25_%5C`],
      ['GET', `${base}?page=1&sort_column=${encodeURIComponent('name; DROP TABLE x')}&sort_direction=sideways`],
      ['GET', `${base}?page=-1&per_page=abc`],
      ['GET', `${base}?active=maybe&status[]=x&id_list=1,2,x`],
      ['GET', `${base}?page=1&search=${huge.slice(0, 5000)}`],
      ['POST', base, []],
      ['POST', base, 'not json'],
      ['POST', base, { name: huge, description: huge, note: huge }],
      ['POST', `${base}/store_many`, { data: 'nope' }],
      ['POST', `${base}/store_many`, { data: [null, 5] }],
      ['PATCH', `${base}/999999999`, { name: 'x' }],
      ['DELETE', `${base}/999999999`],
      ['DELETE', `${base}/-1`],
    ];
    for (const [method, url, body] of probes) {
      const res = await asRole.admin.request(method, url, body);
      expect(res.status, `${method} ${url.slice(0, 80)} → ${JSON.stringify(res.body).slice(0, 200)}`).toBeLessThan(500);
      expect(res.status).toBeGreaterThanOrEqual(200);
    }
  });

  it('refuses guests with 401', async () => {
    const guest = new Client(env.app);
    expect((await guest.get(base)).status).toBe(401);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.post(base, await validBody(asRole.admin, name))).status).toBe(401);
  });

  it('refuses a role without the right with 403', async () => {
    const read = def.read;
    if (read !== 'signed_in') {
      const role = ROLES.find((r) => !DEFAULT_ROLE_MATRIX[r][read].view);
      if (role) {
        const res = await asRole[role].get(base);
        expect(res.status, `${role} reading ${name}`).toBe(403);
        expect(res.body.message).toBe('Forbidden');
      }
    }
    const write = def.write;
    if (write !== 'signed_in' && write !== 'nobody' && !RECORD_RULE_WRITES.has(name)) {
      const role = ROLES.find((r) => !DEFAULT_ROLE_MATRIX[r][write].edit);
      if (role) {
        const body = await validBody(asRole.admin, name);
        const res = await asRole[role].post(base, body);
        expect(res.status, `${role} creating ${name}`).toBe(403);
        const existing = await createRecord(asRole.admin, name);
        expect((await asRole[role].del(`${base}/${existing.id}`)).status).toBe(403);
      }
    }
  });

  it('deletes, answering {id}', async () => {
    const created = await createRecord(asRole.admin, name);
    const res = await asRole.admin.del(`${base}/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: created.id });
    const after = await asRole.admin.get(`${base}/${created.id}`);
    if (def.softDelete) expect(after.body.deleted_at).toBeTruthy();
    else expect(after.status).toBe(404);
    const audit = await env.db.query<{ action: string }>('SELECT action FROM audit_log WHERE resource = $1 AND record_id = $2 ORDER BY id', [name, created.id]);
    // a soft delete without a trash (products) discontinues; a job goes to the trash, deleted
    expect(audit.map((a) => a.action)).toEqual(['create', def.softDelete && !def.trash ? 'discontinue' : 'delete']);
  });
});
