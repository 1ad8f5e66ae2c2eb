/** Shapes of the HTTP contract shared by server and web (DESIGN.md "HTTP contract"). */
import type { PermissionMap, Role } from './permissions.ts';

export interface Page<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface ListResponse<T> {
  data: T[];
}

export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  permissions: PermissionMap;
}

export type SortDirection = 'asc' | 'desc';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 20;
/**
 * Lists without paging are capped so a careless call cannot pull a whole big table. Plain lists
 * are for small reference lists (users, clients, client types, categories, settings); a list past
 * the cap answers `truncated: true` and the caller pages instead.
 */
export const LIST_LIMIT = 1_000;

/** Header and cookie names of the anti-forgery token (Laravel Sanctum's, so any spec client works). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/**
 * One field of a history entry (`GET /api/history/{resource}/{id}`): its value before and after.
 * A reference (`client_id`) also carries the referenced records' names, `from_label`/`to_label`:
 * null when there is no value, or when the caller may not read that record and it is not stored.
 */
export interface HistoryChange {
  field: string;
  from: unknown;
  to: unknown;
  from_label?: string | null;
  to_label?: string | null;
}

/** One audit row of a record's history: who did what, when, to which fields. */
export interface HistoryEntry {
  id: number;
  action: string;
  /** When, ISO 8601 UTC. */
  at: string;
  user_id: number | null;
  /** The user's name; "System" for the CLI and first-run setup; null when the user is gone. */
  user_name: string | null;
  changes: HistoryChange[];
}
