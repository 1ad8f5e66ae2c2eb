/**
 * "State that moves only by its rule" and "A save never deletes what it did not see"
 * (docs/platform.md, Aggregates and state): every generic write path refuses to move a state column
 * (422 on the field, naming the action, nothing written) while the named actions still move it;
 * and for every writable relation a child's write by someone else makes a stale whole-record save
 * of the parent a 409 that loses nothing.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Row } from '../src/db/client.ts';
import { appWithRoles, made, signedIn, type Client, type Res } from './harness.ts';
import { createRecord, validBody } from './fixtures.ts';

const suite = appWithRoles();
const { as } = suite;

const put = (c: Client, url: string, body: unknown) => c.request('PUT', url, body);
const count = async (table: string) => (await suite.env.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
const stored = async (table: string, id: unknown, column: string) =>
  (await suite.env.db.query<Row>(`SELECT ${column} AS v FROM ${table} WHERE id = $1`, [id]))[0]!.v;
const material = () => createRecord(as.admin, 'materials');

/** The answer is a 422 whose only error is `field`'s, and it names the action. */
function expectRefused(res: Res, field: string, action: RegExp) {
  expect(res.status).toBe(422);
  expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
  expect(res.body.errors![field]![0]).toMatch(action);
}

interface StateCase {
  resource: ResourceName;
  field: string;
  /** A value the generic write tries to set. */
  value: unknown;
  action: RegExp;
}

const STATE_CASES: StateCase[] = [
  { resource: 'purchase_orders', field: 'sent_at', value: '2026-11-20T10:00:00.000Z', action: /Use Send/ },
  { resource: 'purchase_orders', field: 'received_at', value: '2026-11-20T10:00:00.000Z', action: /Use Receive/ },
  { resource: 'boms', field: 'pulled_at', value: '2026-11-20T10:00:00.000Z', action: /Use Pull/ },
  { resource: 'estimates', field: 'status', value: 'won', action: /Status/ },
];

describe('state columns move only through their action', () => {
  it.each(STATE_CASES)(
    '$resource $field: POST, PATCH, PUT and store_many answer 422 naming the action and write nothing',
    async ({ resource, field, value, action }) => {
      const table = RESOURCES[resource].table;
      const body = await validBody(as.admin, resource);
      const before = await count(table);
      expectRefused(await as.admin.post(`/api/${resource}`, { ...body, [field]: value }), field, action);
      expectRefused(await as.admin.post(`/api/${resource}/store_many`, { data: [{ ...body, [field]: value }] }), `data.0.${field}`, action);
      expect(await count(table)).toBe(before);

      const record = await made(as.admin, resource, body);
      const initial = await stored(table, record.id, field);
      const url = `/api/${resource}/${record.id}`;
      expectRefused(await as.admin.patch(url, { [field]: value }), field, action);
      expectRefused(await put(as.admin, url, { ...record, [field]: value }), field, action);
      expectRefused(await as.admin.post(`/api/${resource}/store_many`, { data: [{ id: record.id, [field]: value }] }), `data.0.${field}`, action);
      // one refused record refuses the whole batch
      expectRefused(
        await as.admin.post(`/api/${resource}/store_many`, { data: [{ id: record.id }, { id: record.id, [field]: value }] }),
        `data.1.${field}`,
        action,
      );
      expect(await stored(table, record.id, field)).toEqual(initial);

      // a whole-record save that echoes the stored state is an ordinary save
      const read = (await as.admin.get(url)).body;
      const saved = await as.admin.patch(url, read);
      expect(saved.status).toBe(200);
      expect(saved.body[field]).toEqual(read[field]);
    },
  );

  it('purchase orders: Send and Receive still move them; an echo of a sent order saves; clearing sent_at is refused', async () => {
    const po = await createRecord(as.admin, 'purchase_orders');
    const m = await material();
    const line = await made(as.admin, 'purchase_order_materials', { purchase_order_id: po.id, material_id: m.id, qty: 3, price: 30 });
    expect((await as.admin.post(`/api/purchase_orders/${po.id}/send`)).status).toBe(200);
    const sent = (await as.admin.get(`/api/purchase_orders/${po.id}`)).body;
    expect(sent.sent_at).toEqual(expect.any(String));
    expect((await as.admin.patch(`/api/purchase_orders/${po.id}`, { ...sent, note: 'call first' })).status).toBe(200);
    expectRefused(await as.admin.patch(`/api/purchase_orders/${po.id}`, { sent_at: null }), 'sent_at', /Use Send/);

    const received = await as.admin.post(`/api/purchase_orders/${po.id}/receive`);
    expect(received.status).toBe(200);
    expect(await stored('purchase_orders', po.id, 'received_at')).not.toBeNull();
    expect(await stored('purchase_order_materials', line.id, 'status')).toBe('received');
    const receipts = await suite.env.db.query<Row>(
      `SELECT qty::float AS qty FROM material_transactions WHERE purchase_order_material_id = $1 AND type = 'receipt'`,
      [line.id],
    );
    expect(receipts).toEqual([{ qty: 3 }]);
    expectRefused(await as.admin.patch(`/api/purchase_orders/${po.id}`, { received_at: null }), 'received_at', /Use Receive/);
  });

  it("purchase orders: a line's own status (the generic save of the line) still runs the receipt rule and receives the order", async () => {
    const po = await createRecord(as.admin, 'purchase_orders');
    const line = await made(as.admin, 'purchase_order_materials', { purchase_order_id: po.id, material_id: (await material()).id, qty: 2, price: 10 });
    expect((await as.admin.patch(`/api/purchase_order_materials/${line.id}`, { status: 'received' })).status).toBe(200);
    expect(await stored('purchase_orders', po.id, 'received_at')).not.toBeNull();
    expect((await suite.env.db.query<Row>(`SELECT 1 FROM material_transactions WHERE purchase_order_material_id = $1`, [line.id])).length).toBe(1);
  });

  it('boms: Pull and Return to stock still move pulled_at', async () => {
    const bom = await createRecord(as.admin, 'boms');
    await made(as.admin, 'bom_materials', { bom_id: bom.id, material_id: (await material()).id, qty: 2 });
    expect((await as.admin.post(`/api/boms/${bom.id}/pull`)).status).toBe(200);
    expect(await stored('boms', bom.id, 'pulled_at')).not.toBeNull();
    const pulled = (await as.admin.get(`/api/boms/${bom.id}`)).body;
    expectRefused(await as.admin.patch(`/api/boms/${bom.id}`, { ...pulled, pulled_at: null }), 'pulled_at', /Return to stock/);
    expect((await as.admin.post(`/api/boms/${bom.id}/return`)).status).toBe(200);
    expect(await stored('boms', bom.id, 'pulled_at')).toBeNull();
  });

  it('estimates: a new estimate is a draft, with or without saying so', async () => {
    const body = await validBody(as.admin, 'estimates');
    expect((await made(as.admin, 'estimates', { ...body, status: 'draft' })).status).toBe('draft');
    expect((await made(as.admin, 'estimates', body)).status).toBe('draft');
  });
});

