/**
 * The role matrix lives in role_permissions (editable by admins). Each process caches it briefly;
 * a write clears the cache at once here and, when it commits, on the other app servers sharing the
 * PostgreSQL database (change-notices.ts; the TTL bounds it when a notice is lost).
 */
import {
  AREAS,
  DEFAULT_ROLE_MATRIX,
  ROLES,
  emptyPermissionMap,
  normaliseRight,
  type PermissionMap,
  type Role,
  type RoleMatrix,
  type Area,
} from '@glazier/shared/permissions';
import type { Db } from '../db/client.ts';
import { announce } from '../db/change-notices.ts';
import { recheckLiveStreams } from './live-streams.ts';
import { forgetSessionUserHere } from './session-user-cache.ts';

const TTL_MS = 5_000;
let cache: { at: number; matrix: RoleMatrix; db: Db } | undefined;

/** The matrix changed (through `db`, maybe a transaction): forgotten here, and told to the others. */
export async function invalidatePermissions(db: Db): Promise<void> {
  forgetPermissionsHere();
  await announce(db, { kind: 'permissions' });
  db.afterCommit(() => {
    forgetPermissionsHere(); // a read that ran before the commit is not kept
    recheckLiveStreams(); // each live stream whose user's rights changed tells its browser
  });
}

/** Forgets the cached matrix in this process, and the users that carry it. */
export function forgetPermissionsHere(): void {
  cache = undefined;
  forgetSessionUserHere(); // cached users carry their permissions
}

export async function loadRoleMatrix(db: Db): Promise<RoleMatrix> {
  if (cache && cache.db === db && Date.now() - cache.at < TTL_MS) return cache.matrix;
  const rows = await db.query<{ role: Role; area: Area; view: boolean; edit: boolean }>(
    'SELECT role, area, view, edit FROM role_permissions WHERE deleted_at IS NULL',
    [],
    { urgent: true }, // read on a request's way in (client.ts)
  );
  const matrix = Object.fromEntries(ROLES.map((r) => [r, emptyPermissionMap()])) as RoleMatrix;
  for (const r of rows) {
    if (matrix[r.role] && (AREAS as readonly string[]).includes(r.area)) matrix[r.role][r.area] = normaliseRight(r);
  }
  cache = { at: Date.now(), matrix, db };
  return matrix;
}

export async function permissionsFor(db: Db, role: Role): Promise<PermissionMap> {
  return (await loadRoleMatrix(db))[role] ?? emptyPermissionMap();
}

/** Writes the default matrix for any (role, area) pair that has no row yet. */
export async function ensureDefaultPermissions(db: Db): Promise<void> {
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (const role of ROLES) {
    for (const area of AREAS) {
      const r = DEFAULT_ROLE_MATRIX[role][area];
      const i = values.length;
      tuples.push(`($${i + 1}, $${i + 2}, $${i + 3}, $${i + 4})`);
      values.push(role, area, r.view, r.edit);
    }
  }
  await db.query(`INSERT INTO role_permissions (role, area, view, edit) VALUES ${tuples.join(', ')} ON CONFLICT (role, area) DO NOTHING`, values);
  await invalidatePermissions(db);
}
