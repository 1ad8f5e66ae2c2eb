/**
 * Record types derived from the resource definitions (docs/platform.md, Records):
 *
 *   RecordOf<'clients'>  // a client as the API returns it: { id; name: string; client_type_id: number | null; ... }
 *   InputOf<'clients'>   // what a save sends: the writable fields, each optional
 *
 * A field's kind gives its type (text → string, money/qty/length/int → number, bool → boolean, ref →
 * number, enum → its values, json → its schema's type); a field that is not required may be null
 * (the database allows it), except bool (never null). Guarded fields (`guard`) are optional on reads
 * (left out without `edit` on their area), write-only fields (passwords) are absent from reads,
 * read-only and computed fields are absent from inputs.
 */
import type { z } from 'zod';
import type { ResourceDef } from './define.ts';
import type { FieldDef } from './fields.ts';
import type { JSON_FIELD_SCHEMAS, JsonSchemaName } from './json-schemas.ts';
import type { RESOURCES, ResourceName } from './registry.ts';

/** The value type of one field, ignoring null. */
export type FieldValue<D extends FieldDef> = D extends { kind: 'int' | 'money' | 'qty' | 'length' | 'ref' }
  ? number
  : D extends { kind: 'bool' }
    ? boolean
    : D extends { kind: 'idList' }
      ? number[]
      : D extends { kind: 'enum'; values: readonly (infer V)[] }
        ? V
        : D extends { kind: 'json' }
          ? D extends { schema: infer S extends JsonSchemaName }
            ? z.output<(typeof JSON_FIELD_SCHEMAS)[S]['schema']>
            : unknown
          : string;

/** The value a read gives: null where the column allows it. */
type ReadValue<D extends FieldDef> = D extends { kind: 'bool' } | { required: true } ? FieldValue<D> : FieldValue<D> | null;

/** Keys of `F` whose definition matches `M`. */
type KeysWhere<F, M> = { [K in keyof F]: F[K] extends M ? K : never }[keyof F];

export type FieldsOf<N extends ResourceName> = (typeof RESOURCES)[N]['fields'];

/**
 * What every record carries besides its fields. `accessed_at` is the web cache's own. (A type, not
 * an interface, so records stay assignable to `{ [field: string]: unknown }`.)
 */
export type RecordBase = {
  id: number;
  created_at?: string;
  updated_at?: string | null;
  deleted_at?: string | null;
  /** Who deleted a soft-deleted record (from the audit log), on reads of deleted records. */
  deleted_by_name?: string | null;
  accessed_at?: string;
};

type ReadFields<F> = { [K in Exclude<keyof F, KeysWhere<F, { writeOnly: true } | { guard: string }>>]: F[K] extends FieldDef ? ReadValue<F[K]> : never };
type GuardedFields<F> = {
  [K in Exclude<KeysWhere<F, { guard: string }>, KeysWhere<F, { writeOnly: true }>>]?: F[K] extends FieldDef ? ReadValue<F[K]> : never;
};
type InputFields<F> = {
  [K in Exclude<keyof F, KeysWhere<F, { readOnly: true } | { computed: true } | { state: string }>>]?: F[K] extends FieldDef ? FieldValue<F[K]> | null : never;
};

/** A record of resource `N` as the API returns it. */
export type RecordOf<N extends ResourceName> = RecordBase & ReadFields<FieldsOf<N>> & GuardedFields<FieldsOf<N>>;

/**
 * The body of a save of resource `N`: any writable fields (a create must carry the required ones;
 * the server answers with field errors otherwise), plus `id` and `updated_at` for a PATCH and its
 * conflict check. Blank values may be null.
 */
export type InputOf<N extends ResourceName> = { id?: number; updated_at?: string | null } & InputFields<FieldsOf<N>>;

/**
 * A row of resource `N` as stored, what the server's record rules see: every column (write-only
 * and guarded ones included), none of the computed fields or passwords (they are not columns).
 */
export type StoredOf<N extends ResourceName> = RecordBase & {
  [K in Exclude<keyof FieldsOf<N>, KeysWhere<FieldsOf<N>, { computed: true } | { kind: 'password' }>>]: FieldsOf<N>[K] extends FieldDef
    ? ReadValue<FieldsOf<N>[K]>
    : never;
};

/** The values a write of resource `N` stores (validated, then filled by its record rules): any columns, blank ones null. */
export type ValuesOf<N extends ResourceName> = {
  [K in Exclude<keyof FieldsOf<N>, KeysWhere<FieldsOf<N>, { computed: true }>>]?: FieldsOf<N>[K] extends FieldDef ? FieldValue<FieldsOf<N>[K]> | null : never;
};

type RelationDefsOf<N extends ResourceName> = (typeof RESOURCES)[N] extends ResourceDef<infer _F, infer R> ? R : never;
type Embedded<D> = D extends { kind: 'many'; resource: infer C extends ResourceName }
  ? RecordOf<C>[]
  : D extends { resource: infer C extends ResourceName }
    ? RecordOf<C> | null
    : never;

/**
 * The relations a read of resource `N` embeds (a job's products, its estimate): `many` a list,
 * `one` and `belongsTo` a record or null. Each may be absent (one the caller may not read is left
 * out; a save answers its writable and `savedWith` ones only).
 */
export type RelationsOf<N extends ResourceName> = { [K in keyof RelationDefsOf<N>]?: Embedded<RelationDefsOf<N>[K]> };

/** A record of resource `N` with its embedded relations, as a GET by id answers it. */
export type RecordWithRelations<N extends ResourceName> = RecordOf<N> & RelationsOf<N>;

/** The name of a field of resource `N` (for columns, sorts, form keys). */
export type FieldName<N extends ResourceName> = keyof FieldsOf<N> & string;
