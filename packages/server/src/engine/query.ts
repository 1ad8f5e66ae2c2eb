/**
 * Turns list/page query strings into SQL conditions and ordering, from the resource definition.
 * Everything is whitelisted: unknown filters are ignored, a bad sort column or malformed value is a
 * 422, and values are always bound parameters.
 */
import { and, asc, desc, eq, gte, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { searchExpression, searchPattern } from '../db/search.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@glazier/shared/api';
import { CONTROL_MESSAGE, isPlainText } from '@glazier/shared/resources/fields';
import type { ServerResource } from './server-resource.ts';
import { canEdit, type Ctx } from './context.ts';
import { forbidden, invalid } from './errors.ts';
import { anyOf } from './select-rows.ts';

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

/**
 * A list query parsed and checked, its statement's parts built on demand: the engine keeps the
 * statement's text per shape (read.ts), so most calls build and render none of it. Values the
 * caller typed are placeholders (`values`, by name); values from a short fixed list (active,
 * a bool filter, an enumerated filter) are part of the shape instead.
 */
export interface ParsedList {
  embed: string[];
  /** Every choice that shapes the statement's text, none of its values; undefined when a value does (a custom filter's that has no fixed list of values). */
  shape: string | undefined;
  values: Record<string, unknown>;
  where: () => SQL | undefined;
  orderBy: () => SQL[];
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

/** The query's conditions and order, built now with the values in them (a relation's order, a combined page's parts). */
export function parseListQuery(ctx: Ctx, res: ServerResource, q: QueryInput, mode: 'list' | 'page'): ListOptions {
  const parsed = parseList(ctx, res, q, mode, false);
  return { where: parsed.where(), orderBy: parsed.orderBy(), embed: parsed.embed };
}

/**
 * Parses a list query (docs/platform.md, Generic calls). With `placeholders`, typed values are
 * bound as placeholders (ParsedList); without, they go into the conditions as they are.
 */
export function parseList(ctx: Ctx, res: ServerResource, q: QueryInput, mode: 'list' | 'page', placeholders = true): ParsedList {
  const { def, table: t } = res;
  const shape: string[] = [];
  const conds: (() => SQL | SQL[] | undefined)[] = [];
  const values: Record<string, unknown> = {};
  let finite = true;
  let placed = 0;
  const bind = (value: unknown) => {
    if (!placeholders) return value;
    const name = `v${placed++}`;
    values[name] = value;
    return sql.placeholder(name);
  };
  /** One condition: what shapes its text, and how it is built. */
  const add = (choice: string, build: () => SQL | SQL[] | undefined) => {
    shape.push(choice);
    conds.push(build);
  };
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
  add(`base:${includeDeleted}`, () => baseConditions(ctx, res, { includeDeleted }));

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
    if (active !== undefined) add(`active:${active}`, () => eq(t.active, active));
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
          if (value === 'null') add(`${name}:null`, () => isNull(column));
          else if (/^\d{1,9}$/.test(value)) {
            const id = bind(Number(value));
            add(`${name}:id`, () => eq(column, id));
          } else errors[name] = ['Must be a record id.'];
        } else {
          const text = bind(value);
          add(`${name}:eq`, () => eq(column, text));
        }
        break;
      }
      case 'bool': {
        const v = value?.toLowerCase() ?? '';
        if (TRUE.has(v)) add(`${name}:true`, () => eq(column, true));
        else if (FALSE.has(v)) add(`${name}:false`, () => eq(column, false));
        else if (v !== 'all') errors[name] = ['Must be true or false.'];
        break;
      }
      case 'in': {
        const ids = idList(raw);
        if (!ids) break;
        const bound = bind(ids);
        add(`${name}:in:${ids.length ? 'some' : 'none'}`, () => (ids.length ? anyOf(column, bound as number[] | Placeholder) : sql`false`));
        break;
      }
      case 'custom': {
        if (value === undefined) break;
        if (filter.values && !filter.values.includes(value) && value !== 'all') {
          errors[name] = [`Must be one of: ${filter.values.join(', ')}.`];
          break;
        }
        // its SQL holds the value: a statement kept per value only when the values are a fixed list
        if (!filter.values) finite = false;
        add(`${name}:${value}`, () => res.customFilters?.[name]?.(value, t));
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
      else {
        const date = bind(v);
        add(key, () => op(t[def.dateField!], date));
      }
    }
  }

  const search = one(q.search)?.trim();
  if (search) {
    if (search.length > 200) errors.search = ['Must be at most 200 characters.'];
    else if (def.search.length) {
      // A computed search field (an order's vendor name) is searched through its expression.
      const pattern = bind(searchPattern(search));
      const text = () => sql`${searchExpression(def.search.map((col) => res.computed?.[col]?.(t) ?? t[col]))} LIKE ${pattern}`;
      // An int title field that is not searched as text (an order's number) matches a number typed whole.
      const byNumber = def.fields[def.titleField]?.kind === 'int' && !def.search.includes(def.titleField) && /^\d{1,9}$/.test(search);
      if (byNumber) {
        const number = bind(Number(search));
        add('search:text|number', () => or(text(), eq(t[def.titleField], number)));
      } else add('search:text', text);
    } else if (/^\d{1,9}$/.test(search) && def.titleField !== 'id') {
      const title = bind(def.fields[def.titleField]?.kind === 'int' ? Number(search) : search);
      add('search:title', () => eq(t[def.titleField], title));
    }
  }

  // Ordering: an explicit whitelisted column, else the default (docs/platform.md, Generic calls): active first, sort,
  // name, newest first. Time entries (and other dated records) newest date first.
  const sortColumn = one(q.sort_column);
  const direction = (one(q.sort_direction) ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') errors.sort_direction = ['Must be asc or desc.'];
  if (sortColumn && !def.sortable.includes(sortColumn) && sortColumn !== 'id') errors.sort_column = [`Must be one of: ${['id', ...def.sortable].join(', ')}.`];
  shape.push(`order:${sortColumn ?? ''}:${sortColumn ? direction : ''}`);
  const orderBy = () => {
    const order: SQL[] = [];
    if (sortColumn) {
      const keys = res.sortKeys?.[sortColumn]?.(t) ?? [res.computed?.[sortColumn]?.(t) ?? t[sortColumn]];
      for (const key of keys) order.push(direction === 'desc' ? sql`${key} desc nulls last` : sql`${key} asc nulls last`);
    }
    if (hasActive) order.push(desc(t.active));
    if (!sortColumn && def.dateField && def.titleField === def.dateField) order.push(desc(t[def.dateField]));
    if ('sort' in def.fields) order.push(asc(t.sort));
    if ('name' in def.fields) order.push(asc(t.name));
    order.push(desc(t.created_at), desc(t.id));
    return order;
  };

  const embed = Object.keys(def.relations).filter((rel) => {
    const v = one(q[`with_${rel}`])?.toLowerCase();
    return v !== undefined && TRUE.has(v);
  });

  if (Object.keys(errors).length) throw invalid(errors);
  return {
    embed,
    shape: finite ? shape.join('|') : undefined,
    values,
    where: () => {
      const built = conds.flatMap((c) => c() ?? []);
      return built.length ? and(...built) : undefined;
    },
    orderBy,
  };
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
