import type { Rec } from '../records/records.ts';

/** Starting values for some of a record's fields; null stands for "empty" (a new record's job). */
type Defaults<T> = { [P in keyof T]?: T[P] | null };

/** The form's values: each key's field type, or its default's (null when that is the default). */
export type FormValues<T, D> = { -readonly [P in keyof D]: P extends keyof T ? NonNullable<T[P]> | D[P] : never } & {
  id?: number;
  updated_at?: string | null;
};

/**
 * Form values for a record: the given keys from the record (or the defaults where it has none),
 * plus `id` and `updated_at` when editing so the save is a whole-record PATCH with its conflict
 * check. Typed by the record: a key it lacks, or a default of the wrong type, fails to compile.
 *
 *   formValues(client, { name: '', client_type_id: null, active: true })   // client: RecordOf<'clients'> | null
 */
export function formValues<T extends Rec, const D extends Defaults<T>>(
  record: T | null | undefined,
  // The second half turns a key the record lacks into an error.
  defaults: D & { [P in Exclude<keyof D, keyof T>]: never },
  // NoInfer: the defaults decide the types, not where the result goes (a form's values).
): FormValues<T, NoInfer<D>> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults) as (keyof D & keyof T & string)[]) {
    const v = record?.[key];
    out[key] = v === undefined || v === null ? defaults[key] : v;
  }
  if (record?.id) {
    out.id = record.id;
    out.updated_at = record.updated_at ?? null;
  }
  return out as FormValues<T, D>;
}
