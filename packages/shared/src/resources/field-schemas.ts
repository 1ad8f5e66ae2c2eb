/**
 * The zod validation of a field's value, from its description (fields.ts): the server's check of a
 * body (define.ts recordSchema … record-schema.ts) and the API document's shapes. Apart from
 * fields.ts so that the resource definitions, which every screen reads, load no zod.
 */
import { z } from 'zod';
import { LENGTH_MAX, LENGTH_MAX_MESSAGE, LENGTH_MESSAGE, parseLength } from '../rules/length.ts';
import { PHONE_MESSAGE, PHONE_TEXT, phoneToStored } from '../rules/phone.ts';
import { INT_LIMIT, boundsMessage, enumMessage, isPlainText, CONTROL_MESSAGE, numberBounds, type FieldDef, type NumberBounds } from './fields.ts';
import { JSON_FIELD_SCHEMAS } from './json-schemas.ts';

const emptyToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

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
      return def.schema ? JSON_FIELD_SCHEMAS[def.schema].schema : z.unknown();
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

/** The shape the API document shows for a field: a json field's `documented` shape where its schema reads any JSON and tidies it (a cut list). */
export function fieldDocumentedSchema(def: FieldDef): z.ZodType {
  const json = def.schema ? JSON_FIELD_SCHEMAS[def.schema] : undefined;
  return (json && 'documented' in json ? json.documented : undefined) ?? fieldValueSchema(def);
}
