/**
 * The zod schema of a record body, from its resource's definition (define.ts), and zod's issues as
 * the contract's field errors. Apart from define.ts so that the definitions load no zod.
 */
import { z } from 'zod';
import { inputFields, requiredMessage, takesNullAsEmpty, type ResourceDef } from './define.ts';
import { fieldValueSchema, isoTimestamp } from './field-schemas.ts';
import { isBlank } from './fields.ts';

/**
 * The zod schema of a record body. `mode: 'create'` requires the required fields; `update`
 * requires them only when present (a whole-record PATCH that blanks a required field fails).
 * Unknown keys are dropped; `id` and `updated_at` pass through for updates and conflict checks.
 */
export function recordSchema(def: ResourceDef, mode: 'create' | 'update') {
  // Built once per definition and mode: building it, and zod compiling it on its first parse, was
  // most of a create's main-thread time when it was built for every request.
  let schemas = recordSchemas.get(def);
  if (!schemas) recordSchemas.set(def, (schemas = {}));
  return (schemas[mode] ??= buildRecordSchema(def, mode));
}

const recordSchemas = new WeakMap<ResourceDef, Partial<Record<'create' | 'update', ReturnType<typeof buildRecordSchema>>>>();

function buildRecordSchema(def: ResourceDef, mode: 'create' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, fd] of inputFields(def)) {
    const value = fieldValueSchema(fd) as z.ZodType<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    if (fd.required) {
      const message = requiredMessage(name);
      shape[name] =
        mode === 'create'
          ? z.preprocess(
              (v) => (isBlank(v) ? undefined : v),
              z
                .unknown()
                .refine((v) => v !== undefined, { message, abort: true })
                .pipe(value),
            )
          : z.preprocess(
              (v) => (v !== undefined && isBlank(v) ? null : v),
              z
                .unknown()
                .refine((v) => v !== null, { message, abort: true })
                .pipe(value.optional()),
            );
    } else if (fd.kind === 'bool') {
      // a NOT NULL column: null is "Must be true or false." under the field, not the database's 422
      shape[name] = value.optional();
    } else if (takesNullAsEmpty(fd)) {
      // a list's "none" is the empty list: null is stored as [] (answers say a list, never null)
      shape[name] = z.preprocess((v) => (v === null || v === '' ? [] : v), value.optional());
    } else {
      const blankIsNull = fd.kind !== 'text' && fd.kind !== 'longText';
      shape[name] = z.preprocess((v) => (blankIsNull && v === '' ? null : v), value.nullable().optional());
    }
  }
  shape.id = z.unknown().optional();
  // The concurrency token: a save's copy of the record's updated_at. Junk is refused, never taken for "none".
  shape.updated_at = isoTimestamp.nullable().optional();
  return z.object(shape);
}

/** zod issues → the contract's `errors: {field: [messages]}`. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}
