/**
 * Turns list/page query strings into SQL conditions and ordering, from the resource definition.
 * Everything is whitelisted: unknown filters are ignored, a bad sort column or malformed value is a
 * 422, and values are always bound parameters.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { searchExpression, searchPattern } from '../db/search.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@glazier/shared/api';
import { CONTROL_MESSAGE, isPlainText } from '@glazier/shared/resources/fields';
import type { ServerResource } from './server-resource.ts';
import { canEdit, type Ctx } from './context.ts';
import { forbidden, invalid } from './errors.ts';

export type QueryInput = Record<string, unknown>;

const TRUE = new Set(['true', '1', 'yes']);
const FALSE = new Set(['false', '0', 'no']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function one(v: unknown): string | undefined {
  if (Array.isArray(v)) v = v[0];
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
}

function idList(v: unknown): number[] | undefined {
  if (v === undefined) return undefined;
  const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(','));
  const ids = parts.map((p) => p.trim()).filter(Boolean);
  if (ids.length > 1000 || ids.some((p) => !/^\d{1,9}$/.test(p))) throw invalid({ id_list: ['Must be a list of record ids.'] });
  return ids.map(Number);
}

export interface ListOptions {
  where: SQL | undefined;
  orderBy: SQL[];
  /** Relations to embed (`with_{relation}=true`). */
  embed: string[];
}

/** Conditions every read and write of the resource shares: fixed slice, scope, soft delete. */
export function baseConditions(ctx: Ctx, res: ServerResource, opts: { includeDeleted?: boolean } = {}): SQL[] {
  const t = res.table;
  const conds: SQL[] = [];
  for (const [col, value] of Object.entries(res.def.fixed ?? {})) conds.push(eq(t[col], value));
  const scope = res.scope?.(ctx, t);
  if (scope) conds.push(scope);
  if (!opts.includeDeleted) conds.push(isNull(t.deleted_at));
  return conds;
}

