/**
 * Hostile input through every write and search path of every resource: for each field a
 * table of values a careless or malicious client may send goes through create, update, store_many
 * and paged search (with sort and filters). Never a 5xx, and a refused write leaves no row and no
 * audit entry behind. Runs on PGlite and, in the PostgreSQL pass, on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { inputFields, type ResourceDef } from '@glazier/shared/resources/define';
import { ruleFields } from './rule-fields.ts';
import { appWithRoles, type Client, type Res } from './harness.ts';
import type { Db, Row } from '../src/db/client.ts';
import { createRecord, sampleValue, UPLOADED, validBody } from './fixtures.ts';
import { documentAllows } from './answer-check.ts';

/** Stands for a number JSON.stringify cannot write: the body carries `1e400` (Infinity once parsed). */
const HUGE_LITERAL = '__fuzz_1e400__';
/** Stands for objects nested 10 000 deep (past JSON.stringify's stack, and formerly the server's: a 500). */
const DEEP_LITERAL = '__fuzz_deep__';
const DEEP_JSON = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

const HOSTILE: [label: string, value: unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'x\ud800y'],
  ['lone low surrogate', '\udfff'],
  ['control characters', '\u0007\u001b[2J'],
  ['100 KB string', 'x'.repeat(100_000)],
  ['nested object', { a: { b: { c: [1, { d: 'e' }] } } }],
  ['nested 10 000 deep', DEEP_LITERAL],
  ['operator object', { $gt: '' }],
  ['array', ['a', 1, null]],
  ['array of ids', [1, 2, 999_999_999]],
  ['huge number', 1e300],
  ['number past JSON', HUGE_LITERAL],
  ['past int32', 2_147_483_648],
  ['unsafe integer', 9_007_199_254_740_993],
  ['negative', -1],
  ['very negative', -1e15],
  ['fraction', 0.000001],
  ['invalid date', '2026-02-30'],
  ['not a date', 'yesterday'],
  ['year 0', '0000-01-01'],
  ['far timestamp', '275760-09-13T00:00:00.001Z'],
  ['sql id', '1 OR 1=1'],
  ['sql quote', "'; DROP TABLE users; --"],
  ['boolean', true],
  ['empty', ''],
  ['null', null],
];

/** The same values as query-string text (objects and arrays as JSON text). */
const HOSTILE_QUERY = HOSTILE.map(
  ([label, v]) => [label, v === HUGE_LITERAL ? '1e400' : v === DEEP_LITERAL ? DEEP_JSON : typeof v === 'string' ? v : JSON.stringify(v)] as const,
);

const toJson = (body: unknown) => JSON.stringify(body).replaceAll(`"${HUGE_LITERAL}"`, '1e400').replaceAll(`"${DEEP_LITERAL}"`, DEEP_JSON);

const describeCall = (what: string, res: Res) => `${what} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;

/** Percent-encodes like a client that sends raw bytes: lone surrogates as their (invalid) UTF-8 bytes. */
function percentEncode(s: string): string {
  return s
    .split(/(\p{Cs})/u)
    .map((part, i) => {
      if (i % 2 === 0) return encodeURIComponent(part);
      const cu = part.charCodeAt(0);
      return [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** The values every field gets one by one; the rest of HOSTILE goes through in batches. */
const ONE_BY_ONE = new Set([
  'NUL',
  'lone surrogate',
  '100 KB string',
  'nested object',
  'nested 10 000 deep',
  'number past JSON',
  'past int32',
  'far timestamp',
  'sql id',
  'sql quote',
]);

let days = 0;
/** A day of its own for a record with a date (a day's hours are limited across records). */
const freshDay = (def: ResourceDef): Row => ('date' in def.fields ? { date: new Date(Date.UTC(2024, 0, 1 + ++days)).toISOString().slice(0, 10) } : {});

/** A piece stored by its action (no generic write makes one): piece 1 of 2, marked apart. */
async function storedPiece(c: Client): Promise<Row> {
  const category = await createRecord(c, 'product_categories', { enable_dimensions: true, enable_fabricated: true });
  const series = await createRecord(c, 'series', { category_id: category.id, use_category_settings: true });
  const product = await createRecord(c, 'job_products', { series_id: series.id, qty: 2, cut_list_json: [], is_measured: false, is_fabricated: false });
  const res = await c.post(`/api/job_products/${product.id}/pieces/1/mark`, { step: 'is_fabricated', done: true });
  if (res.status !== 200) throw new Error(`mark piece failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as unknown as { data: { pieces: Row[] } }).data.pieces[0]!;
}

/**
 * A row of a resource that only named actions write (`write: 'nobody'`): a piece by its action;
 * billing's payments, allocations and export batches as their actions will store them (written
 * straight to the tables until those actions exist).
 */
