/**
 * Values come back as JSON-ready primitives on both drivers: dates as 'YYYY-MM-DD', timestamps as
 * ISO 8601 UTC, numerics and bigints as numbers (money numeric(12,2) and quantities numeric(14,5)
 * fit a double exactly enough for display and are rounded by shared/rules/money).
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/**
 * A timestamp as PostgreSQL writes it (`2026-06-30 12:34:56.123456+00` in a row, `…T…+00:00`
 * inside JSON; no zone for a plain timestamp, which is UTC) → ISO 8601 UTC with milliseconds, as
 * `Date#toISOString` would (digits past the millisecond dropped). UTC text is rewritten as text,
 * a list of a few hundred rows parses a thousand of them; any other form goes through Date.
 */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:\+00(?::?00)?)?$/;
export function isoTimestamp(v: string): string {
  const m = UTC_TIMESTAMP.exec(v);
  if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(v.includes('T') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();
}

export const TEXT_PARSERS: Record<number, (v: string) => unknown> = {
  [OID.int8]: (v) => Number(v),
  [OID.numeric]: (v) => Number(v),
  [OID.date]: (v) => v,
  [OID.timestamp]: isoTimestamp,
  [OID.timestamptz]: isoTimestamp,
};

/**
 * A statement's columns as the database describes them (name and type OID), answered with its rows
 * when the caller asks (QueryOptions.describe): what db/typed-sql.ts checks a declared row shape against.
 */
export interface ColumnInfo {
  name: string;
  type: number;
}

/** `rows` with the statement's columns as a property that is not enumerated (so not compared, spread or sent). */
export function withColumns(rows: unknown[], columns: ColumnInfo[]): unknown[] {
  return Object.defineProperty(rows, 'columns', { value: columns, enumerable: false });
}

/** Rows as objects (by column name) or as arrays (Drizzle's `all`). */
export type RowMode = 'object' | 'array';

/** What pglite-driver.ts asks its worker (pglite-worker.ts); `id` pairs the reply. */
export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; mode: RowMode; prepare?: boolean; describe?: boolean }
  /** statements held back in a transaction (QueryOptions.deferred), then one whose rows are wanted */
  | {
      id: number;
      op: 'batch';
      before: { sql: string; params: unknown[]; prepare?: boolean }[];
      sql: string;
      params: unknown[];
      mode: RowMode;
      prepare?: boolean;
      describe?: boolean;
    }
  | { id: number; op: 'close' };

/** The worker's answer: first `ready` once (or its failure), then one per request. */
export interface PgliteReply {
  id?: number;
  rows?: unknown[];
  /** the statement's columns, when the request asked to describe it */
  columns?: ColumnInfo[];
  error?: DbErrorInfo;
  ready?: boolean;
}

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

/**
 * Errors that say the database cannot be reached right now (stopped, restarting, unreachable, out
 * of connections), not that the statement was wrong: the server answers 503 and tries again on the
 * next request. SQLSTATE classes 08 (connection exception) and 57P (operator intervention), 53300
 * (too many connections), and node's socket errors as node-postgres reports them.
 */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'GLAZIER_DB_UNAVAILABLE',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout|connection is closed|Client was closed|Cannot use a pool after calling end|The database is closed|The embedded database stopped|Query read timeout/i;

export function isUnavailable(e: unknown): boolean {
  const db = asDbError(e) ?? (e as DbErrorInfo | undefined);
  if (!db || typeof db !== 'object') return false;
  const code = db.code ?? '';
  return UNAVAILABLE_CODES.has(code) || code.startsWith('08') || UNAVAILABLE_MESSAGES.test(String(db.message ?? ''));
}

/** The DbError behind `e`, also when Drizzle wrapped it in a DrizzleQueryError. */
export function asDbError(e: unknown): DbError | undefined {
  if (e instanceof DbError) return e;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause instanceof DbError ? cause : undefined;
}

/**
 * An error as it may be logged: for database errors the server's message, code and the SQL text
 * only. Never the bound parameters (Drizzle puts them in its message and stack: password hashes,
 * personal data) nor the detail (PostgreSQL's "Failing row contains (...)" repeats every value).
 */
export function loggableError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  const db = asDbError(err);
  if (db) {
    const query = (err as { query?: unknown }).query;
    return {
      type: 'DbError',
      message: db.message,
      code: db.code,
      constraint: db.constraint,
      table: db.table,
      column: db.column,
      ...(typeof query === 'string' ? { query: query.slice(0, 2000) } : {}),
      stack: db.stack ?? '',
    };
  }
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const { code, statusCode } = err as Error & { code?: unknown; statusCode?: unknown };
  return {
    type: err.name,
    message: err.message,
    stack: err.stack ?? '',
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
  };
}

/**
 * Named prepared statements kept at most (each connection keeps the plan of every name it ran
 * until it closes): past this, statements asked to be prepared run unnamed, so a stream of new
 * texts cannot fill the server's memory.
 */
export const PREPARED_MAX = 500;
