/**
 * The one way area code writes SQL by hand (docs/architecture.md, SQL by hand): Drizzle's `sql`
 * template, run by `sqlSelect` with the row shape it answers declared beside it, or by `sqlRun` when
 * it answers no rows. The shape is the row's type (`RowOf`), and each time the statement runs the
 * database's own description of its columns (names and types, answered with the rows, even none) is
 * checked against it: a misspelt column, a missing or extra one, or a text declared a number fails
 * the first test that runs the statement, on PGlite and on PostgreSQL. Nulls are checked row by row.
 *
 * The resource tables of db/schema.ts are built from the registry at run time, so Drizzle's query
 * builder over them is typed `any`: it would check nothing, and is kept out of areas.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { getTableColumns, type Column, type SQLWrapper, type Table } from 'drizzle-orm';
import type { Db, QueryOptions } from './client.ts';
import type { ColumnInfo } from './driver-types.ts';

/** A column's kind: the JS value the drivers answer for it (driver-types.ts TEXT_PARSERS). */
type Kind = 'num' | 'text' | 'bool' | 'date' | 'timestamp' | 'num[]' | 'text[]';

/**
 * A column whose value's type the kind alone does not say: a JSON column (json or jsonb) whose content
 * the statement builds (`T` is the caller's word for it), or a text that is one of a list of values
 * (checked row by row).
 */
export interface TypedColumn<T> {
  readonly kind: Kind | 'json';
  readonly nullable: boolean;
  readonly values?: readonly string[];
  /** never set: carries `T` */
  readonly of?: T;
}

/** A JSON column's declaration; `nullable` when the statement may answer SQL NULL for it. */
export function json<T>(nullable = false): TypedColumn<T> {
  return { kind: 'json', nullable };
}

/** A text column holding one of `values`. */
export function oneOf<T extends string>(values: readonly T[]): TypedColumn<T> {
  return { kind: 'text', nullable: false, values };
}

/**
 * The shape of a whole row of a table declared in schema.ts with its columns (not one built from the
 * registry, whose rows are `storedRows`' in engine/lookup.ts): each column's kind and nullability
 * from its declaration, its value typed as Drizzle infers it. A statement's added columns are spread
 * after it (`{ ...tableShape(t), maker: 'text?' }`).
 */
export function tableShape<T extends Table>(table: T): { [C in keyof T['$inferSelect']]: TypedColumn<T['$inferSelect'][C]> } {
  const shape: Record<string, TypedColumn<unknown>> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    if (key !== column.name) throw new Error(`tableShape: the field ${key} is the column ${column.name}; name them alike.`);
    shape[key] = { kind: kindOfSqlType(column.getSQLType()), nullable: !column.notNull };
  }
  return shape as { [C in keyof T['$inferSelect']]: TypedColumn<T['$inferSelect'][C]> };
}

function kindOfSqlType(type: string): Kind | 'json' {
  if (/^(integer|serial|bigint|bigserial|smallint|numeric|real|double)/.test(type)) return 'num';
  if (/^(text|varchar|character)/.test(type)) return 'text';
  if (type === 'boolean') return 'bool';
  if (type === 'date') return 'date';
  if (type.startsWith('timestamp')) return 'timestamp';
  if (type === 'json' || type === 'jsonb') return 'json';
  throw new Error(`tableShape: no kind for the SQL type ${type}.`);
}

/** A column's declaration: its kind, with `?` when it may be NULL (`'num?'`), or a typed column. */
export type ColumnDecl = Kind | `${Kind}?` | TypedColumn<unknown>;
export type Shape = Record<string, ColumnDecl>;

interface KindValue {
  num: number;
  text: string;
  bool: boolean;
  /** 'YYYY-MM-DD' */
  date: string;
  /** ISO 8601 UTC */
  timestamp: string;
  'num[]': number[];
  'text[]': string[];
}

type ValueOf<D> =
  D extends TypedColumn<infer T>
    ? D['nullable'] extends true
      ? T | null
      : T
    : D extends `${infer K extends Kind}?`
      ? KindValue[K] | null
      : D extends Kind
        ? KindValue[D]
        : never;

/** The row a shape declares. */
export type RowOf<S extends Shape> = { -readonly [C in keyof S]: ValueOf<S[C]> };

// PostgreSQL's type OIDs (pg_type) that each kind's value comes from.
const OIDS: Record<Kind | 'json', readonly number[]> = {
  num: [21, 23, 20, 700, 701, 1700], // int2, int4, int8, float4, float8, numeric
  text: [25, 1043, 1042, 19], // text, varchar, bpchar, name
  bool: [16],
  date: [1082],
  timestamp: [1114, 1184],
  'num[]': [1005, 1007, 1021, 1022, 1231], // int2[], int4[], float4[], float8[], numeric[] (int8[] answers strings)
  'text[]': [1009, 1015],
  json: [114, 3802],
};

function parsed(decl: ColumnDecl): { kind: Kind | 'json'; nullable: boolean; values?: readonly string[] } {
  if (typeof decl !== 'string') return decl;
  return decl.endsWith('?') ? { kind: decl.slice(0, -1) as Kind, nullable: true } : { kind: decl as Kind, nullable: false };
}

/** Thrown when a statement's columns are not the ones its shape declares: a programming error. */
export class ShapeMismatch extends Error {
  override name = 'ShapeMismatch';
}

/** Where the statement's columns and the shape part: nothing when they agree. */
export function shapeProblems(shape: Shape, columns: readonly ColumnInfo[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { name, type } of columns) {
    if (seen.has(name)) problems.push(`column "${name}" appears twice`);
    seen.add(name);
    const decl = shape[name];
    if (decl === undefined) {
      problems.push(`column "${name}" is not in the declared shape`);
      continue;
    }
    const { kind } = parsed(decl);
    if (!OIDS[kind].includes(type)) problems.push(`column "${name}" has type OID ${type}, not ${kind}`);
  }
  for (const name of Object.keys(shape)) if (!seen.has(name)) problems.push(`declared column "${name}" is not answered`);
  return problems;
}

const dialect = new PgDialect();

/**
 * The rows of a statement (a SELECT, or a write with RETURNING), typed by `shape`, which the
 * statement's columns are checked against every time it runs (and its rows' nulls).
 */
export async function sqlSelect<S extends Shape>(db: Db, shape: S, statement: SQLWrapper, options?: Pick<QueryOptions, 'prepare'>): Promise<RowOf<S>[]> {
  const { sql, params } = dialect.sqlToQuery(statement.getSQL());
  const rows = await db.query<RowOf<S>>(sql, params, { ...options, describe: true });
  const columns = (rows as { columns?: ColumnInfo[] }).columns ?? [];
  const problems = shapeProblems(shape, columns);
  if (problems.length === 0) {
    const notNull = Object.keys(shape).filter((c) => !parsed(shape[c]!).nullable);
    for (const row of rows as Record<string, unknown>[])
      for (const c of notNull) if (row[c] === null) problems.push(`column "${c}" is NULL in a row, but not declared nullable`);
  }
  if (problems.length) throw new ShapeMismatch(`The statement's answer does not match its declared row shape: ${[...new Set(problems)].join('; ')}.\n${sql}`);
  return rows;
}

/**
 * Runs a statement whose answer nobody reads (an UPDATE, INSERT or DELETE without RETURNING, a lock);
 * `deferred` as in QueryOptions.
 */
export async function sqlRun(db: Db, statement: SQLWrapper, options?: { deferred?: boolean }): Promise<void> {
  const { sql, params } = dialect.sqlToQuery(statement.getSQL());
  await db.query(sql, params, options);
}