async function storedByAction(c: Client, db: Db, name: ResourceName): Promise<Row> {
  const insert = async (sql: string, params: unknown[]) => (await db.query<Row>(sql, params))[0]!;
  const payment = async () =>
    insert("INSERT INTO payments (client_id, payment_date, amount) VALUES ($1, '2026-01-05', 10) RETURNING *", [(await createRecord(c, 'clients')).id]);
  switch (name) {
    case 'job_product_pieces':
      return storedPiece(c);
    case 'payments':
      return payment();
    case 'payment_allocations':
      return insert('INSERT INTO payment_allocations (payment_id, invoice_id, amount) VALUES ($1, $2, 10) RETURNING *', [
        (await payment()).id,
        (await createRecord(c, 'invoices')).id,
      ]);
    case 'invoice_exports':
      return insert("INSERT INTO invoice_exports (format) VALUES ('xero') RETURNING *", []);
    default:
      throw new Error(`No stored row for ${name}: say how its action stores one.`);
  }
}

/** The fuzz suite for some resources (split over two files so they run in parallel). */
export function fuzzResources(names: readonly ResourceName[]) {
  const { env, as } = appWithRoles();

  /**
   * Rows of the resource's table, its audit entries, and every audit entry: what a write may change.
   * A save may also write a derived figure's history on another record (an invoice's job's invoice
   * amount), so the record's own entries are counted apart.
   */
  async function counts(table: string, name: string): Promise<{ rows: number; audit: number; total: number }> {
    const [row] = await env.db.query<{ rows: number; audit: number; total: number }>(
      `SELECT (SELECT count(*)::int FROM ${table}) AS rows, (SELECT count(*)::int FROM audit_log WHERE resource = $1) AS audit,
        (SELECT count(*)::int FROM audit_log) AS total`,
      [name],
    );
    return row!;
  }

  describe.each(names)('%s', (name) => {
    const def: ResourceDef = RESOURCES[name];
    const base = `/api/${name}`;
    // Fields, plus the nested children a body may carry.
    const keys = [
      ...inputFields(def).map(([k]) => k),
      ...Object.entries(def.relations)
        .filter(([, r]) => r.writable)
        .map(([k]) => k),
      'id',
    ];

    it('create, update and store_many never fail with 5xx and refuse without writing', async () => {
      const target =
        name === 'role_permissions'
          ? (await as.admin.get(`${base}?page=1`)).body.data![0]!
          : def.write === 'nobody'
            ? await storedByAction(as.admin, env.db, name)
            : await createRecord(as.admin, name);
      // a resource only actions write has no generic create to make its parents with: its stored row's fields
      const valid = def.write === 'nobody' ? Object.fromEntries(inputFields(def).map(([k]) => [k, target[k]])) : await validBody(as.admin, name);
      const { updated_at: _stale, ...current } = target;
      for (const [label, value] of HOSTILE) {
        // Counted per value: every accepted write adds one audit entry per record, a refused one none.
        const before = await counts(def.table, name);
        let written = 0;
        const write = async (method: string, url: string, body: unknown, what: string) => {
          const res = await as.admin.request(method, url, toJson(body));
          expect(res.status, describeCall(what, res)).toBeLessThan(500);
          expect(res.status, describeCall(what, res)).toBeGreaterThanOrEqual(200);
          // refused by the parser, before any hook or validator recurses through it
          // (or, a batch of as many deep records as the resource has fields, by its size)
          if (value === DEEP_LITERAL) expect([400, 413], describeCall(what, res)).toContain(res.status);
          if (res.status >= 400) expect(typeof res.body.message, describeCall(what, res)).toBe('string');
          else written += Array.isArray(res.body.data) ? res.body.data.length : 1;
        };
        if (ONE_BY_ONE.has(label)) {
          for (const key of keys) {
            await write('POST', base, { ...valid, [key]: value }, `create ${key}=${label}`);
            await write('PATCH', `${base}/${target.id}`, { ...current, [key]: value }, `update ${key}=${label}`);
          }
        }
        // one batch per value: every field hostile in its own record, all or nothing
        await write('POST', `${base}/store_many`, { data: keys.map((key) => ({ ...valid, [key]: value })) }, `store_many ${label}`);
        await write('POST', `${base}/store_many`, { data: keys.map((key) => ({ ...current, [key]: value })) }, `store_many update ${label}`);
        await write('PATCH', `${base}/${target.id}`, Object.fromEntries(keys.map((key) => [key, value])), `update every field=${label}`);
        await write('POST', base, value, `create body=${label}`);
        await write('POST', `${base}/store_many`, { data: value }, `store_many data=${label}`);
        const after = await counts(def.table, name);
        const [{ created }] = (await env.db.query<{ created: number }>(
          "SELECT count(*)::int AS created FROM (SELECT action FROM audit_log WHERE resource = $2 ORDER BY id DESC LIMIT $1) a WHERE action = 'create'",
          [written, name],
        )) as [{ created: number }];
        expect(after.audit - before.audit, `${label}: one audit entry per accepted record, none for refusals`).toBe(written);
        if (!written) expect(after.total - before.total, `${label}: no audit entry at all for refusals`).toBe(0);
        expect(after.rows - before.rows, `${label}: rows only from accepted creates`).toBe(written ? created : 0);
      }
      // ids in the path
      for (const [label, id] of HOSTILE_QUERY) {
        const path = percentEncode(id.slice(0, 1000));
        if (!path) continue;
        for (const method of ['GET', 'PATCH', 'DELETE']) {
          const res = await as.admin.request(method, `${base}/${path}`, method === 'PATCH' ? current : undefined);
          expect(res.status, describeCall(`${method} id=${label}`, res)).toBeLessThan(500);
        }
      }
    });

    it('stores each field it takes, and takes null exactly where the document says', async () => {
      // one row per role and area; files come by upload; a piece, a payment… is written by its action only (403 to generic writes)
      if (name === 'role_permissions' || UPLOADED.has(name) || def.write === 'nobody') return;
      const valid = await validBody(as.admin, name);
      const fields = inputFields(def).filter(([, fd]) => !fd.writeOnly && fd.kind !== 'password');
      const unique = fields.filter(([, fd]) => fd.unique);
      // (records unique by several fields would collide with the valid record's other values)
      for (const [key, fd] of def.uniqueTogether?.length ? [] : fields) {
        // a value sent with a valid record is stored, or refused under its field: never dropped
        const value = fd.kind === 'ref' ? (await createRecord(as.admin, fd.ref as ResourceName)).id : sampleValue(key, fd);
        const fresh: Row = { ...Object.fromEntries(unique.map(([k, u]) => [k, sampleValue(k, u)])), ...freshDay(def) };
        const res = await as.admin.post(base, { ...valid, [key]: value, ...fresh });
        if (res.status === 201) {
          expect(res.body[key] ?? null, describeCall(`create ${key}=${JSON.stringify(value)}`, res)).not.toBeNull();
          await as.admin.del(`${base}/${res.body.id}`); // so limits across records (a day's hours) do not add up
        } else expect(Object.keys(res.body.errors ?? {}), describeCall(`create ${key}=${JSON.stringify(value)}`, res)).toContain(key);
      }
      const target = await createRecord(as.admin, name, freshDay(def));
      const { updated_at: _stale, ...current } = target;
      for (const [key] of fields) {
        // null alone over a stored record: saved (its answer checked against the document by the
        // harness, and read again) where the document allows it, refused under the field where not
        const res = await as.admin.patch(`${base}/${target.id}`, { ...current, [key]: null });
        const what = describeCall(`update ${key}=null`, res);
        // a rule across fields (shared/resources/record-rules.ts) may still want the field set
        const ruled =
          res.status === 422 &&
          (def.rules ?? []).some(
            (rule) =>
              ruleFields(rule).includes(key) &&
              Object.values(res.body.errors ?? {})
                .flat()
                .includes(rule.message),
          );
        if (ruled) continue;
        if (documentAllows(name, key, null)) {
          expect(res.status, what).toBe(200);
          expect((await as.admin.get(`${base}/${target.id}`)).status, what).toBe(200);
        } else {
          expect(res.status, what).toBe(422);
          expect(Object.keys(res.body.errors ?? {}), what).toContain(key);
        }
      }
    });

    it('refuses a concurrency token that is not a date and time under updated_at', async () => {
      if (name === 'role_permissions' || UPLOADED.has(name) || def.write === 'nobody') return;
      const target = await createRecord(as.admin, name, freshDay(def));
      for (const junk of ['a\u0000b', '   ', 'yesterday', 'x'.repeat(50)]) {
        const res = await as.admin.patch(`${base}/${target.id}`, { ...target, updated_at: junk });
        expect(res.status, describeCall(`update updated_at=${JSON.stringify(junk)}`, res)).toBe(422);
        expect(res.body.errors?.updated_at, describeCall('updated_at', res)).toEqual(['Must be a date and time.']);
      }
    });

    it('paged search, sort and filters never fail with 5xx', async () => {
      const params = [
        ...new Set(['search', 'sort_column', 'sort_direction', 'page', 'per_page', 'active', 'status', 'start', 'end', 'id_list', ...Object.keys(def.filters)]),
      ];
      const get = async (url: string, what: string) => {
        const res = await as.admin.get(url);
        expect(res.status, describeCall(`GET ${what} (${url.slice(0, 80)})`, res)).toBeLessThan(500);
      };
      for (const [label, value] of HOSTILE_QUERY) {
        const v = percentEncode(value.slice(0, 10_000));
        // each parameter alone (a value that passes its check reaches the SQL), then all at once as lists
        if (ONE_BY_ONE.has(label)) for (const param of params) await get(`${base}?page=1&${param}=${v}`, `${param}=${label}`);
        await get(`${base}?${params.map((p) => `${p}=${v}`).join('&')}`, `every parameter=${label}`);
        await get(`${base}?page=1&${params.map((p) => `${p}[]=${v}&${p}[a]=${v}`).join('&')}`, `every parameter as list=${label}`);
      }
    });
  });
}
