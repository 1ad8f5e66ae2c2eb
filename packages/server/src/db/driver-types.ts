/**
 * Values come back as JSON-ready primitives on both drivers: dates as 'YYYY-MM-DD', timestamps as
 * ISO 8601 UTC, numerics and bigints as numbers (money numeric(12,2) and quantities numeric(14,5)
 * fit a double exactly enough for display and are rounded by shared/rules/money).
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

const toIso = (v: string) => new Date(v.includes('T') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();

export const TEXT_PARSERS: Record<number, (v: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => Number(v),
  [OID.date]: (v) => v,
  [OID.timestamp]: toIso,
  [OID.timestamptz]: toIso,
};

/** A database error reduced to what the error mapper needs (also crosses the worker boundary). */
export interface DbErrorInfo {
  message: string;
  code?: string;
  constraint?: string;
  detail?: string;
  column?: string;
  table?: string;
}

export class DbError extends Error {
  readonly code?: string;
  readonly constraint?: string;
  readonly detail?: string;
  readonly column?: string;
  readonly table?: string;
  constructor(info: DbErrorInfo) {
    super(info.message);
    this.name = 'DbError';
    Object.assign(this, info);
  }
  static from(e: unknown): DbError {
    if (e instanceof DbError) return e;
    const x = e as Partial<DbErrorInfo> & { message?: string };
    return new DbError({
      message: String(x?.message ?? e),
      code: x?.code,
      constraint: x?.constraint,
      detail: x?.detail,
      column: x?.column,
      table: x?.table,
    });
  }
}

/** The DbError behind `e`, also when Drizzle wrapped it in a DrizzleQueryError. */
export function asDbError(e: unknown): DbError | undefined {
  if (e instanceof DbError) return e;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause instanceof DbError ? cause : undefined;
}
