/**
 * The server half of a resource declaration: the shared definition plus its table and optional
 * hooks. Most resources need no hooks; the engine does everything from the definition.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Page } from '@glazier/shared/api';
import type { ResourceDef } from '@glazier/shared/resources/define';
import type { ResourceName } from '@glazier/shared/resources/registry';
import type { InputOf, RecordOf, RecordWithRelations, StoredOf, ValuesOf } from '@glazier/shared/resources/records';
import type { ResourceRow, Row } from '../db/client.ts';
import type { AnyTable } from '../db/schema.ts';
import type { Ctx } from './context.ts';

/**
 * Whether `N` is one resource (hooks of that resource see its typed rows) rather than any of them
 * (the engine's generic code, and hooks shared by several resources, see plain rows).
 */
type OneResource<N extends ResourceName> = [ResourceName] extends [N] ? false : true;

/** Columns of a table that its definition does not declare: kept by record rules, never answered. */
interface HiddenColumns {
  users: { password_hash: string | null };
}
type HiddenOf<N extends ResourceName> = N extends keyof HiddenColumns ? HiddenColumns[N] : unknown;

/** A stored row of resource `N` (every column); a row with its id for any resource. */
export type StoredRow<N extends ResourceName = ResourceName> = OneResource<N> extends true ? StoredOf<N> & HiddenOf<N> : ResourceRow;
/** The values a write of `N` stores; plain values for any resource. */
export type SaveValues<N extends ResourceName = ResourceName> = OneResource<N> extends true ? ValuesOf<N> & Partial<HiddenOf<N>> : Row;
/** The body a write of `N` received; a plain body for any resource. */
export type SaveInput<N extends ResourceName = ResourceName> = OneResource<N> extends true ? InputOf<N> : Row;

export interface SaveArgs<N extends ResourceName = ResourceName> {
  ctx: Ctx;
  /** Validated, permitted values about to be written (mutable). */
  values: SaveValues<N>;
  /** The raw body, for write-only inputs such as passwords. */
  input: SaveInput<N>;
  /** The stored row, or null when creating. */
  existing: StoredRow<N> | null;
}

/** A plain list's answer: `truncated` when more rows matched than the cap. */
export type ListAnswer<R = Row> = { data: R[]; truncated?: true };

/** What the engine answers for a record of resource `N`: its typed record; a plain row for a name known only at run time (a route's). */
export type RecordFor<N extends string> = N extends ResourceName ? RecordOf<N> : Row;
/** The same with its embedded relations (a get, a save's writable relations). */
export type RecordWithRelationsFor<N extends string> = N extends ResourceName ? RecordWithRelations<N> : Row;

export type WriteOp = 'create' | 'update' | 'delete';

/**
 * One kind of row in a combined page (job templates and category templates): a resource, the
 * query its own filters and search read (its scope and soft delete apply as always), and the
 * `type` its rows carry.
 */
export interface UnionPart {
  name: ResourceName;
  q: Row;
  type: string;
}

/**
 * What a resource adds to the generic engine. `Hooks<'purchase_orders'>` sees purchase orders'
 * typed rows; `Hooks` (any resource) is for rules shared by several resources, and fits any of them.
 */
