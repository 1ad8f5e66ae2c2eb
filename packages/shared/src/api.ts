/** Shapes of the HTTP contract shared by server and web (docs/platform.md, Generic calls). */
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
  /** More rows matched than an unpaged list gives (`LIST_LIMIT`): the caller must say so. */
  truncated?: true;
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
  /** The shop requires a second factor of them and they have none yet: the server refuses all but setting one up. */
  must_enrol?: boolean;
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
 * The media type of a long action's progress lines (newline-delimited JSON; actions/define.ts
 * `progress`). Here, not beside the declarations, because the web's HTTP client is in the first
 * screen and the declarations bring zod.
 */
export const PROGRESS_MEDIA_TYPE = 'application/x-ndjson';

/** One line of a progress answer: how far the work got, or last, the status and body of the plain answer. */
export type ProgressLine = { progress: [done: number, total: number] } | { status: number; body: unknown };
