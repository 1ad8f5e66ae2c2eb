/**
 * docs/platform.md, Which right guards each resource, checked for every resource and every role with the
 * default matrix: reads need `view` on the read area (or only a sign-in for reference lists), and
 * every write path (create, update, store_many, delete) answers 403 first to a role that may not
 * try it, before any 404 or 422.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCE_NAMES, RESOURCES, type ResourceName } from '@glazier/shared/resources/registry';
import type { Access, WriteAccess } from '@glazier/shared/resources/define';
import { DEFAULT_ROLE_MATRIX, ROLES, type Area, type Role } from '@glazier/shared/permissions';
import { documentedGuards } from './doc-tables.ts';
import { appWithRoles } from './harness.ts';

/**
 * The table, as docs/platform.md writes it (Which right guards each resource): [read, write] by
 * resource. The doc's row is the one place a new resource's rights are written besides its definition.
 */
const GUARDS = documentedGuards() as Record<ResourceName, [Access, WriteAccess]>;

type Op = 'create' | 'update' | 'delete';
const can = (role: Role, action: 'view' | 'edit', access: WriteAccess) =>
  access !== 'nobody' && (access === 'signed_in' || DEFAULT_ROLE_MATRIX[role][access as Area][action]);

/** Who may try a write at all; the record rules (docs/platform.md, Record rules) widen it for a few resources. */
function mayTry(name: ResourceName, role: Role, op: Op): boolean {
  const write = GUARDS[name][1];
  switch (name) {
    case 'users': // one's own profile
      return op === 'update' || can(role, 'edit', write);
    case 'time_entries': // own entries always
      return can(role, 'view', 'time_entries');
    case 'images':
    case 'job_images': // the uploader's own images
      return can(role, 'edit', 'images') || (op !== 'create' && can(role, 'view', 'images'));
    case 'role_permissions': // only admins change the matrix
      return role === 'admin';
    default:
      return can(role, 'edit', write);
  }
}

const { as } = appWithRoles();

it('every resource is in the table, with the areas docs/platform.md gives it, and the table names no other', () => {
  for (const name of RESOURCE_NAMES) expect([RESOURCES[name].read, RESOURCES[name].write], name).toEqual(GUARDS[name]);
  expect(Object.keys(GUARDS).filter((name) => !(RESOURCE_NAMES as string[]).includes(name))).toEqual([]);
});

describe.each(RESOURCE_NAMES)('%s', (name) => {
  const base = `/api/${name}`;
  it.each(ROLES)('as %s: reads with the read right, and every write path answers 403 first without the right', async (role) => {
    const c = as[role];
    const [read] = GUARDS[name];
    const readable = can(role, 'view', read);
    const statuses = {
      list: (await c.get(base)).status,
      page: (await c.get(`${base}?page=1`)).status,
      one: (await c.get(`${base}/999999999`)).status,
      create: (await c.post(base, { id: 'junk', name: 5 })).status,
      update: (await c.patch(`${base}/999999999`, { name: 5 })).status,
      storeCreate: (await c.post(`${base}/store_many`, { data: [{ name: 5 }] })).status,
      storeUpdate: (await c.post(`${base}/store_many`, { data: [{ id: 999999999, name: 5 }] })).status,
      delete: (await c.del(`${base}/999999999`)).status,
    };
    const expected = {
      list: readable ? 200 : 403,
      page: readable ? 200 : 403,
      one: readable ? 404 : 403,
      create: mayTry(name, role, 'create') ? 'not 403' : 403,
      update: mayTry(name, role, 'update') ? 404 : 403,
      storeCreate: mayTry(name, role, 'create') ? 'not 403' : 403,
      storeUpdate: mayTry(name, role, 'update') ? 422 : 403,
      delete: mayTry(name, role, 'delete') ? 404 : 403,
    };
    const seen = Object.fromEntries(
      Object.entries(statuses).map(([k, s]) => [k, expected[k as keyof typeof expected] === 'not 403' && s !== 403 && s < 500 ? 'not 403' : s]),
    );
    expect(seen).toEqual(expected);
  });
});

/** The named actions (docs/platform.md, Named actions): the area right first (403), then existence, then the body. */
const NAMED: { route: string; method: 'post' | 'patch'; area: Area; body: unknown; allowed: number }[] = [
  { route: '/api/materials/999999999/count', method: 'post', area: 'inventory', body: { qty: 'x' }, allowed: 404 },
  { route: '/api/material_snapshots/take', method: 'post', area: 'inventory', body: { date: 'not-a-date' }, allowed: 422 },
  { route: '/api/products/999999999/restore', method: 'patch', area: 'products', body: {}, allowed: 404 },
  { route: '/api/jobs/999999999/duplicate', method: 'post', area: 'jobs', body: {}, allowed: 404 },
];

describe.each(NAMED)('$method $route', ({ route, method, area, body, allowed }) => {
  it.each(ROLES)('as %s', async (role) => {
    const res = await as[role][method](route, body);
    expect(res.status).toBe(can(role, 'edit', area) ? allowed : 403);
  });
});
