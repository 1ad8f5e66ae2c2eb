/** Errors that map to the HTTP contract's statuses (DESIGN.md "Errors"). */
import type { DbError } from '../db/driver-types.ts';

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
export const conflict = () =>
  new ApiError(409, 'Someone else changed this record since you opened it. Reload it to see their changes.');

export function invalid(errors: Record<string, string[]>, message?: string): ApiError {
  const first = Object.values(errors)[0]?.[0];
  const more = Object.keys(errors).length - 1;
  return new ApiError(422, message ?? (first ? (more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first) : 'The given data was invalid.'), errors);
}

/** Database constraint failures are the client's fault: turn them into 409/422, never 500. */
export function fromDbError(e: DbError, opts: { deleting?: boolean; prefix?: string; table?: string } = {}): ApiError | undefined {
  const key = (field: string) => (opts.prefix ? `${opts.prefix}${field}` : field);
  switch (e.code) {
    case '23505': {
      const col = columnFromConstraint(e.constraint, opts.table) ?? 'id';
      return invalid({ [key(col)]: [`The ${col.replace(/_/g, ' ')} has already been taken.`] });
    }
    case '23503': {
      if (opts.deleting) return new ApiError(409, 'This record is used by other records and cannot be deleted.');
      const col = e.detail?.match(/Key \(([a-z_]+)\)/)?.[1] ?? 'id';
      return invalid({ [key(col)]: [`The selected ${col.replace(/_id$/, '').replace(/_/g, ' ')} is invalid.`] });
    }
    case '23502':
      return invalid({ [key(e.column ?? 'id')]: [`The ${(e.column ?? 'value').replace(/_/g, ' ')} field is required.`] });
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
    case '22001':
      return invalid({ [key(e.column ?? '_')]: ['The value is out of range or malformed.'] });
    case '40001':
    case '40P01':
      return new ApiError(409, 'The record was changed by another request at the same time. Try again.');
    default:
      return undefined;
  }
}

/** Unique indexes are named {table}_{columns}_unique (db/schema.ts). */
function columnFromConstraint(constraint: string | undefined, table: string | undefined): string | undefined {
  if (!constraint?.endsWith('_unique')) return undefined;
  let body = constraint.slice(0, -'_unique'.length);
  if (table && body.startsWith(`${table}_`)) body = body.slice(table.length + 1);
  return body;
}