export interface Hooks<N extends ResourceName = ResourceName> {
  /** Extra condition on every read and write (record scope, e.g. own time entries). */
  scope?(ctx: Ctx, table: AnyTable): SQL | undefined;
  /**
   * Live updates (platform/live/live-hub.ts): the twin in memory of a `scope` that depends on who
   * reads (own time entries; an estimate's files), asked when the scope applies to the user: may
   * they hear of a change, given the record's `columns` before and after it. A scope that hides
   * records from everyone alike (a trashed job's events) needs none.
   */
  hears?: { columns: readonly string[]; may(ctx: Ctx, rows: readonly Row[]): boolean };
  /**
   * SQL expressions of the definition's `computed` fields, over the resource's table (which a
   * correlated subquery may reference). The engine selects them on list, page, get and after
   * writes, and sorts by them; custom filters may reuse them. A create's or update's own INSERT
   * or UPDATE returns them when it can (engine/write.ts `returnedComputed`): an expression that
   * reads the resource's own table (a running balance) is read after the write instead, since
   * RETURNING sees that table as it was before it.
   */
  computed?: Record<string, (table: AnyTable) => SQL>;
  /**
   * Sortable names that are no column of the resource: the SQL keys each sorts by, in order, all
   * in the direction asked (job products by their job's start date, then job, so a job's products
   * stay together on a page).
   */
  sortKeys?: Record<string, (table: AnyTable) => SQL[]>;
  /** Filters the definition marks `custom`. */
  customFilters?: Record<string, (value: string, table: AnyTable) => SQL | undefined>;
  /**
   * The `via` of a relation that embeds this resource (RelationDef.via): one parent's rows, given
   * its id (a number, or the placeholder of a kept statement). A `custom` list filter of the same
   * name gives a screen the same rows.
   */
  viaFilters?: Record<string, (parentId: number | SQLWrapper, table: AnyTable) => SQL>;
  /**
   * Whether the caller may attempt `op` at all, checked first (403 before 404 and 422). Defaults
   * to `edit` on the definition's `write` area; resources with record rules (`canWrite`) relax it.
   */
  mayWrite?(ctx: Ctx, op: WriteOp): boolean;
  /** Decides write access instead of the definition's `write` area (then `scope` still applies). */
  canWrite?(ctx: Ctx, args: { values: SaveValues<N> | null; existing: StoredRow<N> | null; op: WriteOp }): boolean;
  /** Fills derived columns and enforces record rules; throws ApiError to refuse. */
  beforeSave?(args: SaveArgs<N>): Promise<void> | void;
  afterSave?(args: { ctx: Ctx; record: StoredRow<N>; input: SaveInput<N>; existing: StoredRow<N> | null }): Promise<void> | void;
  beforeDelete?(args: { ctx: Ctx; existing: StoredRow<N> }): Promise<void> | void;
  /** Before a soft-deleted record comes back (record rules, e.g. its number taken meanwhile); throws ApiError to refuse. */
  beforeRestore?(args: { ctx: Ctx; existing: StoredRow<N> }): Promise<void> | void;
  /** After the row is gone (and its database cascades ran), in the same transaction. */
  afterDelete?(args: { ctx: Ctx; existing: StoredRow<N> }): Promise<void> | void;
  /**
   * Replaces the plain list (GET without paging). `base` is the generic list of any resource, so
   * an override composes lists without importing the engine.
   */
  list?(ctx: Ctx, q: Row, base: (name: ResourceName, q: Row) => Promise<ListAnswer>): Promise<ListAnswer>;
  /**
   * Replaces the page (GET with `page`/`per_page`). `union` pages the rows of several resources
   * as one list, in one SQL statement (UNION ALL): search, sort and total over all of them.
   */
  page?(ctx: Ctx, q: Row, union: (parts: UnionPart[], q: Row) => Promise<Page<Row>>): Promise<Page<Row>>;
  /** A create whose value of this column already exists updates that record (settings by name). */
  upsertBy?: string;
  /** Shapes a row for output after the generic guard stripping. */
  present?(ctx: Ctx, row: Row): Row;
}

/**
 * How the command palette (`GET /api/search`, platform/search-everything.ts) finds a resource's
 * records: the list query a search text makes (null: this resource cannot match it), and the line
 * under a hit's name. `order` places the resource's hits among the others (ascending). This is
 * the one declaration that a resource is searched; the web names a hit by the resource's label.
 */
export interface PaletteSearch {
  order: number;
  query(q: string): Row | null;
  subtitle(r: Row): string | null;
}

export interface ServerResource<N extends ResourceName = ResourceName> extends Hooks<N> {
  name: N;
  def: ResourceDef;
  table: AnyTable;
  /** How the command palette searches it, when it does (declared in its area's manifest). */
  palette?: PaletteSearch;
}
