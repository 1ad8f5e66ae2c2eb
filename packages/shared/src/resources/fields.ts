/**
 * The field vocabulary of a resource definition. One description of a field yields its zod
 * validation here (shared by server and web) and its database column on the server, so the two
 * can never disagree.
 */
import { z } from 'zod';
import type { Area } from '../permissions.ts';
import { LENGTH_MAX, LENGTH_MAX_MESSAGE, LENGTH_MESSAGE, parseLength } from '../rules/length.ts';
import { PHONE_MESSAGE, PHONE_TEXT, phoneToStored } from '../rules/phone.ts';

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
  /** Custom zod schema for json fields. */
  schema?: z.ZodType;
  /** The shape the API document shows for a json field whose `schema` reads any JSON and tidies it (a cut list). */
  documented?: z.ZodType;
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
const INT_LIMIT = 2_147_483_647;

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

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

/** Numbers arrive as JSON numbers, but forms and query strings may send numeric strings. */
const numeric = (b: NumberBounds) =>
  z.preprocess(
    (v) => {
      const x = emptyToNull(v);
      if (typeof x === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(x)) return Number(x);
      return x;
    },
    (b.integer ? z.number({ error: 'Must be a whole number.' }).int('Must be a whole number.') : z.number({ error: 'Must be a number.' })).check((ctx) => {
      const v = ctx.value;
      if (b.exclusive ? v <= b.min : v < b.min) ctx.issues.push({ code: 'custom', message: boundsMessage(b, v), input: v });
      else if (v > b.max) ctx.issues.push({ code: 'custom', message: boundsMessage(b, v), input: v });
    }),
  );

const isoDate = z
  .string({ error: 'Must be a date (YYYY-MM-DD).' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'Must be a valid date.');

export const isoTimestamp = z
  .string({ error: 'Must be a date and time.' })
  .max(40, { error: 'Must be a date and time.', abort: true })
  .refine((s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d{2}-\d{2}/.test(s), 'Must be a date and time.');

export const ID_SCHEMA = z.number({ error: 'Must be a record id.' }).int('Must be a record id.').positive('Must be a record id.').max(INT_LIMIT);

/**
 * Text a database can store and a person can read: no control characters (tab and line breaks
 * aside; NUL is refused by PostgreSQL) and no lone UTF-16 surrogates (not valid Unicode).
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;
export const CONTROL_MESSAGE = 'Must not contain control characters.';
export const isPlainText = (s: string) => !CONTROL.test(s);

/** Zod schema for one field's value (before required/optional wrapping). */
export function fieldValueSchema(def: FieldDef): z.ZodType {
  switch (def.kind) {
    case 'text':
    case 'longText':
    case 'password': {
      const max = def.max ?? (def.kind === 'text' ? 255 : def.kind === 'password' ? 200 : 20_000);
      let s = z.string({ error: 'Must be text.' }).max(max, `Must be at most ${max} characters.`);
      if (def.kind === 'password') s = s.min(8, 'Must be at least 8 characters.');
      return def.kind === 'password' ? s : s.refine(isPlainText, CONTROL_MESSAGE).trim();
    }
    case 'email':
      return z.string({ error: 'Must be an email address.' }).trim().max(255).pipe(z.email('Must be a valid email address.'));
    case 'int':
    case 'money':
    case 'qty':
      return numeric(numberBounds(def)!);
    case 'length':
      // Text as typed (`35 7/16`) becomes inches here, so the API takes what the LengthField takes.
      return z.preprocess(
        (v) => {
          if (typeof v !== 'string') return v;
          const parsed = parseLength(v);
          return parsed.ok ? parsed.inches : v;
        },
        z
          .number({ error: LENGTH_MESSAGE })
          .check((ctx) => {
            const b = numberBounds(def)!;
            if (b.exclusive ? ctx.value <= b.min : ctx.value < b.min)
              ctx.issues.push({ code: 'custom', message: boundsMessage(b, ctx.value), input: ctx.value });
          })
          .max(LENGTH_MAX, LENGTH_MAX_MESSAGE)
          .nullable(),
      );
    case 'bool':
      return z.preprocess(
        (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
        z.boolean({ error: 'Must be true or false.' }),
      );
    case 'date':
      return isoDate;
    case 'timestamp':
      return isoTimestamp;
    case 'json':
      return def.schema ?? z.unknown();
    case 'enum':
      return z.enum(def.values as [string, ...string[]], { error: enumMessage(def.values ?? []) });
    case 'ref':
      return z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), ID_SCHEMA);
    case 'idList':
      return z.array(ID_SCHEMA, { error: 'Must be a list of record ids.' }).max(1000);
    case 'phone':
      return z
        .string({ error: 'Must be a phone number.' })
        .max(40, 'Must be a phone number.')
        .regex(PHONE_TEXT, PHONE_MESSAGE)
        .transform((v) => phoneToStored(v) || null) // blank: no number
        .refine((v) => v === null || v.length === 11, PHONE_MESSAGE);
  }
}

/** True when a required value counts as missing. */
export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}
