/** Valid and invalid record bodies for any resource, built from the registry. */
import { RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import { inputFields, type ResourceDef } from '@glazier/shared/resources/define';
import { CLIENT_COLORS } from '@glazier/shared/resources/people';
import type { FieldDef } from '@glazier/shared/resources/fields';
import type { Row } from '../src/db/client.ts';
import { pdfBytes, PNG_DATA_URL, type Client } from './harness.ts';

let n = 0;
const next = () => ++n;

export function sampleValue(name: string, fd: FieldDef): unknown {
  const i = next();
  switch (fd.kind) {
    case 'phone':
      return '(503) 555-1234';
    case 'text':
      return `${name} ${i}`.slice(0, fd.max ?? 255);
    case 'longText':
      return `Some ${name} text ${i}`;
    case 'email':
      return `person${i}.${Date.now()}@example.com`;
    case 'int':
      return fd.unique ? 100_000 + i : 3;
    case 'money':
      return 12.5;
    case 'qty':
      return 2.25;
    case 'length':
      return 35.4375;
    case 'bool':
      return true;
    case 'date':
      return '2026-11-20';
    case 'timestamp':
      return '2026-11-20T15:30:00.000Z';
    case 'json':
      return fd.default ?? null;
    case 'enum':
      return fd.values![0];
    case 'idList':
      return [];
    case 'password':
      return 'long-enough-password';
    case 'ref':
      return null;
  }
}

/** A parent record for a required reference, created through the API. */
async function parentId(c: Client, target: string): Promise<number> {
  const res = await createRecord(c, target as ResourceName);
  return res.id as number;
}

export async function validBody(c: Client, name: ResourceName): Promise<Row> {
  const def: ResourceDef = RESOURCES[name];
  const body: Row = {};
  for (const [field, fd] of inputFields(def)) {
    if (fd.kind === 'ref') {
      if (fd.required) body[field] = await parentId(c, fd.ref!);
      continue;
    }
    if (fd.kind === 'password') continue;
    body[field] = sampleValue(field, fd);
  }
  // a rule that one of some references is set (an invoice's job or estimate): the first one
  for (const rule of def.rules ?? []) {
    const first = def.fields[rule.kind === 'anyOf' ? rule.fields[0] : ''];
    if (rule.kind === 'anyOf' && first?.kind === 'ref' && rule.fields.every((f) => body[f] == null)) body[rule.fields[0]] = await parentId(c, first.ref!);
  }
  // takeoffable_id names a record of takeoffable_type (the first type: a product category)
  if (name === 'takeoff_options') body.takeoffable_id = await parentId(c, 'product_categories');
  // images arrive as data URLs (or uploads), never as links
  if (name === 'images' || name === 'job_images') body.url = PNG_DATA_URL;
  for (const [field, value] of Object.entries(CHOSEN_TEXT[name] ?? {})) body[field] = value;
  if (name === 'users') {
    body.role = 'employee';
    body.password = body.password_confirmation = 'long-enough-password';
  }
  return body;
}

/** Resources created only by a multipart upload (a file record without its PDF is refused). */
export const UPLOADED = new Set<ResourceName>(['files']);

export async function createRecord(c: Client, name: ResourceName, overrides: Row = {}): Promise<Row> {
  const body = { ...(await validBody(c, name)), ...overrides };
  const res = UPLOADED.has(name)
    ? await c.upload(`/api/${name}`, [
        ...Object.entries(body)
          .filter(([, v]) => v != null)
          .map(([k, v]) => ({ name: k, value: String(v) })),
        { name: 'file', filename: 'fixture.pdf', data: pdfBytes(`fixture ${next()}`) },
      ])
    : await c.post(`/api/${name}`, body);
  if (res.status !== 201) throw new Error(`create ${name} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A value of the wrong type (or out of range) for a field, and whether the server must refuse it. */
export function junkValue(fd: FieldDef): unknown {
  switch (fd.kind) {
    case 'text':
    case 'longText':
      return { $gt: '' };
    case 'email':
      return 'not-an-email';
    case 'int':
    case 'money':
    case 'qty':
    case 'length':
      return 'twelve';
    case 'bool':
      return 'maybe';
    case 'date':
      return '2026-13-45';
    case 'timestamp':
      return 'yesterday-ish';
    case 'enum':
      return 'definitely-not-a-value';
    case 'ref':
      return -5;
    case 'idList':
      return ['x'];
    case 'password':
      return 'short';
    case 'phone':
      return '12345';
    case 'json':
      return fd.schema ? 'not-a-list' : undefined;
  }
}

/** Text fields that hold a choice, not any text: an event's colours are up to two of the twelve (shared/rules/schedule/event-colors.ts). */
const CHOSEN_TEXT: Partial<Record<ResourceName, Row>> = { events: { color: CLIENT_COLORS[0] } };

/** The first field a simple update can change and compare. */
export function editableField(def: ResourceDef): [string, FieldDef] | undefined {
  const chosen = CHOSEN_TEXT[def.name as ResourceName] ?? {};
  const fields = inputFields(def).filter(([field, fd]) => !fd.writeOnly && !fd.unique && !fd.guard && !(field in chosen));
  return (
    fields.find(([, fd]) => fd.kind === 'text') ??
    fields.find(([, fd]) => fd.kind === 'longText') ??
    fields.find(([, fd]) => fd.kind === 'qty') ??
    fields.find(([, fd]) => fd.kind === 'bool')
  );
}
