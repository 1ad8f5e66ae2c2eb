/**
 * The OpenAPI document (`GET /api/openapi.json`) and the one mechanism of the named actions: the
 * document is a valid OpenAPI 3.1 document covering every resource's generic calls and every
 * declared action, served to signed-in users only; an action refuses a guest (401) and a user
 * without its right (403) before it looks at the input, a path that names nothing (404), and
 * bad input with field errors (422). (Every answer the suite receives is also checked against
 * the document: answer-check.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ACTIONS } from '@glazier/shared/actions/registry';
import { RESOURCE_NAMES, RESOURCES } from '@glazier/shared/resources/registry';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { documentedPaths } from '../src/http/openapi.ts';
import { checkAnswer } from './answer-check.ts';
import { Client, appWithRoles, made } from './harness.ts';

const t = appWithRoles();

describe('GET /api/openapi.json', () => {
  it('is refused to a guest, and is a valid OpenAPI 3.1 document for a signed-in user of any role', async () => {
    const guest = await new Client(t.env.app).get('/api/openapi.json');
    expect(guest.status).toBe(401);
    const res = await t.as.employee.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has the generic calls of every resource and every named action, each once', async () => {
    type Operation = { operationId: string; requestBody?: { content: Record<string, unknown> } };
    const doc = (await t.as.employee.get('/api/openapi.json')).body as { paths?: Record<string, Record<string, Operation>> };
    const paths = doc.paths ?? {};
    const ids = Object.values(paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    for (const name of RESOURCE_NAMES) {
      if (RESOURCES[name].write === 'nobody') continue;
      expect(Object.keys(paths[`/api/${name}`] ?? {}), name).toEqual(expect.arrayContaining(['get', 'post']));
      expect(Object.keys(paths[`/api/${name}/{id}`] ?? {}).sort(), name).toEqual(['delete', 'get', 'patch', 'put']);
      expect(Object.keys(paths[`/api/${name}/store_many`] ?? {}), name).toEqual(['post']);
    }
    for (const def of Object.values(ACTIONS)) {
      for (const at of documentedPaths(def)) expect(paths[at.path]?.[def.method.toLowerCase()]?.operationId, def.name).toBe(at.operationId);
    }
    // a parameter with a fixed set of values is written out: one path per resource, per image size
    expect(paths['/api/jobs/{id}/restore']?.patch?.operationId).toBe('records.restore.jobs');
    expect(paths['/api/images/{id}/thumb']?.get?.operationId).toBe('images.content.thumb');
    expect(paths['/api/{resource}/{id}/restore']).toBeUndefined();
    // a save answers the relations it may change, described: a job product's pieces
    type Schemas = Record<string, { properties?: Record<string, { items?: { $ref?: string } }> }>;
    const answer = (
      paths['/api/job_products/{id}']?.patch as unknown as { responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }> }
    ).responses['200']!.content['application/json']!.schema.$ref;
    const schemas = (doc as unknown as { components: { schemas: Schemas } }).components.schemas;
    expect(answer).toBe('#/components/schemas/job_products_saved');
    expect(schemas.job_products_saved?.properties?.pieces?.items?.$ref).toBe('#/components/schemas/job_product_pieces_record');
    // An upload's path is also its resource's JSON create: both bodies are described.
    expect(Object.keys(paths['/api/files']?.post?.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
  });

  it('leaves out what no one may call: a generic write of what nobody writes, a restore without a trash, the messages of what has none', async () => {
    const doc = (await t.as.admin.get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    // a product's pieces are made by its save and marked by their action (every generic write answers 403)
    expect(Object.keys(doc.paths['/api/job_product_pieces'] ?? {})).toEqual(['get']);
    expect(Object.keys(doc.paths['/api/job_product_pieces/{id}'] ?? {})).toEqual(['get']);
    expect(doc.paths['/api/job_product_pieces/store_many']).toBeUndefined();
    expect((await t.as.admin.post('/api/job_product_pieces', { job_product_id: 1 })).status).toBe(403);
    expect((await t.as.admin.post('/api/job_product_pieces/store_many', { data: [{ job_product_id: 1 }] })).status).toBe(403);
    expect(doc.paths['/api/job_product_pieces/{id}/restore']).toBeUndefined();
    expect(doc.paths['/api/jobs/{id}/restore']).toBeDefined();
    // messages are published for what is mailed (an estimate, a purchase order, a user's reset link) only
    expect(doc.paths['/api/estimates/{id}/mail']).toBeDefined();
    expect(doc.paths['/api/images/{id}/mail']).toBeUndefined();
    expect(doc.paths['/api/jobs/{id}/mail']).toBeUndefined();
  });

  it('lists the refusals of the session calls: setup once done (403), who is signed in for a guest (401)', async () => {
    const guest = new Client(t.env.app);
    await guest.get('/sanctum/csrf-cookie');
    // the harness checks each answer's status against the document (answer-check.ts)
    expect((await guest.get('/api/user')).status).toBe(401);
    expect(
      (await guest.post('/api/setup', { name: 'Late', email: 'late@test.local', password: 'long enough 1', password_confirmation: 'long enough 1' })).status,
    ).toBe(403);
    const doc = (await t.as.admin.get('/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths['/api/user']!.get!.responses)).toContain('401');
    expect(Object.keys(doc.paths['/api/setup']!.post!.responses)).toContain('403');
  });

  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const doc = (await t.as.employee.get('/api/openapi.json')).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/api/openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`)).toEqual([]);
  });

  it('declares who may call each operation: the session, with the CSRF header on writes; nothing on the public calls', async () => {
    type Operation = { operationId: string; security?: Record<string, string[]>[] };
    const doc = (await t.as.employee.get('/api/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { in?: string; name?: string }> };
    };
    expect(doc.components.securitySchemes.session).toMatchObject({ in: 'cookie', name: 'glazier_session' });
    expect(doc.components.securitySchemes.xsrf).toMatchObject({ in: 'header', name: 'X-XSRF-TOKEN' });
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(security('/api/jobs', 'get')).toEqual([{ session: [] }]);
    expect(security('/api/jobs/{id}', 'patch')).toEqual([{ session: [], xsrf: [] }]);
    expect(security('/api/approvals/{token}', 'get')).toEqual([]);
    // signing in and out, and the anti-forgery cookie: in the document, public (a write still sends the header)
    expect(security('/sanctum/csrf-cookie', 'get')).toEqual([]);
    expect(security('/login', 'post')).toEqual([{ xsrf: [] }]);
    expect(security('/logout', 'post')).toEqual([{ xsrf: [] }]);
    expect(Object.keys(doc.paths['/login']?.post ?? {})).toEqual(expect.arrayContaining(['requestBody']));
    // a write made once per Idempotency-Key says so
    const params = (path: string, method: string) =>
      ((doc.paths[path]?.[method] as { parameters?: { name: string; in: string }[] } | undefined)?.parameters ?? []).map((p) => `${p.in}:${p.name}`);
    expect(params('/api/time_entries', 'post')).toContain('header:Idempotency-Key');
    expect(params('/api/time_entries/{id}', 'delete')).toContain('header:Idempotency-Key');
    expect(params('/api/time_entries', 'get')).not.toContain('header:Idempotency-Key');
  });

  it('catches an answer that is not what the document says (the suite-wide check)', () => {
    expect(() => checkAnswer('GET', '/api/purchase_orders/next_number', 200, 'application/json', { data: { number: 1001 } })).not.toThrow();
    expect(() => checkAnswer('GET', '/api/purchase_orders/next_number', 200, 'application/json', { number: 1001 })).toThrow(/does not allow/);
    expect(() => checkAnswer('POST', '/api/purchase_orders/5/send', 200, 'application/json', { data: { id: 5, sent_at: 7 } })).toThrow(/does not allow/);
  });
});

describe('a named action through the one mechanism', () => {
  it('answers 401 to a guest and 403 without the right, before looking at the path or the body', async () => {
    const guest = new Client(t.env.app);
    await guest.get('/sanctum/csrf-cookie');
    expect((await guest.post('/api/purchase_order_materials/abc/split', { ordered: 'x' })).status).toBe(401);
    expect((await guest.get('/api/material_snapshots/summary')).status).toBe(401);
    expect((await guest.post('/api/users/1/reset_link')).status).toBe(401);
    expect((await t.as.supervisor.post('/api/purchase_order_materials/abc/split', { ordered: 'x' })).status).toBe(403);
    expect((await t.as.employee.post('/api/material_snapshots/take', { date: 'not a date' })).status).toBe(403);
    expect((await t.as.manager.post(`/api/users/${t.ids.employee.id}/reset_link`)).status).toBe(403);
  });

  it('answers 404 for a path that names nothing, and 422 with field errors for bad input', async () => {
    expect((await t.as.manager.post('/api/purchase_order_materials/abc/split', { ordered: 1 })).status).toBe(404);
    expect((await t.as.manager.get('/api/history/no_such_resource/1')).status).toBe(404);
    expect((await t.as.manager.get('/api/images/1/huge')).status).toBe(404);
    const vendor = await made(t.as.manager, 'vendors', { name: 'Mechanism Vendor' });
    const material = await made(t.as.manager, 'materials', { number: 'MECH-1', description: 'mechanism test' });
    const order = await made(t.as.manager, 'purchase_orders', { vendor_id: vendor.id });
    const line = await made(t.as.manager, 'purchase_order_materials', { purchase_order_id: order.id, material_id: material.id, qty: 4, price: 8 });
    const junk = await t.as.manager.post(`/api/purchase_order_materials/${line.id}/split`, { ordered: 'x', received: -1 });
    expect(junk.status).toBe(422);
    expect(junk.body.errors).toEqual({ ordered: ['Must be a number.'], received: ['It looks like something is adding up to a negative.'] });
    const snapshot = await t.as.manager.post('/api/material_snapshots/take', { date: '2026-02-30' });
    expect(snapshot.status).toBe(422);
    expect(Object.keys(snapshot.body.errors ?? {})).toEqual(['date']);
    const search = await t.as.employee.get(`/api/search?q=${'y'.repeat(201)}`);
    expect(search.status).toBe(422);
    expect(search.body.errors).toEqual({ q: ['Must be at most 200 characters.'] });
    const lines = await t.as.manager.post('/api/purchase_orders/from_suggestions', { lines: [{ material_id: 'x', qty: 0 }] });
    expect(lines.status).toBe(422);
    expect(lines.body.errors).toEqual({ 'lines.0.material_id': ['Choose a material.'], 'lines.0.qty': ['The qty must be more than 0.'] });
  });
});
