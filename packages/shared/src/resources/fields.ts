/**
 * The field vocabulary of a resource definition. One description of a field yields its zod
 * validation (field-schemas.ts, apart so that reading definitions loads no zod) and its database
 * column on the server, so the two can never disagree.
 */
import type { Area } from '../permissions.ts';
import { LENGTH_MAX } from '../rules/length.ts';
import type { JsonSchemaName } from './json-schemas.ts';

export type FieldKind =
  | 'text'
  | 'longText'
  | 'email'
  | 'int'
  | 'money'
  | 'qty'
  /** Glass and cut sizes: decimal inches stored, `35 7/16"` shown, any typed form accepted (rules/length.ts). */
  | 'length'
  | 'bool'
  | 'date'
  | 'timestamp'
  | 'json'
  | 'enum'
  | 'ref'
  | 'idList'
  | 'password'
  /** Stored as '1' + up to 10 digits; accepts any typed form (docs/platform.md, Formats). */
  | 'phone';

export type OnDelete = 'cascade' | 'set null' | 'restrict';

/**
 * How a form shows a field when its kind alone does not say (a bool is a switch unless it is a
 * checkbox; a reference is a picker unless its records are a short list to `select` from).
 */
export type FieldWidget = 'switch' | 'checkbox' | 'textarea' | 'select';

export interface FieldDef {
  kind: FieldKind;
  /**
   * What people call the field: the form's label, the history's, the CSV column's and the import's
   * (without it, the name in words: `client_type_id` reads "Client type"). Written here once.
   */
  label?: string;
  /** A line under the field in a form ("Reorder below this"). */
  help?: string;
  /** The form's widget, where the kind leaves a choice. */
  widget?: FieldWidget;
  /** Must be present and non-empty on create (and cannot be cleared on update). */
  required?: boolean;
  /** Default value used by the database and by new-record forms. */
  default?: string | number | boolean | null | readonly unknown[];
  /** Text kinds: the maximum length. Number kinds (int, money, qty, length): the largest value allowed. */
  max?: number;
  /** Number kinds: the smallest value allowed (0: no negatives). */
  min?: number;
  /** Number kinds: must be more than 0 (hours of a time entry, a length: a length is, unless it declares `min: 0`). */
  positive?: boolean;
  /** Allowed values for `enum`. */
  values?: readonly string[];
  /** Target resource for `ref`, its table holding the key's target (and for `idList`: every id must exist there). */
  ref?: string;
  onDelete?: OnDelete;
  /**
   * A ref whose target shows this row in a computed field (a material's on hand sums its
   * transactions): a change of this row is also told to the target's live readers.
   */
  shownOnTarget?: true;
  /** Set by the server only; ignored on input. */
  readOnly?: boolean;
  /**
   * A state column (docs/platform.md, Aggregates and state): only its named action moves it, and this
   * message names that action ("Use Send to mark the order sent."). Not an input: a generic write
   * (create, PATCH, PUT, store_many, a parent's save) that would change it answers 422 on the
   * field with this message; one that echoes the stored value is fine.
   */
  state?: string;
  /**
   * Read-only and not stored: the server computes it in SQL on every read from an expression its
   * resource declares (`computed` in server/resources), e.g. a material's on hand. No column.
   */
  computed?: boolean;
  /** Accepted on input, never stored as-is nor returned (passwords). */
  writeOnly?: boolean;
  /** Readable and writable only with `edit` on this area (cost and revenue fields). */
  guard?: Area;
  /** Unique among rows that are not deleted. */
  unique?: boolean;
  /** Build a b-tree index for filtering/sorting on this column. */
  index?: boolean;
  /** A json field's zod schema, by its name in json-schemas.ts (any JSON without one). */
  schema?: JsonSchemaName;
}

/** A builder's options. Each builder keeps the ones it is given as literal types (`const`), so
 * `f.text({ required: true })` is `{ kind: 'text'; required: true }` and records can be typed from
 * the definitions (records.ts). */
type FieldOptions = Omit<FieldDef, 'kind'>;

const make =
  <K extends FieldKind>(kind: K) =>
  <const O extends FieldOptions = object>(opts?: O): { kind: K } & O =>
    ({ kind, ...opts }) as { kind: K } & O;

export const f = {
  text: make('text'),
  longText: make('longText'),
  email: make('email'),
  int: make('int'),
  money: make('money'),
  qty: make('qty'),
  length: make('length'),
  bool: <const O extends Omit<FieldOptions, 'default'> = object>(def = false, opts?: O) =>
    ({ kind: 'bool', default: def, ...opts }) as { kind: 'bool'; default: boolean } & O,
  date: make('date'),
  timestamp: make('timestamp'),
  json: make('json'),
  enum: <const V extends readonly string[], const O extends Omit<FieldOptions, 'values'> = object>(values: V, opts?: O) =>
    ({ kind: 'enum', values, ...opts }) as { kind: 'enum'; values: V } & O,
  ref: <const O extends Omit<FieldOptions, 'ref'> = object>(ref: string, opts?: O) =>
    ({ kind: 'ref', ref, index: true, ...opts }) as { kind: 'ref'; ref: string } & O,
  idList: <const O extends FieldOptions = object>(opts?: O) => ({ kind: 'idList', default: [], ...opts }) as { kind: 'idList' } & O,
  password: make('password'),
  phone: make('phone'),
};

const MONEY_LIMIT = 9_999_999_999.99;
const QTY_LIMIT = 999_999_999.99999;
export const INT_LIMIT = 2_147_483_647;

const NUMBER_LIMITS = { int: INT_LIMIT, money: MONEY_LIMIT, qty: QTY_LIMIT, length: LENGTH_MAX } as const;

/** The range a number field accepts, from its declaration (the zod rule, the database CHECK and the form's hints all read it). */
export interface NumberBounds {
  /** The smallest value allowed; with `exclusive`, values must be more than it. */
  min: number;
  exclusive: boolean;
  max: number;
  integer: boolean;
}

export const isNumberKind = (kind: FieldKind): kind is keyof typeof NUMBER_LIMITS => kind in NUMBER_LIMITS;

export function numberBounds(def: FieldDef): NumberBounds | undefined {
  if (!isNumberKind(def.kind)) return undefined;
  const limit = NUMBER_LIMITS[def.kind];
  // a length is a size: more than 0, unless it declares `min: 0` (a glass deduction may be none)
  const exclusive = def.positive === true || (def.kind === 'length' && def.min === undefined);
  const min = exclusive ? 0 : (def.min ?? -limit);
  return { min, exclusive, max: Math.min(def.max ?? limit, limit), integer: def.kind === 'int' };
}

/** The message under a number field whose value is outside its bounds. */
export function boundsMessage(b: NumberBounds, value: number): string {
  if (b.exclusive && value <= b.min) return b.min === 0 ? 'Must be more than 0.' : `Must be more than ${b.min}.`;
  if (value < b.min) return b.min === 0 ? 'Must not be negative.' : `Must be at least ${b.min}.`;
  return `Must be at most ${b.max.toLocaleString('en-US')}.`;
}

/** The message of a value that is not one of an enum's. */
export const enumMessage = (values: readonly string[]) => `Must be one of: ${values.join(', ')}.`;

/**
 * Text a database can store and a person can read: no control characters (tab and line breaks
 * aside; NUL is refused by PostgreSQL) and no lone UTF-16 surrogates (not valid Unicode).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;
export const CONTROL_MESSAGE = 'Must not contain control characters.';
export const isPlainText = (s: string) => !CONTROL.test(s);

/** True when a required value counts as missing. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}
