/** Errors that map to the HTTP contract's statuses (docs/platform.md, Errors). */
import { isUnavailable, type DbError } from '../db/driver-types.ts';
import { checkNamed } from '../db/constraints.ts';
import { requiredMessage } from '@glazier/shared/resources/define';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const forbidden = (message = 'Forbidden') => new ApiError(403, message);
export const notFound = (what = 'Record') => new ApiError(404, `${what} not found.`);
/** The database does not answer (stopped, restarting, unreachable): a 503 the client may retry. */
export const unavailable = () => new ApiError(503, 'The database is not available right now. Try again in a moment.');
export const conflict = () => new ApiError(409, 'Someone else changed this record since you opened it. Reload it to see their changes.');

export function invalid(errors: Record<string, string[]>, message?: string): ApiError {
  const first = Object.values(errors)[0]?.[0];
  const more = Object.keys(errors).length - 1;
  return new ApiError(
    422,
    message ?? (first ? (more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first) : 'The given data was invalid.'),
    errors,
  );
}

/** Where a record is still used, from a foreign-key error: "bom materials", "purchase order materials". */
function usedBy(e: DbError): string {
  const table = e.detail?.match(/from table "([a-z_]+)"/)?.[1] ?? e.table;
  return table ? table.replace(/_/g, ' ') : 'other records';
}

/** PostgreSQL data exceptions (class 22): a value the column cannot hold is the client's fault. */
const DATA_MESSAGES: Record<string, string> = {
  '22001': 'The value is too long.',
  '22003': 'The number is out of range.',
  '22007': 'Must be a valid date.',
  '22008': 'Must be a valid date.',
  '22021': 'Must not contain control characters.',
  '22P05': 'Must not contain control characters.',
  '22P02': 'The value is malformed.',
  '22012': 'The value is out of range or malformed.',
};

/**
 * Database failures caused by the request turn into 409/422, never 500: every data exception
 * (22xxx) is a 422 on the column (or `_`), every integrity violation (23xxx) a 422 on the field or
 * a 409 that says why. Messages never repeat the values (they may be secrets).
 */
export function fromDbError(e: DbError, opts: { deleting?: boolean; prefix?: string; table?: string; label?: string } = {}): ApiError | undefined {
  const key = (field: string) => (opts.prefix ? `${opts.prefix}${field}` : field);
  const code = e.code ?? '';
  if (isUnavailable(e)) return unavailable();
  if (code.startsWith('22')) return invalid({ [key(e.column ?? '_')]: [DATA_MESSAGES[code] ?? 'The value is out of range or malformed.'] });
  switch (code) {
    case '23505': {
      const col = columnFromConstraint(e.constraint, opts.table) ?? 'id';
      return invalid({ [key(col)]: [`The ${col.replace(/_/g, ' ')} has already been taken.`] });
    }
    case '23503':
    case '23001': {
      // On delete (or when the referenced row is being removed) the record is still in use elsewhere.
      if (opts.deleting || code === '23001')
        return new ApiError(409, `This ${opts.label?.toLowerCase() ?? 'record'} is used by ${usedBy(e)} and cannot be deleted.`);
      const col = e.detail?.match(/Key \(([a-z_]+)\)/)?.[1] ?? 'id';
      return invalid({ [key(col)]: [`The selected ${col.replace(/_id$/, '').replace(/_/g, ' ')} is invalid.`] });
    }
    case '23502':
      return invalid({ [key(e.column ?? 'id')]: [requiredMessage(e.column ?? 'value')] });
    case '23514': {
      // One of the declared rules' CHECKs (db/constraints.ts): its field and message.
      const rule = checkNamed(e.constraint);
      if (rule) return invalid({ [key(rule.field)]: [rule.message] });
      return invalid({ [key(e.column ?? columnFromCheck(e.constraint, opts.table) ?? '_')]: ['The value is not allowed.'] });
    }
    case '23P01':
      return new ApiError(409, 'This record overlaps another one.');
    case '40001':
    case '40P01':
      return new ApiError(409, 'The record was changed by another request at the same time. Try again.');
    default:
      if (code.startsWith('23')) return new ApiError(409, 'This change conflicts with other records.');
      return undefined;
  }
}

/** Check constraints named {table}_{column}_check (PostgreSQL's default naming). */
function columnFromCheck(constraint: string | undefined, table: string | undefined): string | undefined {
  if (!constraint?.endsWith('_check')) return undefined;
  let body = constraint.slice(0, -'_check'.length);
  if (table && body.startsWith(`${table}_`)) body = body.slice(table.length + 1);
  return body || undefined;
}

/** Unique indexes are named {table}_{columns}_unique (db/schema.ts). */
function columnFromConstraint(constraint: string | undefined, table: string | undefined): string | undefined {
  if (!constraint?.endsWith('_unique')) return undefined;
  let body = constraint.slice(0, -'_unique'.length);
  if (table && body.startsWith(`${table}_`)) body = body.slice(table.length + 1);
  return body;
}