interface RelationCase {
  parent: ResourceName;
  relation: string;
  child: ResourceName;
  foreignKey: string;
  /** A field of the parent a save changes. */
  parentField: string;
  /** A field of the child another user changes. */
  childField: string;
  /** The child's other required fields. */
  childBody: () => Promise<Row>;
}

const noExtras = async () => ({});
const named = async () => ({ name: 'Shower door' });
const withMaterial = async () => ({ material_id: (await material()).id, qty: 1 });
const RELATION_CASES: RelationCase[] = [
  { parent: 'jobs', relation: 'products', child: 'job_products', foreignKey: 'job_id', parentField: 'name', childField: 'note', childBody: named },
  { parent: 'job_templates', relation: 'products', child: 'job_products', foreignKey: 'job_id', parentField: 'name', childField: 'note', childBody: named },
  {
    parent: 'purchase_orders',
    relation: 'purchase_order_materials',
    child: 'purchase_order_materials',
    foreignKey: 'purchase_order_id',
    parentField: 'note',
    childField: 'qty',
    childBody: withMaterial,
  },
  {
    parent: 'invoices',
    relation: 'invoice_lines',
    child: 'invoice_lines',
    foreignKey: 'invoice_id',
    parentField: 'memo',
    childField: 'qty',
    childBody: async () => ({ description: 'Mirror', rate: 10 }),
  },
  { parent: 'boms', relation: 'bom_materials', child: 'bom_materials', foreignKey: 'bom_id', parentField: 'name', childField: 'qty', childBody: withMaterial },
  {
    parent: 'products',
    relation: 'product_materials',
    child: 'product_materials',
    foreignKey: 'product_id',
    parentField: 'name',
    childField: 'qty',
    childBody: withMaterial,
  },
  { parent: 'estimates', relation: 'items', child: 'estimate_items', foreignKey: 'estimate_id', parentField: 'name', childField: 'qty', childBody: noExtras },
  {
    parent: 'estimates',
    relation: 'category_notes',
    child: 'estimate_category_notes',
    foreignKey: 'estimate_id',
    parentField: 'name',
    childField: 'note',
    childBody: async () => ({ product_category_id: (await createRecord(as.admin, 'product_categories')).id }),
  },
];

