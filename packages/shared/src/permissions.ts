/** Areas, actions and the default role matrix (docs/platform.md, Rights). Pure: no I/O. */

export const ROLES = ['admin', 'manager', 'supervisor', 'employee'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = ['view', 'edit'] as const;
export type Action = (typeof ACTIONS)[number];

export interface AreaRight {
  view: boolean;
  edit: boolean;
}
export type PermissionMap = Record<Area, AreaRight>;
export type RoleMatrix = Record<Role, PermissionMap>;

type Level = '-' | 'view' | 'edit';
const right = (level: Level): AreaRight => ({ view: level !== '-', edit: level === 'edit' });

/**
 * Every area of rights, each named once here, in the order the permission matrix shows them, with
 * its default levels. Columns: admin, manager, supervisor, employee. Employees "own only" time
 * entries: they can view, and the server's record rule lets them write their own entries without `edit`.
 */
const DEFAULT_LEVELS = {
  jobs: ['edit', 'edit', 'edit', 'view'],
  jobs_admin: ['edit', 'edit', '-', '-'],
  estimates: ['edit', 'edit', 'view', '-'],
  estimates_admin: ['edit', 'edit', '-', '-'],
  clients: ['edit', 'edit', 'view', 'view'],
  users: ['edit', 'view', '-', '-'],
  inventory: ['edit', 'edit', 'view', 'view'],
  products: ['edit', 'edit', 'view', 'view'],
  products_admin: ['edit', 'edit', '-', '-'],
  boms: ['edit', 'edit', 'edit', '-'],
  purchase_orders: ['edit', 'edit', 'view', '-'],
  invoices: ['edit', 'edit', '-', '-'],
  pickup_items: ['edit', 'edit', 'edit', 'view'],
  time_entries: ['edit', 'edit', 'edit', 'view'],
  images: ['edit', 'edit', 'edit', 'view'],
  analysis: ['view', 'view', '-', '-'],
  forecasting: ['view', 'view', '-', '-'],
  settings: ['edit', 'view', '-', '-'],
} as const satisfies Record<string, readonly [Level, Level, Level, Level]>;

/** An area of rights (a permission's area, as in `can(user, 'edit', 'jobs_admin')`); not an area of the app's folders. */
export type Area = keyof typeof DEFAULT_LEVELS;
export const AREAS = Object.keys(DEFAULT_LEVELS) as [Area, ...Area[]];

export const DEFAULT_ROLE_MATRIX: RoleMatrix = Object.fromEntries(
  ROLES.map((role, column) => [role, Object.fromEntries(AREAS.map((area) => [area, right(DEFAULT_LEVELS[area][column] ?? '-')]))]),
) as RoleMatrix;

export function emptyPermissionMap(): PermissionMap {
  return Object.fromEntries(AREAS.map((area) => [area, { view: false, edit: false }])) as PermissionMap;
}

/** `edit` implies `view`. */
export function normaliseRight(r: AreaRight): AreaRight {
  return { view: r.view || r.edit, edit: r.edit };
}

/** One checkbox of the matrix changed: edit implies view, and dropping view drops edit. */
export function withRight(r: AreaRight, action: Action, value: boolean): AreaRight {
  return action === 'edit' ? { view: value || r.view, edit: value } : { view: value, edit: value && r.edit };
}

export interface HasPermissions {
  permissions: Partial<Record<Area, Partial<AreaRight>>>;
}

/** The spec's permission check: an action on an area, looked up in the user's map. */
export function can(user: HasPermissions | null | undefined, action: Action, area: Area): boolean {
  if (!user) return false;
  const r = user.permissions[area];
  if (!r) return false;
  return action === 'view' ? Boolean(r.view || r.edit) : Boolean(r.edit);
}

/**
 * Rights the admin role must always keep, so an admin editing the matrix cannot lock everybody
 * out of settings and users.
 */
export const LOCKED_ADMIN_AREAS: readonly Area[] = ['settings', 'users'];

/** How each role is named on screen (user dialog, employee list, permission matrix). */
export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', manager: 'Manager', supervisor: 'Supervisor', employee: 'Employee' };
