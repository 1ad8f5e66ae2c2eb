/**
 * What the kit's modules say about records and their queries, below them all (queries.ts, saves.ts, the cache
 * and the device's copy import it; it imports none of them): any record's shape, a page's
 * parameters, and the query keys.
 */
import type { LiveTopic } from '@glazier/shared/actions/live-wire';
import type { SortDirection } from '@glazier/shared/api';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { Query } from '../http/http.ts';

/**
 * Any record, for code that serves every resource alike (the cache, headings). Screens use
 * `RecordOf<'name'>`. `accessed_at` is ours: when the cached copy was fetched.
 */
export interface Rec {
  id: number;
  updated_at?: string | null;
  created_at?: string | null;
  accessed_at?: string;
  [field: string]: unknown;
}

export interface PageParams extends Query {
  page?: number;
  per_page?: number;
  search?: string;
  sort_column?: string;
  sort_direction?: SortDirection;
}

/**
 * A query's `meta` that keeps its answer on the device for the person signed in, put back at the
 * next start (offline/device-records.ts: the newest `DEVICE_QUERY_LIMIT`, forgotten at sign-out).
 */
export const KEEP_ON_DEVICE = { keepOnDevice: true } as const;

/**
 * What a query's `meta` may say, typed for every query of the app:
 * - `keepOnDevice` (KEEP_ON_DEVICE above);
 * - `liveOn`: the resources a query built on a named action reads (`['time_entries', 'users']` for
 *   the crew week; `mail_outbox` for messages of the outbox): a live notice of a change to any of
 *   them refetches it (live/apply-live-changes.ts).
 *   The generic lists, pages and records need none: the notice names their resource.
 */
export interface AppQueryMeta extends Record<string, unknown> {
  keepOnDevice?: boolean;
  liveOn?: readonly LiveTopic[];
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}

export const resourcePath = (resource: ResourceName) => `/api/${resource}`;

export const resourceKeys = {
  all: (resource: ResourceName) => [resource] as const,
  list: (resource: ResourceName, filters: Query = {}) => [resource, 'list', filters] as const,
  page: (resource: ResourceName, params: PageParams) => [resource, 'page', params] as const,
  record: (resource: ResourceName, id: number) => [resource, 'record', id] as const,
};