describe('a save never deletes what it did not see', () => {
  it('covers every writable relation of the registry', () => {
    const writable = Object.entries(RESOURCES).flatMap(([name, def]) =>
      Object.entries(def.relations)
        .filter(([, rel]) => 'writable' in rel && rel.writable === true)
        .map(([rel]) => `${name}.${rel}`),
    );
    expect(RELATION_CASES.map((c) => `${c.parent}.${c.relation}`).sort()).toEqual(writable.sort());
  });

  it.each(RELATION_CASES)(
    "$parent $relation: another user's create, update or delete of a child makes a stale save of the parent a 409; a fresh save works",
    async ({ parent, relation, child, foreignKey, parentField, childField, childBody }) => {
      const other = await signedIn(suite.env.app, suite.ids.admin.email);
      const record = await createRecord(as.admin, parent);
      const url = `/api/${parent}/${record.id}`;
      const newChild = async (c: Client) => made(c, child, { ...(await childBody()), [foreignKey]: record.id });
      const childIds = async () => ((await as.admin.get(url)).body[relation] as Row[]).map((r) => r.id).sort();
      const first = await newChild(as.admin);
      const second = await newChild(as.admin);
      const staleSave = async (stale: Row) => {
        const res = await as.admin.patch(url, { ...stale, [parentField]: `Renamed ${String(stale.id)}` });
        expect(res.status).toBe(409);
        expect(await stored(RESOURCES[parent].table, record.id, parentField)).toBe(record[parentField]);
      };

      // another user adds a child
      let stale = (await as.admin.get(url)).body;
      const added = await newChild(other);
      await staleSave(stale);
      expect(await childIds()).toEqual([first.id, second.id, added.id].sort());

      // another user changes a child
      stale = (await as.admin.get(url)).body;
      const changed = await other.patch(`/api/${child}/${first.id}`, { [childField]: childField === 'qty' ? 7 : 'changed by the other user' });
      expect(changed.status).toBe(200);
      await staleSave(stale);
      expect((await as.admin.get(`/api/${child}/${first.id}`)).body[childField]).toEqual(changed.body[childField]);

      // another user deletes a child (the stale body still lists it)
      stale = (await as.admin.get(url)).body;
      expect((await other.del(`/api/${child}/${second.id}`)).status).toBe(200);
      await staleSave(stale);
      expect(await childIds()).toEqual([first.id, added.id].sort());

      // the same save made on a fresh copy goes through and keeps every child
      const fresh = (await as.admin.get(url)).body;
      const saved = await as.admin.patch(url, { ...fresh, [parentField]: 'Renamed on a fresh copy' });
      expect(saved.status).toBe(200);
      expect(await childIds()).toEqual([first.id, added.id].sort());
    },
  );

  it("a child's write makes the parent's GET ?accessed_at not current, also when the child is gone", async () => {
    const job = await createRecord(as.admin, 'jobs');
    const url = `/api/jobs/${job.id}`;
    const product = await made(as.admin, 'job_products', { job_id: job.id, name: 'Shower door' });
    // accessed_at: the newest version read, so "current" is decided by what changed after it alone
    const read = (await as.admin.get(url)).body;
    const accessedAt = [read.updated_at, ...(read.products as Row[]).map((p) => p.updated_at)].sort().at(-1) as string;
    expect((await as.admin.get(`${url}?accessed_at=${encodeURIComponent(accessedAt)}`)).body).toEqual({ current: true });
    expect((await as.admin.del(`/api/job_products/${product.id}`)).status).toBe(200);
    const after = (await as.admin.get(`${url}?accessed_at=${encodeURIComponent(accessedAt)}`)).body;
    expect(after.id).toBe(job.id);
    expect(after.products).toEqual([]);
  });

  it("a child's write leaves no audit row on the parent (the child's own row says what changed)", async () => {
    const job = await createRecord(as.admin, 'jobs');
    await made(as.admin, 'job_products', { job_id: job.id, name: 'Shower door' });
    const rows = await suite.env.db.query<Row>(`SELECT action FROM audit_log WHERE resource = 'jobs' AND record_id = $1`, [job.id]);
    expect(rows.map((r) => r.action)).toEqual(['create']);
  });

  it("a parent's own save with its children answers the parent's final updated_at, so the next save of that answer is not stale", async () => {
    const m = await material();
    const po = await createRecord(as.admin, 'purchase_orders');
    const saved = await as.admin.patch(`/api/purchase_orders/${po.id}`, {
      ...po,
      purchase_order_materials: [
        { material_id: m.id, qty: 1 },
        { material_id: m.id, qty: 2 },
      ],
    });
    expect(saved.status).toBe(200);
    const again = await as.admin.patch(`/api/purchase_orders/${po.id}`, { ...saved.body, note: 'second save' });
    expect(again.status).toBe(200);
    expect((again.body.purchase_order_materials as Row[]).length).toBe(2);
  });
});