export function parseListQuery(ctx: Ctx, res: ServerResource, q: QueryInput, mode: 'list' | 'page'): ListOptions {
  const { def, table: t } = res;
  const conds: SQL[] = [];
  const errors: Record<string, string[]> = {};
  const hasActive = 'active' in def.fields;

  // A value PostgreSQL cannot hold (NUL) or nobody can type is refused, never sent to the database.
  for (const [key, v] of Object.entries(q)) {
    if ((Array.isArray(v) ? v : [v]).some((x) => typeof x === 'string' && !isPlainText(x))) errors[key] = [CONTROL_MESSAGE];
  }

  // A filter that decides about soft-deleted rows (discontinued products) replaces the default.
  const includeDeleted = Object.entries(def.filters).some(([name, f]) => f.includesDeleted && q[name] !== undefined);
  // A trash is for its area's editors (jobs: `edit jobs_admin`).
  if (includeDeleted && def.trash && !canEdit(ctx, def.trash.area)) throw forbidden();
  conds.push(...baseConditions(ctx, res, { includeDeleted }));

  // active / status: lists default to active records (docs/platform.md, Generic calls); pages show all unless asked.
  if (hasActive) {
    const activeParam = one(q.active);
    const statusParam = 'status' in def.fields || def.filters.status ? undefined : one(q.status);
    let active: boolean | undefined = mode === 'list' ? true : undefined;
    const word = (activeParam ?? statusParam)?.toLowerCase();
    if (word !== undefined) {
      if (TRUE.has(word) || word === 'active') active = true;
      else if (FALSE.has(word) || word === 'inactive') active = false;
      else if (word === 'all' || word === '') active = undefined;
      else errors[activeParam !== undefined ? 'active' : 'status'] = ['Must be active, inactive or all.'];
    }
    if (active !== undefined) conds.push(eq(t.active, active));
  }

  for (const [name, filter] of Object.entries(def.filters)) {
    const raw = name === 'id_list' ? (q.id_list ?? q['id_list[]']) : q[name];
    if (raw === undefined || raw === '') continue;
    const column = t[filter.column ?? name];
    const value = one(raw);
    switch (filter.op) {
      case 'eq': {
        if (value === undefined) break;
        const fd = def.fields[filter.column ?? name];
        if (filter.values && !filter.values.includes(value)) {
          if (value !== 'all') errors[name] = [`Must be one of: ${filter.values.join(', ')}.`];
          break;
        }
        if (fd && (fd.kind === 'ref' || fd.kind === 'int')) {
          if (value === 'null') conds.push(isNull(column));
          else if (/^\d{1,9}$/.test(value)) conds.push(eq(column, Number(value)));
          else errors[name] = ['Must be a record id.'];
        } else conds.push(eq(column, value));
        break;
      }
      case 'bool': {
        const v = value?.toLowerCase() ?? '';
        if (TRUE.has(v)) conds.push(eq(column, true));
        else if (FALSE.has(v)) conds.push(eq(column, false));
        else if (v !== 'all') errors[name] = ['Must be true or false.'];
        break;
      }
      case 'in': {
        const ids = idList(raw);
        if (ids) conds.push(ids.length ? inArray(column, ids) : sql`false`);
        break;
      }
      case 'custom': {
        if (value === undefined) break;
        if (filter.values && !filter.values.includes(value) && value !== 'all') {
          errors[name] = [`Must be one of: ${filter.values.join(', ')}.`];
          break;
        }
        const cond = res.customFilters?.[name]?.(value, t);
        if (cond) conds.push(cond);
        break;
      }
    }
  }

  // Date range payloads (docs/platform.md, Generic calls): start/end as YYYY-MM-DD on the resource's date column.
  if (def.dateField) {
    for (const [key, op] of [
      ['start', gte],
      ['end', lte],
    ] as const) {
      const v = one(q[key]);
      if (v === undefined || v === '') continue;
      if (!DATE.test(v) || Number.isNaN(Date.parse(v))) errors[key] = ['Must be a date (YYYY-MM-DD).'];
      else conds.push(op(t[def.dateField], v));
    }
  }

  const search = one(q.search)?.trim();
  if (search) {
    if (search.length > 200) errors.search = ['Must be at most 200 characters.'];
    else if (def.search.length) {
      // A computed search field (an order's vendor name) is searched through its expression.
      const text = sql`${searchExpression(def.search.map((col) => res.computed?.[col]?.(t) ?? t[col]))} LIKE ${searchPattern(search)}`;
      // An int title field that is not searched as text (an order's number) matches a number typed whole.
      const byNumber = def.fields[def.titleField]?.kind === 'int' && !def.search.includes(def.titleField) && /^\d{1,9}$/.test(search);
      conds.push(byNumber ? or(text, eq(t[def.titleField], Number(search)))! : text);
    } else if (/^\d{1,9}$/.test(search) && def.titleField !== 'id') {
      conds.push(eq(t[def.titleField], def.fields[def.titleField]?.kind === 'int' ? Number(search) : search));
    }
  }

  // Ordering: an explicit whitelisted column, else the default (docs/platform.md, Generic calls): active first, sort,
  // name, newest first. Time entries (and other dated records) newest date first.
  const orderBy: SQL[] = [];
  const sortColumn = one(q.sort_column);
  const direction = (one(q.sort_direction) ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') errors.sort_direction = ['Must be asc or desc.'];
  if (sortColumn) {
    if (!def.sortable.includes(sortColumn) && sortColumn !== 'id') errors.sort_column = [`Must be one of: ${['id', ...def.sortable].join(', ')}.`];
    else {
      const keys = res.sortKeys?.[sortColumn]?.(t) ?? [res.computed?.[sortColumn]?.(t) ?? t[sortColumn]];
      for (const key of keys) orderBy.push(direction === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`);
    }
  }
  if (hasActive) orderBy.push(desc(t.active));
  if (!sortColumn && def.dateField && def.titleField === def.dateField) orderBy.push(desc(t[def.dateField]));
  if ('sort' in def.fields) orderBy.push(asc(t.sort));
  if ('name' in def.fields) orderBy.push(asc(t.name));
  orderBy.push(desc(t.created_at), desc(t.id));

  const embed = Object.keys(def.relations).filter((rel) => {
    const v = one(q[`with_${rel}`])?.toLowerCase();
    return v !== undefined && TRUE.has(v);
  });

  if (Object.keys(errors).length) throw invalid(errors);
  return { where: conds.length ? and(...conds) : undefined, orderBy, embed };
}

/**
 * `sort_column` / `sort_direction` of a page that is not one resource's (a combined list): the
 * column must be one `sortable` names, else a 422 like any page's.
 */
export function parseSort(q: QueryInput, sortable: readonly string[]): { column?: string; direction: 'asc' | 'desc' } {
  const errors: Record<string, string[]> = {};
  const column = one(q.sort_column) || undefined;
  const direction = (one(q.sort_direction) ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') errors.sort_direction = ['Must be asc or desc.'];
  if (column !== undefined && !sortable.includes(column)) errors.sort_column = [`Must be one of: ${sortable.join(', ')}.`];
  if (Object.keys(errors).length) throw invalid(errors);
  return { column, direction: direction as 'asc' | 'desc' };
}

export function parsePaging(q: QueryInput): { page: number; perPage: number } {
  const errors: Record<string, string[]> = {};
  const pageRaw = one(q.page) ?? '1';
  const perRaw = one(q.per_page) ?? String(DEFAULT_PER_PAGE);
  const page = /^\d{1,9}$/.test(pageRaw) ? Math.max(1, Number(pageRaw)) : NaN;
  const perPage = /^\d{1,9}$/.test(perRaw) ? Math.min(MAX_PER_PAGE, Math.max(1, Number(perRaw))) : NaN;
  if (Number.isNaN(page)) errors.page = ['Must be a page number.'];
  if (Number.isNaN(perPage)) errors.per_page = ['Must be a number.'];
  if (Object.keys(errors).length) throw invalid(errors);
  return { page, perPage };
}
