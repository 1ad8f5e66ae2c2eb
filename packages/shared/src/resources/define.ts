/** A resource definition: everything the generic engine and the generic web kit need to know. */
import type { Area } from '../permissions.ts';
import type { FieldDef } from './fields.ts';
import type { RecordRule } from './record-rules.ts';

/** Who may read or write: an area's right, or any signed-in user for reference lists. */
export type Access = Area | 'signed_in';
/**
 * Who may write through the generic calls: as Access, or `nobody` for records only their owner's
 * save and named actions make and change (a product's pieces): every generic write answers 403,
 * and the OpenAPI document leaves those calls out.
 */
export type WriteAccess = Access | 'nobody';

export interface FilterDef {
  /** Column compared; defaults to the filter's own name. */
  column?: string;
  /**
   * eq: column = value; bool: column is true/false; in: column in list of ids;
   * custom: the server resource declares it (named server-side hook).
   */
  op: 'eq' | 'bool' | 'in' | 'custom';
  /** For enum-like filters: accepted values. */
  values?: readonly string[];
  /** When given, this filter decides about soft-deleted rows instead of hiding them. */
  includesDeleted?: boolean;
}

export interface RelationDef {
  /** many: children whose `foreignKey` points at this record; one: the single such child;
   * belongsTo: the record this one's `localKey` points at. */
  kind: 'many' | 'one' | 'belongsTo';
  resource: string;
  foreignKey?: string;
  localKey?: string;
  /** Children may be saved inside the parent's body (synced: missing ones are deleted). */
  writable?: boolean;
  /**
   * The parent's save answers them too, as it does writable ones: children its hooks write (a job
   * product's pieces), so the answer shows them as the save left them.
   */
  savedWith?: boolean;
  /**
   * A `many` relation's order, as the list query that gives it (`sort_column`, `sort_direction`;
   * default: the child's default order). The parent's GET embeds the children in this order, and
   * a screen listing them with `{ [foreignKey]: id, ...order }` starts from the embedded rows
   * (web resource-kit, DetailSection `relation`).
   */
  order?: { sort_column: string; sort_direction?: 'asc' | 'desc' };
  /**
   * A `many` relation whose rows are not only those whose `foreignKey` is the parent's id: the
   * child's `custom` filter that lists them, given the parent's id (a job's notes include its
   * estimate's Show on Job ones). `foreignKey` stays the key a child added to the parent gets.
   */
  via?: string;
}

/**
 * `F`: the field definitions with their literal kinds and options; `R`: the relations with their
 * literal kinds and resources (records.ts types records and their embedded relations from them).
 */
export interface ResourceDef<
  F extends Record<string, FieldDef> = Record<string, FieldDef>,
  R extends Record<string, RelationDef> = Record<string, RelationDef>,
> {
  name: string;
  /** Singular label for dialogs and messages ("Client"). */
  label: string;
  /** Database table (several resources may share one, e.g. jobs and job_templates). */
  table: string;
  read: Access;
  write: WriteAccess;
  fields: F;
  /** Columns searched by `search=` (ILIKE with trigram indexes). */
  search: readonly string[];
  filters: Record<string, FilterDef>;
  sortable: readonly string[];
  relations: R & Record<string, RelationDef>;
  /** The picker's default search and sort field; the first field of `naming` unless that says otherwise. */
  titleField: string;
  /** How a record of this resource is named, everywhere it is named (naming.ts renders it). */
  naming: RecordNaming;
  /** Deleting sets deleted_at (restorable) instead of removing the row. */
  softDelete?: boolean;
  /**
   * Soft-deleted records wait in a trash: only users with `edit` on `area` see them (the `deleted`
   * filter, a get by id) and restore them; after `days` days they are purged for good.
   */
  trash?: { area: Area; days: number };
  /** Fixed conditions for a resource that is a slice of a shared table. */
  fixed?: Record<string, string | number | boolean>;
  /** Date column used by date-range filters `start`/`end` (docs/platform.md, Generic calls). */
  dateField?: string;
  /** Rules across fields (an end not before its start, a product or a name): record-rules.ts. */
  rules?: readonly RecordRule[];
  /** Column sets unique together among rows that are not deleted. */
  uniqueTogether?: readonly (readonly string[])[];
  /** Extra composite b-tree indexes (column lists), for reads the single-column ones do not serve. */
  indexes?: readonly (readonly string[])[];
}

/**
 * How a record is named (the palette's titles, a history's reference labels, headings): the
 * first of `fields` that is not blank, after `prefix`; with all of them blank (or none), the
 * resource's label and the id ("Job 12"). Fields are stored columns (text, int, date or enum), so
 * the server can name records in SQL by the same rule (ref-labels.ts).
 *
 *   naming: { fields: ['number', 'name'] }        // a job: "J-100", else "Lobby", else "Job 12"
 *   naming: { fields: ['number'], prefix: 'PO ' } // a purchase order: "PO 12"
 */
export interface RecordNaming {
  fields: readonly string[];
  prefix?: string;
}

type Partialise<T> = { [K in keyof T]?: T[K] };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no relations: the empty map
export function defineResource<F extends Record<string, FieldDef>, const R extends Record<string, RelationDef> = {}>(
  def: Omit<ResourceDef<F, R>, 'filters' | 'sortable' | 'relations' | 'search' | 'titleField' | 'naming'> &
    Partialise<Pick<ResourceDef, 'filters' | 'sortable' | 'search' | 'titleField' | 'naming'>> & { relations?: R },
): ResourceDef<F, R> {
  const titleField = def.titleField ?? ('name' in def.fields ? 'name' : 'id');
  // By default the title field, else the name when the title is blank.
  const naming = def.naming ?? { fields: [...new Set([titleField, 'name'])].filter((c) => c in def.fields) };
  return {
    filters: {},
    relations: {} as R,
    search: [],
    sortable: [],
    ...def,
    titleField,
    naming,
  };
}

export function humanise(field: string): string {
  return field.replace(/_id$/, '').replace(/_/g, ' ');
}

/** The message of a required field left blank (the 422, and the database's copy of the rule). */
export const requiredMessage = (field: string) => `The ${humanise(field)} field is required.`;

/** Fields a client may send (not read-only, not a state column that only its action moves). */
export function inputFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly && !fd.computed && fd.state === undefined);
}

/** A list field (ids, or JSON whose default is a list): null on input means the empty list. */
export const takesNullAsEmpty = (fd: FieldDef) => fd.kind === 'idList' || (fd.kind === 'json' && Array.isArray(fd.default));
