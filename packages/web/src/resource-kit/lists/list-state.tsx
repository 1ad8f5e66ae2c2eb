/**
 * A list's state in the address: its page, search, sort and filters live in the query
 * string, so Back from a record returns to the same rows (page 2, searched "dental") and a filtered
 * list can be bookmarked, shared and reloaded as it was.
 *
 *   /jobs?page=2&q=dental&sort=-start_date&status=all&client_id=7
 *
 * - `page` (1 is left out), `q` (the search), `sort` (`number` ascending, `-number` descending,
 *   `none` when the user turned a default sort off) and each filter by its own name. A value equal
 *   to its default is left out, so a list as it opens has a bare address.
 * - Typing in the search box writes each keystroke at once, replacing the history entry (one entry
 *   for the whole search, not one a letter; the query follows 300 ms after typing stops); paging,
 *   sorting and filtering push one, so Back steps back through them.
 * - Changing the search, the sort or a filter goes back to page 1.
 * - A screen with more than one list (a detail page's sections) names each one's keys apart:
 *   inside `<ListScope name="events">` they are `events.page`, `events.q`, …
 *
 * - A link back to a list screen ("‹ Jobs" above a job) returns to it as it was last shown, like
 *   Back does (`listAddress`).
 *
 * `ResourceTable` keeps its page, search and sort with `useListState`; a screen keeps its filters
 * (the controls it puts in the table's toolbar) with `useListFilters`:
 *
 *   const [filters, setFilter] = useListFilters({ status: 'active', client_id: null });
 *   <SegmentedControl value={filters.status} onChange={(v) => setFilter('status', v)} … />
 *   <ResourceTable filters={{ status: filters.status, client_id: filters.client_id ?? undefined }} … />
 */
import type { SortDirection } from '@glazier/shared/api';
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { applyChanges, useAddressParams, type AddressChanges } from './address-params.ts';

export interface ListSort {
  column: string;
  direction: SortDirection;
}

const ScopeContext = createContext('');

/** Gives the lists inside it keys of their own in the address (`{name}.page`, …). */
export function ListScope({ name, children }: { name: string; children: ReactNode }) {
  const outer = useContext(ScopeContext);
  return <ScopeContext.Provider value={outer ? `${outer}.${name}` : name}>{children}</ScopeContext.Provider>;
}

/** Each list screen's query string as last shown, by its path. */
const lastShown = new Map<string, string>();

/** A list screen's address as it was last shown (`/jobs?page=2&q=dental`), or `path` itself. */
export function listAddress(path: string): string {
  return `${path}${lastShown.get(path) ?? ''}`;
}

/** Remembers the screen's address while a list of its own (not a section's) is on it. */
function useRememberList(scope: string) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (!scope) lastShown.set(pathname, search);
  }, [scope, pathname, search]);
}

/**
 * The address's values under this list's scope, and a way to change some of them at once (null
 * removes one; `page` goes back to 1 unless the changes set it).
 */
function useScopedParams() {
  const scope = useContext(ScopeContext);
  const [params, write] = useAddressParams();
  useRememberList(scope);
  const key = (name: string) => (scope ? `${scope}.${name}` : name);
  const get = (name: string) => params.get(key(name));
  const change = (changes: AddressChanges, { replace = false } = {}) => write((current) => applyChanges(current, changes, scope), { replace });
  return { get, change };
}

/** `number` / `-number` / `none` (a default sort turned off). */
function readSort(raw: string | null, fallback: ListSort | null): ListSort | null {
  if (raw === null) return fallback;
  if (raw === 'none') return null;
  const desc = raw.startsWith('-');
  const column = desc ? raw.slice(1) : raw;
  return /^[a-z_][a-z0-9_]*$/i.test(column) ? { column, direction: desc ? 'desc' : 'asc' } : fallback;
}

function writeSort(sort: ListSort | null, fallback: ListSort | null): string | null {
  if (sort?.column === fallback?.column && sort?.direction === fallback?.direction) return null;
  if (!sort) return 'none';
  return sort.direction === 'desc' ? `-${sort.column}` : sort.column;
}

export interface ListState {
  page: number;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  search: string;
  /** Replaces the history entry: a search is typed a letter at a time. */
  setSearch: (search: string) => void;
  sort: ListSort | null;
  setSort: (sort: ListSort | null) => void;
}

/** A list's page, search and sort, kept in the address (`defaultSort` is left out of it). */
export function useListState(defaultSort: ListSort | null = null): ListState {
  const { get, change } = useScopedParams();
  const rawPage = Number(get('page'));
  const page = Number.isSafeInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  const search = get('q') ?? '';
  const sort = readSort(get('sort'), defaultSort);
  return {
    page,
    setPage: (next, options) => change({ page: next > 1 ? String(next) : null }, options),
    search,
    setSearch: (next) => change({ q: next.trim() || null }, { replace: true }),
    sort,
    setSort: (next) => change({ sort: writeSort(next, defaultSort) }),
  };
}

/** The values of a screen's filters (null: not filtered) and the setter of one. */
export type ListFilters<F extends Record<string, string | null>> = [{ [K in keyof F]: string | null }, (name: keyof F & string, value: string | null) => void];

/**
 * A screen's list filters, kept in the address under their own names; `defaults` gives each one's
 * value when the address has none (null: not filtered), and a value equal to it is left out.
 */
export function useListFilters<F extends Record<string, string | null>>(defaults: F): ListFilters<F> {
  const { get, change } = useScopedParams();
  const values = Object.fromEntries(Object.entries(defaults).map(([name, fallback]) => [name, get(name) ?? fallback])) as { [K in keyof F]: string | null };
  const setFilter = (name: keyof F & string, value: string | null) => change({ [name]: value === defaults[name] || value === '' ? null : value });
  return [values, setFilter];
}
